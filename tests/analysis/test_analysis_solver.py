"""The double-dummy solver against a plain exhaustive minimax, and its compact form."""

from __future__ import annotations

import random

import pytest
from analysis_cases import RULE_SETS, record_state

from analysis.compact import layout_for, trick_winner
from analysis.minimax_reference import memo_minimax_card_values, minimax, minimax_card_values
from analysis.positions import random_position
from analysis.solver import Position, Solver, card_values, shape, solve
from engine import (
    NO_TRUMP,
    SEATS,
    Action,
    Seat,
    Suit,
    Team,
    apply,
    deck,
    legal_actions,
    parse_card,
    random_hand,
)
from engine.explain import winner_of
from engine.hand import Phase
from engine.ranking import TRICK_STRENGTH

TRUMPS = [None, *Suit]


@pytest.mark.parametrize("trump", TRUMPS, ids=lambda t: "no trump" if t is None else t.plural)
def test_layout_orders_cards_as_the_rules_rank_them(trump):
    layout = layout_for(trump)
    for block, suit in enumerate(layout.block_suits):
        cards = layout.cards_of(layout.block_masks[block])
        strength = TRICK_STRENGTH[(trump, suit)]
        assert [strength[c.index] for c in cards] == sorted(strength[c.index] for c in cards)
    if trump is not None:
        assert layout.block_suits[-1] is trump
        assert layout.trump_mask == layout.block_masks[-1]


@pytest.mark.parametrize("trump", TRUMPS, ids=lambda t: "no trump" if t is None else t.plural)
def test_compact_trick_winner_matches_the_rules(trump):
    rng = random.Random(7)
    cards = list(deck(benny=trump is not None))
    layout = layout_for(trump)
    for _ in range(400):
        trick = rng.sample(cards, rng.choice((2, 3, 4)))
        seated = list(zip(SEATS, trick, strict=False))
        expected = SEATS.index(winner_of(seated, trump))
        assert trick_winner(layout, [layout.bit(c) for c in trick]) == expected


def _reference_positions(count: int, seed: int):
    """Random positions with 2 to 4 tricks to play (4 only when a seat sits out)."""
    rng = random.Random(seed)
    names = sorted(RULE_SETS)
    out = []
    while len(out) < count:
        rules = RULE_SETS[names[len(out) % len(names)]]
        alone = 0.35 if rules.preset_name in ("pagat", "cardsuite") or len(out) % 3 == 0 else 0.0
        plays = rng.randrange(3, 10)
        if rules.no_trump and rng.random() < 0.6:
            state = _no_trump_position(rules, rng, plays)
        else:
            state = random_position(rules, rng, plays=plays, alone_chance=alone)
        if state.phase is not Phase.PLAY:
            continue
        left = 5 - len(state.tricks)
        if left < 2 or left > 3 and not (left == 4 and len(state.active_seats) < 4):
            continue
        out.append(state)
    return out


def _no_trump_position(rules, rng, plays):
    """Four passes, a call of no trump, then random decisions and ``plays`` random cards."""
    state = random_hand(rules, SEATS[rng.randrange(4)], rng)
    for _ in range(4):
        state = apply(state, Action.PASS)
    state = apply(state, Action.call(NO_TRUMP))
    while state.phase is not Phase.OVER and (state.phase is not Phase.PLAY or plays):
        legal = legal_actions(state)
        after = apply(state, legal[rng.randrange(len(legal))])
        if after.phase is Phase.OVER:
            break
        plays -= state.phase is Phase.PLAY
        state = after
    return state


REFERENCE_POSITIONS = _reference_positions(520, seed=2024)


def test_reference_positions_cover_every_kind_of_hand():
    kinds = {(s.rules.benny, s.trump is NO_TRUMP, len(s.active_seats)) for s in REFERENCE_POSITIONS}
    assert (True, False, 4) in kinds  # Benny
    assert (False, True, 4) in kinds  # no trump
    assert any(n == 3 for _, _, n in kinds)  # a lone maker or a lone defender
    assert any(n == 2 for _, _, n in kinds)  # both alone
    assert any(s.trick for s in REFERENCE_POSITIONS) and any(
        not s.trick for s in REFERENCE_POSITIONS
    )


def test_solver_equals_plain_minimax_on_500_random_positions():
    mismatches = []
    for i, state in enumerate(REFERENCE_POSITIONS):
        expected = minimax_card_values(state)
        got = card_values(state)
        if got != expected or solve(state) != (max if state.turn.team is state.makers else min)(
            expected.values()
        ):
            mismatches.append((i, state.rules.preset_name, state.trump, expected, got))
    assert not mismatches, mismatches[:3]


