"""The live class's small parts: the learner's clicks before the reveal, the answers
chart, the join link and its QR code."""

from __future__ import annotations

import doctest
import importlib
import itertools

import pytest

from engine import parse_card
from lessons.question_source import question_for, topic_source
from lessons.quiz import Kind, Option, Question
from tutorial_app.features.live_class.answer_chart import (
    OTHER,
    RIGHT,
    WAITING,
    answer_bars,
    answer_chart,
)
from tutorial_app.features.live_class.class_link import CLASS_PAGE, JOIN_PAGE, qr_img
from tutorial_app.features.live_class.live_question import (
    answer_words,
    learner_model,
    live_click,
    short_answer_words,
    teacher_model,
)
from tutorial_app.quiz.scene import options_are_cards
from tutorial_app.quiz.state import CHECK, RESTART, QuizState, click, option_id
from tutorial_app.shell.addresses import page_url

OPTIONS = (Option("a", "A"), Option("b", "B"), Option("c", "C"))
TRICK_SOURCE = topic_source("tricks", 3, 0)  # seat buttons, not cards


def question(kind: Kind, answer=("a",)) -> Question:
    return Question(kind, "Which?", OPTIONS, answer, "Because.")


@pytest.mark.parametrize(
    "module",
    [
        "tutorial_app.features.live_class.class_link",
        "tutorial_app.features.live_class.answer_chart",
        "tutorial_app.features.live_class.live_question",
        "tutorial_app.features.live_class.projector",
        "tutorial_app.features.live_class.class_view",
        "tutorial_app.shell.addresses",
    ],
)
def test_the_examples_in_the_docstrings_hold(module):
    failures, tried = doctest.testmod(importlib.import_module(module))
    assert tried and not failures


@pytest.mark.parametrize(
    "kind, clicks, picks, sent",
    [
        (Kind.SINGLE, ["option-b"], ("b",), ("b",)),
        (Kind.SINGLE, ["option-b", "option-c"], ("c",), ("c",)),  # changed: sent again
        (Kind.YESNO, ["option-a"], ("a",), ("a",)),
        (Kind.MULTI, ["option-a", "option-b", "option-a"], ("b",), None),
        (Kind.MULTI, ["option-a", "check"], ("a",), ("a",)),
        (Kind.MULTI, ["check"], (), ()),  # none fits: sent empty
        (Kind.ORDER, ["option-c", "option-a"], ("c", "a"), None),
        (
            Kind.ORDER,
            ["option-c", "option-c", "option-a", "option-b"],
            ("c", "a", "b"),
            ("c", "a", "b"),
        ),
        (Kind.ORDER, ["option-c", "restart", "option-a"], ("a",), None),
        (Kind.SINGLE, ["option-zz"], (), None),  # no such option
    ],
)
def test_live_clicks(kind, clicks, picks, sent):
    shown, last_sent = (), None
    for ident in clicks:
        shown, to_send = live_click(shown, question(kind), ident)
        last_sent = to_send if to_send is not None else last_sent
    assert shown == picks and last_sent == sent


@pytest.mark.parametrize("kind", [Kind.SINGLE, Kind.YESNO, Kind.MULTI, Kind.ORDER])
def test_a_live_click_picks_by_the_quizs_own_rule(kind):
    """Every run of three clicks: until an answer goes, the live picks are the quiz's
    picks; the answer sent is the response the quiz judges (``quiz.state.click``)."""
    asked = question(kind, ("a", "b", "c") if kind is Kind.ORDER else ("a",))
    ids = [option_id(o.key) for o in OPTIONS] + [CHECK, RESTART]
    for clicks in itertools.product(ids, repeat=3):
        picks: tuple[str, ...] = ()
        quiz = QuizState.start(1)
        for ident in clicks:
            picks, sent = live_click(picks, asked, ident)
            quiz = click(quiz, asked, ident)
            if quiz.answered:
                assert sent == quiz.response, clicks
                break
            assert sent is None and picks == quiz.picks, clicks


def test_nothing_is_judged_before_the_reveal():
    live = question_for(topic_source("tricks", 7, 0))
    model = learner_model(live, (), (live.answer[0],), revealed=False)
    assert model["message"]["tone"] == "info" and "You answered" in model["message"]["text"]
    assert "Because" not in str(model) and live.explanation not in str(model)
    after = learner_model(live, (), (live.answer[0],), revealed=True)
    assert after["message"]["tone"] == "right" and live.explanation in after["message"]["text"]
    unanswered = learner_model(live, (), None, revealed=True)
    assert "No answer from you" in unanswered["message"]["title"]


