"""Property-based tests over random rule sets and seeded random play.

Each hand is dealt from a seed under a random rule set (a random preset with random
settings switched, never benny together with no_trump), then played by random legal
choices. At every step the engine is checked against the independent model of RULES.md
in ``euchre_helpers`` (effective suit, following suit, trick winner, scoring).
"""

from __future__ import annotations

import json
import random
from collections import Counter

from euchre_helpers import (
    cards_in,
    spec_playable,
    spec_points,
    spec_suit,
    spec_winner,
    trump_letter,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine import (
    JOKER,
    NO_TRUMP,
    SEATS,
    Action,
    Card,
    Deal,
    IllegalActionError,
    Phase,
    Reason,
    Rules,
    Seat,
    Suit,
    Team,
    apply,
    deck,
    first_leader,
    legal_actions,
    new_hand,
)
from engine.actions import Do
from engine.record import HandRecord, ReplayError, replay
from engine.view import seat_view

# The example count comes from the hypothesis profile (tests/conftest.py: 200, or fewer
# under HYPOTHESIS_PROFILE=ci).
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOOL_KEYS = [
    "stick_the_dealer",
    "no_trump",
    "loner_starts_last",
    "canadian_loner",
    "lone_defender",
    "benny",
    "no_first_blood",
]


@st.composite
def rule_sets(draw) -> Rules:
    values = {"preset": draw(st.sampled_from(["bga", "pagat", "cardsuite"]))}
    for key in BOOL_KEYS:
        if draw(st.booleans()):
            values[key] = draw(st.booleans())
    if draw(st.booleans()):
        values["alone_decision"] = draw(st.sampled_from(["maker", "any"]))
    base = Rules.preset(values["preset"])
    if values.get("benny", base.benny) and values.get("no_trump", base.no_trump):
        values[draw(st.sampled_from(["benny", "no_trump"]))] = False
    return Rules.from_settings(values)


@st.composite
def hands(draw):
    """(rules, initial state, a Random for the play, driven by hypothesis so it shrinks)."""
    r = draw(rule_sets())
    rng = draw(st.randoms(use_true_random=False))
    cards = list(deck(r.benny))
    rng.shuffle(cards)
    if r.benny and draw(st.integers(0, 3)) == 0:  # Benny turned up, often enough to matter
        i = cards.index(JOKER)
        cards[i], cards[20] = cards[20], cards[i]
    dealer = draw(st.sampled_from(SEATS))
    d = Deal(
        dealer,
        tuple(tuple(cards[i * 5 : i * 5 + 5]) for i in range(4)),
        cards[20],
        tuple(cards[21:]),
    )
    return r, new_hand(r, d), rng


def choose(state, rng: random.Random) -> Action:
    """A random legal action, weighted so that every path is met: bids pass often (round 2,
    the throw-in), no trump is called often when allowed, and going alone is not the rule."""
    acts = legal_actions(state)
    by_do = {}
    for a in acts:
        by_do.setdefault(a.do, []).append(a)
    if state.phase is Phase.BID1 and rng.random() < 0.75:
        return by_do[Do.PASS][0]
    if state.phase is Phase.BID2:
        if Do.PASS in by_do and rng.random() < 0.5:
            return by_do[Do.PASS][0]
        calls = by_do[Do.CALL]
        if calls[-1].suit is NO_TRUMP and rng.random() < 0.4:
            return calls[-1]
        return rng.choice(calls)
    if state.phase in (Phase.ALONE, Phase.DEFEND_ALONE) and len(acts) > 1:
        others = [a for a in acts if a.do is not Do.ALONE]
        return by_do[Do.ALONE][0] if rng.random() < 0.3 else others[0]
    return rng.choice(acts)


def playout(state, rng, check=None):
    """Random legal play to the end; ``check(state)`` on every state on the way."""
    states = [state]
    while not state.is_over:
        if check:
            check(state)
        state = apply(state, choose(state, rng), state.turn)
        states.append(state)
    if check:
        check(state)
    return states


# ---- the spec's view of a state --------------------------------------------------------------


def played_cards(state) -> list[Card]:
    return [c for t in state.tricks for _, c in t.cards] + [c for _, c in state.trick]


def check_conservation(state):
    """Hands + played + discard + upcard-if-not-taken + stock = the dealt deck."""
    cards = [c for h in state.hands for c in h] + played_cards(state)
    if state.discarded is not None:
        cards.append(state.discarded)
    if not state.dealer_took_upcard:
        cards.append(state.upcard)
    cards += list(state.deal.stock)
    assert Counter(cards) == Counter(deck(state.rules.benny))
    assert all(v == 1 for v in Counter(cards).values())


def spec_legal(state) -> set[str] | None:
    """The legal actions per RULES.md, in words; None for phases checked elsewhere."""
    r = state.rules
    phase = state.phase
    if phase is Phase.BID1:
        return {"order_up", "pass"}
    if phase is Phase.BID2:
        out = {f"call {s}" for s in "CDHS" if s != state.upcard.suit.letter}
        if r.no_trump:
            out.add("call NT")
        if not (r.stick_the_dealer and state.turn is state.dealer):
            out.add("pass")
        return out
    if phase is Phase.NAME_TRUMP:
        return {"name C", "name D", "name H", "name S"}
    if phase is Phase.DISCARD:
        assert state.turn is state.dealer
        hand = state.hand_of(state.dealer)
        assert len(hand) == 6 and state.upcard in hand
        return {f"discard {c.code}" for c in hand}
    if phase is Phase.ALONE:
        ordered_up = any(a.do is Do.ORDER_UP for _, a in state.actions)
        forced = (
            r.canadian_loner
            and ordered_up
            and state.turn is state.maker
            and state.maker is state.dealer.partner
        )
        if forced:
            return {"alone"}
        return {"alone", "with_partner"} if r.alone_decision == "maker" else {"alone", "pass"}
    if phase is Phase.DEFEND_ALONE:
        assert r.lone_defender and r.alone_decision == "maker"
        assert state.turn.team is state.defenders
        return {"alone", "pass"}
    if phase is Phase.PLAY:
        hand = [c.code for c in state.hand_of(state.turn)]
        ok = spec_playable(
            hand,
            [c.code for _, c in state.trick],
            trump_letter(state),
            first_trick=not state.tricks,
            no_first_blood=r.no_first_blood,
        )
        return {f"play {c}" for c in ok}
    return None


def words(a: Action) -> str:
    d = a.to_dict()
    return " ".join([d["do"], *(v for k, v in d.items() if k != "do")])


def spec_first_leader(state) -> Seat:
    alone = state.alone
    out = {s.partner for s in alone}
    if state.rules.loner_starts_last and alone:
        if len(alone) == 1:
            return alone[0].next
        return next(s for s in alone if s.team is not state.makers)
    seat = state.dealer.next
    while seat in out:
        seat = seat.next
    return seat


def check_state(state):
    check_conservation(state)
    acts = legal_actions(state)
    if state.is_over:
        assert acts == () and state.turn is None
        return
    assert acts, f"no legal action in {state.phase}"
    assert len(set(acts)) == len(acts)
    assert state.turn is not None and state.turn not in state.sitting_out
    expected = spec_legal(state)
    assert {words(a) for a in acts} == expected, (state.phase, [words(a) for a in acts])
    if state.phase is Phase.PLAY and not state.tricks and not state.trick:
        assert state.turn is spec_first_leader(state) is first_leader(state)


def check_finished(state):
    assert state.is_over
    result = state.result
    if result.thrown_in:
        assert state.maker is None and state.tricks == ()
        assert result.points == {Team.NS: 0, Team.EW: 0}
        passes = [a for _, a in state.actions]
        assert len(passes) == 8 and all(a.do is Do.PASS for a in passes)
        assert not state.rules.stick_the_dealer
        return
    trump = trump_letter(state)
    active = [s for s in SEATS if s not in state.sitting_out]
    assert len(state.tricks) == 5
    for i, trick in enumerate(state.tricks):
        seats = [s for s, _ in trick.cards]
        # one card per active seat, clockwise from the leader
        assert sorted(seats, key=SEATS.index) == active
        assert seats[0] is trick.leader
        assert all(seats[k + 1] is _next_active(seats[k], active) for k in range(len(seats) - 1))
        assert trick.winner.value == spec_winner([(s.value, c.code) for s, c in trick.cards], trump)
        if i:
            assert trick.leader is state.tricks[i - 1].winner
    makers = state.makers
    makers_tricks = sum(t.winner.team is makers for t in state.tricks)
    assert result.makers_tricks == makers_tricks
    assert sum(state.tricks_won) == 5
    assert state.team_tricks(makers) == makers_tricks
    to, points = spec_points(
        makers_tricks,
        any(s.team is makers for s in state.alone),
        any(s.team is not makers for s in state.alone),
    )
    winner = makers if to == "makers" else makers.other
    assert result.points == {winner: points, winner.other: 0}
    assert all(len(h) == 0 for s, h in zip(SEATS, state.hands, strict=False) if s in active)
    assert all(len(h) == 5 for s, h in zip(SEATS, state.hands, strict=False) if s not in active)


def _next_active(seat, active):
    seat = seat.next
    while seat not in active:
        seat = seat.next
    return seat


def check_follow_suit(states):
    """Every card played followed suit by effective suit when the player could."""
    for before, after in zip(states, states[1:], strict=False):
        if before.phase is not Phase.PLAY:
            continue
        seat, a = after.actions[-1]
        assert a.do is Do.PLAY and seat is before.turn
        if before.trick:
            trump = trump_letter(before)
            led = spec_suit(before.trick[0][1].code, trump)
            hand = [c.code for c in before.hand_of(seat)]
            if any(spec_suit(c, trump) == led for c in hand):
                assert spec_suit(a.card.code, trump) == led


# ---- the properties -------------------------------------------------------------------------


@SETTINGS
@given(hands())
def test_random_hands_obey_the_rules(dealt):
    r, state, rng = dealt
    states = playout(state, rng, check_state)
    check_follow_suit(states)
    check_finished(states[-1])
    end = states[-1]
    event(
        "thrown in"
        if end.result.thrown_in
        else f"played: {len(end.alone)} alone, trump {end.trump.letter}"
    )
    if end.upcard is JOKER:
        event("Benny turned up")
    # the record of the hand replays to the same state
    assert replay(r, states[-1].deal, states[-1].actions) == states[-1]


@SETTINGS
@given(hands(), st.data())
def test_every_illegal_card_raises_the_right_reason(dealt, data):
    r, state, rng = dealt
    states = [s for s in playout(state, rng) if s.phase is Phase.PLAY]
    for state in states and data.draw(st.lists(st.sampled_from(states), max_size=4)):
        seat = state.turn
        legal = {a.card for a in legal_actions(state)}
        hand = set(state.hand_of(seat))
        for card in deck(benny=True):
            if card in legal:
                continue
            try:
                apply(state, Action.play(card), seat)
            except IllegalActionError as err:
                if card not in hand:
                    assert err.reason is Reason.CARD_NOT_IN_HAND
                    assert card.name in err.message
                elif state.trick:
                    assert err.reason is Reason.MUST_FOLLOW_SUIT
                    assert "must follow " + state.led_suit.plural in err.message
                else:
                    assert err.reason is Reason.NO_FIRST_BLOOD
                    assert r.no_first_blood and not state.tricks
                    assert card.name in err.message
                assert seat.word in err.message
            else:
                raise AssertionError(f"{card.code} was accepted but is not legal")
        # a play by a seat whose turn it is not
        other = next(s for s in SEATS if s is not seat)
        try:
            apply(state, legal_actions(state)[0], other)
        except IllegalActionError as err:
            assert err.reason is Reason.NOT_YOUR_TURN
        else:
            raise AssertionError("a seat played out of turn")


def universe(state) -> list[Action]:
    acts = [Action(Do(d)) for d in ("pass", "order_up", "alone", "with_partner")]
    acts += [Action.call(s) for s in (*Suit, NO_TRUMP)] + [Action.name_trump(s) for s in Suit]
    acts += [Action.discard(c) for c in deck(benny=True)]
    acts += [Action.play(c) for c in state.hand_of(state.turn)]
    return acts


REASONS_BY_PHASE = {
    Phase.BID1: {Reason.WRONG_PHASE},
    Phase.BID2: {
        Reason.WRONG_PHASE,
        Reason.TURNED_DOWN_SUIT,
        Reason.NO_TRUMP_NOT_ALLOWED,
        Reason.DEALER_MUST_CALL,
    },
    Phase.NAME_TRUMP: {Reason.WRONG_PHASE},
    Phase.ALONE: {Reason.WRONG_PHASE, Reason.MUST_GO_ALONE},
    Phase.DISCARD: {Reason.WRONG_PHASE, Reason.CARD_NOT_IN_HAND},
    Phase.DEFEND_ALONE: {Reason.WRONG_PHASE},
}


@SETTINGS
@given(hands())
def test_every_other_decision_is_refused_with_a_reason(dealt):
    r, start, rng = dealt
    for state in playout(start, rng):
        if state.is_over or state.phase is Phase.PLAY:
            continue
        legal = set(legal_actions(state))
        for a in universe(state):
            if a in legal:
                continue
            try:
                apply(state, a, state.turn)
            except IllegalActionError as err:
                assert err.reason in REASONS_BY_PHASE[state.phase], (state.phase, a, err.reason)
                assert err.message and "Reason" not in err.message
                if state.phase is Phase.BID2 and a.do is Do.CALL and a.suit is state.upcard.suit:
                    assert err.reason is Reason.TURNED_DOWN_SUIT
                if a.do is Do.PASS and state.phase is Phase.BID2:
                    assert err.reason is Reason.DEALER_MUST_CALL
            else:
                raise AssertionError(f"{a} accepted in {state.phase}")


@SETTINGS
@given(hands(), st.data())
def test_records_replay_to_the_same_state(dealt, data):
    r, state, rng = dealt
    states = playout(state, rng)
    state = states[data.draw(st.integers(0, len(states) - 1))]
    text = json.dumps(HandRecord.from_state(state).to_json())
    again = HandRecord.from_json(json.loads(text)).replay()
    # the hidden rest of the stock is not part of a record (HAND_RECORD.md)
    assert again == state._replace(deal=state.deal._replace(stock=()))
    assert HandRecord.from_state(again).to_json() == json.loads(text)


# ---- views ------------------------------------------------------------------------------------


def swapped(state, a_seat, a_card, b_seat, b_card):
    """The same actions on a deal with two hidden cards exchanged (b_seat None: the stock)."""
    hands = [list(h) for h in state.deal.hands]
    stock = list(state.deal.stock)
    hands[a_seat.index][hands[a_seat.index].index(a_card)] = b_card
    if b_seat is None:
        stock[stock.index(b_card)] = a_card
    else:
        hands[b_seat.index][hands[b_seat.index].index(b_card)] = a_card
    d = state.deal._replace(hands=tuple(tuple(h) for h in hands), stock=tuple(stock))
    try:
        return replay(state.rules, d, state.actions)
    except ReplayError:
        return None  # the swap would make an earlier action illegal


@SETTINGS
@given(hands(), st.data())
def test_views_never_reveal_other_seats_cards(dealt, data):
    r, state, rng = dealt
    states = playout(state, rng)
    state = states[data.draw(st.integers(0, len(states) - 1))]
    viewer = data.draw(st.sampled_from(SEATS))
    view = seat_view(state, viewer)
    # every card in the view is the viewer's own, public, or the viewer's own discard
    allowed = set(state.hand_of(viewer)) | set(played_cards(state)) | {state.upcard}
    if viewer is state.dealer and state.discarded is not None:
        allowed.add(state.discarded)
    seen = cards_in(tuple(v for k, v in view._asdict().items() if k != "rules"), [])
    assert set(seen) <= allowed
    if viewer is not state.dealer:
        assert view.discarded is None
    assert view.hand == state.hand_of(viewer)
    assert view.legal == (legal_actions(state) if state.turn is viewer else ())
    # states that differ only in cards the viewer cannot see give equal views
    hidden = {
        s: [c for c in state.hand_of(s) if c in state.deal.hand(s)]
        for s in SEATS
        if s is not viewer
    }
    pairs = [
        (a, ca, b, cb)
        for a in hidden
        for b in hidden
        if a.index < b.index
        for ca in hidden[a]
        for cb in hidden[b]
    ]
    pairs += [(a, ca, None, cb) for a in hidden for ca in hidden[a] for cb in state.deal.stock]
    for a, ca, b, cb in data.draw(st.lists(st.sampled_from(pairs), max_size=5)) if pairs else []:
        other = swapped(state, a, ca, b, cb)
        if other is None:
            continue
        assert seat_view(other, viewer) == view
        assert seat_view(other, a) != seat_view(state, a)  # the swap did change something