@pytest.mark.parametrize(
    "name, seed, alone",
    [
        ("bga", 9, 0.0),
        ("benny", 3, 0.0),
        ("no_trump", 5, 0.0),
        ("pagat", 4, 1.0),
        ("no_first_blood", 8, 0.0),
        ("cardsuite", 6, 0.0),
    ],
)
def test_solver_equals_memoised_minimax_on_whole_deals(name, seed, alone):
    rng = random.Random(seed)
    rules = RULE_SETS[name]
    if rules.no_trump:
        state = _no_trump_position(rules, rng, 0)
    else:
        state = random_position(rules, rng, plays=0, alone_chance=alone)
    assert len(state.tricks) == 0 and not state.trick
    assert card_values(state) == memo_minimax_card_values(state)


def test_best_play_from_the_first_lead_reaches_the_solved_value():
    """Playing each seat's best card through the engine ends with the value solved at the start."""
    rng = random.Random(5)
    for i in range(40):
        rules = RULE_SETS[sorted(RULE_SETS)[i % len(RULE_SETS)]]
        state = random_position(rules, rng, plays=0, alone_chance=0.2)
        value = solve(state)
        while state.phase is Phase.PLAY:
            values = card_values(state)
            assert set(values) == {a.card for a in legal_actions(state)}
            pick = max if state.turn.team is state.makers else min
            assert pick(values.values()) == value
            best = [c for c, v in values.items() if v == value]
            state = apply(state, Action.play(rng.choice(best)))
        assert state.result.makers_tricks == value


def test_values_count_tricks_already_won():
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="KD",
        actions="N pass, E pass, S pass, W pass, N call H, N with_partner, "
        "N play JH, E play 9H, S play KH, W play JC, "
        "N play JD, E play TH, S play 9D, W play QC",
    )
    assert state.tricks_won == (2, 0)
    # North's nine of clubs loses to West's clubs; every other trick is North-South's.
    assert solve(state) == minimax(state) == 4
    assert max(card_values(state).values()) == 4


def test_a_lone_hand_is_solved_with_three_seats():
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="KD",
        actions="N pass, E pass, S pass, W pass, N call H, N alone",
    )
    position = Position.from_state(state)
    assert position.active == (SEATS[0], SEATS[1], SEATS[3])
    assert solve(state) == 4


def test_positions_outside_play_and_inconsistent_ones_are_refused():
    state = random_hand(RULE_SETS["bga"], SEATS[0], 1)
    with pytest.raises(ValueError, match="in play"):
        Position.from_state(state)
    played = random_position(RULE_SETS["bga"], random.Random(1), plays=0)
    position = Position.from_state(played)
    short = position._replace(hands=(position.hands[0][:4],) + position.hands[1:])
    with pytest.raises(ValueError, match="holds 4 cards"):
        Solver(short)


def test_the_table_is_reused_for_every_card_of_a_deal():
    state = random_position(RULE_SETS["bga"], random.Random(3), plays=0)
    solver = Solver(Position.from_state(state))
    values = solver.card_values()
    assert solver.value() == (max if state.turn.team is state.makers else min)(values.values())
    assert solver.table


def test_a_table_shared_by_one_deal_s_positions_gives_fresh_values():
    """Whoever made trump, whichever card a seat threw away: one table, the same values."""
    rng = random.Random(12)
    for name in ("bga", "benny", "no_trump"):
        for _ in range(6):
            position = Position.from_state(
                random_position(RULE_SETS[name], rng, plays=0, alone_chance=0.3)
            )
            held = {card for hand in position.hands for card in hand}
            spare = next(c for c in deck(RULE_SETS[name].benny) if c not in held)
            seat = next(i for i, hand in enumerate(position.hands) if hand)
            variants = [position._replace(makers=team) for team in (Team.NS, Team.EW)]
            for thrown in position.hands[seat]:
                kept = tuple(c for c in position.hands[seat] if c is not thrown) + (spare,)
                hands = tuple(kept if i == seat else h for i, h in enumerate(position.hands))
                variants.append(position._replace(hands=hands))
            table = {}
            for variant in variants:
                assert Solver(variant, table).value() == Solver(variant).value()
                assert Solver(variant, table).card_values() == Solver(variant).card_values()


def test_positions_of_one_shape_play_alike():
    # Hearts are trump. East holds the 9 and 10 of spades and the jack is out of play:
    # holding the jack instead of either changes nothing.
    state = record_state(
        "N: JH JD AH AS 9C / E: 9H TH QH 9S TS / S: KH QS KS 9D TD / W: JC QC KC AC TC",
        dealer="W",
        upcard="KD",
        actions="N pass, E pass, S pass, W pass, N call H, N with_partner",
    )
    position = Position.from_state(state)

    def swap(old: str, new: str) -> Position:
        return position._replace(
            hands=tuple(
                tuple(parse_card(new) if c == parse_card(old) else c for c in hand)
                for hand in position.hands
            )
        )

    for alike in (swap("TS", "JS"), swap("9S", "JS")):
        assert shape(alike) == shape(position)
        assert solve(alike) == solve(position)
    assert shape(swap("TS", "KD")) != shape(position)  # a diamond instead of a spade
    assert shape(position._replace(leader=Seat.E)) != shape(position)
    with pytest.raises(ValueError, match="between tricks"):
        shape(Position.from_state(apply(state, Action.play(parse_card("JH")))))
