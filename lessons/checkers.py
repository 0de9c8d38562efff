"""Question builders: each asks the engine for the answer and the reason.

This is the only place a quiz answer is decided, and it decides nothing
itself: every answer is what ``engine`` says. Curated items and generators
both go through these functions, by name (``CHECKERS``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine import (
    HAND_SIZE,
    NO_TRUMP,
    PRESETS,
    SEATS,
    TEAMS,
    Action,
    Card,
    Colour,
    Do,
    HandRecord,
    HandState,
    NoTrump,
    Outcome,
    Phase,
    Rules,
    Seat,
    Suit,
    Team,
    Trick,
    deck,
    describe_card,
    effective_suit,
    explain_action,
    explain_first_lead,
    explain_loser,
    explain_makers,
    explain_pickup,
    explain_trick,
    first_leader,
    game_winner,
    is_left_bower,
    legal_actions,
    next_dealer,
    score_hand,
    suit_order,
    trick_strength,
    tricks_words,
    winner_of,
)
from engine.errors import EuchreError
from engine.legality import illegal_action_error
from engine.ranking import suit_strength
from lessons.quiz import Kind, Option, Question, Scene


def _card_options(cards: Iterable[Card]) -> tuple[Option, ...]:
    return tuple(Option(c.code, c.name, c) for c in cards)


def _seat_options(seats: Iterable[Seat] = SEATS) -> tuple[Option, ...]:
    return tuple(Option(s.value, s.word) for s in seats)


def _suit_options(suits: Iterable[Suit | NoTrump]) -> tuple[Option, ...]:
    return tuple(Option(s.letter, f"{getattr(s, 'symbol', '')} {s.plural}".strip()) for s in suits)


_NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five")
_TEAM_OPTIONS = tuple(Option(t.value, t.word) for t in TEAMS)
_NOBODY = Option("none", "Nobody")


def trump_words(trump: Suit | NoTrump | None) -> str:
    return (
        "There is no trump."
        if trump is None or trump is NO_TRUMP
        else (f"{trump.plural.capitalize()} are trump.")
    )


# ---- cards and trump ---------------------------------------------------------------------

# ``benny``: the Joker is in the deck (the rules' Benny setting), so every trump ranks one
# place lower; cards are described as the engine ranks them under those rules.


def effective_suit_question(card: Card, trump: Suit, benny: bool = False) -> Question:
    answer = effective_suit(card, trump)
    assert answer is not None  # under a trump every card has a suit
    return Question(
        Kind.SINGLE,
        f"{trump_words(trump)} Which suit does {card.the_name} belong to?",
        _suit_options(Suit),
        (answer.letter,),
        describe_card(card, trump, benny),
        Scene(trump=trump, cards=(card,)),
        "effective_suit",
    )


def is_trump_question(card: Card, trump: Suit, benny: bool = False) -> Question:
    yes = effective_suit(card, trump) is trump
    return Question(
        Kind.YESNO,
        f"{trump_words(trump)} Is {card.the_name} a trump?",
        (Option("yes", "Yes"), Option("no", "No")),
        ("yes" if yes else "no",),
        describe_card(card, trump, benny),
        Scene(trump=trump, cards=(card,)),
        "is_trump",
    )


def rank_order_question(
    cards: tuple[Card, ...], trump: Suit | None, benny: bool = False
) -> Question:
    """Put cards of one suit (as it counts under this trump) in order, highest first."""
    suits = {effective_suit(c, trump) for c in cards}
    if len(suits) != 1:
        raise ValueError(
            "rank these cards: give cards that all belong to one suit under this trump"
        )
    (suit,) = suits
    assert suit is not None  # only the Joker, under no trump, has no suit
    ordered = sorted(cards, key=lambda c: -suit_strength(c, trump))
    full = " > ".join(
        c.label for c in suit_order(suit, trump, benny or any(c.is_joker for c in cards))
    )
    what = "trumps" if trump is not None and suit is trump else suit.plural
    explanation = f"Under this trump the {what} rank: {full}."
    return Question(
        Kind.ORDER,
        f"{trump_words(trump)} Put these {what} in order, highest first.",
        _card_options(cards),
        tuple(c.code for c in ordered),
        explanation,
        Scene(trump=trump, cards=cards),
        "rank_order",
    )


def suit_members_question(
    cards: tuple[Card, ...], trump: Suit | None, suit: Suit, benny: bool = False
) -> Question:
    """Which of these cards count as ``suit`` under this trump (the left bower trap)."""
    members = [c for c in cards if effective_suit(c, trump) is suit]
    notes = [
        describe_card(c, trump, benny)
        for c in cards
        if c.is_joker or (c.rank.letter == "J" and trump is not None)
    ]
    count = {0: "None of them is a", 1: "One of them is a"}.get(
        len(members), f"{_NUMBER_WORDS[len(members)]} of them are"
    )
    noun = suit.singular if len(members) <= 1 else suit.plural
    explanation = " ".join(notes) or (
        f"Each card here belongs to its printed suit. {count} {noun}."
    )
    what = "trumps" if trump is not None and suit is trump else suit.plural
    return Question(
        Kind.MULTI,
        f"{trump_words(trump)} Which of these cards are {what}? Choose all that apply.",
        _card_options(cards),
        tuple(c.code for c in members),
        explanation,
        Scene(trump=trump, cards=cards),
        "suit_members",
        none_words=f"None of these cards are {what}",
    )


def trick_order_question(
    cards: tuple[Card, ...], trump: Suit | None, led: Suit, benny: bool = False
) -> Question:
    """Order cards that could win a trick (trumps and the suit led), strongest first."""
    if any(trick_strength(c, trump, led) == 0 for c in cards):
        raise ValueError("trick order: every card must be a trump or of the suit led")
    ordered = sorted(cards, key=lambda c: -trick_strength(c, trump, led))
    trumps = [c for c in ordered if trump is not None and effective_suit(c, trump) is trump]
    parts = []
    if trumps and trump is not None:  # trumps are found only under a trump
        parts.append(
            "Any trump beats any card of the suit that was led; among trumps the order is "
            + " > ".join(
                c.label for c in suit_order(trump, trump, benny or any(c.is_joker for c in cards))
            )
            + "."
        )
    parts.append(
        f"Among {led.plural} the order is "
        + " > ".join(c.label for c in suit_order(led, trump))
        + "."
    )
    return Question(
        Kind.ORDER,
        f"{trump_words(trump)} {led.plural.capitalize()} were led. Put these "
        "cards in order: the card that would win the trick first, the weakest last.",
        _card_options(cards),
        tuple(c.code for c in ordered),
        " ".join(parts),
        Scene(trump=trump, cards=cards),
        "trick_order",
    )


def colour_question(cards: tuple[Card, ...], colour: Colour) -> Question:
    members = [c for c in cards if c.colour is colour]
    return Question(
        Kind.MULTI,
        f"Which of these cards are {colour.value}? Choose all that apply.",
        _card_options(cards),
        tuple(c.code for c in members),
        " ".join(f"{s.plural.capitalize()} are {s.colour.value}." for s in Suit),
        Scene(cards=cards),
        "colour",
        none_words=f"None of these cards are {colour.value}",
    )


def highest_card_question(cards: tuple[Card, ...], suit: Suit) -> Question:
    """Among a hand with no trump, which card is the highest of a suit."""
    members = [c for c in cards if effective_suit(c, None) is suit]
    if not members:
        raise ValueError("highest card: the hand holds no card of that suit")
    best = max(members, key=lambda c: suit_strength(c, None))
    order = " > ".join(c.label for c in suit_order(suit, None))
    return Question(
        Kind.SINGLE,
        f"There is no trump yet. Which is your highest {suit.singular}?",
        _card_options(cards),
        (best.code,),
        f"Without trump, {suit.plural} rank {order}: {best.the_name} is the highest you hold.",
        Scene(cards=cards),
        "highest_card",
    )


# ---- tricks --------------------------------------------------------------------------------


def trick_winner_prompt(trump: Suit | NoTrump | None, seats_played: Iterable[Seat]) -> str:
    """The words that ask who wins a finished trick, saying who plays alone when a seat
    has no card in it (its partner plays alone): "Diamonds are trump. North plays alone,
    so South sits out. Who wins this trick?"."""
    played = set(seats_played)
    alone = [
        f"{seat.partner.word} plays alone, so {seat.word} sits out."
        for seat in SEATS
        if seat not in played
    ]
    return " ".join((trump_words(trump), *alone, "Who wins this trick?"))


