"""The card table as data: one hand seen from one chair, as a JSON-able ``TableModel``.

``table_model`` builds it from an engine ``HandState`` (a teacher's whole view) or a
``SeatView`` (what one seat may know) and nothing else, drawn as one frozen
``TableOptions`` says. The card-table component (``component.py``) only draws the
model; every fact in it comes from the engine, and cards a seat may not see never enter
it: hidden hands travel as a count of face-down cards, so they never leave the server.
A page passes options and never edits the model it gets back.

Card faces are ``engine.svg`` drawings, sent once each in ``model["svgs"]`` and
referred to by key, so cards look the same here as everywhere else in the app.

The model's keys (``model_types.TableModel``): ``seats`` (clockwise from the bottom:
name, position, badges such as dealer / maker / alone / sits out / to play, what it
said in the bidding, card count, face-up cards if revealed), ``hand`` (the bottom seat's
cards, each with its name and legal / clickable / lifted flags, role note and mark),
``upcard``, ``trump``, ``makers``, ``tricks_won``, ``trick`` (who played what, by
position), ``last_trick``, ``score``, ``actions`` (id and label of each labelled choice,
and optionally ``disabled``, ``pressed`` or ``primary``), ``message`` (text, tone and an
optional bold ``title``); on a teacher's table also ``hand_backs`` (face-down cards of a
hidden bottom hand), ``hand_label`` and ``choices_label`` (names for the hand and the
choices). ``layout`` is "table" here; ``cards_model`` draws loose cards in the same
component with layout "cards".

>>> from engine import Rules, Seat, random_hand
>>> model = table_model(random_hand(Rules(), Seat.W, 1))
>>> [seat["name"] for seat in model["seats"]], len(model["hand"])
(['South', 'West', 'North', 'East'], 5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, NamedTuple

from engine import (
    SEATS,
    Action,
    Card,
    Do,
    HandState,
    NoTrump,
    Phase,
    Seat,
    SeatView,
    Suit,
    card_role,
    legal_actions,
    sort_hand,
)
from engine.svg import SUIT_PATHS, back_svg, card_svg, suit_colour
from tutorial_app.card_table.model_types import (
    Button,
    CardFace,
    HandCard,
    LastTrick,
    PaceFrame,
    Play,
    SeatCard,
    SeatEntry,
    TableModel,
    Upcard,
)
from tutorial_app.card_table.paced_plays import pace_frames, trick_won
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.card_table.table_options import MARK_SIGNS, TableOptions

__all__ = ["POSITIONS", "action_label", "coach_line", "table_model", "turn_words"]

POSITIONS = ("bottom", "left", "top", "right")  # clockwise from the learner's chair
BIDDING = (Phase.BID1, Phase.BID2, Phase.NAME_TRUMP, Phase.ALONE, Phase.DISCARD, Phase.DEFEND_ALONE)
TEAM_NAMES = {"NS": "North-South", "EW": "East-West"}
SHORT_TEAM_NAMES = {"NS": "N-S", "EW": "E-W"}  # for a phone's narrow table
TURN_WORDS = {
    Phase.PLAY: "to play",
    Phase.DISCARD: "to discard",
    Phase.ALONE: "to decide",
    Phase.DEFEND_ALONE: "to decide",
}
PLAIN = TableOptions()  # South's chair, nothing more asked


def turn_words(phase: Phase) -> str:
    """What the seat to act is doing: "to bid", "to play", "to discard", "to decide"."""
    return TURN_WORDS.get(phase, "to bid")


Face = Callable[..., CardFace]  # a card (and an optional highlight) -> its face, kept in svgs


class _Table(NamedTuple):
    """What the model may show: the public table and the hands this viewer knows."""

    dealer: Seat
    phase: Phase
    turn: Seat | None
    upcard: Card
    turned_down: Suit | None
    trump: Suit | NoTrump | None
    maker: Seat | None
    alone: tuple[Seat, ...]
    trick: tuple
    tricks: tuple
    tricks_won: tuple[int, int]
    actions: tuple
    hands: dict  # Seat -> cards, only for seats whose cards this viewer knows
    counts: dict  # Seat -> how many cards the seat holds
    legal: tuple  # the bottom seat's legal actions (empty unless its turn);
    # on a teacher's table, those of the seat to act


def _from_state(state: HandState, bottom: Seat, any_turn: bool = False) -> _Table:
    legal = (
        legal_actions(state)
        if state.turn is bottom or (any_turn and state.turn is not None)
        else ()
    )
    return _Table(
        state.dealer,
        state.phase,
        state.turn,
        state.upcard,
        state.turned_down,
        state.trump,
        state.maker,
        state.alone,
        state.trick,
        state.tricks,
        state.tricks_won,
        state.actions,
        {s: state.hand_of(s) for s in SEATS},
        {s: len(state.hand_of(s)) for s in SEATS},
        legal,
    )


def _from_view(view: SeatView, bottom: Seat) -> _Table:
    if bottom is not view.seat:
        raise ValueError(
            f"{view.seat.word}'s view is drawn from {view.seat.word}'s chair, not {bottom.word}'s"
        )
    played = [seat for trick in view.tricks for seat, _ in trick.cards]
    played += [seat for seat, _ in view.trick]
    counts = {}
    for seat in SEATS:  # five each; the dealer holds six between pick-up and discard
        extra = seat is view.dealer and view.upcard_taken and view.phase is Phase.DISCARD
        counts[seat] = 5 + extra - played.count(seat)
    counts[view.seat] = len(view.hand)
    return _Table(
        view.dealer,
        view.phase,
        view.turn,
        view.upcard,
        view.turned_down,
        view.trump,
        view.maker,
        view.alone,
        view.trick,
        view.tricks,
        view.tricks_won,
        view.actions,
        {view.seat: view.hand},
        counts,
        view.legal,
    )


def table_model(source: HandState | SeatView, options: TableOptions = PLAIN) -> TableModel:
    """The table from ``options.bottom``'s chair (default South, or the view's own seat),
    drawn as ``options`` say (see ``TableOptions``).

    Raises ValueError for a view drawn from another chair or revealing another seat, or
    a teacher's table from a view.
    """
    teacher, hide = options.teacher, options.hide
    bottom: Seat
    if isinstance(source, SeatView):
        if teacher:
            raise ValueError("a teacher's table is drawn from the whole hand, not a seat's view")
        bottom = options.bottom or source.seat
        table = _from_view(source, bottom)
    else:
        bottom = options.bottom or Seat.S
        table = _from_state(source, bottom, any_turn=teacher)
    table = _hidden(table, hide)
    reveal = options.reveal
    shown: set[Seat] = (
        set(SEATS)
        if isinstance(reveal, str)
        else set(reveal) | ({bottom} if not teacher else set())
    )
    unknown = shown - set(table.hands)
    if unknown:
        names = ", ".join(sorted(seat.word for seat in unknown))
        raise ValueError(f"a seat's view holds only its own cards: cannot reveal {names}")
    four_colour = options.four_colour
    svgs: dict[str, str] = {"back": card_back()}

    def face(card: Card, highlight: str | None = None) -> CardFace:
        key = card.code + (f"|{highlight}" if highlight else "")
        svgs.setdefault(key, card_face(card, highlight, four_colour))
        label = printed_label(card, highlight)
        return {"code": card.code, "name": card.name, "label": label, "svg": key}

    trump_suit = table.trump if isinstance(table.trump, Suit) else None
    playing = teacher and table.phase in (Phase.PLAY, Phase.DISCARD)
    seats = [
        _seat(
            table,
            seat,
            bottom,
            seat in shown,
            face,
            hide,
            options.keep_bidding,
            you=not teacher,
            clickable=playing and seat is table.turn,
        )
        for seat in _clockwise(bottom)
    ]
    for entry in seats:
        if player := options.players.get(Seat(entry["seat"])):
            entry["player"] = player
            entry["label"] = f"{entry['name']}, {player}" + entry["label"][len(entry["name"]) :]
    hand_hidden = "hand" in hide or bottom not in shown  # not shown: a teacher's table only
    hold = options.hold_last_trick
    middle = _middle(table, bottom, face, hold, "winner" not in hide)
    model: TableModel = {
        "layout": "table",
        "bottom": bottom.value,
        "phase": table.phase.value,
        "seats": seats,
        "hand": [] if hand_hidden else _hand(table, bottom, face, trump_suit, options),
        "upcard": _upcard(table, face, "hand" in hide),
        "trump": None
        if table.trump is None
        else {"suit": table.trump.letter, "name": table.trump.plural},
        "makers": None
        if table.maker is None
        else {
            "team": table.maker.team.value,
            "name": table.maker.team.word,
            "maker": table.maker.value,
            "maker_name": table.maker.word,
        },
        "teams": _team_names(TEAM_NAMES, None if teacher else bottom),
        "teams_short": _team_names(SHORT_TEAM_NAMES, None if teacher else bottom),
        # The counts would tell which team took the trick whose winner is hidden.
        "tricks_won": None
        if "winner" in hide
        else {"NS": table.tricks_won[0], "EW": table.tricks_won[1]},
        "trick": middle,
        "last_trick": _last_trick(table, bottom, face, len(table.tricks))
        if options.show_last_trick
        and not (table.phase is Phase.OVER or "winner" in hide or (hold and not (table.trick)))
        else None,
        # The middle holds a finished trick, its winner shown: say who took it.
        "trick_won": trick_won(table.tricks[-1]) if any(p["won"] for p in middle) else None,
        "score": None
        if options.score is None
        else {"NS": options.score[0], "EW": options.score[1], "target": options.target},
        "actions": [
            *options.buttons_before,
            *_actions(table, bottom, options.actions, options.tried),
            *options.buttons_after,
        ],
        "message": options.message,
        "lift": options.lift_playable,
        "four_colour": four_colour,
        "suit_icons": {suit.letter: suit_icon(suit, four_colour) for suit in Suit},
        "svgs": svgs,
    }
    sits_out = bottom.partner in table.alone and "sitting_out" not in hide
    if sits_out and not teacher and not hand_hidden:
        # A loner's partner lays the cards face down (lesson 5): so does the learner's.
        model["hand"] = []
        model["hand_backs"] = table.counts[bottom]
        model["hand_label"] = "Your cards, face down: you sit out"
    if teacher:
        model["teacher"] = True  # drawn for a room: a larger middle, face-up hands readable
        model["hand_backs"] = table.counts[bottom] if hand_hidden else 0
        model["hand_label"] = f"{bottom.word}'s cards"
        model["choices_label"] = (
            f"{table.turn.word}'s choices" if table.turn is not None else "Choices"
        )
    if options.pace is not None:
        pace = options.pace
        model["pace"] = {
            "key": pace.key,
            "card_ms": pace.card_ms,
            "hold_ms": pace.hold_ms,
            "frames": pace_frames(
                table.tricks,
                table.trick,
                since=pace.since,
                turn=table.turn,
                counts=None if "hand" in hide else table.counts,
                plays=lambda cards, winner: _plays(cards, bottom, face, winner),
                last_trick=lambda number: (
                    _last_trick(table, bottom, face, number)
                    if options.show_last_trick and "winner" not in hide
                    else None
                ),
                winners="winner" not in hide,
                turns="turn" not in hide,
            ),
        }
        if not hand_hidden and not (sits_out and not teacher):
            _hands_while_arriving(
                model["pace"]["frames"],
                table,
                bottom,
                pace.since,
                lambda cards: _hand(
                    table._replace(hands={**table.hands, bottom: tuple(cards)}, legal=()),
                    bottom,
                    face,
                    trump_suit,
                    replace(options, cards_clickable=False, marks={}, lift_playable=False),
                ),
            )
        if pace.intro:
            model["pace"]["intro"] = pace.intro
        if options.score_before is not None:  # drawn until the last card has arrived
            ns, ew = options.score_before
            model["pace"]["score"] = {"NS": ns, "EW": ew, "target": options.target}
    if options.step_keys is not None:
        model["keys"] = options.step_keys
    if options.projector:
        model["size"] = "projector"
    if options.actions_by_hand:
        model["actions_by_hand"] = True
    return model


def _hidden(table: _Table, hide: frozenset[str]) -> _Table:
    """The table less what a question hides (what stays is drawn as usual)."""
    changes: dict[str, Any] = {}  # _Table field -> its hidden value
    if "turn" in hide or ("alone" in hide and table.phase in (Phase.ALONE, Phase.DEFEND_ALONE)):
        changes.update(turn=None, legal=())  # a decision to go alone, not taught yet: unsaid
    if "makers" in hide:
        changes["maker"] = None
    return table._replace(**changes)


def _team_names(names: dict[str, str], bottom: Seat | None) -> dict[str, str]:
    return {
        team: name + (" (you)" if bottom and team == bottom.team.value else "")
        for team, name in names.items()
    }


def _clockwise(bottom: Seat) -> list[Seat]:
    return [bottom.after(i) for i in range(4)]


def _position(seat: Seat, bottom: Seat) -> str:
    return POSITIONS[(seat.index - bottom.index) % 4]


def _seat(
    table: _Table,
    seat: Seat,
    bottom: Seat,
    revealed: bool,
    face: Face,
    hide: frozenset[str] = frozenset(),
    keep_bidding: bool = False,
    you: bool = True,
    clickable: bool = False,
) -> SeatEntry:
    out = seat.partner in table.alone and "sitting_out" not in hide
    badges = []
    if seat is table.dealer:
        badges.append("dealer")
    if seat is table.maker:
        badges.append("maker")
    if seat in table.alone:
        badges.append("alone")
    if out:
        badges.append("sits out")
    if seat is table.turn:
        badges.append(turn_words(table.phase))
    count = None if "hand" in hide else table.counts[seat]
    bottom_seat = seat is bottom
    you = you and bottom_seat
    held = (
        () if bottom_seat or not revealed or count is None else sort_hand(table.hands[seat], None)
    )
    cards: list[SeatCard] = [{**face(card)} for card in held]
    if clickable:  # a teacher plays this seat's cards where they lie
        legal = {a.card for a in table.legal if a.do in (Do.PLAY, Do.DISCARD)}
        cards = [{**face(card), "clickable": True, "legal": card in legal} for card in held]
    said = None if "bidding" in hide else _said(table, seat, keep_bidding, "alone" in hide)
    words = f"{seat.word}" + (" (you)" if you else "")
    if badges:
        words += ": " + ", ".join(badges)
    if count is not None:
        words += f"; {count} card{'s' if count != 1 else ''}" + ("" if revealed else " face down")
    if said:
        words += f"; {said}"
    return {
        "seat": seat.value,
        "name": seat.word,
        "position": _position(seat, bottom),
        "you": bottom_seat,
        "team": seat.team.value,
        "badges": badges,
        "dealer": seat is table.dealer,
        "to_act": seat is table.turn,
        "sitting_out": out,
        "said": said,
        "count": count,
        "revealed": revealed,
        "cards": cards,
        "label": words,
    }


def _said(table: _Table, seat: Seat, keep: bool = False, no_alone: bool = False) -> str | None:
    """What the seat last said in the bidding, while the bidding is on the table (with
    ``keep``, until the first card is played). ``no_alone``: the decision to go alone
    or not is left unsaid (a lesson before lesson 5), so the bid before it shows."""
    before_play = not table.tricks and not table.trick
    if (
        table.phase not in BIDDING
        and not (table.phase is Phase.OVER and not table.tricks)
        and (not (keep and before_play))
    ):
        return None
    made, said, passes = False, None, 0
    for who, action in table.actions:
        if action.do in (Do.ORDER_UP, Do.CALL, Do.NAME):
            made = True
        elif no_alone and made and action.do in (Do.ALONE, Do.WITH_PARTNER, Do.PASS):
            continue  # once trump is made, a pass is a "not alone" too
        if who is seat:
            if action.do is Do.PASS:
                said = "said not alone" if made else "passed"
            elif action.do is Do.ORDER_UP:
                said = "picked it up" if seat is table.dealer else "ordered it up"
            elif action.do in (Do.CALL, Do.NAME):
                said = ("called " if action.do is Do.CALL else "named ") + action.suit.plural
            elif action.do is Do.ALONE:
                said = None  # the "alone" badge says it
            elif action.do is Do.WITH_PARTNER:
                said = "plays with partner"
        if action.do is Do.PASS and not made:
            passes += 1
            if passes == len(SEATS):  # round 1 is over: its words would sit stale beside
                said = None  # round 2's ("passed" beside "to bid")
    return said


def _hands_while_arriving(
    frames: list[PaceFrame],
    table: _Table,
    bottom: Seat,
    since: int,
    drawn: Callable[[list[Card]], list[HandCard]],
) -> None:
    """An arrival in which the bottom seat plays again (a guided hand plays the learner's
    last cards too): each frame before its last such card holds the hand as it was then,
    ``drawn`` (nothing to click); the model's own hand is the hand at the end."""
    every = [pair for done in table.tricks for pair in done.cards] + list(table.trick)
    arriving = every[min(since, len(every)) :]
    held_then = [card for seat, card in arriving if seat is bottom]
    for frame, (seat, card) in zip(frames, arriving, strict=True):
        if seat is bottom:
            held_then.remove(card)
        if held_then:
            frame["hand"] = drawn([*table.hands[bottom], *held_then])


