"""The question page (``/question?hand=...&ask=legal``) shows everything the question
depends on when the seat to play is not South: the trick so far with its lead, the
upcard before the first lead, the trump; the rules that decide it are in the words."""

from __future__ import annotations

from app_driver import open_page, table_shown

from engine import HandRecord
from lessons.scenario_questions import scenario_question
from tutorial_app.shell.hand_links import encode_hand

QUESTION = "features/question/page.py"
DEAL = (
    '{"dealer": "W", "upcard": "AD", "hands": {"N": ["9C", "TD", "JH", "QS", "KC"], '
    '"E": ["9S", "TS", "QH", "AC", "KH"], "S": ["9H", "QC", "AH", "KS", "TH"], '
    '"W": ["JC", "JS", "QD", "KD", "AS"]}, "actions": ['
    '{"seat": "N", "do": "pass"}, {"seat": "E", "do": "order_up"}, '
    '{"seat": "E", "do": "with_partner"}, {"seat": "W", "do": "discard", "card": "JS"}'
)
NORTH_LEADS = HandRecord.loads(DEAL + "]}")
EAST_FOLLOWS = HandRecord.loads(DEAL + ', {"seat": "N", "do": "play", "card": "9C"}]}')


def test_the_card_led_is_on_the_table_when_east_is_asked():
    question = scenario_question("legal", EAST_FOLLOWS)
    assert "East" in question.prompt and "diamonds" in question.prompt.lower()
    model = table_shown(open_page(QUESTION, hand=encode_hand(EAST_FOLLOWS), ask="legal"))
    assert [(play["seat"], play["card"]["code"], play["led"]) for play in model["trick"]] == [
        ("N", "9C", True)
    ]
    assert {card["code"] for card in model["hand"]} == {"9S", "TS", "QH", "AC", "KH"}
    assert model["trump"]["name"] == "diamonds"
    assert not model["rows"]  # the upcard told its story before the lead


def test_the_upcard_is_shown_before_the_first_lead():
    model = table_shown(open_page(QUESTION, hand=encode_hand(NORTH_LEADS), ask="legal"))
    assert not model["trick"]
    (row,) = model["rows"]
    assert row["label"] == "The upcard, picked up by West (the dealer)"
    assert [card["code"] for card in row["cards"]] == ["AD"]
