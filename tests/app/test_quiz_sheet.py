"""The printable quiz sheet: every question in a block of its own with its cards, the
answer key with the engine's reasons on a page of its own, everything from a user
escaped; and the Print page that offers it for a lesson quiz, a Practise set and
built scenarios. One copy per learner: a seed each, named or numbered, every key at the
end of the same file, the number of copies and the names bounded (limits.print_copies).
How many questions a printed page holds: tests/browser/test_browser_quiz_sheet_print.py."""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser

import pytest
from app_driver import open_page

from engine import HandRecord
from lessons.loader import load_all
from lessons.quiz import Kind
from tutorial_app.features.quiz_sheet.copies import copies_html
from tutorial_app.features.quiz_sheet.sheet import Copy, copies_sheet_html, quiz_sheet_html
from tutorial_app.features.quiz_sheet.sources import (
    SeededSet,
    lesson_questions,
    practise_questions,
    scenario_questions_from,
)
from tutorial_app.limits.numbers import BoundError
from tutorial_app.limits.print_copies import copy_count, learner_names
from tutorial_app.shell.hand_links import encode_hand

HANDS = (
    '{"dealer": "W", "upcard": "AD", "hands": {"N": ["9C", "TD", "JH", "QS", "KC"], '
    '"E": ["9S", "TS", "QH", "AC", "KH"], "S": ["9H", "QC", "AH", "KS", "TH"], '
    '"W": ["JC", "JS", "QD", "KD", "AS"]}, "actions": ['
)
TO_SOUTH = HandRecord.loads(
    HANDS
    + ", ".join(
        [
            '{"seat": "N", "do": "pass"}',
            '{"seat": "E", "do": "order_up"}',
            '{"seat": "E", "do": "with_partner"}',
            '{"seat": "W", "do": "discard", "card": "JS"}',
            '{"seat": "N", "do": "play", "card": "9C"}',
            '{"seat": "E", "do": "play", "card": "AC"}',
        ]
    )
    + "]}"
)


class Sheet(HTMLParser):
    """The sheet's structure: each question block's text and whether it holds a card
    picture, and the answer key's entries."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.blocks: list[dict] = []
        self.key: list[str] = []
        self.key_style = ""
        self._in: str | None = None
        self._depth = 0
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and attrs.get("class") == "question":
            self.blocks.append({"text": "", "svgs": 0})
            self._in, self._depth = "question", 0
        elif tag == "section" and attrs.get("class") == "key":
            self._in = "key"
        elif tag == "li" and self._in == "key":
            self.key.append("")
        elif tag == "svg" and self._in == "question":
            self.blocks[-1]["svgs"] += 1
        if tag == "section":
            self._depth += 1

    def handle_endtag(self, tag):
        if tag == "section" and self._in == "question":
            self._in = None

    def handle_data(self, data):
        if self._in == "question":
            self.blocks[-1]["text"] += data
        elif self._in == "key" and self.key:
            self.key[-1] += data


def check_sheet(questions, title="Quiz") -> Sheet:
    page = quiz_sheet_html(questions, title)
    sheet = Sheet(page)
    assert len(sheet.blocks) == len(questions) == len(sheet.key)
    rows = zip(questions, sheet.blocks, sheet.key, strict=True)  # lengths asserted just above
    for number, (question, block, key) in enumerate(rows, 1):
        assert block["text"].strip().startswith(f"{number}. {question.prompt}")
        for option in question.options:
            assert option.label in block["text"]
        scene = question.scene  # a backdrop table only sets the scene: not drawn on paper
        if (
            (scene.record is not None and not scene.backdrop)
            or scene.cards
            or any(o.card for o in question.options)
        ):
            assert block["svgs"] >= 1, question.prompt  # its cards are drawn
        answer = question.answer_text
        assert key.startswith(f"{number}. {answer[:1].upper() + answer[1:]}.")
        assert question.explanation in key  # the engine's reason
    # The key comes after every question, on a page of its own; blocks never split.
    assert page.index('<section class="key"') > page.rindex('<section class="question"')
    assert ".key { break-before: page; page-break-before: always; }" in page
    assert "page-break-inside: avoid" in page
    return sheet


def test_a_table_on_paper_says_who_you_are_and_that_south_sits_out():
    """A prompt's "you" is South, as on the screen's table; a hand South sits out shows
    no cards of South's (they were drawn as if South played)."""
    from lessons.scenario_questions import scenario_question

    alone = HandRecord.loads(
        HANDS
        + ", ".join(
            [
                '{"seat": "N", "do": "order_up"}',
                '{"seat": "N", "do": "alone"}',
                '{"seat": "W", "do": "discard", "card": "JS"}',
                '{"seat": "N", "do": "play", "card": "9C"}',
                '{"seat": "E", "do": "play", "card": "AC"}',
                '{"seat": "W", "do": "play", "card": "JC"}',
            ]
        )
        + "]}"
    )
    actions = TO_SOUTH.to_json()["actions"] + [
        {"seat": "S", "do": "play", "card": "QC"},
        {"seat": "W", "do": "play", "card": "JC"},
    ]
    with_south = HandRecord.from_json({**TO_SOUTH.to_json(), "actions": actions})
    for record, out in ((with_south, False), (alone, True)):
        sheet = check_sheet([scenario_question("trick", record)])
        text = sheet.blocks[0]["text"]
        assert "You sit South." in text
        assert ("South sits out this hand." in text) is out
        assert ("South's cards" in text) is not out


