"""The scenario builder: each problem said exactly as it is made (a card twice, a hand of
four, a move out of turn), moves added by clicking the preview table, the record and its
links; and the question link answered by whoever opens it, judged by the engine.

AppTest cannot click inside the card table: clicks go through the functions the table's
clicks call (``features.build.moves.clicked_card`` / ``clicked_action``)."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from app_driver import answer, feedback_shown, open_page, table_shown
from streamlit.testing.v1 import AppTest

from engine import HandRecord, legal_actions, winner_of
from lessons.scenario_questions import scenario_question
from tutorial_app.features.build.deck import deal_from_deck
from tutorial_app.features.build.keys import DEAL_TO, MOVES, REFUSAL
from tutorial_app.features.build.moves import clicked_action, clicked_card
from tutorial_app.features.teach.keys import REPLAY
from tutorial_app.quiz.view import try_key
from tutorial_app.shell.hand_links import decode_hand, encode_hand

BUILD, QUESTION = "features/build/page.py", "features/question/page.py"
# West deals; North leads the nine of clubs after East ordered up the ace of diamonds.
HANDS = {
    "N": ["9C", "TD", "JH", "QS", "KC"],
    "E": ["9S", "TS", "QH", "AC", "KH"],
    "S": ["9H", "QC", "AH", "KS", "TH"],
    "W": ["JC", "JS", "QD", "KD", "AS"],
}
MOVES_TO_SOUTH = "N pass\nE order_up\nE with_partner\nW discard JS\nN play 9C\nE play AC"


def open_builder() -> AppTest:
    return open_page(BUILD)


def set_deal(at: AppTest, hands=HANDS, upcard="AD", dealer="W", moves="") -> AppTest:
    for seat, cards in hands.items():
        at.multiselect(key=f"build-hand-{seat}").set_value(cards)
    at.selectbox(key="build-upcard").set_value(upcard)
    at.selectbox(key="build-dealer").set_value(dealer)
    at.text_area(key=MOVES).set_value(moves)
    at.run()
    assert not at.exception, at.exception
    return at


def problems(at: AppTest) -> str:
    """Every problem on screen, as the reader sees it (the page escapes Markdown)."""
    return " ".join(error.value for error in at.error).replace("\\", "")


def test_a_first_visit_starts_from_a_random_deal_the_engine_accepts():
    at = open_builder()
    assert not at.error
    assert "The engine accepts this hand" in at.success[0].value
    model = table_shown(at)
    assert {s["seat"] for s in model["seats"] if s["cards"]} == {"N", "E", "W"}  # all shown
    assert len(model["hand"]) == 5


def test_the_moves_box_example_reads_as_an_example():
    """Its grey placeholder, four moves, was taken for moves already made."""
    at = open_builder()
    assert at.text_area(key=MOVES).placeholder.startswith("For example:")


def test_no_card_box_offers_select_all():
    """Its "Select all" put the whole deck, Joker too, in one hand at one click."""
    at = open_builder()
    assert all(at.multiselect(key=f"build-hand-{seat}").proto.select_all == 0 for seat in "NESW")


def test_a_card_twice_is_named_with_both_places():
    hands = dict(HANDS, E=["9S", "TS", "QH", "AC", "JH"])  # JH is North's too
    at = set_deal(open_builder(), hands)
    assert (
        "Jack of hearts is in two places: North's hand and East's hand. A card is dealt once."
    ) in problems(at)
    assert table_shown(at)["layout"] == "cards"  # the cards picked, no table until it holds


def test_a_card_both_in_a_hand_and_turned_up_is_named():
    at = set_deal(open_builder(), upcard="9C")
    assert "Nine of clubs is in two places: North's hand and the upcard." in problems(at)


def test_a_hand_of_four_is_named_with_the_count_the_engine_needs():
    hands = dict(HANDS, S=["9H", "QC", "AH", "KS"])
    at = set_deal(open_builder(), hands)
    assert "South holds 4 cards: each hand needs 5." in problems(at)


def test_a_move_out_of_turn_gets_the_engines_words_and_the_moves_before_it_stay():
    at = set_deal(open_builder(), moves="N pass\nS pass")
    assert "Move 2 (S pass): It is East's turn, not South's." in problems(at)
    model = table_shown(at)  # the table shows the hand after the legal first move
    assert model["layout"] == "table" and "East to bid" in model["message"]["text"]


def test_an_illegal_card_and_an_unreadable_move_are_explained():
    at = set_deal(open_builder(), moves=MOVES_TO_SOUTH + "\nS play AH")
    assert "Move 7 (S play AH): South must follow clubs and holds the queen of clubs." in (
        problems(at)
    )
    at = set_deal(at, moves="N <b>dance</b>")
    text = problems(at)
    assert "Move 1" in text and "cannot be read" in text and "<b>" not in text


def test_the_joker_without_benny_and_a_bad_rule_mix_are_explained():
    hands = dict(HANDS, S=["9H", "QC", "AH", "KS", "JOKER"])
    at = set_deal(open_builder(), hands)
    assert "The Joker is not in this rule set's deck" in problems(at)
    at.toggle(key="build-benny").set_value(True)
    at.toggle(key="build-no_trump").set_value(True).run()
    said = problems(at)
    assert "The rules cannot be used: the Benny and no trump cannot be combined" in said
    assert "benny" not in said and "no_trump" not in said  # words, not code names
    labels = [toggle.label for toggle in at.toggle]
    assert "The Benny" in labels and "No trump" in labels


def test_the_deck_deals_each_card_clicked_into_the_seat_then_the_upcard():
    """An empty deal, then 21 clicks on the deck: five to each seat round the table
    (the dealing moves on by itself), then the upcard; the engine accepts the hand."""
    at = open_builder()
    at.button(key="build-empty").click().run()
    deck = table_shown(at)
    assert deck["layout"] == "cards" and len(deck["hand"]) == 24
    assert all(card["clickable"] for card in deck["hand"])
    assert at.pills(key=DEAL_TO).value == "N"
    for seat, cards in HANDS.items():
        for code in cards:
            assert deal_from_deck(at.session_state, code) is None
        at.run()
        assert at.multiselect(key=f"build-hand-{seat}").value == cards
    assert at.pills(key=DEAL_TO).value == "up"
    assert len(table_shown(at)["hand"]) == 4  # 24 less twenty dealt
    assert deal_from_deck(at.session_state, "AD") is None
    at.run()
    assert not at.error and "The engine accepts this hand" in at.success[0].value
    assert table_shown(at)["layout"] == "table"  # the moves, by clicking the table


def test_a_full_seat_and_a_card_dealt_twice_are_refused_in_words():
    at = open_builder()
    at.button(key="build-empty").click().run()
    at.toggle(key="build-benny").set_value(True).run()
    assert len(table_shown(at)["hand"]) == 25  # the Benny's deck: the Joker too
    for code in HANDS["N"]:
        deal_from_deck(at.session_state, code)
    at.pills(key=DEAL_TO).set_value("N").run()
    refusal = deal_from_deck(at.session_state, "AD")
    assert refusal.startswith("North holds 5 cards already")
    assert deal_from_deck(at.session_state, "9C") == "The nine of clubs is dealt already."
    at.run()
    assert table_shown(at)["message"] == {
        "text": "The nine of clubs is dealt already.",
        "tone": "refusal",
    }


def test_the_question_chosen_stays_through_an_error():
    at = set_deal(open_builder(), moves=MOVES_TO_SOUTH)
    at.selectbox(key="build-ask").set_value("legal").run()
    at.text_area(key=MOVES).set_value(MOVES_TO_SOUTH + "\nS play AH").run()  # an error
    assert problems(at) and at.selectbox(key="build-ask").disabled
    at.text_area(key=MOVES).set_value(MOVES_TO_SOUTH).run()  # fixed
    assert at.selectbox(key="build-ask").value == "legal"  # not back to "No question"


def test_clicks_on_the_table_add_moves_and_a_refusal_adds_none():
    at = set_deal(open_builder())
    assert clicked_action(at.session_state, "pass").ok
    at.run()
    assert at.text_area(key=MOVES).value == "N pass"
    decision = clicked_action(at.session_state, "call-H")  # round 1: no calling
    at.run()
    assert not decision.ok and at.text_area(key=MOVES).value == "N pass"
    assert table_shown(at)["message"] == {"text": decision.refusal, "tone": "refusal"}
    assert clicked_action(at.session_state, "order_up").ok
    assert clicked_action(at.session_state, "with_partner").ok
    assert clicked_card(at.session_state, "JS").ok  # West discards
    at.run()
    assert at.text_area(key=MOVES).value.splitlines() == [
        "N pass",
        "E order_up",
        "E with_partner",
        "W discard JS",
    ]
    assert at.session_state[REFUSAL] is None


def test_the_result_is_a_hand_record_a_teach_link_and_a_question_link():
    at = set_deal(open_builder(), moves=MOVES_TO_SOUTH)
    at.selectbox(key="build-ask").set_value("legal").run()
    links = [block.value for block in at.code if "?hand=" in block.value]
    teach, question = links
    record = decode_hand(parse_qs(teach.split("?", 1)[1])["hand"][0])
    assert record.dumps() == HandRecord.loads(at.code[-1].value).dumps()  # the JSON shown
    assert record.to_json()["hands"] == HANDS and len(record.actions) == 6
    assert "/teach?" in teach and "/question?" in question
    assert parse_qs(question.split("?", 1)[1])["ask"] == ["legal"]


def test_a_question_that_does_not_fit_the_table_says_why():
    at = set_deal(open_builder(), moves="N pass")
    at.selectbox(key="build-ask").set_value("points").run()
    assert "needs a hand played to its end" in at.warning[0].value
    assert not [block for block in at.code if "/question?" in block.value]
    # Share says why there is no question link, not "choose a question".
    (said,) = [c.value for c in at.caption if "question" in c.value]
    assert said.startswith("No question link yet:") and "played to its end" in said


def test_a_shared_hand_opens_in_the_builder_to_change():
    hands = str(HANDS).replace("'", '"')
    record = HandRecord.loads(
        f'{{"dealer": "W", "upcard": "AD", "hands": {hands}, "actions": '
        '[{"seat": "N", "do": "pass"}]}'
    )
    at = open_page(BUILD, hand=encode_hand(record))
    assert at.multiselect(key="build-hand-S").value == HANDS["S"]
    assert at.text_area(key=MOVES).value == "N pass"


def test_the_address_keeps_the_hand_the_engine_accepted_so_a_reload_finds_it():
    at = set_deal(open_builder(), moves=MOVES_TO_SOUTH)
    kept = decode_hand(at.query_params["hand"])
    assert kept.to_json()["hands"] == HANDS and len(kept.actions) == 6
    at.text_area(key=MOVES).set_value(MOVES_TO_SOUTH + "\nS play QS").run()  # refused
    assert problems(at) and decode_hand(at.query_params["hand"]).dumps() == kept.dumps()
    reloaded = open_page(BUILD, hand=at.query_params["hand"])  # a reload: a new session
    assert reloaded.multiselect(key="build-hand-S").value == HANDS["S"]
    assert reloaded.text_area(key=MOVES).value == MOVES_TO_SOUTH


# ---- the question link, answered by whoever opens it ----------------------------------


def built(moves: str) -> HandRecord:
    at = set_deal(open_builder(), moves=moves)
    (teach,) = [block.value for block in at.code if "/teach?" in block.value]
    return decode_hand(parse_qs(teach.split("?", 1)[1])["hand"][0])


def open_question(record: HandRecord, ask: str) -> tuple[AppTest, str]:
    code = encode_hand(record)
    at = open_page(QUESTION, hand=code, ask=ask)
    return at, try_key(f"scenario-{ask}-{code[-12:]}")


def test_which_cards_may_south_play_answered_right_on_the_table():
    record = built(MOVES_TO_SOUTH)
    at, key = open_question(record, "legal")
    question = scenario_question("legal", record)
    legal = {a.card.code for a in legal_actions(record.replay())}
    assert set(question.answer) == legal == {"QC"}  # South must follow clubs
    model = table_shown(at)
    assert {card["code"] for card in model["hand"]} == set(HANDS["S"])  # South's own cards
    assert all(not s["cards"] for s in model["seats"] if s["seat"] != "S")  # others hidden
    assert not at.get("page_link")  # the Teach page would tell the answer: not yet
    answer(at, question, ["QC"], key)
    right, words = feedback_shown(at)
    assert right and "South must follow clubs" in words
    (link,) = at.get("page_link")  # once answered, on to the whole hand
    assert decode_hand(parse_qs(link.proto.query_string)["hand"][0]).dumps() == record.dumps()


def test_a_wrong_answer_is_judged_wrong_with_the_engines_reason():
    record = built(MOVES_TO_SOUTH)
    at, key = open_question(record, "legal")
    question = scenario_question("legal", record)
    answer(at, question, ["QC", "AH"], key)
    right, words = feedback_shown(at)
    assert not right and question.explanation in words


def test_who_wins_this_trick_answered_by_the_engines_winner():
    record = built(MOVES_TO_SOUTH + "\nS play QC\nW play JC")
    question = scenario_question("trick", record)
    trick = record.replay().tricks[-1]
    assert question.answer == (winner_of(trick.cards, record.replay().trump_suit).value,)
    at, key = open_question(record, "trick")
    model = table_shown(at)
    assert len(model["trick"]) == 4 and not any(play["won"] for play in model["trick"])
    answer(at, question, list(question.answer), key)
    assert feedback_shown(at)[0]


def test_how_many_points_answered_with_the_engines_score():
    at = open_page("features/teach/page.py")
    at.button(key="teach-deal").click().run()
    at.button(key="teach-bots").click().run()  # bots play a whole hand
    record = at.session_state[REPLAY].timeline
    state = record.replay()
    assert not state.result.thrown_in  # bga sticks the dealer: a hand is always played
    question = scenario_question("points", record)
    score = state.result.score
    assert question.answer == (score.winner.value, str(score.points_won))
    page, key = open_question(record, "points")
    answer(page, question, question.answer, key)
    assert feedback_shown(page)[0]


@pytest.mark.parametrize(
    "query, words",
    [
        ({"hand": "v1.AAAA", "ask": "legal"}, "damaged"),
        (
            {
                "hand": encode_hand(
                    HandRecord.loads(
                        '{{"dealer": "W", "upcard": "AD", "hands": {}}}'.format(
                            str(HANDS).replace("'", '"')
                        )
                    )
                ),
                "ask": "legal",
            },
            "needs a card to be played next",
        ),
        (
            {
                "hand": encode_hand(
                    HandRecord.loads(
                        '{{"dealer": "W", "upcard": "AD", "hands": {}}}'.format(
                            str(HANDS).replace("'", '"')
                        )
                    )
                ),
                "ask": "<script>",
            },
            "a question this app does not have",
        ),
    ],
)
def test_a_bad_question_link_gets_a_message(query, words):
    at = open_page(QUESTION, **query)
    assert not at.exception
    message = at.error[0].value
    assert words in message and "<script>" not in message
    if query["ask"] != "legal":  # an unknown question: its hand still opens on Teach,
        (link,) = at.get("page_link")  # and the questions are named in words, not codes
        assert (link.proto.page, link.proto.query_string) == ("teach", f"hand={query['hand']}")
        assert "Which cards may be played?" in message and "legal" not in message


def test_the_question_page_without_a_link_says_where_links_come_from():
    at = open_page(QUESTION)
    assert "Build a scenario" in at.info[0].value