def trick_winner_question(trick: tuple[tuple[Seat, Card], ...], trump: Suit | None) -> Question:
    winner = winner_of(trick, trump)
    explanation = explain_trick(Trick(trick[0][0], trick, winner), trump)
    seats = tuple(seat for seat, _ in trick)
    finished = Trick(trick[0][0], trick, winner)
    return Question(
        Kind.SINGLE,
        trick_winner_prompt(trump, seats),
        _seat_options(seats),
        (winner.value,),
        explanation,
        Scene(trump=trump, trick=trick),
        "trick_winner",
        notes=tuple(
            (seat.value, explain_loser(finished, trump, seat)) for seat in seats if seat != winner
        ),
    )


def legal_plays_question(record: HandRecord) -> Question:
    state = record.replay()
    if state.phase is not Phase.PLAY:
        raise ValueError("legal plays need a scenario where a card is to be played")
    seat = state.turn
    assert seat is not None  # in play, a seat is to play
    hand = state.hand_of(seat)
    legal = [a.card for a in legal_actions(state) if a.card is not None]
    illegal = [c for c in hand if c not in legal]
    if illegal:
        explanation = illegal_action_error(state, Action.play(illegal[0])).message
        if state.trick and len(legal) == 1 and legal[0].name not in explanation:
            explanation += " " + explain_action(state, Action.play(legal[0]))
    else:
        explanation = explain_action(state, Action.play(hand[0]))
        if state.trick:
            assert state.led_suit is not None  # a trick is on the table
            explanation = (
                (f"{seat.word} holds no {state.led_suit.plural}, so any card may be played.")
                if effective_suit(hand[0], state.trump_suit) is not (state.led_suit)
                else explanation + " Every card here follows suit."
            )
    you = "you" if seat is Seat.S else seat.word
    return Question(
        Kind.MULTI,
        f"{trump_words(state.trump_suit)} Which cards may {you} play? Choose all that apply.",
        _card_options(hand),
        tuple(c.code for c in legal),
        explanation,
        Scene(record=record, trump=state.trump),
        "legal_plays",
        none_words="None of these cards may be played",
        # The jacks (and the Joker) are the trap: which suit each belongs to.
        notes=tuple(
            (card.code, describe_card(card, state.trump_suit, state.rules.benny))
            for card in hand
            if card.is_joker or card.rank.letter == "J"
        ),
        topic=_play_topic(state, hand),
    )


