"""The report a teacher reads after a class: a grid of learners x questions with each
answer and whether it was right, the questions most missed first (each with its answer
and the engine's reason, as the reveal gives them), as a table, a CSV and a printable
page. No Streamlit here: the teacher's page and the tests call these.

Every name and answer comes from the class (typed by learners): the CSV makes each
cell spreadsheet-safe, the printable page escapes each one.

>>> from lessons.question_source import topic_source
>>> from tutorial_app.store import AskedQuestion, ClassGrid
>>> source = topic_source("tricks", 7, 0)
>>> right = question_for(source).answer
>>> grid = ClassGrid([AskedQuestion(1, source, True)], ["Ann", "Ben"],
...                  {("Ann", 1): (right, True)})
>>> grid_frame(grid).loc["Ben"].tolist()
['—', '0 of 1']
>>> [(missed.position, missed.missed) for missed in most_missed(grid)]
[(1, 0)]
>>> missed_words(most_missed(grid)[0], learners=2)
'0 of 2 wrong, 1 did not answer'

A learner who did not answer did not get it wrong: "missed" counts wrong answers only,
so a question nobody reached (its timer ran out) is not the one to teach again.

A question not revealed yet is still being answered: only its wrong answers count as
missed so far, and no score counts it (a learner's own summary counts revealed
questions only, too).

>>> grid = ClassGrid([AskedQuestion(1, source, True), AskedQuestion(2, source, False)],
...                  ["Ann", "Ben"], {("Ann", 1): (right, True), ("Ann", 2): (right, True)})
>>> grid_frame(grid).loc["Ann"].tolist(), grid_frame(grid).loc["Ben"].tolist()
([..., '1 of 1'], ['—', '—', '0 of 1'])
>>> [(missed.position, missed.missed, missed.answered) for missed in most_missed(grid)]
[(1, 0, 1), (2, 0, 1)]
>>> missed_words(most_missed(grid)[1], learners=2)
'not revealed yet: 1 of 2 have answered, 0 wrong so far'
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lessons.question_source import question_for
from tutorial_app.card_table.move_words import choice_label
from tutorial_app.features.live_class.live_question import short_answer_words
from tutorial_app.limits.numbers import spreadsheet_safe
from tutorial_app.mistakes.words import chosen_action
from tutorial_app.store import ClassGrid, KeptMistake

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Missed",
    "cell_text",
    "grid_frame",
    "missed_words",
    "most_missed",
    "grid_csv",
    "printable_report",
]

NO_ANSWER = "—"


@dataclass(frozen=True, slots=True)
class Missed:
    """One question of the report, with how many learners missed it and why the answer
    is what it is."""

    position: int
    prompt: str
    answer: str
    reason: str
    right: int
    missed: int  # wrong answers (so far, while not revealed)
    revealed: bool
    answered: int


def column(position: int) -> str:
    return f"Q{position}"


def cell_text(grid: ClassGrid, learner: str, position: int) -> str:
    """ "✓ North", "✗ A♥, 10♥" or "—": the answer (cards short), right or wrong."""
    cell = grid.cells.get((learner, position))
    if cell is None:
        return NO_ANSWER
    asked = next(question for question in grid.questions if question.position == position)
    words = short_answer_words(question_for(asked.source), cell[0])
    return f"{'✓' if cell[1] else '✗'} {words}"


def _score(grid: ClassGrid, learner: str) -> str:
    """Right answers of the questions revealed: one still open is not scored yet."""
    revealed = [asked.position for asked in grid.questions if asked.revealed]
    right = sum(
        1
        for position in revealed
        if (cell := grid.cells.get((learner, position))) is not None and cell[1]
    )
    return f"{right} of {len(revealed)}"


def grid_frame(grid: ClassGrid) -> pd.DataFrame:
    """One row per learner (in the order they joined), one column per question, and
    each learner's score."""
    import pandas as pd

    rows = {
        learner: [cell_text(grid, learner, asked.position) for asked in grid.questions]
        + [_score(grid, learner)]
        for learner in grid.learners
    }
    columns = [column(asked.position) for asked in grid.questions] + ["right"]
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=columns)
    frame.index.name = "learner"
    return frame


def most_missed(grid: ClassGrid) -> list[Missed]:
    """Every question asked: the revealed ones, the most missed first (then in the order
    asked); then any not revealed yet, in the order asked."""
    found = []
    for asked in grid.questions:
        question = question_for(asked.source)
        given = [
            cell
            for learner in grid.learners
            if (cell := grid.cells.get((learner, asked.position))) is not None
        ]
        right = sum(1 for _, correct in given if correct)
        found.append(
            Missed(
                asked.position,
                question.prompt,
                question.answer_text,
                question.explanation,
                right,
                len(given) - right,
                asked.revealed,
                len(given),
            )
        )
    return sorted(
        found, key=lambda item: (not item.revealed, -item.missed, item.answered, item.position)
    )


def missed_words(item: Missed, learners: int) -> str:
    """ "2 of 5 wrong" (", 1 did not answer"), or for a question still open how
    it stands so far."""
    if item.revealed:
        silent = learners - item.answered
        return f"{item.missed} of {learners} wrong" + (
            f", {silent} did not answer" if silent else ""
        )
    return (
        f"not revealed yet: {item.answered} of {learners} have answered, {item.missed} wrong so far"
    )


