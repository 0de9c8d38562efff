"""Helpers for the engine tests: deals and actions from short strings, and a tiny
independent model of RULES.md used to cross-check the engine.

    state = hand("N: 9C TD JH QS KC / E: ... / S: ... / W: ...", dealer="W", upcard="AD")
    state = act(state, "N pass", "E order_up", "E with_partner", "W discard 9S")
    state = act(state, "N play AS, E play 9S")
    err = illegal(state, "S play 9C", Reason.MUST_FOLLOW_SUIT, "must follow hearts")

The model (``spec_*``) is written from RULES.md alone, in card codes, so that
tests do not check the engine against itself.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

import pytest

from engine import (
    JOKER,
    SEATS,
    Action,
    Card,
    Deal,
    HandState,
    IllegalActionError,
    Reason,
    Rules,
    Seat,
    apply,
    deck,
    legal_actions,
    new_hand,
    parse_card,
    parse_cards,
    parse_suit,
)
from engine.actions import Do

# ---- building rule sets, deals and states ---------------------------------------------------


def rules(preset: str = "bga", **settings) -> Rules:
    """A preset with settings overriding it."""
    return Rules.from_settings({"preset": preset, **settings})


def deal(
    text: str,
    dealer: str = "W",
    upcard: str = "AD",
    *,
    benny: bool | None = None,
    fill: bool = True,
) -> Deal:
    """A Deal from "N: 9C TD JH QS KC / E: ... / S: ... / W: ...".

    Seats not given, or given fewer than five cards, are filled from the unused cards
    of the deck in deck order (when ``fill``). The stock is the rest of the deck, so
    that every card of the deck is somewhere.
    """
    up = parse_card(upcard)
    hands: dict[Seat, list] = {seat: [] for seat in SEATS}
    for part in text.split("/"):
        if not part.strip():
            continue
        seat, sep, rest = part.partition(":")
        assert sep, f"write 'N: cards', not {part!r}"
        hands[Seat(seat.strip().upper())] = list(parse_cards(rest))
    if benny is None:
        benny = up is JOKER or any(JOKER in h for h in hands.values())
    used = {up, *(c for h in hands.values() for c in h)}
    pool = [c for c in deck(benny) if c not in used]
    for seat in SEATS:
        if fill:
            while len(hands[seat]) < 5:
                hands[seat].append(pool.pop(0))
        assert len(hands[seat]) == 5, f"{seat} has {len(hands[seat])} cards"
    return Deal(Seat(dealer), tuple(tuple(hands[s]) for s in SEATS), up, tuple(pool))


def hand(
    text: str = "", dealer: str = "W", upcard: str = "AD", preset: str = "bga", **settings
) -> HandState:
    """A fresh hand under a preset (plus settings) from a ``deal`` string."""
    r = rules(preset, **settings)
    return new_hand(r, deal(text, dealer, upcard, benny=r.benny))


# ---- actions as text -----------------------------------------------------------------------

_ACTION_RE = re.compile(r"\s*([NESWnesw])\s+(\w+)(?:\s+(\S+))?\s*")


def action(text: str) -> tuple[Seat, Action]:
    """'N pass', 'E order_up', 'S call H', 'W name D', 'W discard 9S', 'N play AS'."""
    m = _ACTION_RE.fullmatch(text)
    assert m, f"cannot read action {text!r}"
    seat, do, arg = Seat(m.group(1).upper()), Do(m.group(2)), m.group(3)
    if do in (Do.PLAY, Do.DISCARD):
        return seat, Action(do, card=parse_card(arg))
    if do in (Do.CALL, Do.NAME):
        return seat, Action(do, suit=parse_suit(arg, allow_no_trump=True))
    assert arg is None, f"{do.value} takes nothing: {text!r}"
    return seat, Action(do)


def _steps(steps: Iterable[str]) -> list[str]:
    out = []
    for step in steps:
        out.extend(s for s in step.split(",") if s.strip())
    return out


def act(state: HandState, *steps: str) -> HandState:
    """Apply actions given as text (several per string, comma-separated); seats are checked."""
    for step in _steps(steps):
        seat, a = action(step)
        state = apply(state, a, seat)
    return state


def plays(state: HandState, text: str) -> HandState:
    """Play cards written 'N:AS E:9S S:KS W:TS' (any whitespace or '|' between)."""
    for token in re.split(r"[\s|]+", text.strip()):
        if token:
            seat, _, card = token.partition(":")
            state = apply(state, Action(Do.PLAY, card=parse_card(card)), Seat(seat.upper()))
    return state


def words(a: Action) -> str:
    """An action in the record's words: 'pass', 'call H', 'play AS'."""
    d = a.to_dict()
    return " ".join([d["do"], *(v for k, v in d.items() if k != "do")])


