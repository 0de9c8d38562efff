"""A quiz question on the card table, in plain pytest (no Streamlit run): what the
component is given for every question of every lesson, try step and Practise topic,
and the clicks that answer it (the same functions the component's callbacks call).

The model is all the browser receives: a question's hidden parts and the other seats'
cards must never be in it, and every verdict in it comes from ``Question.check``.
"""

from __future__ import annotations

import json

import pytest

from engine import SEATS, Rules, Seat, Suit, parse_cards
from lessons.checkers import suit_members_question
from lessons.loader import load_all
from lessons.quiz import Kind
from lessons.quizzes import PRACTICE_TOPICS, build_quiz, mixed_quiz, topic_generators
from tutorial_app.quiz.scene import has_table, options_are_cards, question_model
from tutorial_app.quiz.state import (
    CHECK,
    RESTART,
    QuizState,
    answer_points,
    click,
    next_question,
    option_id,
)

LESSONS = load_all()


def every_question():
    """Each lesson's quiz for a few seeds, its try steps, and Practise sets on every topic."""
    for lesson in LESSONS:
        for seed in (1, 2, 3, 4242):
            yield from build_quiz(lesson, seed)
        yield from (step.question for step in lesson.steps if step.show == "try")
    for preset in ("bga", "pagat", "cardsuite"):
        for seed in range(6):
            yield from mixed_quiz(
                list(topic_generators(list(PRACTICE_TOPICS))), Rules.preset(preset), seed, 10
            )


QUESTIONS = [q for q in every_question() if has_table(q)]


def answered(question, response) -> QuizState:
    """The state after clicking ``response`` the way the table offers it."""
    state = QuizState.start(1)
    for key in response:
        state = click(state, question, option_id(key))
    if question.kind is Kind.MULTI:
        state = click(state, question, CHECK)
    return state


def live(question):
    record = question.scene.record
    state = record.replay() if record else None
    return state if state is not None and not state.is_over else None


def test_every_question_but_points_is_answered_on_the_table():
    kinds = {q.kind for q in QUESTIONS}
    assert kinds == {Kind.SINGLE, Kind.YESNO, Kind.MULTI, Kind.ORDER}
    assert len(QUESTIONS) > 300


@pytest.mark.parametrize("question", QUESTIONS[::3], ids=lambda q: q.source)
def test_the_model_offers_exactly_the_options_and_hides_what_the_question_asks(question):
    model = question_model(question, QuizState.start(1))
    json.dumps(model)  # JSON-able, as the component needs
    state = live(question)
    if options_are_cards(question):  # the cards are the choices: clickable, no buttons
        assert {c["code"] for c in model["hand"]} == {o.key for o in question.options}
        if model["layout"] == "cards":  # loose cards keep the question's order
            assert [c["code"] for c in model["hand"]] == [o.key for o in question.options]
        assert all(c["clickable"] for c in model["hand"])
        assert not any(c["legal"] for c in model["hand"])  # the answer is not sent
    else:
        assert not any(c["clickable"] for c in model["hand"])
        ids = [a["id"] for a in model["actions"]]
        assert ids[: len(question.options)] == [option_id(o.key) for o in question.options]
    if question.kind is Kind.MULTI:
        assert model["actions"][-1]["id"] == CHECK
    if state is None:
        assert model["layout"] == "cards"
        return
    assert model["layout"] == "table"
    text = json.dumps(model)
    for seat in SEATS:  # nobody's cards but South's are sent, and South's only if shown
        if seat is not Seat.S or "hand" in question.scene.hide:
            for card in state.hand_of(seat):
                assert f'"{card.code}"' not in text or card == state.upcard, card
    seats = model["seats"]
    hide = question.scene.hide
    if "turn" in hide:
        assert not any(s["to_act"] for s in seats)
    if "makers" in hide:
        assert model["makers"] is None and not any("maker" in s["badges"] for s in seats)
    if "sitting_out" in hide:
        assert not any(s["sitting_out"] or "sits out" in s["badges"] for s in seats)
    if "winner" in hide:
        assert model["tricks_won"] is None and not any(p["won"] for p in model["trick"])
    if "hand" in hide:
        assert model["hand"] == [] and all(s["count"] is None for s in seats)


