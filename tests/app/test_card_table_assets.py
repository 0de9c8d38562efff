"""The card table's first paint: its JavaScript, CSS and plain card pictures are files
served once per page (the component's assets), never carried in a message; a message
names a picture of the sheet (``@JD``) and carries only pictures the sheet lacks (a card
with a band); the shipped sheet is what ``engine.svg`` draws today; the asset folder
holds nothing else a browser could fetch."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_driver import open_page

from engine import Card, Rules, Seat, random_hand
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.component import COMPONENT_NAME
from tutorial_app.card_table.face_sheet import ASSET, REFERENCE, SHEET, compact, render
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import TableOptions

ASSETS = Path(__file__).resolve().parents[2] / "tutorial_app" / "card_table" / "assets"
BIG_MESSAGE = 10_000  # bytes: the script and the style alone were 42 KB of every message


def test_the_shipped_sheet_is_what_the_engine_draws():
    assert ASSET.read_text(encoding="utf-8") == render(), (
        "assets/card_faces.js is out of date: run "
        "`PYTHONPATH=. python -m tutorial_app.card_table.face_sheet`"
    )


def test_the_asset_folder_holds_only_what_a_browser_fetches():
    assert {path.name for path in ASSETS.iterdir()} == {
        "card_table.js",
        "card_table.css",
        "card_faces.js",
    }
    assert 'import CARD_FACES from "./card_faces.js";' in (ASSETS / "card_table.js").read_text()


@pytest.mark.parametrize("four_colour", [False, True])
def test_a_reference_names_the_same_picture_and_a_banded_card_travels_whole(four_colour):
    state = random_hand(Rules(), Seat.W, 3)
    first = state.hand_of(Seat.S)[0]
    model = table_model(state, TableOptions(marks={first: "right"}, four_colour=four_colour))
    sent = compact(model["svgs"])
    for key, markup in model["svgs"].items():
        if sent[key].startswith(REFERENCE):
            assert SHEET[sent[key][1:]] == markup
        else:
            assert sent[key] == markup and markup not in SHEET.values()
    banded = next(card["svg"] for card in model["hand"] if card["code"] == first.code)
    assert sent[banded] == model["svgs"][banded]  # "✓ right" on it: not in the sheet
    assert sent["back"] == "@back"
    icons = compact(model["suit_icons"])
    assert all(icon.startswith(REFERENCE) for icon in icons.values())
    loose = cards_model([Card.parse("JD")], notes={"JD": "left bower"})
    assert compact(loose["svgs"])["back"] == "@back"


@pytest.mark.app
@pytest.mark.parametrize(
    ("page", "query"),
    [
        ("features/learn/bowers_page.py", {"part": "quiz", "seed": "4242"}),
        ("features/learn/bowers_page.py", {"step": "2"}),
        ("features/play/page.py", {"seed": "3"}),
    ],
    ids=["quiz", "step", "play"],
)
def test_a_table_message_carries_no_script_no_style_and_no_plain_picture(page, query):
    at = open_page(page, **query)
    tables = [t for t in at.get("bidi_component") if t.proto.component_name == COMPONENT_NAME]
    assert tables
    for table in tables:
        proto = table.proto
        assert (proto.js_content, proto.css_content) == ("", "")
        assert (proto.js_source_path, proto.css_source_path) == ("card_table.js", "card_table.css")
        assert not any(markup in proto.json for markup in SHEET.values())
        assert proto.ByteSize() < BIG_MESSAGE, proto.ByteSize()