def _hand(
    table: _Table, bottom: Seat, face: Face, trump: Suit | None, options: TableOptions
) -> list[HandCard]:
    cards = table.hands[bottom]
    legal = {a.card for a in table.legal if a.do in (Do.PLAY, Do.DISCARD)}
    clickable = options.cards_clickable
    if clickable is None:
        clickable = table.turn is bottom and table.phase in (Phase.PLAY, Phase.DISCARD)
    marks, lift = options.marks, options.lift_playable
    hand: list[HandCard] = []
    for card in sort_hand(cards, trump):
        given = marks.get(card, marks.get(card.code))
        mark = (given, given) if isinstance(given, str) else given
        note = card_role(card, trump) if options.show_roles else ""
        highlight = (MARK_SIGNS[mark[0]] + mark[1]) if mark else (note or None)
        hand.append(
            {
                **face(card, highlight),
                "legal": options.show_legal and card in legal,
                "clickable": clickable,
                "lifted": lift and clickable and card in legal,
                "note": note,
                "mark": None
                if mark is None
                else {"kind": mark[0], "text": MARK_SIGNS[mark[0]] + mark[1]},
            }
        )
    return hand


def _plays(
    plays: Sequence[tuple[Seat, Card]], bottom: Seat, face: Face, winner: Seat | None
) -> list[Play]:
    return [
        {
            "seat": seat.value,
            "name": seat.word,
            "position": _position(seat, bottom),
            "led": i == 0,
            "won": seat is winner,
            "card": face(card),
        }
        for i, (seat, card) in enumerate(plays)
    ]