def test_cards_to_tick_say_whose_they_are():
    """The sheet says "You sit South": cards to tick that are East's hand are headed as
    East's, South's as yours (before, both were drawn under no heading)."""
    from lessons.scenario_questions import scenario_question

    to_east = HandRecord.from_json(
        {**TO_SOUTH.to_json(), "actions": TO_SOUTH.to_json()["actions"][:-1]}
    )
    for record, whose in ((to_east, "East's cards"), (TO_SOUTH, "Your cards (South)")):
        question = scenario_question("legal", record)
        text = check_sheet([question]).blocks[0]["text"]
        assert whose in text, text
        assert question.prompt in text


@pytest.mark.parametrize("lesson", load_all(), ids=lambda lesson: lesson.id)
def test_a_lesson_quiz_sheet_holds_every_question_and_its_answer(lesson):
    check_sheet(lesson_questions(lesson.id, 42))


def test_a_practise_sheet_holds_every_question_and_its_answer():
    questions = practise_questions(
        ["play", "tricks", "points", "bidding", "alone", "trumps"], "pagat", 7, 24
    )
    assert {q.kind for q in questions} >= {Kind.MULTI, Kind.SINGLE, Kind.POINTS}
    check_sheet(questions)


def test_built_scenarios_make_a_sheet_and_bad_lines_are_named():
    code = encode_hand(TO_SOUTH)
    text = (
        f"http://host/question?hand={code}&ask=legal\n\nnot a link\n"
        f"hand={code}&ask=points\nhttp://host/question?hand=v1.AAAA&ask=legal"
    )
    questions, problems = scenario_questions_from(text)
    assert len(questions) == 1 and questions[0].answer == ("QC",)
    assert problems[0].startswith("Line 3: not a question link")
    assert problems[1].startswith("Line 4:") and "needs a hand played to its end" in problems[1]
    assert problems[2].startswith("Line 5:") and "damaged" in problems[2]
    sheet = check_sheet(questions)
    assert "South must follow clubs" in sheet.key[0]


@pytest.mark.parametrize("no_first_blood", [False, True])
def test_a_sheet_of_question_links_says_the_house_rule_that_decides_the_answer(no_first_blood):
    """North leads the first trick holding trumps: no first blood decides which cards
    may lead, so the link's question (and the sheet made from it) says the rule."""
    rules = TO_SOUTH.rules.with_settings(no_first_blood=no_first_blood)
    leading = HandRecord(rules, TO_SOUTH.deal, TO_SOUTH.actions[:-2])
    questions, problems = scenario_questions_from(
        f"http://host/question?hand={encode_hand(leading)}&ask=legal"
    )
    assert not problems
    said = "no first blood is on" if no_first_blood else "no first blood is off"
    assert said in questions[0].prompt
    assert said in check_sheet(questions).blocks[0]["text"]


def test_everything_from_a_user_is_escaped():
    title = '<script>alert("x")</script> & <b>'
    page = quiz_sheet_html(lesson_questions(load_all()[0].id, 3), title)
    assert "<script>" not in page and "<b>" not in page
    assert escape(title) in page


@pytest.mark.app
def test_the_print_page_offers_the_sheet_for_a_lesson_quiz():
    at = open_page("features/quiz_sheet/page.py")
    lesson = load_all()[1]
    at.selectbox(key="sheet-lesson").set_value(lesson.id)
    at.number_input(key="sheet-seed").set_value(99).run()
    assert not at.exception
    questions = lesson_questions(lesson.id, 99)
    page = at.session_state["sheet-html"]
    assert page == quiz_sheet_html(
        questions, "Euchre quiz", f"Lesson {lesson.number}. {lesson.title}, quiz number 99"
    )
    (download,) = at.get("download_button")
    assert f"{len(questions)} questions" in download.proto.label
    assert "no tool installed with it" in " ".join(c.value for c in at.caption)


