"""Quiz generators: random positions from the engine, asked through ``checkers``.

Each generator takes a ``random.Random``, the lesson's rule set and the
settings the lesson lets vary (``[quiz] vary``), and returns a ``Question``;
the same seed gives the same question, so a seed in a link reproduces a whole
quiz. Positions come from dealing and playing random legal actions, so
anything the engine allows can come up. A varied setting is always said in
the question ("At this table stick the dealer is off."), never left for the
learner to guess; so is a setting left at the lesson's value when the answer
turns on it (``DECIDING_RULES``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from engine import (
    SEATS,
    Action,
    Colour,
    Do,
    HandRecord,
    HandState,
    Phase,
    Rank,
    Rules,
    Suit,
    Team,
    apply,
    deck,
    effective_suit,
    legal_actions,
    random_hand,
    trick_strength,
)
from lessons import checkers
from lessons.quiz import Question, Scene

Generator = Callable[[random.Random, Rules, frozenset[str]], Question]

# In ``vary``: no position has a hand played alone (a quiz set before going alone is
# taught: lesson 5). Added by ``build_quiz`` for a lesson whose quiz says ``alone = false``.
PARTNERS_ONLY = "partners_only"

# How a varied setting is said to the learner, by value.
RULE_WORDS = {
    "stick_the_dealer": ("stick the dealer is on", "stick the dealer is off"),
    "no_trump": ('calling "no trump" is allowed in round 2', 'calling "no trump" is not allowed'),
    "loner_starts_last": ("loner starts last is on", "loner starts last is off"),
    "lone_defender": ("a defender may defend alone", "nobody may defend alone"),
    "benny": ("the Joker (Benny) is in the deck", ""),  # no Joker: nothing to say
    "canadian_loner": ("the Canadian loner rule is on", "the Canadian loner rule is off"),
    "no_first_blood": ("no first blood is on", "no first blood is off"),
}

# House rules said in a question whenever their other value would change its answer,
# varied or not: who leads when someone is alone, whether the dealer may pass, which
# cards may lead. The engine decides when that is (``checkers.rule_decides``).
DECIDING_RULES = ("loner_starts_last", "stick_the_dealer", "no_first_blood")

# How often a random player with a strong hand says "alone" when asked: high enough that
# lone hands come up. A weak hand never goes alone: a quiz's table shows sound bidding.
ALONE_CHANCE = 0.6
ALONE_TRUMPS = 3  # trumps (bowers included) a hand needs to go or defend alone
# How often a random bidder passes: often enough that round 2 and stuck dealers come up.
PASS_CHANCE = 0.7


def _random_step(rng: random.Random, state: HandState, alone_too: bool = True) -> HandState:
    legal: Sequence[Action] = legal_actions(state)
    if not alone_too:
        legal = [a for a in legal if a.do is not Do.ALONE] or legal
    alone = [a for a in legal if a.do is Do.ALONE]
    if state.phase in (Phase.BID1, Phase.BID2) and Action.PASS in legal and len(legal) > 1:
        action = (
            Action.PASS
            if rng.random() < PASS_CHANCE
            else rng.choice([a for a in legal if a is not Action.PASS])
        )
    elif alone and len(legal) > 1 and _strong(state):
        action = (
            alone[0]
            if rng.random() < ALONE_CHANCE
            else rng.choice([a for a in legal if a.do is not Do.ALONE])
        )
    elif alone and len(legal) > 1:  # too weak to play alone
        action = rng.choice([a for a in legal if a.do is not Do.ALONE])
    else:
        action = rng.choice(legal)
    return apply(state, action)


def _strong(state: HandState) -> bool:
    """The seat to decide holds at least ALONE_TRUMPS trumps."""
    assert state.turn is not None  # a decision is asked
    trump = state.trump_suit
    held = state.hand_of(state.turn)
    return sum(effective_suit(card, trump) is trump for card in held) >= ALONE_TRUMPS


def random_position(
    rng: random.Random,
    rules: Rules,
    wanted: Callable[[HandState], bool],
    tries: int = 500,
    alone_too: bool = True,
) -> HandState:
    """Deal and play at random until ``wanted(state)``; raises RuntimeError if it never is.
    ``alone_too=False``: nobody goes alone (every maker plays with their partner)."""
    for _ in range(tries):
        state = random_hand(rules, rng.choice(SEATS), rng)
        while True:
            if wanted(state):
                return state
            if state.is_over:
                break
            state = _random_step(rng, state, alone_too)
    raise RuntimeError("no position of the wanted kind came up")


def _alone_too(vary: frozenset[str]) -> bool:
    """Whether a generator's positions may have a hand played alone (``PARTNERS_ONLY``)."""
    return PARTNERS_ONLY not in vary