def _play_topic(state: HandState, hand: Sequence[Card]) -> str:
    """What decides a card-to-play question: holding none of the suit led
    ("cannot-follow"), else a left bower in the hand, which follows trump, not its printed
    suit ("left-bower"); "" when neither does (a lead, a plain follow)."""
    if not state.trick:
        return ""
    if all(effective_suit(card, state.trump_suit) is not state.led_suit for card in hand):
        return "cannot-follow"
    if any(is_left_bower(card, state.trump_suit) for card in hand):
        return "left-bower"
    return ""


def next_leader_question(record: HandRecord) -> Question:
    """After a finished trick: who leads the next one (the winner)."""
    state = record.replay()
    if not state.tricks:
        raise ValueError("next leader needs a finished trick")
    last = state.tricks[-1]
    assert last.winner is not None  # a finished trick has a winner
    return Question(
        Kind.SINGLE,
        "Who leads the next trick?",
        _seat_options(state.active_seats),
        (last.winner.value,),
        explain_trick(last, state.trump_suit) + f" The winner of a trick leads the next: "
        f"{last.winner.word}.",
        Scene(
            record=record, trump=state.trump, trick=last.cards, hide=frozenset({"turn", "winner"})
        ),
        "next_leader",
    )


# ---- making trump ----------------------------------------------------------------------------


