"""Differential test: our engine against OpenSpiel's Euchre, hand by hand, step by step.

OpenSpiel (``pyspiel.load_game("euchre", ...)``) plays one hand with integer
actions:

- chance: the first chance action (0..3) picks the dealer (player 0..3 = N E S
  W); the next 20 deal the hands (the k-th card dealt goes to player
  ``(dealer + k) % 4``); the 21st is the upcard. We read the hands back from
  ``card_holder()`` rather than trusting that order.
- cards are ``rank * 4 + suit``, ranks 9 T J Q K A, suits C D H S.
- 24 pass, 25..28 clubs/diamonds/hearts/spades (in round 1 only the upcard's
  suit, meaning "order up"; in round 2 the other three), 29 alone,
  30 "with partner" (for a defender it means "I do not defend alone").
- phases: dealer selection, deal, bidding, discard, go alone, play, game over.
- returns: zero-sum, each maker gets +points and each defender -points (or
  the reverse when the makers are euchred); all zero when thrown in.

Seats: OpenSpiel's player p is our ``SEATS[p]`` (0 N, 1 E, 2 S, 3 W); it too
plays ``p -> p + 1`` and lets the dealer's left bid and lead first, so play
order is the same clockwise N -> E -> S -> W. The turn is compared at every
decision, so a wrong mapping fails at the first bid.

Our rule set for the comparison is ``bga`` with OpenSpiel's two parameters.
The known differences are mapped explicitly (see ``KNOWN DIFFERENCE`` below);
everything else must agree exactly: who acts, the set of legal actions
(mapped both ways), trick leaders, cards and winners, makers, lone players and
points. Random choices are seeded per hand: a failure names its seed and a
hand record (HAND_RECORD.md) of our actions up to the disagreement.

Written against open_spiel 2.0.2. Its header speaks of "super-Euchres" (makers
losing 4 for no trick) but its code, like RULES.md, gives the defenders 2; the
points comparison below would show it if a release changed that.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pyspiel  # a declared test dependency: if it is missing the test must fail, not skip
import pytest

from engine import (
    SEATS,
    Action,
    Card,
    Deal,
    Do,
    Phase,
    Rank,
    Rules,
    Suit,
    actions,
    apply,
    legal_actions,
    new_hand,
)

E = pyspiel.euchre

HANDS_PER_COMBO = 2000  # random hands for each of the 4 parameter sets (at least 2000)
PASS_BIAS = 0.7  # chance of passing in the bidding, so that round 2, the stuck
# dealer and thrown-in hands come up often (uniform choice would
# reach round 2 in 1 hand of 16 and a throw-in in 1 of 4096)

COMBOS = [(stick, lone) for stick in (True, False) for lone in (False, True)]

# ---- mapping cards and actions ---------------------------------------------------------

_OS_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)  # "9TJQKA"
_OS_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)  # "CDHS"
OS_CARD: tuple[Card, ...] = tuple(Card(_OS_RANKS[c // 4], _OS_SUITS[c % 4]) for c in range(24))
CARD_OS: dict[Card, int] = {card: c for c, card in enumerate(OS_CARD)}
OS_SUIT_ACTION: dict[Suit, int] = {
    Suit.CLUBS: E.CLUBS_TRUMP_ACTION,
    Suit.DIAMONDS: E.DIAMONDS_TRUMP_ACTION,
    Suit.HEARTS: E.HEARTS_TRUMP_ACTION,
    Suit.SPADES: E.SPADES_TRUMP_ACTION,
}
SUIT_OF_OS_ACTION: dict[int, Suit] = {a: s for s, a in OS_SUIT_ACTION.items()}
OS_PASS = E.PASS_ACTION
OS_ALONE = E.GO_ALONE_ACTION
OS_PARTNER = E.PLAY_WITH_PARTNER_ACTION
OS_BIDDING, OS_DISCARD, OS_GO_ALONE, OS_PLAY = (
    E.Phase.BIDDING,
    E.Phase.DISCARD,
    E.Phase.GO_ALONE,
    E.Phase.PLAY,
)


def os_to_ours(os_state, action: int) -> Action:
    """An OpenSpiel action as our Action, read in OpenSpiel's own context."""
    if action < 24:
        card = OS_CARD[action]
        if os_state.current_phase() == OS_DISCARD:
            return actions.DISCARD[card.index]
        return actions.PLAY[card.index]
    if action == OS_PASS:
        return actions.PASS
    if action in SUIT_OF_OS_ACTION:
        suit = SUIT_OF_OS_ACTION[action]
        round1 = os_state.num_passes() < 4
        if round1 and suit is OS_CARD[os_state.upcard()].suit:
            return actions.ORDER_UP
        return Action.call(suit)  # in round 1 this cannot match anything of ours: a failure
    if action == OS_ALONE:
        return actions.ALONE
    if action == OS_PARTNER:
        # The maker's "play with partner"; once the maker has decided, a defender's "no".
        return actions.WITH_PARTNER if os_state.declarer_go_alone() is None else actions.PASS
    raise AssertionError(f"unknown OpenSpiel action {action}")