def test_the_projector_shows_no_answer_until_the_reveal():
    live = question_for(topic_source("play", 3, 0))  # cards to choose: none clickable
    before = teacher_model(live, revealed=False)
    assert not any(card["clickable"] for card in before["hand"])
    assert not any(card.get("mark") for card in before["hand"])
    # Revealed, the projector says the answer and its reason once, in its large words
    # above the table; the teacher's page says them under the table.
    assert teacher_model(live, revealed=True).get("message") is None
    teachers_reveal = teacher_model(live, revealed=True, on_projector=False)["message"]
    assert live.explanation in teachers_reveal["text"]
    assert before["message"]["text"] == "Answer on your own screen."  # to the room
    teachers = teacher_model(live, revealed=False, on_projector=False)["message"]["text"]
    assert teachers == "The learners answer on their own screens."


def test_the_reveal_marks_the_right_cards_as_the_right_answer():
    """Nobody picked on the projector: "✓ right answer", never "✓ picked"."""
    for source in (topic_source("play", 3, 2), topic_source("trumps", 3, 1), TRICK_SOURCE):
        live = question_for(source)
        after = teacher_model(live, revealed=True)
        marked = [card["mark"]["text"] for card in after["hand"] if card.get("mark")]
        labels = [action["label"] for action in after.get("actions", [])]
        assert "picked" not in str(marked + labels).lower()
        assert "missed" not in str(marked + labels).lower()  # nor missed: nobody answered
        if options_are_cards(live) and live.kind is not Kind.ORDER:
            assert marked == ["✓ right answer"] * len(live.answer)


def test_the_chart_counts_each_answer_and_marks_the_right_one_once_revealed():
    single = question(Kind.SINGLE)
    assert answer_bars(single, {"b": 2}, revealed=False) == [
        ("B", 2, False),
        ("A", 0, True),
        ("C", 0, False),
    ]
    figure = answer_chart(single, {"a": 3, "b": 1}, revealed=True)
    bar = figure.data[0]
    assert list(bar.y) == ["A ✓", "B", "C"] and list(bar.x) == [3, 1, 0]
    numbers = answer_chart(question(Kind.SINGLE), {"a": 1}, revealed=False)
    assert numbers.layout.yaxis.type == "category"  # "20", "24": labels, not a scale
    assert list(bar.marker.color) == [RIGHT, OTHER, OTHER]
    assert (
        list(answer_chart(single, {"a": 3}, revealed=False).data[0].marker.color) == [WAITING] * 3
    )
    multi = question(Kind.MULTI, ("a", "b"))
    assert answer_bars(multi, {"a,b": 1, "": 2}, revealed=True) == [
        ("none of them", 2, False),
        ("A, B ✓", 1, True),
    ]


def test_cards_in_the_chart_and_the_grid_are_short_enough_for_one_line():
    """Five cards in order, in words, wrapped to eight lines on the projector's bar: the
    chart and the report grid write cards by their printed form, the learner's own
    "You answered" keeps the words."""
    cards = [parse_card(code) for code in ("AH", "TH", "AS", "TS", "9S")]
    order = Question(
        Kind.ORDER,
        "Put these cards in order.",
        tuple(Option(card.code, card.name, card) for card in cards),
        tuple(card.code for card in cards),
        "Trumps first.",
    )
    given = {"AH,TH,AS,TS,9S": 2, "9S,TS,AS,TH,AH": 1}
    assert answer_bars(order, given, revealed=True) == [
        ("A♥ → 10♥ → A♠ → 10♠ → 9♠ ✓", 2, True),
        ("9♠ → 10♠ → A♠ → 10♥ → A♥", 1, False),
    ]
    assert short_answer_words(question(Kind.SINGLE), ("a",)) == "A"  # not cards: as said
    assert answer_words(order, ("AH", "TH")) == "ace of hearts, then ten of hearts"


def test_the_join_link_follows_the_teachers_address():
    here = "https://s.example:8443/class?class=X&key=k"
    assert page_url(JOIN_PAGE, {"code": "K7WQ3M"}, here=here) == (
        "https://s.example:8443/join?code=K7WQ3M"
    )
    assert page_url(JOIN_PAGE, {"code": "K7WQ3M"}) == "/join?code=K7WQ3M"
    assert page_url(
        CLASS_PAGE, {"class": "K7WQ3M", "teacher": "x" * 22}, here=here, base_path="euchre"
    ) == ("https://s.example:8443/euchre/class?class=K7WQ3M&teacher=xxxxxxxxxxxxxxxxxxxxxx")
    img = qr_img('https://x/"><script>', 300, 'QR "code"')
    assert "<script>" not in img and 'alt="QR &quot;code&quot;"' in img
