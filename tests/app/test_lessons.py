"""AppTest: every lesson can be stepped through and its quiz finished answering
right; a wrong answer shows the right answer and the engine's reason; a seed in
the link reproduces the quiz, and a bad one falls back with a note."""

from __future__ import annotations

import pytest
from app_driver import answer, feedback_shown, open_page, table_shown
from streamlit.testing.v1 import AppTest

from lessons.loader import load_all
from lessons.quiz import Kind
from lessons.quizzes import build_quiz
from tutorial_app.features.learn.keys import POSITION
from tutorial_app.features.learn.step_through import (
    BACK,
    END,
    JUMP,
    NEXT,
    PLAY,
    button_id,
    step_move,
)
from tutorial_app.features.learn.walk import chapters, message, walk_of
from tutorial_app.learner import progress_cache
from tutorial_app.navigation import lesson_page_path
from tutorial_app.quiz.scene import options_are_cards
from tutorial_app.quiz.view import quiz_key, try_key

LESSONS = load_all()
SEED = "4242"


def open_lesson(lesson_id: str, **query: str) -> AppTest:
    return open_page(lesson_page_path(lesson_id), **query)


def quiz_state(at: AppTest, lesson_id: str, seed: str = SEED):
    """The quiz on screen (rebuilt from its seed, as the page builds it) and its state."""
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    return build_quiz(lesson, int(seed)), at.session_state[key_of(lesson_id, seed)]


def key_of(lesson_id: str, seed: str = SEED) -> str:
    return quiz_key(f"{lesson_id}:{seed}")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_step_of_every_lesson_renders(lesson):
    at = open_lesson(lesson.id)
    for number in range(1, len(lesson.steps) + 1):
        assert not at.exception, f"step {number}"
        assert f"Step {number} of {len(lesson.steps)}" in at.get("progress")[0].proto.text
        if number < len(lesson.steps):
            at.button(key="step-next").click().run()
    at.button(key="step-quiz").click().run()
    assert not at.exception
    assert at.query_params.get("part") == ["quiz"] or at.query_params.get("part") == "quiz"


def test_the_upcard_step_shows_the_kitty_face_down_under_it():
    """The words name the upcard and the three cards under it: the cards show both."""
    lesson = next(item for item in LESSONS if item.id == "cards-and-deal")
    number = next(i for i, step in enumerate(lesson.steps, 1) if step.id == "upcard")
    at = open_lesson(lesson.id)
    for _ in range(number - 1):
        at.button(key="step-next").click().run()
    model = table_shown(at)
    assert [card["code"] for card in model["hand"]] == ["TH"]
    assert model["hand_backs"] == 3
    assert "three under it stay face" in lesson.steps[number - 1].text


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_quiz_can_be_finished_answering_right(lesson):
    at = open_lesson(lesson.id, part="quiz", seed=SEED)
    questions, state = quiz_state(at, lesson.id)
    # The mastery rule is said from the first question on, with the run so far.
    assert "0 of 8 in a row to master the lesson" in at.get("progress")[0].proto.text
    for number in range(len(questions)):
        question = questions[state.showing]
        if number == 8:
            assert (
                "8 in a row ✓: the lesson is mastered when you finish"
                in at.get("progress")[0].proto.text
            )
        answer(at, question, question.answer, key_of(lesson.id))
        assert not at.exception
        right, words = feedback_shown(at)
        assert right and "Right!" in words and question.explanation in words
        at.button(key="next").click().run()
        questions, state = quiz_state(at, lesson.id)
    assert state.run.finished
    assert any("★★★" in md.value for md in at.markdown)
    assert any("mastered" in s.value for s in at.success)
    # The quiz number is for a teacher: folded away, not said to every learner.
    assert not [c.value for c in at.main.caption if "Quiz number" in c.value]
    (folded,) = [e for e in at.expander if e.label.startswith("For teachers")]
    assert any(f"quiz number {SEED}" in c.value for c in folded.caption)


def test_wrong_answer_shows_the_answer_and_the_reason_and_comes_back():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "bowers")
    at = open_lesson(lesson.id, part="quiz", seed=SEED)
    questions, state = quiz_state(at, lesson.id)
    first = state.showing
    question = questions[first]
    if question.kind is Kind.POINTS:
        wrong = (question.answer[0], str(int(question.answer[1]) + 1))
    elif question.kind is Kind.ORDER:
        wrong = question.answer[::-1]
    elif question.kind is Kind.MULTI:
        wrong = tuple({o.key for o in question.options} ^ set(question.answer))[:1] or ("x",)
    else:
        wrong = (next(o.key for o in question.options if o.key not in question.answer),)
    answer(at, question, wrong, key_of(lesson.id))
    right, words = feedback_shown(at)
    assert not right and "Not quite" in words and question.explanation in words
    assert question.answer_text in words  # the right answer, in words
    at.button(key="next").click().run()
    _, state = quiz_state(at, lesson.id)
    assert state.run.queue.index(first) == 2  # back after two others
    assert "0 of 8 in a row" in at.get("progress")[0].proto.text  # the miss broke the run
    assert state.run.misses == 1


