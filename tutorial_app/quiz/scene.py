"""A quiz question on the card table: the model the component draws for a question
and where the learner is in it (``QuizState``).

- A scene with a hand in progress is the table from South's chair: other hands face
  down, less what the question hides (``Scene.hide``) until it is answered (a
  backdrop's, for good).
- Loose cards (and a trick with no deal behind it) use the "cards" layout.
- Options that are cards are answered by clicking the cards; other options are the
  table's labelled buttons. After the answer the cards carry the verdict in words:
  "✓ correct", "✗ your pick", and for choose-all "✓ picked" or "✓ missed"; the buttons
  carry it in their labels ("✓ Hearts", "✗ Clubs (your pick)", "✓ Spades (missed)"),
  a choose-all's picks without "(your pick)" so that four fit one row. A screen
  that shows the answer to a class (``answer_only``) marks "✓ right answer": nobody
  there picked anything.
- Cards that are another seat's hand (which cards may North play?) are drawn as loose
  cards with what the answer depends on beside them: the trick so far (its lead
  marked) and, before the first lead, the upcard.

A POINTS question (a team and a number) has no component (``has_table`` is False):
quiz_view gives it Streamlit widgets. A question with nothing to draw gets only the
component's row of labelled buttons and its message.
"""

from __future__ import annotations

from engine import Card, Seat, Suit, parse_seat
from lessons.quiz import Kind, Option, Question
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.model_types import Button, CardsModel, Message, TableModel
from tutorial_app.card_table.table_model import table_model
from tutorial_app.card_table.table_options import TableOptions, table_message
from tutorial_app.quiz.state import CHECK, OPTION, RESTART, QuizState, option_id

__all__ = ["choice_button", "has_table", "marked_words", "options_are_cards", "question_model"]

SYMBOLS = {suit.symbol: suit for suit in Suit}
# Parts a table keeps hidden after the answer: words a lesson has not taught yet.
NOT_YET_TAUGHT = frozenset({"alone"})
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
HINTS = {  # what to do, under the cards, before answering
    (Kind.SINGLE, True): "Choose the card that answers.",
    (Kind.MULTI, True): "Choose every card that fits (choose it again to undo), then Check my "
    "answer. If none fits, just check.",
    (Kind.ORDER, True): "Choose the cards in that order, one by one.",
    (Kind.MULTI, False): "Press every one that fits, then Check my answer.",
}


def options_are_cards(question: Question) -> bool:
    return bool(question.options) and all(o.card is not None for o in question.options)


def _live_state(question: Question):
    """The hand in progress the scene shows, or None (no record, or the hand is over)."""
    record = question.scene.record
    if record is None:
        return None
    state = record.replay()
    return None if state.is_over else state


def has_table(question: Question) -> bool:
    """True when the question is drawn and answered on the card-table component."""
    return question.kind is not Kind.POINTS


def question_model(
    question: Question,
    state: QuizState,
    *,
    message: Message | None = None,
    press_picks: bool = False,
    look_only: bool = False,
    answer_only: bool = False,
    quiet: bool = False,
    projector: bool = False,
) -> TableModel | CardsModel:
    """The component's model for ``question`` as ``state`` has it.

    ``message`` replaces the quiz's own line under the cards (``quiet``: no line, when
    the page says it in words of its own); ``press_picks`` shows
    every option button picked or not (the quiz does for choose-all); ``look_only``
    offers nothing to click but the options, disabled (a class's projector);
    ``answer_only`` marks the right answer as such, not as someone's pick (the class's
    reveal); ``projector`` draws the cards larger, for a room (a whole table only while
    the question is asked: with the answer's words above it, a larger one would run off
    a projector).
    """
    scene = question.scene
    live = _live_state(question)
    cards = options_are_cards(question)
    marks = (_answer_marks(question) if answer_only else _marks(question, state)) if cards else {}
    if message is None and not quiet:
        message = table_message(*_message(question, state))
    actions = _actions(question, state, press_picks, answer_only)
    if look_only:
        actions = [{**a, "disabled": True} for a in actions if a["id"].startswith(OPTION)]
    clickable = cards and not state.answered
    if live is not None and (not cards or _hand_is_options(question, live)):
        options = TableOptions(
            # Answered, the table shows what it hid to keep the answer; not what is not
            # taught yet: a backdrop's ("to bid" behind a lesson-1 question) and "alone".
            hide=scene.hide & NOT_YET_TAUGHT
            if state.answered and not scene.backdrop
            else scene.hide,
            marks=marks,
            cards_clickable=clickable and not look_only,
            show_legal=False,  # which cards may be played is the question's answer
            actions=(),
            buttons_after=tuple(actions),  # the question's choices, not the seat's bids
            hold_last_trick=True,
            keep_bidding=True,
            message=message,
            # Asked, the table has the screen below the question: larger cards for the
            # back row. Answered, it shares the screen with the answer and its bars.
            projector=projector and not state.answered,
        )
        return table_model(live, options)
    if cards:
        by_key = {o.key: o.card for o in question.options if o.card is not None}  # all cards
        shown = list(by_key.values())
        if state.answered and question.kind is Kind.ORDER:
            shown = [by_key[k] for k in question.answer]
    else:
        shown = list(scene.cards)
    trick = scene.trick if scene.record is None else (live.trick if live is not None else ())
    winner = None
    if state.answered and trick and question.answer[0] in {_seat_of(s).value for s, _ in trick}:
        winner = question.answer[0]  # the answer is who won the trick: mark that card
    return cards_model(
        shown,
        trump=scene.trump,
        marks=marks,
        clickable=clickable and not look_only,
        trick=trick,
        winner=winner,
        rows=_upcard_row(live),
        actions=actions,
        message=message,
        label="Cards to choose from" if clickable else "The cards",
        title="Question cards",
        heading=_whose(question, live),
        size="projector" if projector else None,
    )