def may_pass_question(record: HandRecord) -> Question:
    state = record.replay()
    if state.phase not in (Phase.BID1, Phase.BID2):
        raise ValueError("may-pass needs a scenario in the bidding")
    seat = state.turn
    assert seat is not None  # in the bidding, a seat is to act
    may = Action.PASS in legal_actions(state)
    who = f"{seat.word}, the dealer," if seat is state.dealer else seat.word
    return Question(
        Kind.YESNO,
        f"It is {seat.word}'s turn in round {1 if state.phase is Phase.BID1 else 2}"
        f". May {who} pass?",
        (Option("yes", "Yes"), Option("no", "No")),
        ("yes" if may else "no",),
        explain_action(state, Action.PASS),
        Scene(record=record),
        "may_pass",
    )


def callable_suits_question(record: HandRecord) -> Question:
    state = record.replay()
    if state.phase is not Phase.BID2:
        raise ValueError("callable suits need a scenario in round 2")
    offered = list(Suit) + ([NO_TRUMP] if state.rules.no_trump else [])
    legal = [a.suit for a in legal_actions(state) if a.do is Do.CALL and a.suit is not None]
    down = state.upcard.suit
    assert down is not None and state.turn is not None  # round 2: a suit turned down, a bidder
    explanation = illegal_action_error(state, Action.call(down)).message
    return Question(
        Kind.MULTI,
        f"Round 2: {state.upcard.the_name} was turned down. Which suits"
        f"{', or no trump,' if state.rules.no_trump else ''} may {state.turn.word} call? "
        "Choose all that apply.",
        _suit_options(offered),
        tuple(s.letter for s in legal),
        explanation,
        Scene(record=record),
        "callable_suits",
        none_words="No suit may be called",
    )


def who_picks_up_question(record: HandRecord) -> Question:
    state = record.replay()
    if state.maker is None or state.phase in (Phase.BID1, Phase.BID2, Phase.ALONE):
        raise ValueError("who-picks-up needs a round-1 order-up with the alone decision made")
    answer = state.dealer.value if state.dealer_took_upcard else _NOBODY.key
    accepted = "picked up" if state.maker is state.dealer else "ordered up"
    return Question(
        Kind.SINGLE,
        f"{state.maker.word} {accepted} {state.upcard.the_name}. Who adds it to their hand?",
        _seat_options() + (_NOBODY,),
        (answer,),
        explain_pickup(state),
        Scene(record=record, hide=frozenset({"turn", "hand"})),
        "who_picks_up",
    )


def makers_question(record: HandRecord) -> Question:
    state = record.replay()
    if state.maker is None:
        raise ValueError("makers need a scenario where trump has been made")
    return Question(
        Kind.SINGLE,
        "Which team are the makers?",
        _TEAM_OPTIONS,
        (state.maker.team.value,),
        explain_makers(state),
        Scene(record=record, hide=frozenset({"makers"})),
        "makers",
    )


# ---- going alone ---------------------------------------------------------------------------


def first_leader_question(record: HandRecord) -> Question:
    state = record.replay()
    if state.phase is not Phase.PLAY or state.tricks or state.trick:
        raise ValueError("first leader needs a scenario just before the first lead")
    leader = first_leader(state)
    return Question(
        Kind.SINGLE,
        "Who leads the first trick?",
        _seat_options(),
        (leader.value,),
        explain_first_lead(state),
        Scene(record=record, hide=frozenset({"turn"})),
        "first_leader",
        notes=tuple(
            (seat.value, f"{seat.word} sits out: their partner, {seat.partner.word}, plays alone.")
            for seat in state.sitting_out
        ),
    )


_HIDE_OUT = frozenset({"sitting_out", "turn"})


