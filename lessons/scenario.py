"""Scenarios: the table a lesson step or quiz item shows, always as a hand record.

Authors describe a position in a few words (trump, who made it, South's cards,
the trick so far); ``build_record`` turns that into a full, legal hand record
by asking the engine at every step, so every scenario replays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import (
    SEATS,
    Action,
    Card,
    Deal,
    Do,
    HandState,
    NoTrump,
    Phase,
    Rules,
    Seat,
    Suit,
    apply,
    deck,
    effective_suit,
    legal_actions,
    new_hand,
    parse_card,
    parse_cards,
    parse_seat,
    parse_suit,
)
from engine.errors import EuchreError
from engine.record import HandRecord


class ScenarioError(ValueError):
    """A scenario that cannot be built: says what to change."""


@dataclass(frozen=True)
class Sketch:
    """A position in an author's words. Every field but ``trump`` is optional."""

    trump: Suit | NoTrump
    south: tuple[Card, ...] = ()  # South's cards now (up to 5)
    trick: tuple[tuple[Seat, Card], ...] = ()  # the first trick so far, in play order
    maker: Seat | None = None
    dealer: Seat | None = None
    alone: tuple[Seat, ...] = ()  # seats that go (or defend) alone
    hands: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)  # other seats' cards
    seed: int = 0

    @classmethod
    def parse(cls, data: dict[str, Any]) -> Sketch:
        """From TOML: trump = "H", south = "JD 9S", trick = "W:AH N:9H", maker = "E", ..."""
        known = {"trump", "south", "trick", "maker", "dealer", "alone", "hands", "seed"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ScenarioError(
                f"unknown scenario key {unknown[0]!r}: use {', '.join(sorted(known))}"
            )
        if "trump" not in data:
            raise ScenarioError('a sketched scenario needs a trump, e.g. trump = "H"')
        trick = []
        for token in str(data.get("trick", "")).split():
            seat, _, card = token.partition(":")
            trick.append((parse_seat(seat), parse_card(card)))
        hands = {parse_seat(k): parse_cards(v) for k, v in data.get("hands", {}).items()}
        return cls(
            trump=parse_suit(data["trump"], allow_no_trump=True),
            south=parse_cards(data.get("south", "")),
            trick=tuple(trick),
            maker=parse_seat(data["maker"]) if "maker" in data else None,
            dealer=parse_seat(data["dealer"]) if "dealer" in data else None,
            alone=tuple(parse_seat(s) for s in data.get("alone", [])),
            hands=hands,
            seed=int(data.get("seed", 0)),
        )


def build_record(sketch: Sketch, rules: Rules) -> HandRecord:
    """A legal hand record that reaches the sketched position; raises ScenarioError."""
    dealers = [sketch.dealer] if sketch.dealer else [Seat.W, Seat.N, Seat.E, Seat.S]
    problems = []
    for dealer in dealers:
        try:
            return _build(sketch, rules, dealer)
        except (ScenarioError, EuchreError) as exc:
            problems.append(f"dealer {dealer.value}: {exc}")
    raise ScenarioError("cannot build this scenario: " + "; ".join(problems))


def _build(sketch: Sketch, rules: Rules, dealer: Seat) -> HandRecord:
    trump = sketch.trump
    trump_suit = trump if isinstance(trump, Suit) else None
    rng = random.Random(sketch.seed)
    holding: dict[Seat, list[Card]] = {seat: list(sketch.hands.get(seat, ())) for seat in SEATS}
    holding[Seat.S] = list(sketch.south) or holding[Seat.S]
    for seat, card in sketch.trick:
        holding[seat].append(card)
    used = [c for cards in holding.values() for c in cards]
    if len(set(used)) != len(used):
        raise ScenarioError("a card appears twice in the scenario")
    # Seats that did not follow the suit led must hold none of it.
    void: dict[Seat, Suit] = {}
    if sketch.trick:
        led = effective_suit(sketch.trick[0][1], trump_suit)
        assert led is not None  # a trick is played under a trump or no trump
        for seat, card in sketch.trick[1:]:
            if effective_suit(card, trump_suit) is not led:
                void[seat] = led
    rest = [c for c in deck(rules.benny) if c not in used]
    rng.shuffle(rest)
    # The upcard is turned down, so trump is called in round 2: it must not be of that suit.
    upcard = next(
        (
            c
            for c in rest
            if c.suit is not None
            and c.suit is not trump_suit
            and (trump_suit is None or effective_suit(c, trump_suit) is not trump_suit)
        ),
        None,
    )
    if upcard is None:
        raise ScenarioError("no card is left to turn up")
    rest.remove(upcard)
    for seat in SEATS:
        while len(holding[seat]) < 5:
            pick = next(
                (c for c in rest if effective_suit(c, trump_suit) is not void.get(seat)), None
            )
            if pick is None:
                raise ScenarioError(f"cannot fill {seat.word}'s hand")
            rest.remove(pick)
            holding[seat].append(pick)
        if len(holding[seat]) > 5:
            raise ScenarioError(f"{seat.word} holds more than five cards")
    deal = Deal(dealer, tuple(tuple(holding[seat]) for seat in SEATS), upcard)
    state = new_hand(rules, deal)
    maker = sketch.maker or dealer.next
    state = _make_trump(state, trump, maker, sketch.alone)
    for seat, card in sketch.trick:
        if state.turn is not seat:
            assert state.turn is not None  # in play, a seat is to play
            raise ScenarioError(f"{state.turn.word} plays next here, not {seat.word}")
        state = apply(state, Action.play(card), seat)
    return HandRecord.from_state(state)


def _make_trump(
    state: HandState, trump: Suit | NoTrump, maker: Seat, alone: tuple[Seat, ...]
) -> HandState:
    """Pass round 1, let ``maker`` call trump in round 2, then settle alone decisions."""
    while state.phase is not Phase.PLAY:
        seat = state.turn
        assert seat is not None  # before play, a seat is to act
        legal = legal_actions(state)
        if state.phase is Phase.BID1:
            action = Action.PASS
        elif state.phase is Phase.BID2:
            action = Action.call(trump) if seat is maker else Action.PASS
        elif state.phase in (Phase.ALONE, Phase.DEFEND_ALONE):
            action = (
                Action.ALONE if seat in alone else next(a for a in legal if a.do is not Do.ALONE)
            )
        else:
            raise ScenarioError(f"unexpected {state.phase.value} while making trump")
        if action not in legal:
            raise ScenarioError(f"{seat.word} cannot {action} here")
        state = apply(state, action, seat)
    return state
