"""Every word of the glossary is taught before it is used.

The course is walked as a learner meets it: lesson by lesson, each lesson's steps in
order (opening words, text, caption, a try step's question), then its guided hand and
its quiz (the curated items and the generated questions of several seeds). A term is
taught on the step its glossary entry names ("learn it"); using the term, or any other
word that finds it, on an earlier step fails, naming the step and the sentence.

A few glossary words are also everyday words ("the next trick", "the deal"): for those,
only the players' sense is looked for (``PLAYERS_SENSE``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons.glossary import Term, find_term, glossary
from lessons.guided import hand_for_lesson
from lessons.loader import Lesson, load_all
from lessons.quiz import Question
from lessons.quizzes import build_quiz

LESSONS = load_all()
TERMS = glossary()
QUIZ_SEEDS = range(12)

# Everyday words of the glossary, searched only in the players' sense.
PLAYERS_SENSE = {
    "next": r"\b(call(s|ed|ing)? next|next is|is next|are next|\*\*next\*\*)\b",
    "deal": r"\bthe deal\b(?! (moves|passes))",
    "point": r"\bpoints?\b",
    "lead": r"\b(leads?|led)\b",
    "pass": r"\b(pass(es|ed)?)\b(?! (left|the|to))",
    "euchre": r"\beuchre (them|the makers|you|us)\b",
    "no trump": r'\bcall(s|ed|ing)? "?no trump|\bno[ -]trump"? (house )?rule|\bno trump is '
    r"allowed|\bwith no trump\b",
}


def _question_texts(question: Question) -> list[str]:
    return [question.prompt, *(o.label for o in question.options), question.explanation]


def course() -> Iterator[tuple[tuple[int, int], str, str]]:
    """(place, where, text) for everything the course shows, in the order a learner
    meets it: place is (lesson number, step number), the guided hand and quiz after
    the last step."""
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, 1):
            where = f"lesson {lesson.number} step {number} ({step.id})"
            texts = [lesson.intro] if number == 1 else []
            texts += [step.text, step.caption]
            if step.question is not None:
                texts += _question_texts(step.question)
            for text in texts:
                yield (lesson.number, number), where, text
        after = len(lesson.steps) + 1
        hand = hand_for_lesson(lesson.id)
        if hand is not None:
            where = f"lesson {lesson.number}'s guided hand ({hand.id})"
            for text in (hand.title, hand.idea, hand.intro):
                yield (lesson.number, after), where, text
            for decision in hand.decisions:
                texts = [decision.coach, decision.why, decision.otherwise]
                texts += [says for _, says in decision.wrong]
                for text in texts:
                    yield (lesson.number, after), where, text
        for text in _quiz_texts(lesson):
            yield (lesson.number, after + 1), f"lesson {lesson.number}'s quiz", text


def _quiz_texts(lesson: Lesson) -> set[str]:
    texts = set()
    for item in lesson.items:
        texts.update(_question_texts(item.question))
    for seed in QUIZ_SEEDS:
        for question in build_quiz(lesson, seed):
            texts.update(_question_texts(question))
    return texts


def _pattern(term: Term) -> re.Pattern[str]:
    words = [PLAYERS_SENSE.get(word, rf"\b{re.escape(word)}\b") for word in term.words]
    return re.compile("|".join(f"(?:{word})" for word in words), re.IGNORECASE)


def _longer(term: Term) -> re.Pattern[str] | None:
    """Other terms' words that hold one of ``term``'s words ("right bower" holds "bower"):
    a use of those is not a use of ``term``."""
    longer = [
        word
        for other in TERMS
        if other is not term
        for word in other.words
        if any(re.search(rf"\b{re.escape(mine)}\b", word) for mine in term.words)
    ]
    if not longer:
        return None
    return re.compile("|".join(rf"\b{re.escape(w)}\b" for w in longer), re.IGNORECASE)


def _taught_at(term: Term) -> tuple[int, int]:
    """Where the term is taught: its glossary step, or an earlier step that sets it in
    bold, as the lessons set a word where they say what it means."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == term.lesson_id)
    bold = re.compile(
        "|".join(rf"\*\*[^*]*\b{re.escape(word)}\b[^*]*\*\*" for word in term.words),
        re.IGNORECASE,
    )
    return min(
        [(lesson.number, term.step_number)]
        + [(one.number, n) for one in LESSONS for n, step in enumerate(one.steps, 1)
           if bold.search(f"{one.intro if n == 1 else ''} {step.text} {step.caption}")]
    )  # fmt: skip


def early_uses(term: Term) -> list[str]:
    """Where ``term`` is used before the step that teaches it."""
    taught, pattern, longer = _taught_at(term), _pattern(term), _longer(term)
    early = []
    for place, where, text in course():
        plain = text.replace("*", "")
        if longer is not None:
            plain = longer.sub("…", plain)
        if place < taught and pattern.search(plain):
            early.append(f"{where}: {' '.join(text.split())[:160]!r}")
    return early


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.name)
def test_no_term_is_used_before_the_step_that_teaches_it(term):
    early = early_uses(term)
    assert not early, (
        f"{term.name!r} is taught in lesson {_taught_at(term)[0]} step "
        f"{_taught_at(term)[1]}, but used before:\n" + "\n".join(early[:8])
    )


def test_each_rule_set_is_explained_by_more_than_its_own_name():
    """Lesson 7 names the three rule sets the app knows: the words beside each name say
    what it is, not the name again ("Pagat (the Pagat rules)" says nothing)."""
    step = next(s for s in LESSONS[6].steps if s.id == "presets")
    text = " ".join(step.text.split())
    for name in ("Board Game Arena", "Pagat", "CardSuite"):
        found = re.search(rf"\*\*{name}\*\* \(([^)]*)\)", text)
        assert found, name
        assert name.lower() not in found.group(1).lower() and len(found.group(1).split()) >= 2


# Players' words the app uses (TEACHING.md's words to define, and the issue's list):
# each is a glossary term, or another word that finds one.
PLAYERS_WORDS = (
    "trump", "upcard", "order up", "pick it up", "pass", "turn it down", "call", "makers",
    "defenders", "right bower", "left bower", "bauer", "follow suit", "lead", "trick",
    "euchred", "march", "going alone", "loner", "sitting out", "stick the dealer", "stuck",
    "thrown in", "next", "no trump", "lone defender", "loner starts last", "kitty",
    "renege", "point", "dealer", "trumping in",
)  # fmt: skip


def _app_text() -> str:
    """Everything the lessons, guided hands and pages say, lower case, in one text."""
    root = Path(__file__).resolve().parents[2]
    files = [
        *(root / "lessons" / "content").rglob("*.md"),
        *(root / "lessons" / "content").rglob("*.toml"),
    ]
    files += [*(root / "tutorial_app").rglob("*.py"), *(root / "lessons").glob("*.py")]
    return " ".join(path.read_text(encoding="utf-8") for path in files).lower().replace("*", "")


@pytest.mark.parametrize("word", PLAYERS_WORDS)
def test_the_glossary_holds_every_players_word_the_app_uses(word):
    assert re.search(rf"\b{re.escape(word)}\b", APP_TEXT), f"{word!r}: no longer used?"
    assert find_term(word) is not None, f"the glossary has no {word!r}"


APP_TEXT = _app_text()