def ours_to_os(state, action: Action) -> int:
    """Our Action as an OpenSpiel action, read in our context."""
    do = action.do
    if do is Do.PLAY or do is Do.DISCARD:
        return CARD_OS[action.card]
    if do is Do.PASS:
        return OS_PARTNER if state.phase is Phase.DEFEND_ALONE else OS_PASS
    if do is Do.ORDER_UP:
        return OS_SUIT_ACTION[state.upcard.suit]
    if do is Do.CALL:
        return OS_SUIT_ACTION.get(action.suit, -1)  # no trump has no OpenSpiel action
    if do is Do.ALONE:
        return OS_ALONE
    if do is Do.WITH_PARTNER:
        return OS_PARTNER
    return -1  # e.g. Do.NAME: OpenSpiel has nothing like it


# ---- one hand ----------------------------------------------------------------------------


class Disagreement(AssertionError):
    pass


def _show(actions) -> str:
    return "[" + ", ".join(sorted(str(a) for a in actions)) + "]"


class HandRun:
    """One random hand played in both engines side by side."""

    def __init__(self, game, rules: Rules, seed: int, stats: Counter) -> None:
        self.rules = rules
        self.seed = seed
        self.stats = stats
        self.rng = random.Random(seed)
        self.step = 0
        s = game.new_initial_state()
        while s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[self.rng.randrange(len(outcomes))][0])
        self.os = s
        hands: list[list[Card]] = [[], [], [], []]
        for c, player in enumerate(s.card_holder()):
            if player is not None:
                hands[player].append(OS_CARD[c])
        self.deal = Deal(SEATS[s.dealer()], tuple(tuple(h) for h in hands), OS_CARD[s.upcard()])
        self.ours = new_hand(rules, self.deal)

    # ---- reporting ----
    def record(self) -> str:
        """Our actions so far as a hand record (HAND_RECORD.md) to replay the disagreement."""
        data = {
            "rules": {
                "preset": "bga",
                "stick_the_dealer": self.rules.stick_the_dealer,
                "lone_defender": self.rules.lone_defender,
            },
            "dealer": self.deal.dealer.value,
            "hands": {seat.value: [c.code for c in self.deal.hand(seat)] for seat in SEATS},
            "upcard": self.deal.upcard.code,
            "actions": [{"seat": seat.value, **a.to_dict()} for seat, a in self.ours.actions],
        }
        return json.dumps(data)

    def fail(self, what: str) -> Disagreement:
        return Disagreement(
            f"seed {self.seed} step {self.step} (our phase {self.ours.phase.name}, turn "
            f"{self.ours.turn}; OpenSpiel phase {self.os.current_phase().name}, player "
            f"{self.os.current_player()}): {what}\n  record: {self.record()}"
        )

    # ---- comparing one decision ----
    def check_turn(self) -> None:
        player = self.os.current_player()
        if not 0 <= player < 4 or SEATS[player] is not self.ours.turn:
            raise self.fail(
                f"different seat to act: ours {self.ours.turn}, OpenSpiel player {player}"
            )

    def compare_legal(self, extra_ours: frozenset = frozenset()) -> tuple[Action, ...]:
        """Compare the legal sets both ways; ``extra_ours`` are known extras on our side.

        Returns our legal actions that OpenSpiel shares.
        """
        self.check_turn()
        ours = legal_actions(self.ours)
        theirs = self.os.legal_actions()
        theirs_as_ours = {os_to_ours(self.os, a) for a in theirs}
        common = [a for a in ours if a not in extra_ours]
        ours_as_theirs = {ours_to_os(self.ours, a) for a in common}
        missing_extra = [a for a in extra_ours if a not in ours or a in theirs_as_ours]
        if set(common) != theirs_as_ours or ours_as_theirs != set(theirs) or missing_extra:
            raise self.fail(
                f"legal actions differ: ours {_show(ours)}, OpenSpiel "
                f"{_show(theirs_as_ours)} (raw {sorted(theirs)})"
                + (f", expected ours to add exactly {_show(extra_ours)}" if extra_ours else "")
            )
        return tuple(common)

    def choose(self, legal: tuple[Action, ...]) -> Action:
        if actions.PASS in legal and self.ours.phase in (Phase.BID1, Phase.BID2):
            if self.rng.random() < PASS_BIAS:
                return actions.PASS
            others = [a for a in legal if a is not actions.PASS]
            return others[self.rng.randrange(len(others))]
        return legal[self.rng.randrange(len(legal))]

    def both(self, action: Action) -> None:
        os_action = ours_to_os(self.ours, action)
        self.ours = apply(self.ours, action, self.ours.turn)
        self.os.apply_action(os_action)
        self.step += 1

    # ---- the hand ----
    def play(self) -> None:
        while not (self.os.is_terminal() or self.ours.is_over):
            if self.os.current_phase() == OS_DISCARD:
                self.discard_then_alone()
                continue
            if (
                self.ours.phase is Phase.BID2
                and self.ours.turn is self.ours.dealer
                and self.rules.stick_the_dealer
            ):
                self.stats["stuck dealer"] += 1
            done = len(self.ours.tricks)
            self.both(self.choose(self.compare_legal()))
            if len(self.ours.tricks) > done:
                self.compare_trick(done)
        if self.os.is_terminal() != self.ours.is_over:
            raise self.fail("one engine's hand is over and the other's is not")
        self.compare_end()

    def discard_then_alone(self) -> None:
        """OpenSpiel: order-up, discard, alone?  Ours: order-up, alone?, discard."""
        # KNOWN DIFFERENCE (b): OpenSpiel asks the maker "alone?" after the dealer's
        # discard; RULES.md ("Order of decisions after trump is made") and we ask it
        # before. So the maker decides first in ours, the discard is done in both, and
        # then the same decision is given to OpenSpiel.
        if self.ours.phase is not Phase.ALONE:
            raise self.fail(
                "OpenSpiel wants the dealer's discard; we expected the maker's alone decision first"
            )
        self.check_turn_is_maker()
        alone_legal = legal_actions(self.ours)
        alone = alone_legal[self.rng.randrange(len(alone_legal))]
        self.ours = apply(self.ours, alone, self.ours.turn)
        self.step += 1
        dealer = self.ours.dealer
        if self.ours.phase is Phase.DISCARD:
            if dealer in self.ours.sitting_out:  # see (c): this must not happen in ours
                raise self.fail(
                    "we ask a sitting-out dealer to discard: RULES.md says "
                    "there is no exchange then"
                )
            # KNOWN DIFFERENCE (a): OpenSpiel forbids discarding the upcard; RULES.md
            # ("any card, the upcard included") and we allow it. Ours must be exactly
            # OpenSpiel's five plus the upcard; we choose among the common ones.
            upcard = actions.DISCARD[self.deal.upcard.index]
            common = self.compare_legal(extra_ours=frozenset({upcard}))
            self.both(common[self.rng.randrange(len(common))])
        else:
            # KNOWN DIFFERENCE (c): the dealer's partner ordered up and went alone.
            # OpenSpiel still lets the (sitting-out) dealer exchange; RULES.md ("If the
            # dealer sits out ..., there is no exchange") and we do not. The dealer's
            # cards are then irrelevant: check that ours made no exchange, let OpenSpiel
            # discard at random, and compare the rest of the hand.
            if not (
                alone is actions.ALONE
                and self.ours.maker is dealer.partner
                and dealer in self.ours.sitting_out
                and not self.ours.dealer_took_upcard
                and self.ours.hand_of(dealer) == self.deal.hand(dealer)
            ):
                raise self.fail(
                    "we skipped the dealer's discard, but the dealer is not sitting out untouched"
                )
            self.stats["dealer sits out, no exchange"] += 1
            theirs = self.os.legal_actions()
            self.os.apply_action(theirs[self.rng.randrange(len(theirs))])
        # Now OpenSpiel asks the maker the question we already answered.
        if (
            self.os.current_phase() != OS_GO_ALONE
            or SEATS[self.os.current_player()] is not self.ours.maker
        ):
            raise self.fail("after the discard OpenSpiel should ask the maker to go alone")
        theirs = {os_to_ours(self.os, a) for a in self.os.legal_actions()}
        if theirs != set(alone_legal):
            raise self.fail(
                f"alone choices differ: ours {_show(alone_legal)}, OpenSpiel {_show(theirs)}"
            )
        self.os.apply_action(ours_to_os(self.ours, alone))

    def check_turn_is_maker(self) -> None:
        if (
            self.ours.turn is not self.ours.maker
            or SEATS[self.os.declarer()] is not self.ours.maker
        ):
            raise self.fail(
                f"maker differs: ours {self.ours.maker}, OpenSpiel player {self.os.declarer()}"
            )

    def compare_trick(self, i: int) -> None:
        mine, trick = self.ours.tricks[i], self.os.tricks()[i]
        their_cards = [OS_CARD[c] for c in trick.cards()]
        if (
            mine.leader is not SEATS[trick.leader()]
            or [card for _, card in mine.cards] != their_cards
            or mine.winner is not SEATS[trick.winner()]
        ):
            raise self.fail(
                f"trick {i + 1} differs: ours led by {mine.leader} "
                f"{[c.code for _, c in mine.cards]} won by {mine.winner}; OpenSpiel led by "
                f"{SEATS[trick.leader()]} {[c.code for c in their_cards]} won by "
                f"{SEATS[trick.winner()]}"
            )

    def compare_end(self) -> None:
        ours, s = self.ours, self.os
        returns = s.returns()
        if ours.result.thrown_in:
            self.stats["thrown in"] += 1
            if any(returns):
                raise self.fail(f"we threw the hand in; OpenSpiel returns {returns}")
            return
        if SEATS[s.declarer()] is not ours.maker:
            raise self.fail(f"maker differs: ours {ours.maker}, OpenSpiel {s.declarer()}")
        if ours.trump is not _OS_SUITS[s.trump_suit()]:
            raise self.fail(f"trump differs: ours {ours.trump}, OpenSpiel {s.trump_suit()}")
        lone_maker = any(seat is ours.maker for seat in ours.alone)
        lone_defender = [seat for seat in ours.alone if seat.team is not ours.maker.team]
        theirs_defender = [] if s.lone_defender() < 0 else [SEATS[s.lone_defender()]]
        if lone_maker != s.declarer_go_alone() or lone_defender != theirs_defender:
            raise self.fail(
                f"lone players differ: ours {ours.alone}, OpenSpiel maker alone "
                f"{s.declarer_go_alone()}, lone defender {s.lone_defender()}"
            )
        if len(ours.tricks) != 5:
            raise self.fail(f"we played {len(ours.tricks)} tricks, not 5")
        for i in range(5):
            self.compare_trick(i)
        points = ours.result.points
        expected = [points[seat.team] - points[seat.team.other] for seat in SEATS]
        if list(returns) != expected:
            raise self.fail(
                f"points differ: ours {points} (as returns {expected}), "
                f"OpenSpiel returns {list(returns)}"
            )
        self.stats["maker alone"] += lone_maker
        self.stats["lone defender"] += bool(lone_defender)
        self.stats["both alone"] += lone_maker and bool(lone_defender)
        self.stats["round 2 call"] += any(a.do is Do.CALL for _, a in ours.actions)
        self.stats["dealer picks up"] += ours.dealer_took_upcard and ours.maker is ours.dealer
        self.stats[ours.result.score.outcome.value] += 1