def _seat_of(seat) -> Seat:
    return seat if isinstance(seat, Seat) else parse_seat(str(seat))


def _whose(question: Question, live) -> str | None:
    """Whose the choices are, when they are the hand of the seat to play (not South,
    whose hand is drawn on the table): "East's cards"."""
    if live is None or live.turn is None or live.turn is Seat.S:
        return None
    options = {o.card for o in question.options}
    return f"{live.turn.word}'s cards" if options == set(live.hand_of(live.turn)) else None


def _hand_is_options(question: Question, live) -> bool:
    """The options are exactly South's cards (which card may you play?)."""
    return {o.card for o in question.options} == set(live.hand_of(Seat.S))


def _upcard_row(live) -> tuple[tuple[str, tuple[Card], tuple[None]], ...]:
    """The upcard beside loose cards, while it still tells something: before the first
    lead (who picked it up, or that it was turned down), in the row's heading."""
    if live is None or live.tricks or live.trick:
        return ()
    if live.turned_down is not None:
        words = "The upcard, turned down"
    elif live.dealer_took_upcard:
        words = f"The upcard, picked up by {live.dealer.word} (the dealer)"
    else:
        words = "The upcard"
    return ((words, (live.upcard,), (None,)),)


def _answer_marks(question: Question) -> dict[Card | str, tuple[str, str]]:
    """The right cards, marked as the answer (ORDER: each one's place)."""
    if question.kind is Kind.ORDER:
        return {key: ("right", ORDINALS[i]) for i, key in enumerate(question.answer)}
    return {key: ("right", "right answer") for key in question.answer}


def _marks(question: Question, state: QuizState) -> dict[Card | str, tuple[str, str]]:
    if not state.answered:
        if question.kind is Kind.ORDER:
            return {key: ("picked", ORDINALS[i]) for i, key in enumerate(state.picks)}
        return {key: ("picked", "picked") for key in state.picks}
    chosen = set(state.response or ())
    right = set(question.answer)
    if question.kind is Kind.ORDER:  # each card's right place; "you: 3rd" if put elsewhere
        response = tuple(state.response or ())
        placed = {key: i for i, key in enumerate(response)}
        in_order = longest_in_order(response, question.answer)
        return {
            key: ("right", ORDINALS[i])
            if key in in_order or key not in placed
            else ("wrong", f"you: {ORDINALS[placed[key]]}")
            for i, key in enumerate(question.answer)
        }
    marks: dict[Card | str, tuple[str, str]] = {}
    for option in question.options:
        key = option.key
        if key in right and question.kind is Kind.MULTI:
            marks[key] = ("right", "picked") if key in chosen else ("missed", "missed")
        elif key in right:
            marks[key] = ("right", "correct")  # not "right": a right bower is marked so
        elif key in chosen and key in question.also_right:
            marks[key] = ("right", "as good")
        elif key in chosen:
            marks[key] = ("wrong", "your pick")
    return marks