def _middle(
    table: _Table, bottom: Seat, face: Face, hold: bool = False, winner: bool = True
) -> list[Play]:
    """The trick on the table; once the hand is over (or, with ``hold``, until the next
    card is played), the last finished trick and, unless hidden, its winner."""
    if (
        table.tricks
        and not table.trick
        and (table.phase is Phase.OVER or (hold and table.phase is Phase.PLAY))
    ):
        last = table.tricks[-1]
        return _plays(last.cards, bottom, face, last.winner if winner else None)
    return _plays(table.trick, bottom, face, None)


def _last_trick(table: _Table, bottom: Seat, face: Face, number: int) -> LastTrick | None:
    """Finished trick ``number`` (from 1; the last one, in the corner), if any."""
    if not 0 < number <= len(table.tricks):
        return None
    last = table.tricks[number - 1]
    return {
        "winner": last.winner.value,
        "winner_name": last.winner.word,
        "number": number,
        "plays": _plays(last.cards, bottom, face, last.winner),
    }


def _upcard(table: _Table, face: Face, hands_hidden: bool = False) -> Upcard | None:
    """The upcard while the bidding is on, or after a hand thrown in. Once the dealer
    has picked it up it is in the dealer's hand, never shown twice; only while every
    hand is hidden (who picks it up?) does an ordered-up card stay in the middle, until
    the first lead, without saying who takes it."""
    ordered = any(action.do is Do.ORDER_UP for _, action in table.actions)
    held = (
        hands_hidden
        and ordered
        and not table.tricks
        and not table.trick
        and (table.phase in (Phase.DISCARD, Phase.PLAY, Phase.DEFEND_ALONE))
    )
    if (
        table.phase not in (Phase.BID1, Phase.BID2, Phase.NAME_TRUMP, Phase.ALONE)
        and not (table.phase is Phase.OVER and not table.tricks)
        and not held
    ):
        return None
    if table.turned_down is not None:
        status, caption = "turned down", "Turned down"
    elif ordered:
        status, caption = (
            "ordered up",
            ("Ordered up" if hands_hidden else f"Ordered up: {table.dealer.word} picks it up"),
        )
    else:
        status, caption = "up", "Upcard"
    return {**face(table.upcard), "status": status, "caption": caption}