def _sentence(words: str) -> str:
    """``words`` opening a sentence: the first letter up, the rest as it is (str.capitalize
    would lower the rest)."""
    return words[:1].upper() + words[1:]


def grid_csv(grid: ClassGrid) -> str:
    """The grid as CSV: a header line, then one line per learner; every cell safe to
    open in a spreadsheet."""
    frame = grid_frame(grid).reset_index()
    text: str = frame.map(spreadsheet_safe).to_csv(index=False)
    return text


_PAGE_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5cm; color: #111; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 1.5rem; }
table { border-collapse: collapse; font-size: 0.85rem; }
th, td { border: 1px solid #999; padding: 0.2rem 0.4rem; text-align: left; }
td.right { color: #0b6b2f; } td.wrong { color: #b3261e; }
li { margin-bottom: 0.5rem; }
@media print { body { margin: 0; } h2 { break-after: avoid; } }
"""


def printable_report(code: str, grid: ClassGrid) -> str:
    """A page to print: the grid, then the questions most missed first with the answer
    and the reason; every value from the class escaped."""
    head = "".join(f"<th>{column(asked.position)}</th>" for asked in grid.questions)
    body = []
    for learner in grid.learners:
        cells = []
        for asked in grid.questions:
            text = cell_text(grid, learner, asked.position)
            tone = "right" if text.startswith("✓") else "wrong" if text.startswith("✗") else ""
            cells.append(f'<td class="{tone}">{html.escape(text)}</td>')
        body.append(
            f"<tr><th>{html.escape(learner)}</th>{''.join(cells)}"
            f"<td>{html.escape(_score(grid, learner))}</td></tr>"
        )
    missed = "".join(
        f"<li><b>Question {item.position}</b>: {html.escape(item.prompt)}<br>"
        f"{_sentence(missed_words(item, len(grid.learners)))}."
        + (
            f" The answer: <b>{html.escape(item.answer)}</b>. {html.escape(item.reason)}"
            if item.revealed
            else ""
        )
        + "</li>"
        for item in most_missed(grid)
    )
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Class {html.escape(code)}: report</title><style>{_PAGE_STYLE}</style></head>"
        f"<body><h1>Class {html.escape(code)}: who answered what</h1>"
        f"<table><tr><th>Learner</th>{head}<th>Right</th></tr>{''.join(body)}</table>"
        f"<h2>The questions most missed first</h2><ol>{missed}</ol></body></html>"
    )


# ---- the learners' own mistakes while the class ran ---------------------------------------

DECISION_WORDS = {
    "bid1": "Bidding, first round (order up or pass)",
    "bid2": "Bidding, second round (call a suit or pass)",
    "name_trump": "Naming trump",
    "alone": "Going alone",
    "defend_alone": "Defending alone",
    "discard": "The dealer's discard",
    "play": "Playing a card",
}


@dataclass(frozen=True)
class MistakeKind:
    """The learners' mistakes of one kind of decision, with the most common one."""

    phase: str
    words: str
    count: int
    learners: int
    example: str  # "Order up, where Pass was best" (the most common pair)
    example_count: int
    why: str  # the reason given for that example's best choice


def mistake_kinds(found: list[tuple[str, KeptMistake]]) -> list[MistakeKind]:
    """By kind of decision, the most made first (then in the order of DECISION_WORDS)."""

    def label(text: str) -> str:
        action = chosen_action(text)
        return choice_label(action) if action is not None else text

    kinds = []
    for phase, words in DECISION_WORDS.items():
        mine = [(name, m.position) for name, m in found if m.position.phase == phase]
        if not mine:
            continue
        pairs = Counter((p.chosen, p.best) for _, p in mine)
        (chosen, best), times = pairs.most_common(1)[0]
        why = next(p.why for _, p in mine if (p.chosen, p.best) == (chosen, best))
        kinds.append(
            MistakeKind(
                phase,
                words,
                len(mine),
                len({name for name, _ in mine}),
                f"{label(chosen)}, where {label(best)} was best",
                times,
                why,
            )
        )
    order = list(DECISION_WORDS)
    return sorted(kinds, key=lambda kind: (-kind.count, order.index(kind.phase)))


def mistakes_sheet(code: str, kinds: list[MistakeKind]) -> str:
    """A page to print: the class's most common mistakes by kind of decision, each with
    its most common example and the reason; every value escaped."""
    items = "".join(
        f"<li><b>{html.escape(kind.words)}</b>: {kind.count} mistake"
        f"{'s' if kind.count != 1 else ''} by {kind.learners} learner"
        f"{'s' if kind.learners != 1 else ''}.<br>Most often: "
        f"<b>{html.escape(kind.example)}</b> ({kind.example_count}×). "
        f"{html.escape(kind.why)}</li>"
        for kind in kinds
    )
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Class {html.escape(code)}: common mistakes</title>"
        f"<style>{_PAGE_STYLE}</style></head>"
        f"<body><h1>Class {html.escape(code)}: the most common mistakes</h1>"
        "<p>Decisions the review graded a mistake or a blunder in the learners' own games "
        "(Play and guided hands) while the class ran, by kind of decision.</p>"
        f"<ol>{items}</ol></body></html>"
    )