def sitting_out_question(record: HandRecord) -> Question:
    state = record.replay()
    if state.maker is None or state.phase in (Phase.BID1, Phase.BID2):
        raise ValueError("sitting out needs a scenario after the alone decisions")
    out = state.sitting_out
    explanation = (
        " ".join(
            f"{seat.word} is alone, so their partner, {seat.partner.word}, sits out."
            for seat in state.alone
        )
        or "Nobody went alone, so all four players play."
    )
    options = _seat_options() + (_NOBODY,)
    if len(out) > 1:
        return Question(
            Kind.MULTI,
            "Who sits out this hand? Choose all that apply.",
            _seat_options(),
            tuple(s.value for s in out),
            explanation,
            Scene(record=record, hide=_HIDE_OUT),
            "sitting_out",
            none_words="Nobody sits out",
        )
    return Question(
        Kind.SINGLE,
        "Who sits out this hand?",
        options,
        (out[0].value if out else _NOBODY.key,),
        explanation,
        Scene(record=record, hide=_HIDE_OUT),
        "sitting_out",
    )


# ---- scoring -----------------------------------------------------------------------------------


def hand_points_question(
    makers: Team, makers_tricks: int, maker_alone: bool = False, defender_alone: bool = False
) -> Question:
    score = score_hand(
        makers, makers_tricks, maker_alone=maker_alone, defender_alone=defender_alone
    )
    # A seat goes alone, never a team: "North-South, one of them alone".
    who = makers.word + (", one of them alone," if maker_alone else "")
    facts = [
        f"Makers: {makers.word}" + (" (one player alone)" if maker_alone else ""),
        f"Tricks taken by the makers: {makers_tricks}",
    ]
    if defender_alone:
        facts.append(f"One {makers.other.word} player defended alone")
    return Question(
        Kind.POINTS,
        f"{who} made trump and took {makers_tricks} trick"
        f"{'s' if makers_tricks != 1 else ''}. How many points, and to whom?",
        _TEAM_OPTIONS,
        (score.winner.value, str(score.points_won)),
        score.explanation,
        Scene(facts=tuple(facts)),
        "hand_points",
    )


# The targets the rule sets play to (lesson 6 teaches them); any other is said as a
# table's own choice where a question uses it.
STANDARD_TARGETS = frozenset(Rules.preset(name).target_points for name in PRESETS)


def game_winner_question(
    scores: tuple[int, int],
    target: int,
    makers: Team,
    makers_tricks: int,
    maker_alone: bool = False,
) -> Question:
    score = score_hand(makers, makers_tricks, maker_alone=maker_alone)
    after = (scores[0] + score.points[Team.NS], scores[1] + score.points[Team.EW])
    winner = game_winner(after, target)
    facts = (
        f"Game to {target}: the first team to reach {target} points wins"
        + ("" if target in STANDARD_TARGETS else " (each table picks its own target)"),
        f"Score before the hand: North-South {scores[0]}, East-West {scores[1]}",
    )
    options = _TEAM_OPTIONS + (Option("none", "Nobody yet"),)
    end = (
        f"{winner.word} reach {after[winner.index]} of {target} and win the game."
        if winner
        else f"The score is now {after[0]} to {after[1]}: nobody has reached {target} yet."
    )
    return Question(
        Kind.SINGLE,
        f"{makers.word} made trump{', one of them alone,' if maker_alone else ''}"
        f" and took {tricks_words(makers_tricks)}. Who has won the game?",
        options,
        (winner.value if winner else "none",),
        f"{score.explanation} {end}",
        Scene(facts=facts),
        "game_winner",
    )


# ---- the table -----------------------------------------------------------------------------------


def partner_question(seat: Seat) -> Question:
    return Question(
        Kind.SINGLE,
        f"Who is {seat.word}'s partner?",
        _seat_options(s for s in SEATS if s is not seat),
        (seat.partner.value,),
        f"Partners sit opposite: {seat.word} and {seat.partner.word} "
        f"are partners, the {seat.team.word} team.",
        Scene(),
        "partner",
    )


