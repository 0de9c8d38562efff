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
from html import escape

from engine import Card, Do, Seat, Suit, apply
from engine.svg import card_svg
from lessons.quiz import Kind, Question
from tutorial_app.card_table.move_words import action_words

__all__ = ["SHEET_CSS", "quiz_sheet_html"]

SHEET_CSS = """
@page { size: A4; margin: 14mm; }
body { font-family: "DejaVu Sans", "Source Sans Pro", Arial, sans-serif; color: #111;
       font-size: 11pt; line-height: 1.35; max-width: 190mm; margin: 0 auto; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
.name { margin: 0 0 6mm; }
.question { break-inside: avoid; page-break-inside: avoid; border: 1px solid #999;
            border-radius: 3mm; padding: 3mm 4mm; margin: 0 0 4mm; }
.question h2 { font-size: 12pt; margin: 0 0 2mm; }
.facts { margin: 1mm 0 2mm 5mm; padding: 0; }
.row { display: flex; flex-wrap: wrap; gap: 2mm; align-items: flex-end; margin: 1mm 0; }
.row-name { font-weight: 700; margin: 2mm 0 0; }
.card { display: inline-flex; flex-direction: column; align-items: center; font-size: 9pt; }
.card svg { width: 15mm; height: auto; }
.options { list-style: none; padding: 0; margin: 2mm 0 0; }
.options li { margin: 1mm 0; }
.box { display: inline-block; width: 4mm; height: 4mm; border: 1px solid #111;
       margin-right: 2mm; vertical-align: -0.5mm; }
.blank { display: inline-block; min-width: 30mm; border-bottom: 1px solid #111; }
.how { font-style: italic; color: #333; margin: 1mm 0; }
.key { break-before: page; page-break-before: always; }
.key li { break-inside: avoid; page-break-inside: avoid; margin: 0 0 3mm; }
"""

HOW = {
    Kind.SINGLE: "Tick one.",
    Kind.YESNO: "Tick one.",
    Kind.MULTI: "Tick every one that fits (perhaps none).",
    Kind.ORDER: "Number them in order: 1 for the highest.",
    Kind.POINTS: "Write the team and the points.",
}


def quiz_sheet_html(questions: Sequence[Question], title: str, source: str = "") -> str:
    """The whole sheet: the questions, then the answer key on a new page."""
    blocks = "\n".join(_question(number, q) for number, q in enumerate(questions, 1))
    key = "\n".join(
        f"<li><strong>{number}. {escape(_capital(q.answer_text))}.</strong> "
        f"{escape(q.explanation)}</li>"
        for number, q in enumerate(questions, 1)
    )
    origin = f'<p class="how">{escape(source)}</p>' if source else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>{SHEET_CSS}</style></head>
<body>
<main>
<h1>{escape(title)}</h1>{origin}
<p class="name">Name: <span class="blank"></span></p>
{blocks}
<section class="key" aria-label="Answer key">
<h1>Answer key: {escape(title)}</h1>
<ol class="answers" style="list-style: none; padding: 0">
{key}
</ol>
</section>
</main>
</body></html>
"""


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
    return f'<div class="row-name">{escape(name)}</div><div class="row">{cards}</div>'


def _scene(question: Question) -> str:
    scene = question.scene
    parts = []
    trump = scene.trump
    if isinstance(trump, Suit):
        parts.append(f"<p>Trump: <strong>{escape(trump.plural)}</strong></p>")
    if scene.record is not None and not scene.backdrop:
        parts.append(_hand_scene(question))
    if scene.cards and not _options_are_cards(question):
        parts.append(_row("The cards", "".join(_card(card) for card in scene.cards)))
    if scene.trick and scene.record is None:
        parts.append(
            _row("The trick", "".join(_card(card, _seat_word(seat)) for seat, card in scene.trick))
        )
    return "\n".join(parts)


def _seat_word(seat) -> str:
    return seat.word if isinstance(seat, Seat) else str(seat)


def _hand_scene(question: Question) -> str:
    """The table the question asks about, as the card table would show it."""
    scene = question.scene
    record = scene.record
    assert record is not None  # a question asked at a table has its scenario
    state = record.replay()
    hide = scene.hide
    parts = [f"<p>{escape(state.dealer.word)} dealt.</p>"]
    if not state.tricks and not state.trick:  # before the first lead: the upcard's fate
        ordered = any(action.do is Do.ORDER_UP for _, action in record.actions)
        status = (
            " (turned down)"
            if state.turned_down is not None
            else " (ordered up)"
            if ordered
            else ""
        )
        parts.append(_row(f"The upcard{status}", _card(state.upcard)))
    bids = []
    before = record.start()
    for seat, action in record.actions:
        if action.do not in (Do.PLAY, Do.DISCARD) and "bidding" not in hide:
            bids.append(action_words(seat, action, before))
        before = apply(before, action, seat)
    if bids:
        parts.append(f"<p>Bidding: {escape('; '.join(bids))}.</p>")
    trick = state.trick or (
        state.tricks[-1].cards
        if state.tricks and not state.trick and record.actions[-1][1].do is Do.PLAY
        else ()
    )
    if trick:
        winner = state.tricks[-1].winner if not state.trick and "winner" not in hide else None
        parts.append(
            _row(
                "On the table",
                "".join(
                    _card(card, seat.word + (" ✓ won" if seat is winner else ""))
                    for seat, card in trick
                ),
            )
        )
    south = state.hand_of(Seat.S)
    if south and "hand" not in hide and not _options_are_cards(question):
        parts.append(_row("South's cards", "".join(_card(c) for c in south)))
    return "\n".join(parts)


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
        return how + f'<div class="row">{cards}</div>'
    items = "".join(f"<li>{box}{escape(o.label)}</li>" for o in question.options)
    return how + f'<ul class="options">{items}</ul>'


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