@pytest.mark.parametrize("question", QUESTIONS[1::3], ids=lambda q: q.source)
def test_the_right_answer_clicked_is_judged_right_and_marked_on_the_cards(question):
    state = answered(question, question.answer)
    assert state.feedback.correct and state.run.finished
    model = question_model(question, state)
    message = model["message"]
    assert message["tone"] == "right" and message["title"] == "Right!"
    assert question.explanation in message["text"]
    assert not any(c["clickable"] for c in model["hand"])  # answered: no more clicks
    if options_are_cards(question) and question.kind is not Kind.ORDER:
        marked = {c["code"]: c["mark"]["text"] for c in model["hand"] if c["mark"]}
        right = "✓ picked" if question.kind is Kind.MULTI else "✓ correct"
        assert marked == {key: right for key in question.answer}
    if question.kind is Kind.ORDER:  # the cards in the right order, each with its place
        assert [c["code"] for c in model["hand"]] == list(question.answer)
        assert [c["mark"]["text"] for c in model["hand"]][:2] == ["✓ 1st", "✓ 2nd"]


def test_a_wrong_pick_a_missed_card_and_a_picked_right_card_are_marked_apart():
    cards = parse_cards("JD AH 9D JH KS")
    question = suit_members_question(cards, Suit.HEARTS, Suit.HEARTS)  # JD AH JH
    state = answered(question, ("JD", "KS"))  # one right, one wrong, two missed
    assert not state.feedback.correct
    model = question_model(question, state)
    marks = {c["code"]: c["mark"] for c in model["hand"]}
    assert marks["JD"] == {"kind": "right", "text": "✓ picked"}
    assert marks["AH"] == marks["JH"] == {"kind": "missed", "text": "✓ missed"}
    assert marks["KS"] == {"kind": "wrong", "text": "✗ your pick"}
    assert marks["9D"] is None
    message = model["message"]
    assert message["tone"] == "wrong" and question.answer_text in message["title"]
    assert "the right answers are marked" in message["text"] and "✓ missed" in message["text"]


def test_none_right_is_said_in_words():
    cards = parse_cards("9C AS TS")
    question = suit_members_question(cards, Suit.HEARTS, Suit.HEARTS)
    assert question.answer == ()
    state = click(QuizState.start(1), question, CHECK)  # nothing picked: none fits
    assert state.feedback.correct
    text = question_model(question, state)["message"]["text"]
    assert (
        "None of these cards are trumps: the nine of clubs, the ace of spades, the ten of spades."
    ) in text


def test_a_wrong_choice_button_and_the_right_one_are_marked_in_words():
    question = next(q for q in QUESTIONS if q.kind is Kind.SINGLE and not options_are_cards(q))
    wrong = next(o for o in question.options if o.key not in question.answer)
    state = answered(question, (wrong.key,))
    actions = {a["id"]: a for a in question_model(question, state)["actions"]}
    assert all(a["disabled"] for a in actions.values())
    assert actions[option_id(wrong.key)]["mark"] == "wrong"
    assert actions[option_id(wrong.key)]["label"].startswith("✗ ")
    assert actions[option_id(question.answer[0])]["label"].startswith("✓ ")


def test_a_trick_with_no_deal_names_the_leader_and_marks_the_winner_once_answered():
    question = next(q for q in QUESTIONS if q.source == "trick_winner" and len(q.scene.trick) == 3)
    model = question_model(question, QuizState.start(1))
    plays = model["trick"]
    assert [p["seat"] for p in plays] == [getattr(s, "value", s) for s, _ in question.scene.trick]
    assert plays[0]["led"] and not any(p["won"] for p in plays)
    after = question_model(question, answered(question, question.answer))
    assert [p["seat"] for p in after["trick"] if p["won"]] == list(question.answer)


def test_who_leads_next_shows_the_finished_trick_without_its_winner_until_answered():
    question = next(q for q in QUESTIONS if q.source == "next_leader")
    state = live(question)
    model = question_model(question, QuizState.start(1))
    assert [p["seat"] for p in model["trick"]] == [s.value for s, _ in state.tricks[-1].cards]
    assert model["trick"][0]["led"] and not any(p["won"] for p in model["trick"])
    after = question_model(question, answered(question, question.answer))
    assert [p["seat"] for p in after["trick"] if p["won"]] == [state.tricks[-1].winner.value]