def next_seat_question(seat: Seat) -> Question:
    return Question(
        Kind.SINGLE,
        f"Play goes clockwise. Who plays after {seat.word}?",
        _seat_options(s for s in SEATS if s is not seat),
        (seat.next.value,),
        f"Clockwise means to the left: after {seat.word} comes {seat.next.word}.",
        Scene(),
        "next_seat",
    )


def team_question(seat: Seat) -> Question:
    return Question(
        Kind.SINGLE,
        f"Which team is {seat.word} on?",
        _TEAM_OPTIONS,
        (seat.team.value,),
        f"Partners sit opposite: {seat.word} plays with {seat.partner.word}, so {seat.word} is "
        f"on the {seat.team.word} team.",
        Scene(),
        "team",
    )


def next_dealer_question(seat: Seat) -> Question:
    after = next_dealer(seat)
    return Question(
        Kind.SINGLE,
        f"{seat.word} dealt this hand. Who deals the next hand?",
        _seat_options(),
        (after.value,),
        f"The deal moves clockwise, to the dealer's left: after {seat.word} comes {after.word}.",
        Scene(),
        "next_dealer",
    )


def _numbers(*numbers: int) -> tuple[Option, ...]:
    return tuple(Option(str(n), str(n)) for n in numbers)


_DEALT = frozenset({"turn"})


def cards_dealt_question(record: HandRecord) -> Question:
    """How many cards the dealer gives each player (the engine's deal)."""
    each = len(record.deal.hand(Seat.S))
    return Question(
        Kind.SINGLE,
        "How many cards does the dealer give each player?",
        _numbers(3, 4, 5, 6, 8),
        (str(each),),
        f"The dealer gives {each} cards to each of the four players, the dealer "
        f"too: {4 * each} cards in all.",
        Scene(record=record, hide=_DEALT),
        "cards_dealt",
    )


def face_down_question(record: HandRecord) -> Question:
    """How many cards of the engine's deck are neither dealt nor the upcard."""
    size = len(deck(record.rules.benny))
    dealt = sum(len(hand) for hand in record.deal.hands)
    left = size - dealt - 1
    return Question(
        Kind.SINGLE,
        # Not "how many stay face down": the players' hands are face down too.
        "How many cards are left in the kitty, face down under the upcard?",
        _numbers(0, 1, 3, 4, 5),
        (str(left),),
        f"The deck has {size} cards. The players get {dealt} and one is the "
        f"upcard, so {left} stay face down in the kitty. Nobody plays with them this hand.",
        Scene(record=record, hide=_DEALT),
        "face_down",
    )


def trick_size_question(record: HandRecord) -> Question:
    """How many cards make one trick: one from each player who plays."""
    state = record.replay()
    n = len(state.active_seats)
    out = " and ".join(seat.word for seat in state.sitting_out)
    why = (
        f"{out} sits out. Each of the other {n} players puts down one card"
        if out
        else f"Each of the {n} players puts down one card"
    )
    return Question(
        Kind.SINGLE,
        "How many cards make one trick?",
        _numbers(2, 3, 4, 5),
        (str(n),),
        f"{why}, so a trick has {n} cards.",
        Scene(record=record, hide=_DEALT),
        "trick_size",
    )


def tricks_in_hand_question() -> Question:
    return Question(
        Kind.SINGLE,
        "How many tricks are played in one hand?",
        _numbers(3, 4, 5, 6),
        (str(HAND_SIZE),),
        f"Each player gets {HAND_SIZE} cards and plays one card to each "
        f"trick, so a hand has {HAND_SIZE} tricks.",
        Scene(),
        "tricks_in_hand",
    )


def deck_size_question(benny: bool = False) -> Question:
    size = len(deck(benny))
    options = tuple(Option(str(n), str(n)) for n in (20, 24, 25, 32, 52))
    joker = " with the Joker (Benny)" if benny else ""
    return Question(
        Kind.SINGLE,
        f"How many cards are in a euchre deck{joker}?",
        options,
        (str(size),),
        "The deck is 9 10 J Q K A in four suits: 24 cards"
        + (", plus the Joker: 25." if benny else "."),
        Scene(),
        "deck_size",
    )


