"""A printable quiz sheet: one HTML page of questions laid out for paper, then the answer
key, with the engine's reasons, on a page of its own.

Cards are ``engine.svg`` drawings inline (a downloaded page, not a Streamlit element, so
nothing strips them); every word that comes from a question, a teacher or a link is
escaped with ``html.escape``. Each question is one block that a page break never cuts
(``break-inside: avoid``). What the sheet shows of a hand is what the question's scene
shows on the card table: the trick on the table, South's cards, the upcard while
bidding, less what the scene hides (``Scene.hide``). No Streamlit here.

>>> from lessons.checkers import partner_question
>>> from engine import Seat
>>> page = quiz_sheet_html([partner_question(Seat.N)], "Class <7>")
>>> "Class &lt;7&gt;" in page and page.count('class="question"') == 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from engine import Card, Do, Seat, Suit, apply
from engine.svg import card_svg
from lessons.quiz import Kind, Question
from tutorial_app.card_table.move_words import action_words
from tutorial_app.limits.print_copies import checked_copies

__all__ = ["SHEET_CSS", "Copy", "copies_sheet_html", "quiz_sheet_html"]

SHEET_CSS = """
@page { size: A4; margin: 10mm 11mm; }
body { font-family: "DejaVu Sans", "Source Sans Pro", Arial, sans-serif; color: #111;
       font-size: 9.5pt; line-height: 1.25; max-width: 190mm; margin: 0 auto; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
.name { margin: 0 0 3mm; }
.questions { columns: 2; column-gap: 4mm; column-fill: auto; }
.question { break-inside: avoid; page-break-inside: avoid; border: 1px solid #999;
            border-radius: 2mm; padding: 2mm 3mm; margin: 0 0 3mm; }
.question h2 { font-size: 10pt; margin: 0 0 1mm; }
.question p { margin: 1mm 0; }
.facts { margin: 0 0 1mm 4mm; padding: 0; }
.rows { display: flex; flex-wrap: wrap; gap: 1mm 3mm; }
.row { display: flex; flex-wrap: wrap; gap: 1.5mm; align-items: flex-start; margin: 0.5mm 0; }
.row-name { font-weight: 700; margin: 1mm 0 0; }
.card { display: inline-flex; flex-direction: column; align-items: center; font-size: 8pt;
        max-width: 16mm; text-align: center; }
.card svg { width: 10.5mm; height: auto; }
.options { display: flex; flex-wrap: wrap; gap: 1mm 5mm; list-style: none; padding: 0;
           margin: 1mm 0 0; }
.box { display: inline-block; width: 3.5mm; height: 3.5mm; border: 1px solid #111;
       margin-right: 1.5mm; vertical-align: -0.5mm; }
.blank { display: inline-block; min-width: 30mm; border-bottom: 1px solid #111; }
.how { font-style: italic; color: #333; margin: 1mm 0; }
.copy + .copy { break-before: page; page-break-before: always; }
.key { break-before: page; page-break-before: always; }
.key li { break-inside: avoid; page-break-inside: avoid; margin: 0 0 2mm; }
.copy-key { break-inside: avoid; page-break-inside: avoid; margin: 0 0 4mm; }
.copy-key h2 { font-size: 11pt; margin: 0 0 1mm; }
"""

HOW = {
    Kind.SINGLE: "Tick one.",
    Kind.YESNO: "Tick one.",
    Kind.MULTI: "Tick every one that fits (perhaps none).",
    Kind.ORDER: "Number them in order: 1 for the highest.",
    Kind.POINTS: "Write the team and the points.",
}


@dataclass(frozen=True, slots=True)
class Copy:
    """One learner's copy: their name (None for a numbered copy), where its questions
    come from ("Lesson 2. Bowers, quiz number 43") and the questions."""

    name: str | None
    origin: str
    questions: Sequence[Question]


def quiz_sheet_html(questions: Sequence[Question], title: str, source: str = "") -> str:
    """The whole sheet: the questions, then the answer key on a new page."""
    key = (
        f'<section class="key" aria-label="Answer key">\n<h1>Answer key: {escape(title)}</h1>\n'
        f"{_key_list(questions)}\n</section>"
    )
    return _page(title, _copy(title, source, questions, '<span class="blank"></span>') + key)


def copies_sheet_html(copies: Sequence[Copy], title: str) -> str:
    """One copy per learner, each on new pages and headed with the learner's name (or
    "Copy 3" and a line for a name), then every copy's answer key, in the same order.
    Raises BoundError for more than ``MAX_COPIES`` copies or a name that is not a
    display name (``limits.print_copies``)."""
    names = checked_copies([copy.name for copy in copies])
    labels = [name or f"Copy {number}" for number, name in enumerate(names, 1)]
    blank = '<span class="blank"></span>'
    sheets = "\n".join(
        _copy(
            title,
            copy.origin,
            copy.questions,
            f"<strong>{escape(name)}</strong>" if name else blank,
            "" if name else f"Copy {number}. ",
        )
        for number, (copy, name) in enumerate(zip(copies, names, strict=True), 1)
    )
    keys = "\n".join(
        f'<section class="copy-key">\n<h2>{escape(label)}: {escape(copy.origin)}</h2>\n'
        f"{_key_list(copy.questions)}\n</section>"
        for copy, label in zip(copies, labels, strict=True)
    )
    return _page(
        title,
        sheets + f'\n<section class="key" aria-label="Answer keys">\n'
        f"<h1>Answer keys: {escape(title)}</h1>\n{keys}\n</section>",
    )


def _page(title: str, body: str) -> str:
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>{SHEET_CSS}</style></head>
<body>
<main>
{body}
</main>
</body></html>
"""


def _copy(
    title: str, origin: str, questions: Sequence[Question], name: str, number: str = ""
) -> str:
    """A copy's questions, headed with the title, where they come from and a name."""
    blocks = "\n".join(_question(n, q) for n, q in enumerate(questions, 1))
    source = f'<p class="how">{escape(origin)}</p>' if origin else ""
    return (
        f'<section class="copy">\n<h1>{escape(title)}</h1>{source}\n'
        f'<p class="name">{number}Name: {name}</p>\n'
        f'<div class="questions">\n{blocks}\n</div>\n</section>'
    )


def _key_list(questions: Sequence[Question]) -> str:
    entries = "\n".join(
        f"<li><strong>{number}. {escape(_capital(q.answer_text))}.</strong> "
        f"{escape(q.explanation)}</li>"
        for number, q in enumerate(questions, 1)
    )
    return f'<ol class="answers" style="list-style: none; padding: 0">\n{entries}\n</ol>'


def _question(number: int, question: Question) -> str:
    facts = "".join(f"<li>{escape(fact)}</li>" for fact in question.scene.facts)
    return (
        f'<section class="question">\n<h2>{number}. {escape(question.prompt)}</h2>\n'
        + (f'<ul class="facts">{facts}</ul>' if facts else "")
        + _scene(question)
        + _options(question)
        + "\n</section>"
    )


def _card(card: Card, caption: str = "") -> str:
    words = f"<span>{escape(caption)}</span>" if caption else ""
    return f'<span class="card">{card_svg(card)}{words}</span>'


def _row(name: str, cards: str) -> str:
    return (
        f'<div class="group"><div class="row-name">{escape(name)}</div>'
        f'<div class="row">{cards}</div></div>'
    )


def _rows(rows: Sequence[str]) -> str:
    """Rows of cards side by side where the width allows (an upcard beside a hand)."""
    return f'<div class="rows">{"".join(rows)}</div>' if rows else ""


def _scene(question: Question) -> str:
    """What the question shows: its words (trump, the deal, the bidding), then its rows of
    cards side by side."""
    scene = question.scene
    texts, rows = [], []
    trump = scene.trump
    if isinstance(trump, Suit):
        texts.append(f"Trump: <strong>{escape(trump.plural)}</strong>.")
    if scene.record is not None and not scene.backdrop:
        said, drawn = _hand_scene(question)
        texts += said
        rows += drawn
    if scene.cards and not _options_are_cards(question):
        rows.append(_row("The cards", "".join(_card(card) for card in scene.cards)))
    if scene.trick and scene.record is None:
        rows.append(
            _row("The trick", "".join(_card(card, _seat_word(seat)) for seat, card in scene.trick))
        )
    return "\n".join([f"<p>{' '.join(texts)}</p>" if texts else "", _rows(rows)])


def _seat_word(seat) -> str:
    return seat.word if isinstance(seat, Seat) else str(seat)


def _hand_scene(question: Question) -> tuple[list[str], list[str]]:
    """The table the question asks about, as the card table would show it: sentences
    (escaped) and rows of cards."""
    scene = question.scene
    record = scene.record
    assert record is not None  # a question asked at a table has its scenario
    state = record.replay()
    hide = scene.hide
    # "you" in a prompt is South, as "South (you)" on the screen's table.
    texts, rows = [f"You sit South. {escape(state.dealer.word)} dealt."], []
    if not state.tricks and not state.trick:  # before the first lead: the upcard's fate
        ordered = any(action.do is Do.ORDER_UP for _, action in record.actions)
        status = "turned down" if state.turned_down is not None else "ordered up" if ordered else ""
        rows.append(_row("The upcard", _card(state.upcard, status)))
    bids = []
    before = record.start()
    for seat, action in record.actions:
        if action.do not in (Do.PLAY, Do.DISCARD) and "bidding" not in hide:
            bids.append(action_words(seat, action, before))
        before = apply(before, action, seat)
    if bids:
        texts.append(f"Bidding: {escape('; '.join(bids))}.")
    trick = state.trick or (
        state.tricks[-1].cards
        if state.tricks and not state.trick and record.actions[-1][1].do is Do.PLAY
        else ()
    )
    if trick:
        winner = state.tricks[-1].winner if not state.trick and "winner" not in hide else None
        rows.append(
            _row(
                "On the table",
                "".join(
                    _card(card, seat.word + (" ✓ won" if seat is winner else ""))
                    for seat, card in trick
                ),
            )
        )
    south = state.hand_of(Seat.S)
    if Seat.S in state.sitting_out and "sitting_out" not in hide:
        texts.append("South sits out this hand.")  # no cards of theirs to show
    elif south and "hand" not in hide and not _options_are_cards(question):
        rows.append(_row("South's cards", "".join(_card(c) for c in south)))
    return texts, rows


def _options_are_cards(question: Question) -> bool:
    return bool(question.options) and all(o.card is not None for o in question.options)


def _options(question: Question) -> str:
    how = f'<p class="how">{HOW[question.kind]}</p>'
    if question.kind is Kind.POINTS:
        teams = " or ".join(escape(o.label) for o in question.options)
        return (
            how + f'<p>Team ({teams}): <span class="blank"></span> &nbsp; '
            f'Points: <span class="blank"></span></p>'
        )
    box = '<span class="box"></span>'
    if _options_are_cards(question):
        cards = "".join(
            f'<span class="card">{card_svg(o.card)}<span>{box}{escape(o.label)}</span></span>'
            for o in question.options
            if o.card is not None  # options that are cards: every one
        )
        return how + _whose_cards(question) + f'<div class="row">{cards}</div>'
    items = "".join(f"<li>{box}{escape(o.label)}</li>" for o in question.options)
    return how + f'<ul class="options">{items}</ul>'


def _whose_cards(question: Question) -> str:
    """Above card options that are a seat's hand, whose they are: a sheet that says "You
    sit South" and asks about East's cards must not leave them to be read as South's."""
    record = question.scene.record
    if record is None:
        return ""
    state = record.replay()
    cards = {o.card for o in question.options}
    holder = next((seat for seat in Seat if cards == set(state.hand_of(seat))), None)
    if holder is None:
        return ""
    whose = "Your cards (South)" if holder is Seat.S else f"{holder.word}'s cards"
    return f'<p class="whose"><b>{escape(whose)}</b></p>'


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