def legal(state: HandState) -> list[str]:
    return [words(a) for a in legal_actions(state)]


def codes(cards) -> str:
    return " ".join(c.code for c in cards)


def held(state: HandState, seat: str) -> str:
    return codes(state.hand_of(Seat(seat)))


def illegal(state: HandState, step: str, reason: Reason, *fragments: str) -> IllegalActionError:
    """Assert that an action raises IllegalActionError with this reason and words."""
    seat, a = action(step)
    with pytest.raises(IllegalActionError) as info:
        apply(state, a, seat)
    err = info.value
    assert err.reason is reason, (err.reason, err.message)
    assert isinstance(err, ValueError)
    for fragment in fragments:
        assert fragment.lower() in err.message.lower(), (fragment, err.message)
    assert str(err) == err.message
    return err


# ---- random play -----------------------------------------------------------------------------


def random_playout(state: HandState, rng: random.Random, on_step=None) -> HandState:
    """Play random legal actions to the end; ``on_step(state, seat, action)`` before each."""
    while not state.is_over:
        choices = legal_actions(state)
        assert choices, f"no legal action in phase {state.phase}"
        a = rng.choice(choices)
        if on_step is not None:
            on_step(state, state.turn, a)
        state = apply(state, a, state.turn)
    return state


# ---- an independent model of RULES.md, in card codes ------------------------------------------

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
PLAIN_ORDER = "AKQJT9"  # no trump / non-trump suits, high to low
TRUMP_ORDER = "AKQT9"  # under the bowers


def spec_suit(code: str, trump: str | None) -> str | None:
    """Effective suit: left bower and Benny are trump."""
    if code == "JOKER":
        return trump
    rank, suit = code[0], code[1]
    if trump is not None and rank == "J" and suit == SAME_COLOUR[trump]:
        return trump
    return suit


def spec_trump_order(trump: str, benny: bool = False) -> list[str]:
    order = ["JOKER"] if benny else []
    order += ["J" + trump, "J" + SAME_COLOUR[trump]] + [r + trump for r in TRUMP_ORDER]
    return order


def spec_suit_order(suit: str, trump: str | None, benny: bool = False) -> list[str]:
    if trump is not None and suit == trump:
        return spec_trump_order(trump, benny)
    ranks = PLAIN_ORDER
    if trump is not None and suit == SAME_COLOUR[trump]:
        ranks = ranks.replace("J", "")
    return [r + suit for r in ranks]


def spec_winner(trick: list[tuple[str, str]], trump: str | None) -> str:
    """Winner seat of a trick of (seat, code): highest trump, else highest of the suit led."""
    benny = any(code == "JOKER" for _, code in trick)
    if trump is not None:
        trumps = [(s, c) for s, c in trick if spec_suit(c, trump) == trump]
        if trumps:
            order = spec_trump_order(trump, benny=True)
            return min(trumps, key=lambda sc: order.index(sc[1]))[0]
    led = spec_suit(trick[0][1], trump)
    followers = [(s, c) for s, c in trick if spec_suit(c, trump) == led]
    order = spec_suit_order(led, trump, benny)
    return min(followers, key=lambda sc: order.index(sc[1]))[0]


def spec_playable(
    hand_codes: list[str],
    trick_codes: list[str],
    trump: str | None,
    first_trick: bool,
    no_first_blood: bool,
) -> set[str]:
    """The cards a player may play (follow suit by effective suit; no first blood)."""
    if trick_codes:
        led = spec_suit(trick_codes[0], trump)
        follow = {c for c in hand_codes if spec_suit(c, trump) == led}
        return follow or set(hand_codes)
    if no_first_blood and first_trick and trump is not None:
        plain = {c for c in hand_codes if spec_suit(c, trump) != trump}
        return plain or set(hand_codes)
    return set(hand_codes)


def spec_points(makers_tricks: int, maker_alone: bool, defender_alone: bool) -> tuple[str, int]:
    """RULES.md's scoring table: ('makers' or 'defenders', points)."""
    if makers_tricks < 3:
        return ("defenders", 4 if defender_alone else 2)
    if makers_tricks == 5:
        return ("makers", 4 if maker_alone else 2)
    return ("makers", 1)


def trump_letter(state: HandState) -> str | None:
    """The trump suit's letter, or None before trump and in no trump."""
    return state.trump.letter if state.trump is not None and state.trump.letter != "NT" else None


def cards_in(value, out: list | None = None) -> list:
    """Every Card inside a value (tuples, named tuples, actions): what a view reveals."""
    out = [] if out is None else out
    if isinstance(value, Card):
        out.append(value)
    elif isinstance(value, Action):
        if value.card is not None:
            out.append(value.card)
    elif isinstance(value, (tuple, list)):
        for item in value:
            cards_in(item, out)
    return out