def action_label(action: Action, state: HandState | SeatView | _Table, seat: Seat) -> str:
    """``seat``'s choice in players' words: 'Order up', 'Pick it up', 'Call hearts'."""
    phase, maker = state.phase, state.maker
    do = action.do
    if do is Do.ORDER_UP:
        return "Pick it up" if seat is state.dealer else "Order up"
    if do in (Do.CALL, Do.NAME):
        assert action.suit is not None  # a call or a naming says its suit
        return f"{do.value.capitalize()} {action.suit.plural}"
    defending = phase is Phase.DEFEND_ALONE or (maker is not None and seat.team is not maker.team)
    if do is Do.ALONE:
        return "Defend alone" if defending else "Go alone"
    if do is Do.WITH_PARTNER:
        return "Play with partner"
    if do is Do.PASS and phase in (Phase.ALONE, Phase.DEFEND_ALONE):
        return "Don't defend alone" if defending else "Don't go alone"
    if do is Do.PASS:
        return "Pass"
    assert action.card is not None  # what is left: a play or a discard, of a card
    return f"{do.value.capitalize()} {action.card.label}"


def _actions(
    table: _Table, bottom: Seat, actions: Sequence[Action] | None, tried: frozenset[Action]
) -> list[Button]:
    """The labelled choices; one already tried and refused is marked "✗"."""
    chooser = bottom
    if actions is None:  # the seat to act's: the bottom seat's, but on a teacher's table
        actions = [a for a in table.legal if a.do not in (Do.PLAY, Do.DISCARD)]
        chooser = table.turn or bottom
    buttons: list[Button] = []
    for a in actions:
        label = action_label(a, table, chooser)
        suit = a.suit.letter if isinstance(a.suit, Suit) else None
        if a in tried:
            buttons.append(
                {"id": action_id(a), "label": "✗ " + label, "suit": suit, "mark": "wrong"}
            )
        else:
            buttons.append({"id": action_id(a), "label": label, "suit": suit})
    return buttons


