"""AppTest: every page in the navigation renders (from a hostile link too), and the
reference page follows the trump."""

from pathlib import Path

import pytest
from app_driver import tables_shown
from streamlit.testing.v1 import AppTest

from tutorial_app.navigation import all_pages, is_page_script

APP_DIR = Path(__file__).resolve().parents[2] / "tutorial_app"
APP = str(APP_DIR / "streamlit_app.py")
RANKING = "features/reference/card_ranking_page.py"


def open_page(path: str, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    return at.switch_page(path).run()


def card_rows(at: AppTest) -> list[str]:
    """Each row of cards on the page's card tables, in words: 'heading: jack of hearts
    (right bower); ...' (the names the table gives each card button)."""
    rows = []
    for model in tables_shown(at):
        for row in model.get("rows") or [
            {"label": model.get("hand_label"), "cards": model["hand"]}
        ]:
            rows.append(
                f"{row['label']}: "
                + "; ".join(
                    card["name"] + (f" ({card['note']})" if card.get("note") else "")
                    for card in row["cards"]
                )
            )
    return rows


def test_navigation_lists_every_page_file_once():
    listed = [page.path for page in all_pages()]
    on_disk = sorted(
        str(p.relative_to(APP_DIR))
        for p in (APP_DIR / "features").rglob("*.py")
        if is_page_script(".".join(p.relative_to(APP_DIR).with_suffix("").parts))
    )
    assert sorted(listed) == on_disk
    assert len(set(listed)) == len(listed)
    assert sum(page.default for page in all_pages()) == 1


def test_home_page_opens_first():
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Learn to play Euchre"


@pytest.mark.parametrize("path", ["features/home/page.py", RANKING])
def test_card_pages_show_named_cards(path):
    assert card_rows(open_page(path))


def test_reference_defaults_to_hearts_with_both_bowers():
    at = open_page(RANKING)
    trumps = card_rows(at)[0]
    assert trumps.startswith(
        "Trump: hearts (7 cards, highest first): jack of hearts "
        "(right bower); jack of diamonds (left bower); ace of hearts"
    )
    table = at.table[0].value
    left = table[table["Card"].str.contains("jack of diamonds")].iloc[0]
    assert left["Suit it belongs to"] == "hearts"
    assert "left bower" in left["Note"]


def test_changing_trump_changes_the_ranking():
    at = open_page(RANKING)
    before = card_rows(at)
    at.segmented_control(key="trump").set_value("S").run()
    assert not at.exception
    after = card_rows(at)
    assert after != before
    assert (
        "spades (7 cards, highest first): jack of spades (right bower); jack of clubs "
        "(left bower)" in after[0]
    )
    assert at.query_params["trump"] in ("S", ["S"])  # older AppTest gives a list


def test_no_trump_has_no_bowers():
    at = open_page(RANKING)
    at.segmented_control(key="trump").set_value("NT").run()
    assert not any("bower" in alt for alt in card_rows(at))
    assert len(card_rows(at)) == 4


def test_link_with_trump_and_benny_opens_that_view():
    at = open_page(RANKING, trump="D", benny="1")
    assert at.segmented_control(key="trump").value == "D"
    assert (
        "diamonds (8 cards, highest first): the Joker (Benny); jack of diamonds "
        "(right bower); jack of hearts (left bower); ace of diamonds" in card_rows(at)[0]
    )


def test_a_bad_link_falls_back_to_the_default_and_says_so():
    """?trump=X was dropped without a word, unlike the other pages' bad links."""
    at = open_page(RANKING, trump="<script>" + "x" * 5000)
    assert not at.exception
    assert at.segmented_control(key="trump").value == "H"
    [note] = [i.value for i in at.info if "not one this page knows" in i.value]
    assert "C, D, H, S, NT, none" in note and "Showing H" in note
    assert "<script>" not in note and len(note) < 200  # escaped, and the value cut short
    good = open_page(RANKING, trump="S")
    assert not [i for i in good.info if "not one this page knows" in i.value]


def test_a_practise_link_with_unknown_topics_says_so_and_keeps_the_known_ones():
    at = open_page("features/practise/page.py", topics="zzz,play,<b>x</b>", seed="5")
    assert not at.exception
    assert at.pills(key="practise-topics").value == ["play"]
    [note] = [i.value for i in at.info if "are not Practise topics" in i.value]
    assert "zzz" in note and "Showing play" in note and "<b>" not in note
    good = open_page("features/practise/page.py", topics="play", seed="5")
    assert not [i for i in good.info if "are not Practise topics" in i.value]


def test_benny_with_no_trump_shows_the_engines_message():
    at = open_page(RANKING)
    at.segmented_control(key="trump").set_value("NT").run()
    at.toggle(key="benny").set_value(True).run()
    assert not at.exception
    assert "cannot be combined" in at.warning[0].value
    assert not any("Joker" in alt for alt in card_rows(at))


def test_scoring_table_follows_the_lone_defender_rule():
    at = open_page(RANKING)
    assert len(at.table[1].value) == 5
    at.toggle(key="lone_defender").set_value(True).run()
    scoring = at.table[1].value
    assert len(scoring) == 6
    assert scoring.iloc[-1]["Points"] == 4


HOSTILE_QUERY = {
    "seed": "<script>alert(1)</script>",
    "step": "-1",
    "part": "quiz'--",
    "trump": "<b>H</b>",
    "benny": "maybe",
    "hand": "%%%",
    "topics": ";;,,",
    "rules": "../../etc",
    "play-level": "god",
    "play-rules": "",
    "lone_defender": "2",
}


@pytest.mark.parametrize("spec", all_pages(), ids=lambda spec: spec.url_path or "home")
def test_every_page_renders_even_from_a_hostile_link(spec):
    """Every page renders, and any query string gets it (with a note where something was
    ignored), never an error. Each page is opened once: other tests open them plainly."""
    at = open_page(spec.path, **HOSTILE_QUERY)
    assert not at.exception
    heading = at.title[0].value
    # A page's heading contains its navigation title (the home page has its own),
    # which also proves that switch_page really opened it.
    assert heading if spec.default else spec.title in heading
    shown = " ".join(md.value for md in at.markdown)
    assert "<script>" not in shown
