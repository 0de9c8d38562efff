"""Your progress shows a learner's own mistakes (issue 22): a chart of mistakes and
blunders per Play game over time, and the list of positions, learning and retired,
each opening in Teach at that move of its hand."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from app_driver import open_page
from test_own_mistakes import careless_hand

from engine import Seat
from tutorial_app.features.progress.mistakes_view import games_frame
from tutorial_app.features.teach.keys import REPLAY
from tutorial_app.mistakes.capture import hand_mistakes
from tutorial_app.shell.hand_links import decode_hand
from tutorial_app.store import OwnMistakes, new_learner_token

PAGE = "features/progress/page.py"
START = datetime.now(UTC) - timedelta(days=3)


@pytest.fixture
def kept(fresh_store, token):
    """Three games' mistakes, a day apart, each game with its hands recorded; the first
    game's positions all retired."""
    own = OwnMistakes(fresh_store)
    games = []
    for seed in range(40):
        made = START + len(games) * timedelta(days=1)
        game = f"bga.beginner.{seed}"
        found = hand_mistakes(
            careless_hand(seed), Seat.S, lambda step, s=seed: f"advice-{s}-0-{step}", made, game
        )
        if not found:
            continue
        own.record(token, found)
        for hand in range(2):
            fresh_store.record_hand(
                token,
                "play",
                f"code-{seed}",
                {"preset": "bga", "level": "beginner", "seed": seed, "hand": hand},
                finished_at=made + timedelta(minutes=hand),
            )
        games.append((game, found))
        if len(games) == 3:
            break
    for mistake in own.mine(token):
        if mistake.position.game == games[0][0]:
            for days in (0, 1, 4):
                own.answer(token, mistake.id, True, START + timedelta(days=days, hours=1))
    return games


def test_the_chart_counts_each_games_mistakes_and_blunders_in_order(fresh_store, token, kept):
    at = open_page(PAGE, token=token)
    assert not at.exception
    spec = next(c for c in at.get("plotly_chart") if c.key == "progress-mistakes").proto.spec
    figure = json.loads(spec)
    bars = {trace["name"]: trace["y"] for trace in figure["data"]}
    for number, (_game, found) in enumerate(kept):
        for grade in ("mistake", "blunder"):
            assert bars[f"{grade}s"][number] == sum(1 for m in found if m.grade == grade)
    assert all(trace["customdata"] == [2, 2, 2] for trace in figure["data"])  # hands


def test_the_list_shows_each_position_and_opens_it_in_teach_at_that_move(fresh_store, token, kept):
    at = open_page(PAGE, token=token)
    (table,) = [frame.value for frame in at.dataframe if "teach" in frame.value.columns]
    everything = [m for _game, found in kept for m in found]
    assert len(table) == len(everything)
    retired = table[table["status"] == "retired"]
    assert len(retired) == len(kept[0][1])
    assert table["status"].str.startswith("learning: due").sum() == len(everything) - len(retired)
    for link in table["teach"]:
        parts = urlsplit(link)
        assert parts.path == "/teach"
        query = {key: values[0] for key, values in parse_qs(parts.query).items()}
        position = next(
            m for m in everything if m.hand == query["hand"] and str(m.step) == query["at"]
        )
        teach = open_page("features/teach/page.py", **query)
        assert not teach.exception
        replay = teach.session_state[REPLAY]
        assert replay.position == position.step
        assert replay.timeline.dumps() == decode_hand(position.hand).dumps()


def test_games_without_mistakes_count_as_zero_and_unrecorded_games_still_show(kept):
    from tutorial_app.store import PlayedHand

    clean = PlayedHand("play", "c", {"preset": "bga", "level": "expert", "seed": 99}, START)
    won = PlayedHand(
        "play", "c", {"preset": "bga", "level": "expert", "seed": 99, "game": True}, START
    )
    frame = games_frame([], [clean, won])
    assert frame[["game", "hands", "mistake", "blunder"]].values.tolist() == [
        ["bga.expert.99", 1, 0, 0]
    ]


def test_mistakes_go_to_another_browser_by_their_csv_file(fresh_store, token, kept, monkeypatch):
    """Downloaded from one learner's page, brought back on another's (through the
    worker pool's import job, run in-process here): the same positions and ladder."""
    from fake_pool import InlinePool

    from tutorial_app.work import pool as work_pool

    monkeypatch.setattr(work_pool, "shared_pool", InlinePool)
    at = open_page(PAGE, token=token)
    (download,) = [
        b for b in at.get("download_button") if b.proto.label.startswith("Download my mistakes")
    ]
    text = exported_text(fresh_store, token)
    other = new_learner_token()
    page = open_page(PAGE, token=other)
    page.file_uploader(key="progress-import-file").set_value(
        ("mine.csv", text.encode(), "text/csv")
    )
    page.run()
    page.button(key="progress-import").click().run()
    assert not page.exception
    count = sum(len(found) for _game, found in kept)
    assert any(f"Imported {count} kept mistakes" in s.value for s in page.success)
    mine = {(m.position, m.box, m.retired) for m in OwnMistakes(fresh_store).mine(token)}
    theirs = {(m.position, m.box, m.retired) for m in OwnMistakes(fresh_store).mine(other)}
    assert mine == theirs
    assert download.proto.label == "Download my mistakes (CSV)"


def exported_text(store, token) -> str:
    import io

    from tutorial_app.store import export_mistakes_csv

    file = io.StringIO()
    export_mistakes_csv(OwnMistakes(store), token, file)
    return file.getvalue()
