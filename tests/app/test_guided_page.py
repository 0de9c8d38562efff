"""The guided hands pages in AppTest: the list, a hand played right (three stars), a
wrong try explained on the table and retried, a bad id answered with the accepted ids,
and the lessons' "Now play it" links. AppTest cannot click inside the card table: the
clicks go through the same functions the table's callbacks call (features.guided.view),
and what the table shows is read from the model it was drawn from."""

from __future__ import annotations

import pytest
from app_driver import open_page, table_shown

from engine import Action, Card
from lessons.guided import guided_hand, load_guided
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.features.guided.records import guided_move
from tutorial_app.features.guided.view import after_card, after_choice
from tutorial_app.features.learn.keys import STEP
from tutorial_app.navigation import lesson_page_path

PAGE = "features/guided/page.py"


def click(at, hand_id: str, action) -> None:
    """What a click on the table does (the table's callbacks call ``guided_move``): a card
    if it is drawn clickable, else a button the table offers."""
    key = f"guided-run-{hand_id}"
    model = table_shown(at)
    if action.card is not None:
        card = next(c for c in model["hand"] if c["code"] == action.card.code)
        assert card["clickable"]
        guided_move(at.session_state, key, lambda run: after_card(run, action.card.code))
    else:
        assert action_id(action) in [a["id"] for a in model["actions"]], model["actions"]
        guided_move(at.session_state, key, lambda run: after_choice(run, action_id(action)))
    at.run()
    assert not at.exception


def test_the_list_shows_every_hand_and_its_idea():
    at = open_page(PAGE)
    text = " ".join(m.value for m in at.markdown)
    for hand in load_guided():
        assert hand.idea.split(".")[0][:30] in text.replace("\\", "")


def test_a_hand_played_right_earns_three_stars_shown_in_the_list(fresh_store, token):
    hand = guided_hand("order-up-partner")
    at = open_page(PAGE, token=token, hand=hand.id)
    assert hand.decisions[0].coach in " ".join(i.value for i in at.info).replace("\\", "")
    for decision in hand.decisions:
        click(at, hand.id, decision.right[0])
        model = table_shown(at)
        assert model["message"]["tone"] in ("right", "success")
    assert at.session_state[f"guided-run-{hand.id}"].finished
    assert any("★★★" in m.value for m in at.markdown)
    at.query_params.clear()
    at.run()
    assert any("★★★" in m.value and "Ordering up your partner" in m.value for m in at.markdown)
    # Kept in the store: every decision an answer, the hand with its stars; a new
    # session of the same learner shows them.
    answers = fresh_store.answers(token)
    assert len(answers) == len(hand.decisions) and answers["correct"].all()
    assert set(answers["lesson"]) == {f"guided:{hand.id}"}
    assert [h.result["stars"] for h in fresh_store.hands(token, "guided")] == [3]
    again = open_page(PAGE, token=token)
    assert any("★★★" in m.value and "Ordering up your partner" in m.value for m in again.markdown)


def test_the_lone_hands_opening_lead_is_seen_and_the_last_why_stays():
    """The lone hand: after going alone, the learner plays to the first trick, so East's
    opening lead (North, on the dealer's left, sits out) is on the table while the coach
    says why. Then the script plays the rest and the table's strip gives the result; the
    coach's last why stays beside the table."""
    hand = guided_hand("lone-hand")
    at = open_page(PAGE, hand=hand.id)
    for decision in hand.decisions[:2]:
        click(at, hand.id, decision.right[0])
    (lead,) = table_shown(at)["trick"]
    assert (lead["seat"], lead["led"], lead["card"]["code"]) == ("E", True, "AD")
    assert "East, the next player, leads" in table_shown(at)["message"]["text"]
    click(at, hand.id, hand.decisions[2].right[0])
    assert at.session_state[f"guided-run-{hand.id}"].finished
    assert table_shown(at)["message"]["title"] == "The hand is over."
    (shown,) = at.success
    assert shown.value.replace("\\", "") == hand.decisions[-1].why


def test_a_wrong_try_is_explained_on_the_table_then_retried():
    hand = guided_hand("protect-partner")
    at = open_page(PAGE, hand=hand.id)
    wrong = hand.decisions[0].wrong[0][0]
    click(at, hand.id, wrong)
    model = table_shown(at)
    assert model["message"]["title"] == "Not the best choice."
    assert hand.decisions[0].says(wrong) in model["message"]["text"]
    assert next(c for c in model["hand"] if c["code"] == wrong.card.code)["mark"]["kind"] == "wrong"
    click(at, hand.id, hand.decisions[0].right[0])
    assert table_shown(at)["message"]["text"] == hand.decisions[0].why
    click(at, hand.id, hand.decisions[1].right[0])
    run = at.session_state[f"guided-run-{hand.id}"]
    assert run.finished and run.stars == 2


def test_an_illegal_click_shows_the_engines_reason():
    hand = guided_hand("stick-the-dealer")
    at = open_page(PAGE, hand=hand.id)
    from engine import Action

    click(at, hand.id, Action.PASS)
    model = table_shown(at)
    assert model["message"]["tone"] == "refusal" and "title" not in model["message"]
    assert "stuck" in model["message"]["text"]


def test_a_bad_hand_id_points_to_the_list_without_a_traceback():
    at = open_page(PAGE, hand="<b>nope</b>")
    (warning,) = at.warning
    assert "There is no guided hand" in warning.value and "list below" in warning.value
    assert "left-bower-follows" not in warning.value and "<b>" not in warning.value  # no ids
    assert at.title[0].value == "Guided hands"


@pytest.mark.parametrize(
    "lesson_id,hand_id",
    [
        ("bowers", "left-bower-follows"),
        ("house-rules", "canadian-loner"),
    ],
)
def test_the_last_step_of_a_lesson_links_to_its_guided_hand(lesson_id, hand_id):
    at = open_page(lesson_page_path(lesson_id), step="99")
    from lessons.loader import load_all

    lesson = next(item for item in load_all() if item.id == lesson_id)
    at.session_state[STEP(lesson.id)] = len(lesson.steps)
    at.run()
    links = [link for link in at.get("page_link")]
    assert any(hand_id in str(link.proto) and "Now play it" in str(link.proto) for link in links)


def test_a_cards_role_waits_until_the_learner_has_tried():
    """Hand 1 asks "Is your jack of diamonds still a diamond?" while the jack's face said
    "left bower": the roles show once the learner has tried, not before."""
    hand = guided_hand("left-bower-follows")
    at = open_page(PAGE, hand=hand.id)
    notes = {card["code"]: card.get("note") for card in table_shown(at)["hand"]}
    assert not any(notes.values()), notes  # the question is open: no role on any card
    click(at, hand.id, Action.play(Card.parse("JD")))  # refused: it is a heart now
    notes = {card["code"]: card.get("note") for card in table_shown(at)["hand"]}
    assert notes["JD"] == "left bower"  # tried once: the role shows