def test_who_picks_up_shows_the_upcard_but_no_hand_until_answered():
    question = next(
        q for q in QUESTIONS if q.source == "who_picks_up" and live(q).phase.value == "discard"
    )
    model = question_model(question, QuizState.start(1))
    state = live(question)
    assert model["upcard"]["code"] == state.upcard.code
    assert model["upcard"]["caption"] == "Ordered up"  # not who takes it
    assert all(s["count"] is None and not s["cards"] for s in model["seats"])
    after = question_model(question, answered(question, question.answer))
    assert after["upcard"] is None  # now in the dealer's hand


def test_a_lesson_one_table_never_shows_whose_turn_it_is_even_once_answered():
    """Lesson 1's questions are asked at a table just dealt: "to bid" would name a step
    of the game that lesson 3 teaches, before or after the answer."""
    asked = [q for q in QUESTIONS if q.scene.backdrop]
    assert asked
    for question in asked:
        for state in (QuizState.start(1), answered(question, question.answer)):
            model = question_model(question, state)
            assert not any(seat["to_act"] for seat in model["seats"]), question.prompt
            assert "to bid" not in json.dumps(model), question.prompt


def test_a_quiz_before_going_alone_never_says_partner_or_alone_even_once_answered():
    """Lessons 3 and 4 deal only partnered hands, yet the table said "East plays with
    partner": words of lesson 5, shown before it, before and after the answer."""
    early = [lesson for lesson in LESSONS if not lesson.quiz_alone]
    asked = [
        q
        for lesson in early
        for seed in range(1, 13)
        for q in build_quiz(lesson, seed)
        if live(q) is not None
        and any(a.do.value == "with_partner" for _, a in q.scene.record.actions)
    ]
    assert len(asked) > 20
    for question in asked:
        for state in (QuizState.start(1), answered(question, question.answer)):
            text = json.dumps(question_model(question, state))
            assert "with partner" not in text and '"alone"' not in text, question.prompt


# ---- the clicks, as values ------------------------------------------------------------


def test_choose_all_toggles_picks_and_checks_them():
    question = suit_members_question(parse_cards("JD AH 9D"), Suit.HEARTS, Suit.HEARTS)
    state = click(QuizState.start(1), question, option_id("JD"))
    state = click(state, question, option_id("9D"))
    state = click(state, question, option_id("9D"))  # taken back
    assert state.picks == ("JD",) and not state.answered
    assert click(state, question, option_id("XX")) == state  # not an option: nothing
    state = click(click(state, question, option_id("AH")), question, CHECK)
    assert state.feedback.correct and state.response == ("JD", "AH")
    assert click(state, question, option_id("9D")) == state  # answered: clicks do nothing


def test_put_in_order_is_judged_when_the_last_card_is_placed_and_can_start_again():
    question = next(q for q in QUESTIONS if q.kind is Kind.ORDER)
    first, *rest = question.answer
    state = click(QuizState.start(1), question, option_id(first))
    assert click(state, question, option_id(first)).picks == (first,)  # placed once
    assert click(state, question, CHECK).invalid  # not all placed
    state = click(state, question, RESTART)
    assert state.picks == ()
    for key in question.answer[::-1]:
        state = click(state, question, option_id(key))
    assert state.answered and not state.feedback.correct
    assert state.run.misses == 1


def test_one_card_put_first_by_mistake_is_the_only_card_marked_wrong():
    question = next(q for q in QUESTIONS if q.kind is Kind.ORDER and len(q.answer) >= 4)
    *rest, last = question.answer
    state = answered(question, (last, *rest))  # the last card first; the rest in order
    assert not state.feedback.correct
    marks = {c["code"]: c["mark"] for c in question_model(question, state)["hand"]}
    assert marks[last] == {"kind": "wrong", "text": "✗ you: 1st"}
    for place, key in enumerate(rest):  # still in order among themselves: right
        assert marks[key]["kind"] == "right", (key, marks[key])
        assert marks[key]["text"].endswith(("1st", "2nd", "3rd", "4th", "5th")[place])


