"""Sampling the hidden cards: consistent with the view, uniform, and blind to hidden cards."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import factorial

import pytest
from analysis_cases import RULE_SETS, random_decisions, record_state

from analysis.bidding import expert_decision
from analysis.inference import weighted_samples
from analysis.sampling import Sampler, known_voids, splits
from analysis.worlds import rebuild
from engine import JOKER, SEATS, Seat, Suit, apply, parse_card, random_hand, seat_view
from engine.hand import Phase
from engine.ranking import EFFECTIVE_SUIT

STATES = [
    s
    for name in sorted(RULE_SETS)
    for s in random_decisions(RULE_SETS[name], random.Random(name), 25)
]


def test_samples_respect_everything_the_seat_knows():
    rng = random.Random(1)
    for state in STATES:
        for seat in SEATS:
            view = seat_view(state, seat)
            voids = known_voids(view)
            trump = view.trump_suit if view.phase is Phase.PLAY else None
            sampler = Sampler(view)
            for hands in sampler.samples(rng, 3):
                assert set(hands[seat.index]) == set(view.hand)
                seen = set(view.played) | ({view.discarded} - {None})
                every = [c for h in hands for c in h]
                assert len(every) == len(set(every))
                for other in SEATS:
                    held = set(hands[other.index])
                    if other is seat:
                        continue
                    if other in state.sitting_out:
                        assert not held
                        continue
                    assert len(held) == len(state.hand_of(other))
                    assert not held & seen
                    assert not any(EFFECTIVE_SUIT[trump][c.index] in voids[other] for c in held)
                    if (
                        view.upcard not in seen
                        and other is view.dealer
                        and view.upcard_taken
                        and view.upcard in state.hand_of(other)
                    ):
                        assert view.upcard in held


def test_a_rebuilt_world_looks_the_same_from_the_seat():
    rng = random.Random(2)
    for state in STATES:
        for seat in SEATS:
            view = seat_view(state, seat)
            sampler = Sampler(view)
            world = rebuild(view, sampler.sample(rng), sampler, rng)
            assert seat_view(world, seat) == view


def test_samples_depend_only_on_the_view():
    """Two states that look alike to a seat give the same samples for the same seed."""
    rng = random.Random(3)
    changed = 0
    for state in STATES[::3]:
        seat = state.turn or SEATS[0]
        view = seat_view(state, seat)
        sampler = Sampler(view)
        other = rebuild(view, sampler.sample(rng), sampler, rng)
        changed += other.hands != state.hands
        again = seat_view(other, seat)
        assert again == view
        a = Sampler(view).samples(random.Random(9), 4)
        b = Sampler(again).samples(random.Random(9), 4)
        assert a == b
    assert changed > len(STATES[::3]) // 2


def _brute_force(sampler: Sampler) -> Counter:
    """Every consistent deal of the hidden cards, by listing all assignments."""
    pool = list(sampler.c.pool)
    seats = [seat for seat, _ in sampler.c.needs]
    needs = [n for _, n in sampler.c.needs]
    trump = sampler.c.trump
    found = Counter()

    def place(i: int, rest: list, chosen: list):
        if i == len(seats):
            found[tuple(frozenset(h) for h in chosen)] += 1
            return
        for hand in itertools.combinations(rest, needs[i]):
            if any(
                EFFECTIVE_SUIT[trump][c.index] in sampler.c.voids.get(seats[i], ()) for c in hand
            ):
                continue
            place(i + 1, [c for c in rest if c not in hand], chosen + [hand])

    place(0, pool, [])
    return found


def test_every_consistent_deal_is_equally_likely():
    # Late in a hand: West showed no spades and East no hearts; 2 cards each to guess.
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="KD",
        actions="N pass, E pass, S pass, W pass, N call H, N with_partner, "
        "N play AS, E play 9S, S play QS, W play TC, "
        "N play JH, E play 9H, S play KH, W play JC, "
        "N play 9C, E play TS, S play 9D, W play AC",
    )
    view = seat_view(state, Seat.S)
    sampler = Sampler(view)
    every = _brute_force(sampler)
    assert sampler.count() == sum(every.values()) == len(every) > 1
    rng = random.Random(4)
    n = 3000
    drawn = Counter()
    for _ in range(n):
        hands = sampler.sample(rng)
        seats = [seat for seat, _ in sampler.c.needs]
        drawn[tuple(frozenset(hands[s]) for s in seats)] += 1
    assert set(drawn) <= set(every)
    expected = n / len(every)
    for deal in every:
        assert abs(drawn[deal] - expected) < 5 * expected**0.5, (drawn[deal], expected)


def test_the_dealer_is_taken_to_hold_the_upcard_until_it_is_played():
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="AD",
        actions="N order_up, N with_partner, W discard TC",
    )
    view = seat_view(state, Seat.S)
    for hands in Sampler(view).samples(random.Random(5), 20):
        assert parse_card("AD") in hands[Seat.W.index]


def test_a_dealer_out_of_trumps_threw_the_upcard_away():
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="KD",
        actions="N order_up, N with_partner, W discard KD, "
        "N play JD, E play 9S, S play 9D, W play TC",
    )
    view = seat_view(state, Seat.E)
    assert Suit.DIAMONDS in known_voids(view)[Seat.W]
    for hands in Sampler(view).samples(random.Random(6), 20):
        assert parse_card("KD") not in {c for h in hands for c in h}


def test_bids_shift_the_samples_towards_fitting_hands():
    """Whoever made trump holds more trumps in weighted samples than in plain ones."""
    rng = random.Random(7)
    more = trials = 0
    while trials < 12:
        state = random_hand(RULE_SETS["bga"], SEATS[trials % 4], rng)
        while state.phase not in (Phase.PLAY, Phase.OVER):
            state = apply(state, expert_decision(seat_view(state, state.turn)))
        if state.phase is Phase.OVER or state.alone:
            continue
        seat = next(s for s in SEATS if s.team is not state.makers)
        view = seat_view(state, seat)
        maker, trump = state.maker, state.trump_suit
        if maker is view.dealer or trump is None:
            continue
        sampler = Sampler(view)

        def trumps(samples, trump=trump, maker=maker):
            return sum(
                sum(EFFECTIVE_SUIT[trump][c.index] is trump for c in h[maker.index])
                for h in samples
            ) / len(samples)

        plain = trumps(sampler.samples(random.Random(1), 60))
        weighted = trumps(weighted_samples(view, sampler, random.Random(1), 60))
        more += weighted > plain
        trials += 1
    assert more >= 10, more


def test_the_benny_is_sampled_like_any_card():
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC JOKER",
        dealer="W",
        upcard="AD",
        preset="bga",
        benny=True,
        actions="N pass",
    )
    view = seat_view(state, Seat.S)
    seen = Counter()
    for hands in Sampler(view).samples(random.Random(8), 200):
        for seat in (Seat.N, Seat.E, Seat.W):
            seen[seat] += JOKER in hands[seat.index]
    assert all(seen[seat] > 20 for seat in (Seat.N, Seat.E, Seat.W))


def test_an_impossible_view_is_refused():
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="AD",
        actions="N pass",
    )
    view = seat_view(state, Seat.S)
    with pytest.raises(ValueError, match="no deal"):
        Sampler(view._replace(hand=view.hand + tuple(state.hand_of(Seat.N)) * 3))


def test_deals_are_counted_in_closed_form_where_no_seat_is_void():
    # Before play nobody has shown a void: East sees 6 cards, the other 18 are shared
    # five, five and five among the others and three out of play, in any way at all.
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="KD",
        actions="N pass",
    )
    assert Sampler(seat_view(state, Seat.E)).count() == factorial(18) // (
        factorial(5) ** 3 * factorial(3)
    )
    # With voids, the closed form for the suits left agrees with counting suit by suit.

    def suit_by_suit(shape, needs) -> int:
        if not shape:
            return 1 if not any(needs) else 0
        n, allowed = shape[0]
        return sum(
            ways * suit_by_suit(shape[1:], tuple(a - b for a, b in zip(needs, counts, strict=True)))
            for counts, ways in splits(allowed, n, needs)
        )

    for state in STATES:
        sampler = Sampler(seat_view(state, state.turn))
        assert sampler.count() == suit_by_suit(sampler.shape, sampler.needs) > 0