@pytest.mark.app
def test_the_print_page_makes_a_sheet_of_built_scenarios_and_names_bad_lines():
    at = open_page("features/quiz_sheet/page.py")
    at.segmented_control(key="sheet-source").set_value("scenarios").run()
    code = encode_hand(TO_SOUTH)
    at.text_area(key="sheet-links").set_value(f"hand={code}&ask=legal\n<b>junk</b>").run()
    assert not at.exception
    assert "Line 2" in at.warning[0].value and "<b>" not in at.warning[0].value
    assert len(Sheet(at.session_state["sheet-html"]).blocks) == 1
    at.text_input(key="sheet-title").set_value("<i>Class 5</i>").run()
    assert "<i>" not in at.session_state["sheet-html"]


class Copies(HTMLParser):
    """A copies sheet's structure: each copy's text and each copy's key's text, in the
    order of the file."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.order: list[str] = []  # "copy" or "key", as each section starts
        self.copies: list[str] = []
        self.keys: list[str] = []
        self._into: list[str] | None = None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        kind = dict(attrs).get("class")
        if tag == "section" and kind in ("copy", "copy-key"):
            self._into = self.copies if kind == "copy" else self.keys
            self._into.append("")
            self.order.append(kind)

    def handle_data(self, data):
        if self._into is not None:
            self._into[-1] += data


def test_one_copy_per_learner_with_a_seed_each_and_every_key_at_the_end():
    bowers = SeededSet(lesson_id="bowers")
    plan = [("Ann", 42), (None, 43), ("José <b>", 44)]
    page = copies_html(bowers, plan, "Class 5")
    sheet = Copies(page)
    assert sheet.order == ["copy"] * 3 + ["copy-key"] * 3  # the keys after every copy
    assert "Name: Ann" in sheet.copies[0] and "Name: José <b>" in sheet.copies[2]
    assert "Copy 2. Name:" in sheet.copies[1]
    assert "José <b>" not in page and escape("José <b>") in page  # escaped
    prompts = []
    for (name, seed), copy, key in zip(plan, sheet.copies, sheet.keys, strict=True):
        questions = bowers.questions(seed)
        assert f"quiz number {seed}" in copy and f"quiz number {seed}" in key
        assert key.strip().startswith(f"{name or 'Copy 2'}: Lesson 2.")
        for number, question in enumerate(questions, 1):
            assert f"{number}. {question.prompt}" in copy
            assert question.explanation in key
        prompts.append([q.prompt for q in questions])
    assert prompts[0] != prompts[1] != prompts[2]  # other seeds, other questions


def test_copies_are_bounded_where_typed_and_where_the_sheet_is_made():
    with pytest.raises(BoundError, match="at most 40 copies"):
        learner_names("\n".join(f"Learner {n}" for n in range(41)))
    with pytest.raises(BoundError, match="^Line 2: A name has at most 30 letters"):
        learner_names("Ann\n" + "x" * 31)
    with pytest.raises(BoundError, match="1 to 40 copies, not 0"):
        copy_count(0)
    bowers = SeededSet(lesson_id="bowers")
    with pytest.raises(BoundError, match="not 41"):
        copies_sheet_html([Copy(None, "", bowers.questions(1)[:1])] * 41, "Quiz")
    with pytest.raises(BoundError, match="at most 30 letters"):
        copies_sheet_html([Copy("x" * 31, "", bowers.questions(1)[:1])], "Quiz")


@pytest.mark.app
def test_the_print_page_makes_a_copy_per_learner_named_or_numbered():
    at = open_page("features/quiz_sheet/page.py")
    at.segmented_control(key="sheet-copies").set_value("copies").run()
    assert at.session_state["sheet-copies-plan"] == [(None, seed) for seed in range(42, 72)]
    at.text_area(key="sheet-names").set_value("Ann\n\n  Bilal ").run()
    assert not at.exception
    assert at.session_state["sheet-copies-plan"] == [("Ann", 42), ("Bilal", 43)]
    labels = [button.proto.label for button in at.get("download_button")]
    assert labels == ["Download 2 copies and their answer keys (HTML)"]
    at.text_area(key="sheet-names").set_value("\n".join(["Ann"] * 41)).run()
    assert "at most 40 copies" in at.error[0].value
    assert not at.get("download_button")