def _varied(
    rng: random.Random, rules: Rules, vary: frozenset[str], **choices: tuple[bool, ...]
) -> tuple[Rules, dict[str, bool]]:
    """The base rules with those settings that the lesson lets vary picked at random,
    and the settings picked (to be said in the question)."""
    settings = {key: rng.choice(values) for key, values in choices.items() if key in vary}
    if settings.get("benny") and (settings.get("no_trump") or rules.no_trump):
        settings["benny"] = False
    if settings.get("no_trump") and rules.benny:
        settings["no_trump"] = False
    if not settings:
        return rules, {}
    return rules.with_settings(**settings), settings


def _said(question: Question, settings: dict[str, bool]) -> Question:
    """The question with the table's house rules said before it
    ("At this table stick the dealer is off.")."""
    words = [w for key, value in settings.items() if (w := RULE_WORDS[key][0 if value else 1])]
    if not words:
        return question
    return replace(question, prompt=f"At this table {', and '.join(words)}. {question.prompt}")


def _ask(
    checker: Callable[[HandRecord], Question], state: HandState, said: dict[str, bool] | None = None
) -> Question:
    """The checker's question about ``state``, saying the varied settings ``said`` and
    every house rule of ``DECIDING_RULES`` that the answer turns on."""
    return ask_saying_rules(checker, _record(state), said)


def ask_saying_rules(
    checker: Callable[[HandRecord], Question],
    record: HandRecord,
    said: dict[str, bool] | None = None,
) -> Question:
    """The checker's question about ``record``, saying the settings ``said`` and every
    house rule of ``DECIDING_RULES`` that the answer turns on (a quiz's question or a
    teacher's question link alike)."""
    question = checker(record)
    said = dict(said or {})
    for setting in DECIDING_RULES:
        if setting not in said and checkers.rule_decides(checker, record, setting):
            said[setting] = getattr(record.rules, setting)
    return _said(question, said)


def _record(state: HandState) -> HandRecord:
    return HandRecord.from_state(state)


# ---- cards and trump -----------------------------------------------------------------------


