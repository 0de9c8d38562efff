"""The odds lab: its items (chart, table, sentence) built directly, and the /odds page
rendered with AppTest: every chart with its sentence and table, bad settings met with a
message instead of a traceback, the default runs shipped with the app, and every other
run asked of the worker pool (a fake one here), never played in the page's thread."""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from fake_pool import FakePool
from streamlit.testing.v1 import AppTest

from analysis import LEVELS, hand_simulation
from analysis.hand_simulation import simulate_hands
from analysis.odds import can_trump_in_share, percent
from engine import PRESETS, Rules, Suit, deck
from tutorial_app.features.odds import jobs
from tutorial_app.features.odds.exact import exact_items
from tutorial_app.features.odds.simulated import (
    SHIPPED,
    SHIPPED_SEED,
    parse_seed,
    shipped_run,
    simulated_items,
)
from tutorial_app.work import pool as work_pool

APP = str(Path(__file__).resolve().parents[2] / "tutorial_app" / "streamlit_app.py")
ODDS = "features/odds/page.py"
# The test's own hearts-trump deck: the table must agree with a count of every hand.
CODES = [rank + suit for suit in "CDHS" for rank in "9TJQKA"]
TRUMPS = {"9H", "TH", "JH", "QH", "KH", "AH", "JD", "JOKER"}


def open_odds() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60).run()
    return at.switch_page(ODDS).run()


def chart_titles(at: AppTest) -> list[str]:
    return [h.value for h in at.subheader]


def test_the_trumps_table_shows_a_count_of_every_hand():
    table = exact_items()[0].table
    for column, codes in (("24 cards", CODES), ("25 cards (Joker)", CODES + ["JOKER"])):
        counted = Counter(sum(c in TRUMPS for c in hand) for hand in combinations(codes, 5))
        total = sum(counted.values())
        assert list(table[column]) == [
            f"{counted[k] / total * 100:.1f}% ({counted[k]:,})" for k in range(6)
        ]
    assert table["24 cards"][0] == "14.6% (6,188)"


def test_every_exact_item_has_a_chart_a_table_and_one_sentence():
    for item in exact_items():
        assert len(item.figure.data) == 2  # 24 cards, and 25 with the Joker
        assert len(item.table) == len(item.figure.data[0].x)
        assert item.sentence.endswith(".")
    bower = exact_items()[2]
    assert bower.figure.data[0].text == ("27.8%", "55.6%", "16.7%")
    assert "27.8%" in bower.sentence and "16.7%" in bower.sentence


def test_the_trump_in_sentence_gives_the_share_it_describes():
    """The sentence says "have no card of some suit and hold a trump": its figures are
    that share (not the share missing a suit, 70.4%, some of which hold no trump)."""
    sentence = exact_items()[1].sentence
    for joker in (False, True):
        assert percent(can_trump_in_share(deck(joker), Suit.HEARTS)) in sentence
    assert "have no card of some suit and hold a trump" in sentence
    assert "70.4%" not in sentence


JARGON = re.compile(
    r"\b(simulat\w*|dynamic programming|void|probabilit\w*|distribution|expected|"
    r"undealt|inclusion|exclusion|empirical)\b",
    re.IGNORECASE,
)


def test_the_odds_lab_reads_for_a_twelve_year_old():
    """Each item says what it means in at most two sentences of at most 30 words, in
    players' words (no "void", "simulated", "dynamic programming")."""
    hands = simulate_hands(Rules.preset("bga"), "random", 200, 5)
    items = exact_items() + simulated_items(hands, "random", Rules.preset("bga"))
    for item in items:
        sentences = [s for s in re.split(r"(?<=[.?!])\s+", item.sentence) if s]
        assert 1 <= len(sentences) <= 2, item.sentence
        assert max(len(s.split()) for s in sentences) <= 30, item.sentence
        assert not JARGON.search(item.sentence), item.sentence
        assert not JARGON.search(item.title), item.title


def test_the_kitty_is_explained_where_the_odds_lab_first_says_it():
    texts = [item.sentence for item in exact_items()]
    first = next(text for text in texts if "kitty" in text)
    assert "kitty (the cards nobody is dealt)" in first


def test_simulated_items_say_which_bots_played_and_show_the_published_figures():
    hands = simulate_hands(Rules.preset("bga"), "random", 300, 5)
    items = simulated_items(hands, "random", Rules.preset("bga"))
    for item in items:
        assert "random bots" in item.sentence
    points = items[2]
    assert list(points.table["published"][:2]) == ["45.0%", "16.0%"]
    assert list(points.table["published"][3:5]) == ["17.0%", "12.0%"]
    heat = items[3].figure.data[0]
    assert heat.type == "heatmap" and len(heat.z) == 10 and len(heat.z[0]) == 10
    assert "with the points the random bots scored per hand" in items[3].sentence
    for item in items[:2]:  # made + marched + euchred = every group
        shares = item.table[["made", "march", "euchred"]]
        for _, row in shares.iterrows():
            if row.iloc[0]:
                assert sum(float(v.rstrip("%")) for v in row) == pytest.approx(100, abs=0.15)


@pytest.mark.parametrize(
    "text, ok",
    [
        ("0", True),
        (" 42 ", True),
        ("4294967295", True),
        ("4294967296", False),
        ("-1", False),
        ("1.5", False),
        ("", False),
        ("<b>1</b>", False),
    ],
)
def test_a_seed_must_be_a_whole_number(text, ok):
    if ok:
        assert parse_seed(text) == int(text)
    else:
        with pytest.raises(ValueError, match="whole number from 0"):
            parse_seed(text)


