"""How to draw a hand on the card table: ``TableOptions``, one frozen value that
``table_model`` takes whole, so a page says everything it wants up front and never
edits the model it gets back.

>>> from engine import Seat
>>> TableOptions(reveal=[Seat.N], hide={"turn"}).reveal
(Seat.N,)
>>> TableOptions(hide={"score"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: cannot hide score: the parts to hide are alone, bidding, ...
>>> table_message("Your turn.", "info", None)
{'text': 'Your turn.', 'tone': 'info'}
>>> table_message("Right. North wins.", "right", "Right.")  # once, not "Right. Right."
{'text': 'Right. North wins.', 'tone': 'right'}
>>> Pace.at("quicker", since=4, key="play-7")
Pace(since=4, key='play-7', card_ms=250, hold_ms=1000, intro='')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from engine import Action, Card, Seat
from engine.svg import WRONG_PREFIX
from tutorial_app.card_table.model_types import Button, Message, StepKeys

__all__ = [
    "DEFAULT_PACE",
    "HIDEABLE",
    "MARK_SIGNS",
    "PACES",
    "TONES",
    "Mark",
    "Pace",
    "TableOptions",
    "check_mark",
    "table_message",
]

TONES = ("info", "refusal", "success", "right", "wrong")  # right/wrong: a quiz's verdict
# Text beside the colour, never colour alone: "✓ correct", "✗ your pick", "✓ missed" (a right
# card not picked, drawn apart from "✓ picked"), "picked" / "2nd" (a pick not yet judged).
MARK_SIGNS = {"right": "✓ ", "wrong": WRONG_PREFIX, "missed": "✓ ", "picked": ""}
# Parts of the table a quiz question may hide because they would give its answer away
# (lessons.quiz.Scene.hide; a lesson step's ``hide`` too).
# "alone": the decisions to go alone or not, left unsaid before lesson 5 teaches them.
HIDEABLE = frozenset({"turn", "makers", "sitting_out", "winner", "hand", "bidding", "alone"})

Mark = str | tuple[str, str]  # a kind of MARK_SIGNS, or (kind, text)
# How fast cards arrive on a paced table: (between two cards, a finished trick's stay)
# in milliseconds. "fast" draws every card at once (a screen reader still hears each).
PACES = {"normal": (500, 2000), "quicker": (250, 1000), "fast": (0, 0)}
DEFAULT_PACE = "normal"


@dataclass(frozen=True, slots=True)
class Pace:
    """Cards played after the first ``since`` cards of the hand arrive one by one, as at
    a card table: ``card_ms`` apart, and a finished trick stays ``hold_ms`` with its
    winner named before the next lead (a click on the table goes on at once). ``key``
    names this arrival: a redraw with the same key shows the table as it ends, so a
    rerun never plays the cards twice. Raises ValueError for a negative figure."""

    since: int
    key: str
    card_ms: int = PACES[DEFAULT_PACE][0]
    hold_ms: int = PACES[DEFAULT_PACE][1]
    # Said under the felt while the cards arrive (the message waits for the end): what
    # the learner must know to follow them, e.g. that they sit this hand out.
    intro: str = ""

    def __post_init__(self) -> None:
        if min(self.since, self.card_ms, self.hold_ms) < 0:
            raise ValueError(f"a pace counts up from 0, not {self!r}")

    @classmethod
    def at(cls, speed: str, *, since: int, key: str) -> Pace:
        """The pace named ``speed`` (one of PACES; an unknown name is the normal pace)."""
        card_ms, hold_ms = PACES.get(speed, PACES[DEFAULT_PACE])
        return cls(since, key, card_ms, hold_ms)


@dataclass(frozen=True, slots=True)
class TableOptions:
    """What to draw, from whose chair, and what to offer. Iterables given for ``reveal``,
    ``hide``, ``actions``, ``tried`` and the buttons are kept as tuples and frozensets,
    ``marks`` as a read-only copy.

    Raises ValueError for a ``reveal`` text other than "all", a part to hide not in
    HIDEABLE, or a mark of an unknown kind.
    """

    bottom: Seat | None = None  # whose chair: default South, or the view's own seat
    # Other seats whose cards show face up ("all": every seat; a SeatView can reveal
    # only its own).
    reveal: tuple[Seat, ...] | Literal["all"] = ()
    # A teacher's table (from a HandState only): nobody is "you", the seat to act is
    # offered its choices wherever it sits, its face-up cards are clickable when it must
    # play or discard, and the bottom hand too is face down unless ``reveal`` names it.
    teacher: bool = False
    # Parts that would give a question's answer away (HIDEABLE): "turn" (who acts),
    # "makers", "sitting_out", "winner" (of the trick shown, and the trick counts),
    # "hand" (every hand, even how many cards), "bidding" (what each seat said).
    hide: frozenset[str] = frozenset()
    # A card (or its code) of the bottom hand -> a kind of MARK_SIGNS, or (kind, text).
    marks: Mapping[Card | str, Mark] = field(default_factory=lambda: MappingProxyType({}))
    show_roles: bool = False  # each card's role under trump ("left bower") on it
    lift_playable: bool = False  # the legal cards stand out of the hand
    show_legal: bool = True  # False: no card says it may be played (a quiz's answer)
    cards_clickable: bool | None = None  # default: the bottom seat must play or discard now
    four_colour: bool = False
    show_last_trick: bool = False
    hold_last_trick: bool = False  # a finished trick stays in the middle until the next lead
    pace: Pace | None = None  # the cards played lately arrive one by one (``Pace``)
    keep_bidding: bool = False  # what each seat said stays until the first card is played
    score: tuple[int, int] | None = None  # (North-South, East-West)
    # The score shown while ``pace``'s cards arrive: the hand they end is not scored yet.
    score_before: tuple[int, int] | None = None
    target: int | None = None  # the points to win, beside the score
    # The labelled choices offered (default: the legal non-card actions of the seat to act).
    actions: tuple[Action, ...] | None = None
    tried: frozenset[Action] = frozenset()  # choices already refused: marked "✗"
    buttons_before: tuple[Button, ...] = ()  # buttons of the page's own, before the choices
    buttons_after: tuple[Button, ...] = ()  # and after them
    message: Message | None = None  # the strip under the table (``table_message``)
    step_keys: StepKeys | None = None  # the keyboard's ← → for the page's Back and Next
    projector: bool = False  # drawn large, for a class's screen
    # Who plays each seat at a class table (a learner's name, or "bot"): shown under the
    # seat's name. Names are the store's, already bounded; the component shows them as text.
    players: Mapping[Seat, str] = field(default_factory=lambda: MappingProxyType({}))
    actions_by_hand: bool = False  # the choices beside the hand, not under the table

    def __post_init__(self) -> None:
        if isinstance(self.reveal, str) and self.reveal != "all":
            raise ValueError(f'reveal takes "all" or seats, not {self.reveal!r}')
        hide = frozenset(self.hide)
        if hide - HIDEABLE:
            raise ValueError(
                f"cannot hide {', '.join(sorted(hide - HIDEABLE))}: the parts to hide "
                f"are {', '.join(sorted(HIDEABLE))}"
            )
        for card, mark in self.marks.items():
            check_mark(card, mark)
        kept = {
            "reveal": self.reveal if isinstance(self.reveal, str) else tuple(self.reveal),
            "hide": hide,
            "marks": MappingProxyType(dict(self.marks)),
            "players": MappingProxyType(dict(self.players)),
            "actions": None if self.actions is None else tuple(self.actions),
            "tried": frozenset(self.tried),
            "buttons_before": tuple(self.buttons_before),
            "buttons_after": tuple(self.buttons_after),
        }
        for name, value in kept.items():
            object.__setattr__(self, name, value)


def check_mark(card: Card | str, mark: Mark) -> None:
    """Raises ValueError naming the card for a mark of a kind not in MARK_SIGNS."""
    kind = mark if isinstance(mark, str) else mark[0]
    if kind not in MARK_SIGNS:
        name = card.name if isinstance(card, Card) else card
        raise ValueError(f"a mark is one of {', '.join(MARK_SIGNS)}, not {kind!r} ({name})")


def table_message(text: str | None, tone: str = "info", title: str | None = None) -> Message | None:
    """The strip under the table: None when there is nothing to say. Raises ValueError
    for a tone not in TONES."""
    if tone not in TONES:
        raise ValueError(f"a message tone is one of {', '.join(TONES)}, not {tone!r}")
    if not text and not title:
        return None
    message: Message = {"text": text or "", "tone": tone}
    # The strip reads title then text: a text that opens with the title says it already.
    if title and not (text or "").lower().startswith(title.rstrip(".:!? ").lower()):
        message["title"] = title
    return message