def gen_suit_members(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    trump = rng.choice(list(Suit))
    cards = list(deck(rules.benny))
    rng.shuffle(cards)
    hand = cards[:5]
    left = next(c for c in cards if c.rank is Rank.JACK and c.suit is trump.same_colour)
    if left not in hand and rng.random() < 0.6:  # the left bower is the point of the lesson
        hand[rng.randrange(5)] = left
    suit = trump if rng.random() < 0.6 else trump.same_colour
    return checkers.suit_members_question(tuple(hand), trump, suit, rules.benny)


def gen_trick_order(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    trump = None if rules.no_trump and rng.random() < 0.2 else rng.choice(list(Suit))
    led = rng.choice([s for s in Suit if s is not trump])
    pool = [c for c in deck(rules.benny) if trick_strength(c, trump, led) > 0]
    cards = rng.sample(pool, rng.choice((3, 4, 4, 5)))
    strength = [trick_strength(card, trump, led) for card in cards]
    if strength == sorted(strength, reverse=True):  # dealt in order: the answer given away
        cards.append(cards.pop(0))  # the strongest last, so never in order
    return checkers.trick_order_question(tuple(cards), trump, led, rules.benny)


def gen_colour(rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()) -> Question:
    cards = tuple(rng.sample([c for c in deck(False)], 5))
    return checkers.colour_question(cards, rng.choice(list(Colour)))


def gen_highest_card(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    while True:  # ask about a suit the hand holds at least two of, so ranking matters
        cards = tuple(rng.sample(list(deck(False)), 5))
        held = sorted(
            {
                c.suit
                for c in cards
                if c.suit is not None and sum(d.suit is c.suit for d in cards) >= 2
            },
            key=lambda s: s.value,
        )
        if held:
            break
    suit = rng.choice(held)
    return checkers.highest_card_question(cards, suit)


# ---- the table and the deal ------------------------------------------------------------------


def _fresh_deal(rng: random.Random, rules: Rules) -> HandRecord:
    """A hand just dealt (any dealer): the table a lesson-1 question is asked at."""
    return _record(random_hand(rules, rng.choice(SEATS), rng))


def _at_table(question: Question, record: HandRecord) -> Question:
    """The question shown with the table just dealt (the dealer, the upcard, your cards)."""
    return replace(question, scene=Scene(record=record, hide=frozenset({"turn"}), backdrop=True))


def gen_seats(rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()) -> Question:
    """Seats at a table just dealt: who deals next, partners, who plays after whom, teams."""
    record = _fresh_deal(rng, rules)
    kind = rng.randrange(4)
    if kind == 0:
        question = checkers.next_dealer_question(record.deal.dealer)
    elif kind == 1:
        question = checkers.partner_question(rng.choice(SEATS))
    elif kind == 2:
        question = checkers.next_seat_question(rng.choice(SEATS))
    else:
        question = checkers.team_question(rng.choice(SEATS))
    return _at_table(question, record)


def gen_deal(rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()) -> Question:
    """Counting at a table just dealt: the deck, each hand, the face-down cards, tricks."""
    record = _fresh_deal(rng, rules)
    kind = rng.randrange(5)
    if kind == 0:
        return _at_table(checkers.cards_dealt_question(record), record)
    if kind == 1:
        return _at_table(checkers.face_down_question(record), record)
    if kind == 2:
        return _at_table(checkers.trick_size_question(record), record)
    if kind == 3:
        return _at_table(checkers.deck_size_question(rules.benny), record)
    return _at_table(checkers.tricks_in_hand_question(), record)


# ---- bidding ---------------------------------------------------------------------------------


def gen_bidding(rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()) -> Question:
    rules, said = _varied(
        rng, rules, vary, stick_the_dealer=(True, False), no_trump=(False, False, True)
    )
    if rng.random() < 0.5:
        state = random_position(
            rng,
            rules,
            lambda s: s.phase is Phase.BID2 and (s.turn is s.dealer or rng.random() < 0.3),
        )
        if rng.random() < 0.5:
            return _ask(checkers.callable_suits_question, state, said)
        return _ask(checkers.may_pass_question, state, said)
    state = random_position(rng, rules, lambda s: s.phase is Phase.BID1 and rng.random() < 0.4)
    return _ask(checkers.may_pass_question, state, said)


def gen_who_picks_up(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    rules, said = _varied(rng, rules, vary, canadian_loner=(False, True))
    # Not the dealer's own pick-up: the bidding shown would give the answer away.
    state = random_position(
        rng,
        rules,
        lambda s: (
            s.maker is not None
            and s.phase not in (Phase.ALONE,)
            and s.maker is not s.dealer
            and any(a.do is Do.ORDER_UP for _, a in s.actions)
        ),
        alone_too=_alone_too(vary),
    )
    return _ask(checkers.who_picks_up_question, state, said)


def gen_makers(rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()) -> Question:
    state = random_position(rng, rules, lambda s: s.maker is not None, alone_too=_alone_too(vary))
    return _ask(checkers.makers_question, state)


# ---- play ------------------------------------------------------------------------------------


def gen_trick_winner(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    rules, said = _varied(
        rng, rules, vary, no_trump=(False, False, True), benny=(False, False, True)
    )
    trick_number = rng.randrange(1, 5)
    state = random_position(
        rng, rules, lambda s: len(s.tricks) >= trick_number, alone_too=_alone_too(vary)
    )
    trick = state.tricks[-1]
    return _said(checkers.trick_winner_question(trick.cards, state.trump_suit), said)


def gen_legal_plays(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    rules, said = _varied(
        rng, rules, vary, benny=(False, False, True), no_first_blood=(False, False, True)
    )
    leading = rng.random() < 0.1

    def wanted(s: HandState) -> bool:
        if s.phase is not Phase.PLAY or s.turn is not Seat_S:
            return False
        if leading:
            return not s.trick
        return (
            bool(s.trick)
            and len(legal_actions(s)) < len(s.hand_of(s.turn))
            or (bool(s.trick) and rng.random() < 0.25)
        )

    state = random_position(rng, rules, wanted, alone_too=_alone_too(vary))
    return _ask(checkers.legal_plays_question, state, said)


def gen_next_leader(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    trick_number = rng.randrange(1, 5)
    state = random_position(
        rng, rules, lambda s: len(s.tricks) == trick_number, alone_too=_alone_too(vary)
    )
    return _ask(checkers.next_leader_question, state)


# ---- going alone -------------------------------------------------------------------------------


def gen_first_leader(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    rules, said = _varied(
        rng, rules, vary, loner_starts_last=(False, True), lone_defender=(False, True)
    )
    want_alone = rng.random() < 0.8
    state = random_position(
        rng,
        rules,
        lambda s: (
            s.phase is Phase.PLAY and not s.tricks and not s.trick and (bool(s.alone) == want_alone)
        ),
    )
    return _ask(checkers.first_leader_question, state, said)


def gen_sitting_out(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    rules, said = _varied(rng, rules, vary, lone_defender=(False, True))
    state = random_position(
        rng,
        rules,
        lambda s: (
            s.phase is Phase.PLAY
            and not s.trick
            and not s.tricks
            and (bool(s.alone) or rng.random() < 0.2)
        ),
    )
    return _ask(checkers.sitting_out_question, state, said)


# ---- scoring -----------------------------------------------------------------------------------


def gen_hand_result(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    rules, said = _varied(rng, rules, vary, lone_defender=(False, True))
    state = random_position(
        rng,
        rules,
        lambda s: s.result is not None and not s.result.thrown_in,
        alone_too=_alone_too(vary),
    )
    return _ask(checkers.hand_result_question, state, said)


def gen_game_winner(
    rng: random.Random, rules: Rules, vary: frozenset[str] = frozenset()
) -> Question:
    target = rng.choice((rules.target_points, rng.randrange(5, 16), rng.randrange(5, 16)))
    # Scores near the target make the question worth asking.
    scores = (target - 1 - rng.randrange(min(target, 8)), rng.randrange(target))
    if rng.random() < 0.5:
        scores = scores[::-1]
    makers = rng.choice(list(Team))
    alone = rng.random() < 0.3
    tricks = rng.choice((0, 1, 2, 3, 3, 4, 4, 5, 5))
    return checkers.game_winner_question(scores, target, makers, tricks, alone)


Seat_S = SEATS[2]

GENERATORS: dict[str, Generator] = {
    "suit_members": gen_suit_members,
    "trick_order": gen_trick_order,
    "colour": gen_colour,
    "highest_card": gen_highest_card,
    "seats": gen_seats,
    "deal": gen_deal,
    "bidding": gen_bidding,
    "who_picks_up": gen_who_picks_up,
    "makers": gen_makers,
    "trick_winner": gen_trick_winner,
    "legal_plays": gen_legal_plays,
    "next_leader": gen_next_leader,
    "first_leader": gen_first_leader,
    "sitting_out": gen_sitting_out,
    "hand_result": gen_hand_result,
    "game_winner": gen_game_winner,
}

# Each kind of question in a learner's words, as Your progress names it (a generator's
# name, or a checker's for a lesson's own question). tests/lessons holds it complete.
SKILL_WORDS: dict[str, str] = {
    "bidding": "bidding",
    "callable_suits": "suits you may call",
    "cards_dealt": "cards dealt",
    "colour": "card colours",
    "deal": "the deal",
    "deck_size": "the deck",
    "effective_suit": "a card's suit under trump",
    "face_down": "cards left face down",
    "first_leader": "who leads first",
    "game_winner": "who wins the game",
    "hand_points": "points for a hand",
    "hand_result": "scoring a hand",
    "highest_card": "highest card",
    "is_trump": "is it trump?",
    "legal_plays": "cards you may play",
    "makers": "who the makers are",
    "may_pass": "who may pass",
    "next_dealer": "who deals next",
    "next_leader": "who leads next",
    "next_seat": "whose turn is next",
    "partner": "partners",
    "rank_order": "card ranking",
    "seats": "seats and teams",
    "sitting_out": "who sits out",
    "suit_members": "which suit a card is",
    "team": "teams",
    "trick_order": "strongest cards in a trick",
    "trick_size": "cards in a trick",
    "trick_winner": "who wins a trick",
    "tricks_in_hand": "tricks in a hand",
    "who_picks_up": "who picks up the upcard",
}
