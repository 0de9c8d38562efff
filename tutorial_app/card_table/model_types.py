"""The card table's models, typed: every key the component (``card_table.js``) reads.

``table_model`` returns a ``TableModel`` (layout "table"), ``cards_model`` a
``CardsModel`` (layout "cards"). They are plain dicts at run time, so the component
receives them as JSON unchanged; the types say what each holds. A model is built in one
call from its options and never edited afterwards (tests/app/test_card_table_callers.py).
Cards travel as keys into the model's ``svgs``.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

__all__ = [
    "Button",
    "CardFace",
    "CardMark",
    "CardsModel",
    "HandCard",
    "LastTrick",
    "Makers",
    "Message",
    "PaceFrame",
    "PaceModel",
    "Play",
    "Row",
    "RowCard",
    "Score",
    "SeatCard",
    "SeatEntry",
    "StepKeys",
    "TableModel",
    "TrickWon",
    "Trump",
    "Upcard",
]


class CardFace(TypedDict):
    code: str  # "JH"
    name: str  # "jack of hearts": the card's accessible name
    label: str  # "J♥" or "J♥ left bower", as printed on the face: a button's name starts with it
    svg: str  # key into the model's svgs


class CardMark(TypedDict):
    kind: str  # a kind of table_options.MARK_SIGNS
    text: str  # "✓ correct", "✗ your pick"


class HandCard(CardFace):
    """A card of the bottom hand (or a loose card): a button when ``clickable``."""

    legal: bool
    clickable: bool
    lifted: bool
    note: str  # its role under trump ("left bower") or a note the caller gave
    mark: CardMark | None


class SeatCard(CardFace):
    """A face-up card of another seat; on a teacher's table, the seat to act's are buttons."""

    clickable: NotRequired[bool]
    legal: NotRequired[bool]


class SeatEntry(TypedDict):
    seat: str
    name: str
    player: NotRequired[str]  # who plays the seat at a class table
    position: str  # one of table_model.POSITIONS
    you: bool
    team: str
    badges: list[str]
    dealer: bool
    to_act: bool
    sitting_out: bool
    said: str | None  # what it said in the bidding
    count: int | None  # cards held; None when a question hides the hands
    revealed: bool
    cards: list[SeatCard]
    label: str  # the seat in words, for screen readers


class Play(TypedDict):
    seat: str
    name: str
    position: str
    led: bool
    won: bool
    card: CardFace


class LastTrick(TypedDict):
    winner: str
    winner_name: str
    number: int
    plays: list[Play]


class TrickWon(TypedDict):
    """Who took the finished trick in the middle, with which card (the engine's winner)."""

    seat: str
    name: str  # "East"
    words: str  # "East wins the trick with the J♥": shown
    said: str  # "East wins the trick with the jack of hearts.": for screen readers


class PaceFrame(TypedDict):
    """The table just after one card of a paced arrival (``table_options.Pace``)."""

    trick: list[Play]  # the middle: the trick as this card left it
    turn: str | None  # the seat to play next
    counts: dict[str, int] | None  # seat -> cards held then (None: hands hidden)
    tricks_won: dict[str, int] | None
    last_trick: LastTrick | None
    trick_won: TrickWon | None  # this card ended the trick: who took it
    say: str  # "West played the nine of hearts." (and who took the trick)
    # The bottom hand then, when the bottom seat plays again later in the arrival.
    hand: NotRequired[list[HandCard]]


class PaceModel(TypedDict):
    key: str
    card_ms: int
    hold_ms: int
    frames: list[PaceFrame]  # one per card played after ``since``, in order
    score: NotRequired[Score]  # the score while they arrive (the hand they end unscored)
    intro: NotRequired[str]  # said under the felt while they arrive


class Upcard(CardFace):
    status: str  # "up", "ordered up", "turned down"
    caption: str


class Trump(TypedDict):
    suit: str
    name: str


class Makers(TypedDict):
    team: str
    name: str
    maker: str
    maker_name: str


class Score(TypedDict):
    NS: int
    EW: int
    target: int | None


class Button(TypedDict):
    """A labelled choice under the table; a click sends its ``id``."""

    id: str
    label: str
    suit: NotRequired[str | None]  # a suit letter: its icon goes before the label
    disabled: NotRequired[bool]
    pressed: NotRequired[bool]
    primary: NotRequired[bool]
    mark: NotRequired[str]  # "right" or "wrong": a judged choice


class Message(TypedDict):
    """The strip under the table (built by ``table_options.table_message``)."""

    text: str
    tone: str  # one of table_options.TONES
    title: NotRequired[str]  # bold, before the text


class StepKeys(TypedDict):
    """Keyboard steps: ← and → press the ``back`` and ``next`` buttons (with ``pages``,
    PageUp and PageDown too: a presenter's clicker)."""

    back: str
    next: str
    pages: bool


class TableModel(TypedDict):
    """One hand seen from one chair (``table_model``)."""

    layout: str  # "table"
    bottom: str
    phase: str
    seats: list[SeatEntry]  # clockwise from the bottom
    hand: list[HandCard]  # the bottom seat's cards
    upcard: Upcard | None
    trump: Trump | None
    makers: Makers | None
    teams: dict[str, str]
    teams_short: dict[str, str]  # for a phone's narrow table
    tricks_won: dict[str, int] | None
    trick: list[Play]
    last_trick: LastTrick | None
    trick_won: TrickWon | None  # the middle holds a finished trick: who took it
    score: Score | None
    actions: list[Button]
    message: Message | None
    lift: bool
    four_colour: bool
    suit_icons: dict[str, str]
    svgs: dict[str, str]
    pace: NotRequired[PaceModel]  # the cards played lately, to show one by one
    # a teacher's table only
    teacher: NotRequired[bool]  # True: drawn for a room (card_table.css, .ct-teacher)
    hand_backs: NotRequired[int]  # face-down cards of a hidden bottom hand
    hand_label: NotRequired[str]
    choices_label: NotRequired[str]
    # set by options that ask for them
    keys: NotRequired[StepKeys]
    size: NotRequired[str]  # "projector"
    actions_by_hand: NotRequired[bool]  # the choices beside the hand, not under the table


class RowCard(CardFace):
    note: str


class Row(TypedDict):
    label: str
    cards: list[RowCard]


class CardsModel(TypedDict):
    """Loose cards (``cards_model``): a row, a trick by seat, rows with headings."""

    layout: str  # "cards"
    title: str | None
    hand_label: str
    hand_heading: str | None  # shown above the cards: whose they are
    hand: list[HandCard]
    trick: list[Play]
    rows: list[Row]
    trump: Trump | None
    actions: list[Button]
    message: Message | None
    lift: bool
    four_colour: bool
    suit_icons: dict[str, str]
    svgs: dict[str, str]
    size: NotRequired[str]  # "deck": many small cards; "projector": large ones
    hand_backs: NotRequired[int]  # face-down cards after the hand's (a lesson's kitty)