def run_combo(stick: bool, lone: bool, hands: int, first_seed: int = 0):
    game = pyspiel.load_game("euchre", {"stick_the_dealer": stick, "allow_lone_defender": lone})
    rules = Rules.preset("bga").with_settings(stick_the_dealer=stick, lone_defender=lone)
    stats: Counter = Counter()
    failures: list[str] = []
    for seed in range(first_seed, first_seed + hands):
        run = HandRun(game, rules, seed, stats)
        try:
            run.play()
        except Disagreement as failure:
            failures.append(str(failure))
        stats["hands"] += 1
    return stats, failures


@pytest.mark.parametrize(
    "stick,lone", COMBOS, ids=[f"stick={s}-lone_defender={d}" for s, d in COMBOS]
)
def test_engine_agrees_with_openspiel(stick: bool, lone: bool) -> None:
    assert HANDS_PER_COMBO >= 2000
    # Distinct seeds per parameter set, so the four runs deal different hands.
    first_seed = 1_000_000 * COMBOS.index((stick, lone))
    stats, failures = run_combo(stick, lone, HANDS_PER_COMBO, first_seed)
    print(f"stick_the_dealer={stick} lone_defender={lone}: {dict(sorted(stats.items()))}")
    assert not failures, (
        f"{len(failures)} of {HANDS_PER_COMBO} hands disagree with "
        f"OpenSpiel; the first ones:\n" + "\n".join(failures[:5])
    )
    # The random play must have reached every path that the parameters allow.
    assert stats["hands"] == HANDS_PER_COMBO
    for path in (
        "dealer sits out, no exchange",
        "maker alone",
        "round 2 call",
        "dealer picks up",
        "euchre",
        "march",
        "lone march",
    ):
        assert stats[path] > 0, path
    assert (stats["stuck dealer"] > 0) == stick
    assert (stats["thrown in"] > 0) == (not stick)
    assert (stats["lone defender"] > 0) == lone
    assert (stats["both alone"] > 0) == lone
    assert (stats["lone defender euchre"] > 0) == lone