def longest_in_order(response: tuple[str, ...], answer: tuple[str, ...]) -> set[str]:
    """The most cards of ``response`` already in the right order among themselves: the
    others are the fewest to move, and only they are marked wrong (one card put first
    by mistake moves the rest one place, but they are still in order).

    >>> sorted(longest_in_order(("e", "a", "b", "c", "d"), ("a", "b", "c", "d", "e")))
    ['a', 'b', 'c', 'd']
    >>> len(longest_in_order(("b", "a", "c"), ("a", "b", "c")))  # one of two cards moved
    2
    """
    ranks = [answer.index(key) for key in response if key in answer]
    best: list[list[int]] = []  # best[i]: the longest rising run of ranks ending at i
    for i, rank in enumerate(ranks):
        before = [best[j] for j in range(i) if ranks[j] < rank]
        best.append(max(before, key=len, default=[]) + [rank])
    return {answer[rank] for rank in max(best, key=len, default=[])}


def marked_words(right: int, none_words: str = "", cards: tuple[Card, ...] = ()) -> str:
    """What the marks on the cards show, for ``right`` right cards; with none right,
    ``none_words`` says so ("None of these cards may be played: the nine of clubs, ...")."""
    if right == 0:
        names = ", ".join(card.the_name for card in cards)
        words = none_words or "None of these cards is right"
        return f"{words}: {names}." if names else f"{words}."
    return "the right answer is marked." if right == 1 else "the right answers are marked."


def _message(question: Question, state: QuizState) -> tuple[str | None, str, str | None]:
    """(text, tone, bold title) for the strip under the cards."""
    cards = options_are_cards(question)
    if not state.answered:
        hint = HINTS.get((question.kind, cards))
        if state.invalid:
            return state.invalid, "refusal", None
        return hint, "info", None
    feedback = state.feedback
    assert feedback is not None  # answered: the feedback is in
    text = feedback.explanation
    if cards and question.kind is Kind.ORDER:
        text += " On the cards: the right order, the first on the left."
    elif cards:
        words = marked_words(
            len(question.answer),
            question.none_words,
            tuple(o.card for o in question.options if o.card is not None),
        )
        text += " " + (words if not question.answer else "On the cards: " + words)
        if question.kind is Kind.MULTI and set(question.answer) - set(state.response or ()):
            text += " “✓ missed” marks a right card you did not pick."
    elif question.kind is Kind.MULTI and not question.answer:
        text += f" {question.none_words or 'None of them'}."
    return text, "right" if feedback.correct else "wrong", feedback.headline


def choice_button(option: Option) -> Button:
    """An option as a labelled button: a suit gets its icon ("♣ clubs" -> icon + "Clubs")."""
    symbol, _, rest = option.label.partition(" ")
    suit = SYMBOLS.get(symbol)
    if suit is not None and rest:
        return {"id": option_id(option.key), "suit": suit.letter, "label": _capital(rest)}
    return {"id": option_id(option.key), "label": _capital(option.label)}


def _capital(label: str) -> str:
    return label[:1].upper() + label[1:]


def _actions(
    question: Question, state: QuizState, press_picks: bool = False, answer_only: bool = False
) -> list[Button]:
    cards = options_are_cards(question)
    kind = question.kind
    if state.answered:  # the choices stay, judged: "✓" the right ones, "✗" a wrong pick
        if cards:
            return []
        right = set(question.answer)
        chosen = set() if answer_only else set(state.response or ())  # the class's screen
        judged: list[Button] = []
        # Choose-all: only "(missed)" is spelled out, so that four judged choices fit
        # one row at 1280 wide (the way on stays above the fold); a "✓" without it was
        # picked, and only a pick is ever "✗".
        multi = kind is Kind.MULTI and not answer_only
        for option in question.options:
            action: Button = {**choice_button(option), "disabled": True}
            if option.key in right:
                missed = multi and option.key not in chosen
                action["mark"] = "right"
                action["label"] = "✓ " + action["label"] + (" (missed)" if missed else "")
            elif option.key in chosen:
                action["mark"] = "wrong"
                action["label"] = "✗ " + action["label"] + ("" if multi else " (your pick)")
            judged.append(action)
        return judged
    actions: list[Button] = []
    if not cards:
        for option in question.options:
            action = choice_button(option)
            if kind is Kind.MULTI or press_picks:
                action["pressed"] = option.key in state.picks
            actions.append(action)
    if kind is Kind.MULTI:
        actions.append({"id": CHECK, "label": "Check my answer", "primary": True})
    if kind is Kind.ORDER:
        actions.append({"id": RESTART, "label": "Start again", "disabled": not state.picks})
    return actions