def test_points_need_a_team_and_a_number():
    question = next(q for q in every_question() if q.kind is Kind.POINTS)
    state = answer_points(QuizState.start(1), question, question.answer[0], None)
    assert state.invalid and not state.answered
    state = answer_points(state, question, question.answer[0], int(question.answer[1]))
    assert state.feedback.correct and state.invalid is None


def test_next_question_starts_blank_on_the_run_s_next_question():
    question = next(q for q in QUESTIONS if q.kind is Kind.SINGLE)
    wrong = next(o.key for o in question.options if o.key not in question.answer)
    state = QuizState.start(3)
    state = click(state, question, option_id(wrong))
    state = next_question(state)
    assert state.showing == 1 and not state.answered and state.picks == ()
    assert state.run.queue == (1, 2, 0)  # the missed one comes back after two others


def test_the_state_is_a_frozen_value():
    state = QuizState.start(2)
    with pytest.raises(AttributeError):
        state.showing = 1
    assert isinstance(hash(state), int)


def test_the_examples_in_the_docstrings():
    import doctest

    from tutorial_app.quiz import state as quiz_state

    failures, tried = doctest.testmod(quiz_state)
    assert tried and not failures


def test_every_pick_of_a_choose_all_question_is_named_once_judged():
    """A right pick said "✓ Clubs", as a right one not picked did: a learner could not
    tell which of the right ones they had picked. Now a right one not picked says
    "(missed)"; the picks say no more than "✓" or "✗", so that four judged choices fit
    one row (lesson 3's round-two question pushed "Next step" below 720 px)."""
    question = next(
        q
        for q in QUESTIONS
        if q.kind is Kind.MULTI and not options_are_cards(q) and len(q.answer) >= 2
    )
    right, missed = question.answer[:2]
    wrong = next(o.key for o in question.options if o.key not in question.answer)
    state = QuizState.start(1)
    for key in (right, wrong):
        state = click(state, question, option_id(key))
    state = click(state, question, CHECK)
    actions = {a["id"]: a for a in question_model(question, state)["actions"]}
    labels = {key: action["label"] for key, action in actions.items()}
    names = _choice_labels(question)
    assert labels[option_id(right)] == "✓ " + names[option_id(right)]
    assert labels[option_id(missed)] == "✓ " + names[option_id(missed)] + " (missed)"
    assert labels[option_id(wrong)] == "✗ " + names[option_id(wrong)]
    assert actions[option_id(wrong)]["mark"] == "wrong"


def test_a_wrong_pick_of_a_one_answer_question_says_it_was_yours():
    question = next(q for q in QUESTIONS if q.kind is Kind.SINGLE and not options_are_cards(q))
    wrong = next(o for o in question.options if o.key not in question.answer)
    state = click(QuizState.start(1), question, option_id(wrong.key))
    labels = {a["id"]: a["label"] for a in question_model(question, state)["actions"]}
    assert (
        labels[option_id(wrong.key)]
        == "✗ " + _choice_labels(question)[option_id(wrong.key)] + " (your pick)"
    )
    right = question.answer[0]
    assert labels[option_id(right)].startswith("✓ ")
    assert "(" not in labels[option_id(right)]


def _choice_labels(question) -> dict[str, str]:
    """Each choice's label before the answer, by its id."""
    return {a["id"]: a["label"] for a in question_model(question, QuizState.start(1))["actions"]}


def test_loose_cards_of_a_seat_other_than_south_say_whose_they_are():
    """A teacher's link asks "Which cards may East play?": East's cards are drawn as
    loose cards, under the words "East's cards" (a newcomer took them for their own)."""
    from engine import HandRecord, Phase, apply, legal_actions, random_hand
    from lessons.scenario_questions import scenario_question

    for seed in range(50):
        state = random_hand(Rules(), Seat.N, seed)
        while not (state.phase is Phase.PLAY and state.turn is Seat.E) and not state.is_over:
            state = apply(state, legal_actions(state)[0])
        if not state.is_over:
            break
    question = scenario_question("legal", HandRecord.from_state(state))
    for answered_state in (QuizState.start(1), answered(question, question.answer)):
        model = question_model(question, answered_state)
        assert model["layout"] == "cards" and model["hand_heading"] == "East's cards"
    south = next(q for q in QUESTIONS if q.source == "legal_plays" and live(q) is not None)
    assert question_model(south, QuizState.start(1)).get("hand_heading") is None