def test_a_wrong_points_answer_is_said_beside_the_right_one():
    """A points answer is typed into widgets that the verdict replaces: the verdict says
    what was answered, as a table's "(your pick)" does for a card."""
    at = open_lesson("scoring", part="quiz", seed="1")
    questions, state = quiz_state(at, "scoring", "1")
    question = questions[state.showing]
    assert question.kind is Kind.POINTS
    wrong = (question.answer[0], str(int(question.answer[1]) + 2))
    answer(at, question, wrong, key_of("scoring", "1"))
    right, words = feedback_shown(at)
    assert not right and f"You answered {question.words(wrong)}." in words
    assert question.words(wrong) == "3 points to North-South" != question.answer_text


def wrong_response(question) -> tuple[str, ...]:
    if question.kind is Kind.POINTS:
        return (question.answer[0], str(int(question.answer[1]) + 1))
    if question.kind is Kind.ORDER:
        return question.answer[::-1]
    if question.kind is Kind.MULTI:  # one option's pick flipped
        return tuple(set(question.answer) ^ {question.options[0].key})
    return (next(o.key for o in question.options if o.key not in question.answer),)


def has_button(at: AppTest, key: str) -> bool:
    return any(button.key == key for button in at.button)


@pytest.mark.parametrize("lesson_id", ["making-trump", "following-suit"])
def test_a_missed_question_offers_its_step_and_the_way_back_to_the_quiz(lesson_id):
    """A learner who misses can see the step that teaches it again; the quiz waits on
    the same answered question, and "Back to the quiz" returns to it."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == lesson_id)
    at = open_lesson(lesson.id, part="quiz", seed=SEED)
    questions, state = quiz_state(at, lesson.id)
    answer(at, questions[state.showing], questions[state.showing].answer, key_of(lesson.id))
    assert has_button(at, "next") and not has_button(at, "review-step")  # right: no review
    at.button(key="next").click().run()
    _, state = quiz_state(at, lesson.id)
    question = questions[state.showing]
    answer(at, question, wrong_response(question), key_of(lesson.id))
    number = lesson.step_teaching(question)
    assert number is not None
    assert at.button(key="review-step").label == f"See step {number} again"
    at.button(key="review-step").click().run()
    assert not at.exception
    assert at.query_params.get("step") == str(number)
    assert any(m.value == lesson.steps[number - 1].text for m in at.markdown)
    assert at.button(key="step-back-to-quiz").label == "Back to the quiz ▶"
    at.button(key="step-back-to-quiz").click().run()
    _, back = quiz_state(at, lesson.id)
    assert back.showing == state.showing and back.answered  # the same question, answered
    assert back.feedback is not None and not back.feedback.correct
    assert has_button(at, "next") and not has_button(at, "step-back-to-quiz")


def test_every_question_of_the_rules_lessons_has_a_step_that_teaches_it():
    """Lessons 1 to 6: each kind of quiz question, generated or curated, names its step.
    Lesson 7's generated questions mix several house rules, so only its curated items
    (each about one rule) do."""
    for lesson in LESSONS:
        for seed in range(1, 25):
            for question in build_quiz(lesson, seed):
                curated = question.source.startswith(f"{lesson.id}/")
                if lesson.number < 7 or curated:
                    assert lesson.step_teaching(question), (lesson.id, question.source)


def test_same_seed_same_questions_in_two_sessions():
    one = open_lesson("following-suit", part="quiz", seed="777")
    two = open_lesson("following-suit", part="quiz", seed="777")
    first = [q.fingerprint() for q in quiz_state(one, "following-suit", "777")[0]]
    second = [q.fingerprint() for q in quiz_state(two, "following-suit", "777")[0]]
    assert first == second


@pytest.mark.parametrize("bad", ["banana", "-3", "1e9", "9" * 30, "<script>"])
def test_bad_seed_falls_back_to_a_fresh_quiz_with_a_note(bad):
    at = open_lesson("bowers", part="quiz", seed=bad)
    assert any("fresh quiz" in info.value for info in at.info)
    seed = at.query_params["seed"]
    seed = seed[0] if isinstance(seed, list) else seed
    assert seed.isdigit()


def test_bad_step_in_link_shows_step_one_with_a_note():
    at = open_lesson("bowers", step="99")
    assert any("no step" in info.value for info in at.info)
    assert "Step 1 of" in at.get("progress")[0].proto.text


def test_step_in_link_opens_that_step():
    at = open_lesson("bowers", step="3")
    assert "Step 3 of" in at.get("progress")[0].proto.text


def test_finished_quiz_adds_stars_to_the_navigation():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "scoring")
    at = open_lesson(lesson.id, part="quiz", seed=SEED)
    questions, state = quiz_state(at, lesson.id)
    while not state.run.finished:
        question = questions[state.showing]
        answer(at, question, question.answer, key_of(lesson.id))
        at.button(key="next").click().run()
        questions, state = quiz_state(at, lesson.id)
    at.run()
    assert at.session_state[progress_cache.LESSONS.key][1]["scoring"].stars == 3  # from the rows
    assert "★★★" in at.title[0].value


@pytest.mark.parametrize(
    "lesson",
    [lesson for lesson in LESSONS if any(step.show == "try" for step in lesson.steps)],
    ids=lambda lesson: lesson.id,
)
def test_try_steps_judge_an_answer_and_allow_another_go(lesson):
    number, step = next((i, step) for i, step in enumerate(lesson.steps, 1) if step.show == "try")
    at = open_lesson(lesson.id, step=str(number))
    question = step.question
    key = try_key(f"{lesson.id}-{step.id}")
    answer(at, question, question.answer, key)
    right, words = feedback_shown(at)
    assert right and "Right!" in words and question.explanation in words
    at.button(key="try-again").click().run()
    assert not at.session_state[key].answered  # a fresh try
    assert table_shown(at)["message"]["tone"] == "info"
    wrong = tuple({o.key for o in question.options} ^ set(question.answer))[:1]
    answer(at, question, wrong, key)
    right, words = feedback_shown(at)
    assert not right and "Not quite" in words and question.explanation in words
    if options_are_cards(question):  # the verdict is on the cards too
        marks = {c["code"]: c["mark"] for c in table_shown(at)["hand"] if c["mark"]}
        assert {code for code, mark in marks.items() if mark["text"].startswith("✓")} == set(
            question.answer
        )


def press(at: AppTest, step, move: str, target: int | None = None) -> dict:
    """Press a button of a step-through table, as the component would (only if offered)."""
    lesson = next(lesson for lesson in LESSONS if step in lesson.steps)
    key = f"{lesson.id}-{step.id}"
    ident = button_id(move, at.session_state[POSITION(key)], target)
    button = next(a for a in table_shown(at)["actions"] if a["id"] == ident)
    assert not button.get("disabled"), f"{ident} is disabled"
    step_move(at.session_state, key, walk_of(step), ident)
    at.run()
    assert not at.exception
    return table_shown(at)


@pytest.mark.parametrize(
    "lesson_id, show", [("going-alone", "hand"), ("bowers", "trick"), ("making-trump", "bidding")]
)
def test_stepping_through_explains_each_move_and_keeps_the_finished_trick(lesson_id, show):
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    number, step = next(
        (i, s) for i, s in enumerate(lesson.steps, 1) if s.show == show and s.opens_at != "end"
    )
    at = open_lesson(lesson.id, step=str(number))
    walk = walk_of(step)
    model = table_shown(at)
    start = walk.start  # where the step opens: 0, or the part its words are about
    assert {a["id"]: a.get("disabled", False) for a in model["actions"][:4]} == {
        button_id(BACK, start): start == 0,
        button_id(PLAY, start): False,
        button_id(NEXT, start): False,
        button_id(END, start): False,
    }
    for position in range(start + 1, walk.count + 1):
        model = press(at, step, NEXT)
        seat, _ = walk.actions[position - 1]
        assert model["message"]["title"].startswith(seat.word)
        assert (model["message"]["title"], model["message"]["text"]) == message(walk, position)
    assert {a["id"]: a.get("disabled", False) for a in model["actions"][:4]} == {
        button_id(BACK, walk.count): False,
        button_id(PLAY, walk.count): False,  # ↻ Play again
        button_id(NEXT, walk.count): True,
        button_id(END, walk.count): True,
    }
    key = f"{lesson.id}-{step.id}"
    stale = button_id(NEXT, walk.count - 1)
    assert step_move(at.session_state, key, walk, stale) == walk.count  # a click drawn before
    if show != "bidding":  # the last card played: its trick stays, its winner marked
        final = step.record.replay()
        last = final.tricks[-1]
        assert [p["seat"] for p in model["trick"]] == [s.value for s, _ in last.cards]
        assert [p["seat"] for p in model["trick"] if p["won"]] == [last.winner.value]
        assert last.winner.word in model["message"]["text"]
    model = press(at, step, BACK)
    assert model["message"]["title"] == message(walk, walk.count - 1)[0]


def test_a_hand_walk_jumps_to_each_trick_with_its_winner_named():
    lesson = next(item for item in LESSONS if item.id == "going-alone")
    number, step = next((i, s) for i, s in enumerate(lesson.steps, 1) if s.id == "lone-hand")
    at = open_lesson(lesson.id, step=str(number))
    walk = walk_of(step)
    final = step.record.replay()
    tricks = [(label, at_) for label, at_ in chapters(walk) if label.startswith("Trick")]
    assert len(tricks) == 5
    for (label, position), trick in zip(tricks, final.tricks, strict=True):
        model = press(at, step, JUMP, position)
        assert f"{trick.winner.word} wins the trick" in model["message"]["text"]
        assert [p["seat"] for p in model["trick"] if p["won"]] == [trick.winner.value]
        assert next(a for a in model["actions"] if a["label"] == label)["pressed"]


def test_a_step_through_opens_where_its_words_are():
    """Lesson 6's euchre step says "look at the last trick": it opens on the finished
    table, the last trick in the middle with its winner marked and named, no click."""
    lesson = next(item for item in LESSONS if item.id == "scoring")
    number, step = next((i, s) for i, s in enumerate(lesson.steps, 1) if s.id == "euchre")
    assert "last trick" in step.text
    at = open_lesson(lesson.id, step=str(number))
    model = table_shown(at)
    last = step.record.replay().tricks[-1]
    assert sum(model["tricks_won"].values()) == 5
    assert [p["seat"] for p in model["trick"]] == [s.value for s, _ in last.cards]
    assert [p["seat"] for p in model["trick"] if p["won"]] == [last.winner.value]
    assert f"{last.winner.word} wins the trick" in model["message"]["text"]
    assert "euchred" in model["message"]["text"]


def test_the_game_step_adds_the_hand_to_the_teams_points():
    """Lesson 6's game step: your team has 8 in a game to 10; the slider's hand takes it
    to 10 (a march: the game is won) or 9 (it goes on), or the points go to the others."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == "scoring")
    number = next(n for n, step in enumerate(lesson.steps, 1) if step.game_points is not None)
    at = open_lesson("scoring", step=str(number))
    (slider,) = at.slider
    said = {}
    for tricks in (5, 3, 2):
        slider.set_value(tricks).run()
        (said[tricks],) = [s.value for s in at.success]
    assert "Your team goes from 8 to 10, and 10 wins: **you win the game!**" in said[5]
    assert "Your team goes from 8 to 9 of 10: the game goes on." in said[3]
    assert "Your team stays at 8 of 10: the game goes on." in said[2]
    assert not at.table  # its words are the table