CHECKERS: dict[str, Callable[..., Question]] = {
    "effective_suit": effective_suit_question,
    "is_trump": is_trump_question,
    "suit_members": suit_members_question,
    "trick_order": trick_order_question,
    "colour": colour_question,
    "highest_card": highest_card_question,
    "rank_order": rank_order_question,
    "trick_winner": trick_winner_question,
    "legal_plays": legal_plays_question,
    "next_leader": next_leader_question,
    "may_pass": may_pass_question,
    "callable_suits": callable_suits_question,
    "who_picks_up": who_picks_up_question,
    "makers": makers_question,
    "first_leader": first_leader_question,
    "sitting_out": sitting_out_question,
    "hand_points": hand_points_question,
    "game_winner": game_winner_question,
    "partner": partner_question,
    "next_seat": next_seat_question,
    "deck_size": deck_size_question,
    "team": team_question,
    "next_dealer": next_dealer_question,
    "cards_dealt": cards_dealt_question,
    "face_down": face_down_question,
    "trick_size": trick_size_question,
    "tricks_in_hand": tricks_in_hand_question,
}


def hand_result_question(record: HandRecord) -> Question:
    """A finished hand: how many points, and to whom."""
    state = record.replay()
    if state.result is None or state.result.thrown_in:
        raise ValueError("hand result needs a hand played to the end")
    score = state.result.score
    makers = state.makers
    assert score is not None and makers is not None and state.trump is not None  # played out
    lone = [seat for seat in state.alone]
    facts = [
        f"Trump: {state.trump.plural}",
        f"Makers: {makers.word}",
        f"Tricks: {makers.word} {state.team_tricks(makers)}, "
        f"{makers.other.word} {state.team_tricks(makers.other)}",
    ]
    facts += [f"{seat.word} {'went' if seat.team is makers else 'defended'} alone" for seat in lone]
    return Question(
        Kind.POINTS,
        "The hand is over. How many points, and to whom?",
        _TEAM_OPTIONS,
        (score.winner.value, str(score.points_won)),
        score.explanation,
        Scene(record=record, trump=state.trump, facts=tuple(facts)),
        "hand_result",
        topic=_result_topic(score.outcome, score.maker_alone),
    )


def _result_topic(outcome: Outcome, maker_alone: bool) -> str:
    """A finished hand's topic: the kind of result that scored it. A lone maker's, made
    or euchred by both defenders, is "lone": one step teaches both."""
    if maker_alone and outcome is not Outcome.LONE_DEFENDER_EUCHRE:
        return "lone"
    return OUTCOME_TOPICS[outcome]


OUTCOME_TOPICS = {
    Outcome.MADE: "made",
    Outcome.MARCH: "march",
    Outcome.LONE_MADE: "lone",
    Outcome.LONE_MARCH: "lone",
    Outcome.EUCHRE: "euchre",
    Outcome.LONE_DEFENDER_EUCHRE: "lone-defender",
}
# The topics a lesson step may teach beside a kind ("hand_result:euchre").
TOPICS = {
    "hand_result": frozenset(OUTCOME_TOPICS.values()),
    "legal_plays": frozenset({"cannot-follow", "left-bower"}),
}


CHECKERS["hand_result"] = hand_result_question


def _comparable(question: Question) -> tuple[str, ...] | frozenset[str]:
    return frozenset(question.answer) if question.kind is Kind.MULTI else question.answer


def rule_decides(checker: Callable[..., Question], record: HandRecord, setting: str) -> bool:
    """True when the other value of the house rule ``setting`` would change the answer
    that ``checker`` gives about ``record``: the engine replays the same table under the
    other value and the same question (the same words) gets another answer. A table that
    cannot come about under the other value decides nothing."""
    other_rules = record.rules.with_settings(**{setting: not getattr(record.rules, setting)})
    base = checker(record)
    try:
        other = checker(HandRecord(other_rules, record.deal, record.actions))
    except (EuchreError, ValueError):
        return False
    return other.prompt == base.prompt and _comparable(other) != _comparable(base)