def coach_line(source: HandState | SeatView, seat: Seat) -> str:
    """A short prompt for the seat to act: what to click now."""
    if source.turn is not seat:
        return "" if source.turn is None else f"Waiting for {source.turn.word}."
    phase = source.phase
    upcard = source.upcard.the_name
    turned_suit = source.upcard.suit
    if phase is Phase.BID1:
        assert turned_suit is not None  # a turned-up Joker skips the bidding rounds
        verb = "pick up" if seat is source.dealer else "order up"
        return f"Round 1: {verb} {upcard} to make {turned_suit.plural} trump, or pass."
    if phase is Phase.BID2:
        legal = legal_actions(source) if isinstance(source, HandState) else source.legal
        assert turned_suit is not None  # a turned-up Joker skips the bidding rounds
        turned = turned_suit.plural
        if Action.PASS in legal:
            return f"Round 2: {turned} were turned down. Call another suit, or pass."
        return (
            f"Round 2: {turned} were turned down. You are the dealer and stuck: call another suit."
        )
    if phase is Phase.NAME_TRUMP:
        return "The Joker turned up: name the trump suit."
    if phase in (Phase.ALONE, Phase.DEFEND_ALONE):
        return "Decide: go alone, or play with your partner?"
    if phase is Phase.DISCARD:
        return "You picked up the upcard: choose a card to discard face down."
    if phase is Phase.PLAY:
        return (
            "You lead: choose a card to play."
            if not source.trick
            else "Your turn: choose a card to play."
        )
    return ""


def printed_label(card: Card, highlight: str | None) -> str:
    """What a card's face prints, which its button's name starts with (label in name):
    "J♦", or "J♦ left bower" with a band on the face.

    >>> printed_label(Card.parse("JD"), "left bower")
    'J♦ left bower'
    """
    return f"{card.label} {highlight}" if highlight else card.label


@lru_cache(maxsize=1024)
def card_face(card: Card, highlight: str | None, four_colour: bool) -> str:
    return str(card_svg(card, highlight=highlight, four_colour=four_colour))


@lru_cache(maxsize=1)
def card_back() -> str:
    return str(back_svg())


@lru_cache(maxsize=16)
def suit_icon(suit: Suit, four_colour: bool) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true" '
        f'focusable="false"><path d="{SUIT_PATHS[suit]}" '
        f'fill="{suit_colour(suit, four_colour)}"/></svg>'
    )