def test_the_scoring_table_grows_with_the_lesson_and_going_alone_shows_with_its_rows():
    """Lesson 6 teaches one kind of result a step: its first step's table has the partnered
    results (made, march, euchre) and no switch for going alone; the lone step adds the
    loner's rows and its switch, which changes the points the engine gives."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == "scoring")
    numbers = {step.id: n for n, step in enumerate(lesson.steps, 1)}
    first = open_lesson("scoring", step=str(numbers["made"]))
    assert list(first.table[0].value["What happens"]) == [
        "Makers win 3 or 4 tricks",
        "Makers win all 5 tricks (a march)",
        "Makers win fewer than 3 (euchred)",
    ]
    assert not first.toggle
    lone = open_lesson("scoring", step=str(numbers["lone"]))
    rows = list(lone.table[0].value["What happens"])
    assert len(rows) == 5 and "Lone maker wins all 5 tricks" in rows
    (switch,) = lone.toggle
    lone.slider[0].set_value(5).run()
    assert lone.success[0].value.startswith("**2 points to North-South.**")
    switch.set_value(True).run()
    assert lone.success[0].value.startswith("**4 points to North-South.**")


def test_the_seats_keep_their_places_and_each_step_shows_its_own_idea():
    """Lesson 1's seats: one grid (it keeps its compass shape on a phone, where columns
    would stack), partners in one colour; the partners step names the teams, the
    clockwise step shows the arrow instead."""
    from test_live_class_screen import html_shown

    steps = [step.id for step in next(x for x in LESSONS if x.id == "cards-and-deal").steps]
    partners = open_lesson("cards-and-deal", step=str(steps.index("partners") + 1))
    grid = html_shown(partners)
    for seat, team, who in (("N", "ns", "South's partner"), ("E", "ew", "West's partner")):
        assert f'class="sg-seat {seat} {team}"' in grid and who in grid
    assert "↻" not in grid
    assert "Teams: **North-South** against **East-West**." in [m.value for m in partners.markdown]
    clockwise = open_lesson("cards-and-deal", step=str(steps.index("clockwise") + 1))
    assert "↻" in html_shown(clockwise)
    assert not [m for m in clockwise.markdown if m.value.startswith("Teams:")]