@pytest.mark.app
def test_the_page_shows_every_chart_with_its_sentence_and_table():
    at = open_odds()
    assert not at.exception
    assert at.title[0].value == "Odds lab"
    charts = at.get("plotly_chart")
    assert len(charts) == 7
    for chart in charts:
        assert json.loads(chart.proto.spec)["data"]
    expected = exact_items() + simulated_items(
        simulate_hands(Rules.preset("bga"), "beginner", 1000, 1), "beginner", Rules.preset("bga")
    )
    assert chart_titles(at) == [item.title for item in expected]
    sentences = [m.value for m in at.markdown]
    for item in expected:
        assert item.sentence in sentences
    assert len(at.table) == 7
    assert list(at.table[0].value.columns)[:2] == ["Trumps", "24 cards"]
    assert "42,504" in at.caption[0].value
    assert any("1,000 hands, beginner bots" in c.value for c in at.caption)


@pytest.mark.app
def test_rules_that_do_not_go_together_give_a_message_and_keep_the_counted_odds():
    at = open_odds()
    at.toggle(key="odds-benny").set_value(True).run()
    at.toggle(key="odds-no-trump").set_value(True).run()
    assert not at.exception
    assert "the Benny and no trump cannot be combined" in at.warning[0].value  # no codes
    assert len(at.get("plotly_chart")) == 3  # the exact ones stay


@pytest.fixture
def pool(monkeypatch) -> FakePool:
    """A fake pool for the page, and no simulation allowed in the page's own thread."""
    fake = FakePool()
    monkeypatch.setattr(work_pool, "shared_pool", lambda: fake)

    def not_here(*args, **kwargs):
        raise AssertionError("a simulation ran in the page's thread")

    monkeypatch.setattr(jobs, "simulate_hands", not_here)
    monkeypatch.setattr(hand_simulation, "simulate_hands", not_here)
    return fake


def odds_key(level: str, hands: int, seed: int, preset: str = "bga") -> tuple:
    settings = Rules.from_settings({"preset": preset, "benny": False, "no_trump": False})
    return ("odds", tuple(settings.settings().items()), level, hands, seed)


@pytest.mark.app
def test_the_default_runs_are_shipped_and_never_played_on_a_visit(pool):
    at = open_odds()
    assert len(at.get("plotly_chart")) == 7 and not at.exception
    for level in ("random", "expert", "beginner"):
        at.segmented_control(key="odds-level").set_value(level).run()
        assert len(at.get("plotly_chart")) == 7 and not at.exception
    at.selectbox(key="odds-preset").set_value("pagat").run()
    assert len(at.get("plotly_chart")) == 7 and not at.exception
    assert pool.asked == []


@pytest.mark.app
def test_other_settings_are_played_in_the_pool_with_a_progress_bar(pool):
    expected = simulate_hands(Rules.preset("bga"), "random", 1000, 7)  # the test's thread
    at = open_odds()
    at.text_input(key="odds-seed").set_value("lucky <b>7</b>").run()
    assert not at.exception
    assert "The seed must be a whole number" in at.warning[0].value
    assert len(at.get("plotly_chart")) == 3
    at.text_input(key="odds-seed").set_value("7").run()
    at.segmented_control(key="odds-level").set_value("random").run()
    assert not at.exception and not at.warning
    key = odds_key("random", 1000, 7)
    assert [asked[0] for asked in pool.asked] == [odds_key("beginner", 1000, 7), key]
    assert pool.asked[-1][1:] == (jobs.simulate, (key[1:],))
    assert "Playing 1,000 hands with random bots" in at.get("progress")[0].proto.text
    assert len(at.get("plotly_chart")) == 3  # the counted ones only
    pool.finish(key, expected)
    at.run()
    assert not at.exception and not at.get("progress")
    assert len(at.get("plotly_chart")) == 7
    assert any("seed 7" in c.value and "random bots" in c.value for c in at.caption)


@pytest.mark.app
def test_a_full_pool_and_a_failed_run_are_said_in_words(pool):
    at = open_odds()
    pool.busy = True
    at.text_input(key="odds-seed").set_value("8").run()
    assert not at.exception
    assert at.warning[0].value == "The server is busy, try again in a minute."
    pool.busy = False
    at.button(key="pool-try-again").click().run()
    key = odds_key("beginner", 1000, 8)
    pool.fail(key, ValueError("the bots <b>lost</b> their cards"))
    at.run()
    assert not at.exception
    assert at.warning[0].value == (
        "These hands could not be played: the bots &lt;b&gt;lost&lt;/b&gt; their cards"
    )
    assert len(at.get("plotly_chart")) == 3


def test_the_shipped_runs_are_what_the_pool_would_play():
    runs = json.loads(SHIPPED.read_text())["runs"]
    assert {name.split("/")[0] for name in runs} == set(PRESETS)
    assert {name.split("/")[1] for name in runs} == set(LEVELS)
    for preset in PRESETS:
        for level in ("random", "beginner"):  # expert runs take seconds: see the tool
            hands = jobs.odds_hands(level)[2]
            key = odds_key(level, hands, SHIPPED_SEED, preset)
            assert shipped_run(preset, level, hands, SHIPPED_SEED) == jobs.simulate(key[1:])
    assert shipped_run("bga", "expert", 20, 2) is None  # another seed is played
