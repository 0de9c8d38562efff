"""Plain-sentence explanations built from the rules: what a card is, why a card
may be played, why a trick went to its winner, why an action is illegal.

>>> from engine.notation import parse_card
>>> describe_card(parse_card("JD"), Suit.HEARTS)
'The jack of diamonds is the left bower, the second-highest heart.'
>>> describe_card(parse_card("AD"), Suit.HEARTS)
'The ace of diamonds is not a trump. It is the highest diamond.'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Do
from engine.cards import NO_TRUMP, Card, Suit
from engine.legality import first_leader, illegal_action_error, legal_actions, playable_cards
from engine.ranking import (
    CardRole,
    card_role,
    effective_suit,
    is_left_bower,
    is_right_bower,
    suit_order,
    trick_strength,
)
from engine.seats import Seat
from engine.state import PHASE_WORDS, HandState, Phase, Trick, ordered_up
from engine.wording import ONLY_ALONE_WORDS, capital, is_disguised, member_words

_ORDINALS = [
    "highest",
    "second-highest",
    "third-highest",
    "fourth-highest",
    "fifth-highest",
    "sixth-highest",
    "seventh-highest",
    "eighth-highest",
]


def _place(card: Card, suit: Suit, trump: Suit | None, benny: bool) -> str:
    order = suit_order(suit, trump, benny or card.is_joker)
    i = order.index(card)
    if i == len(order) - 1:
        return "lowest"
    return _ORDINALS[i]


def describe_card(card: Card, trump: Suit | None, benny: bool = False) -> str:
    """What a card "is" under a trump, in one or two short sentences."""
    name = capital(card.the_name)
    if trump is None:
        if card.is_joker:
            return "The Joker has no suit until a trump suit is named."
        assert card.suit is not None  # every card but the Joker has a printed suit
        return (
            f"{name} is an ordinary {card.suit.singular}: with no trump, every suit "
            f"ranks A K Q J 10 9. It is the {_place(card, card.suit, None, benny)} "
            f"{card.suit.singular}."
        )
    suit = effective_suit(card, trump)
    assert suit is not None  # under a trump every card has a suit (the Joker is trump)
    if suit is not trump:
        return (
            f"{name} is not a trump. It is the {_place(card, suit, trump, benny)} {suit.singular}."
        )
    where = f"the {_place(card, trump, trump, benny)} {trump.singular}"
    if card.is_joker:
        return f"{name} is the Benny, {where}."
    if is_right_bower(card, trump):
        return f"{name} is the right bower, {where}."
    if is_left_bower(card, trump):
        return f"{name} is the left bower, {where}."
    return f"{name} is a trump, {where}."


def explain_play(state: HandState, card: Card) -> str:
    """Why the seat to play may or may not play ``card`` now."""
    if state.phase is not Phase.PLAY:
        return f"No card is played now: it is the {_phase_word(state)}."
    seat = state.turn
    assert seat is not None  # in play, a seat is to play
    if card not in state.hand_of(seat):
        return f"{seat.word} does not hold {card.the_name}."
    if card not in playable_cards(state):
        return illegal_action_error(state, Action.play(card)).message
    trump = state.trump_suit
    if not state.trick:
        if state.rules.no_first_blood and not state.tricks and trump is not None:
            if effective_suit(card, trump) is trump:
                return (
                    f"{seat.word} leads the first trick and holds only trumps, "
                    "so a trump may be led."
                )
            return (
                f"{seat.word} leads the first trick. With no first blood any card but a "
                f"trump may be led, and {card.the_name} is not a trump."
            )
        return f"{seat.word} leads, so any card may be played."
    led = state.led_suit
    assert led is not None  # a trick is on the table
    suit = effective_suit(card, trump)
    if suit is led:
        if is_disguised(card, trump):
            return f"{led.plural.capitalize()} were led, and {member_words(card, trump)}."
        return f"{led.plural.capitalize()} were led, and {card.the_name} is a {led.singular}."
    if trump is not None and suit is trump:
        return (
            f"{seat.word} has no {led.plural}, so any card may be played. Trumping in "
            "is allowed, never required."
        )
    return f"{seat.word} has no {led.plural}, so any card may be played."


def explain_trick(trick: Trick, trump: Suit | None) -> str:
    """Why a finished trick went to its winner."""
    cards = trick.cards
    led_card = cards[0][1]
    led = effective_suit(led_card, trump)
    assert led is not None  # a trick is played under a trump or no trump, never with the Joker
    winner, card = max(cards, key=lambda played: trick_strength(played[1], trump, led))
    trumps = [c for _, c in cards if trump is not None and effective_suit(c, trump) is trump]
    led_words = f"{capital(led_card.the_name)} was led, so {led.plural} were led"
    if led_card.is_joker or (
        trump is not None
        and effective_suit(led_card, trump) is trump
        and is_disguised(led_card, trump)
    ):
        led_words = (
            f"{capital(led_card.the_name)} was led: {member_words(led_card, trump)}, so trump "
            "was led"
        )
    if trump is not None and trumps:
        role = card_role(card, trump)
        what = card.the_name if role in (CardRole.TRUMP, CardRole.PLAIN) else f"the {role}"
        if role in (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
            what += f" ({card.name})"
        if len(trumps) == 1:
            return f"{led_words}. {winner.word} wins with {what}, the only trump in the trick."
        return f"{led_words}. {winner.word} wins with {what}, the highest trump in the trick."
    # Under no trump, "no trump was played" would read as a card called "no trump".
    none = "There is no trump" if trump is None else "No trump was played"
    return (
        f"{led_words}. {none}, so the highest {led.singular} wins: "
        f"{winner.word}'s {card.name}. Cards of other suits cannot win."
    )


def explain_loser(trick: Trick, trump: Suit | None, seat: Seat) -> str:
    """Why ``seat``'s card did not win the finished ``trick`` (a wrong pick's reason):
    'North's nine of hearts is not a club, the suit led, and it is not a trump: it cannot
    win.'"""
    cards = trick.cards
    led = effective_suit(cards[0][1], trump)
    assert led is not None  # a trick is played under a trump or no trump, never with the Joker
    winner, best = max(cards, key=lambda played: trick_strength(played[1], trump, led))
    card = next(played_card for player, played_card in cards if player is seat)
    suit = effective_suit(card, trump)
    mine = f"{seat.word}'s {card.name}"
    theirs = f"{winner.word}'s {best.name}"
    plain = (
        " With no trump there are no bowers: a jack is just a jack."
        if (trump is None and card.rank.letter == "J")
        else ""
    )
    if trump is not None and suit is trump:
        return f"{mine} is a trump, but {theirs} is a higher trump."
    if suit is led:
        if trump is not None and effective_suit(best, trump) is trump:
            return f"{mine} follows suit, but {theirs} is a trump, and any trump beats it."
        return f"{mine} is a {led.singular}, but {theirs} is a higher one.{plain}"
    no_trump = "there is no trump" if trump is None else "it is not a trump"
    return f"{mine} is not a {led.singular}, the suit led, and {no_trump}: it cannot win.{plain}"


def explain_result(state: HandState) -> str:
    """Why the finished hand scored what it scored."""
    result = state.result
    if result is None:
        return "The hand is not over yet."
    if result.thrown_in:
        return (
            "All four players passed twice, so the hand is thrown in: nobody scores "
            "and the deal passes to the left."
        )
    assert result.score is not None  # a hand played out has a score
    return result.score.explanation


def _phase_word(state: HandState) -> str:
    return PHASE_WORDS.get(state.phase, "end of the hand")


def winner_of(cards: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Who wins a complete trick of (seat, card) pairs under a trump (None: no trump)."""
    led = effective_suit(cards[0][1], trump)
    assert led is not None  # a trick is played under a trump or no trump, never with the Joker
    return max(cards, key=lambda played: trick_strength(played[1], trump, led))[0]


def explain_first_lead(state: HandState) -> str:
    """Why the first trick is led by the seat that leads it (state in or after play)."""
    leader = first_leader(state)
    alone = state.alone
    out = state.sitting_out
    if state.rules.loner_starts_last and alone:
        if len(alone) == 1:
            return (
                f"{alone[0].word} is alone, and with 'loner starts last' the player to the "
                f"loner's left leads: {leader.word}."
            )
        return (
            f"A maker and a defender are both alone. With 'loner starts last' the "
            f"defender leads: {leader.word}."
        )
    left = state.dealer.next
    if left in out:
        return (
            f"The player to the dealer's left, {left.word}, would lead, but sits out while "
            f"their partner plays alone. The next player, {leader.word}, leads."
        )
    return f"The player to the dealer's left leads the first trick: {leader.word}."


def explain_action(state: HandState, action: Action) -> str:
    """Why an action is, or is not, allowed now (any phase)."""
    if action not in legal_actions(state):
        return illegal_action_error(state, action).message
    seat = state.turn
    assert seat is not None  # a legal action: the hand is not over
    turned = state.upcard.suit
    phase = state.phase
    if phase is Phase.PLAY:
        assert action.card is not None  # a play names its card
        return explain_play(state, action.card)
    if phase is Phase.BID1:
        assert turned is not None  # a turned-up Joker skips the bidding rounds
        if action.do is Do.PASS:
            return "Anyone may pass in round 1."
        dealer = state.dealer
        if seat is dealer:
            return (
                f"The dealer, {seat.word}, picks up {state.upcard.the_name}: "
                f"{turned.plural} become trump."
            )
        if state.rules.canadian_loner and seat is dealer.partner:
            who = (
                f"with the Canadian loner rule {seat.word} must now go alone, so the dealer, "
                f"{dealer.word}, sits out and nobody picks it up"
            )
        elif seat.team is dealer.team:
            who = (
                f"the dealer, {dealer.word}, picks it up, unless {seat.word} goes alone "
                "and the dealer sits out"
            )
        else:
            who = f"the dealer, {dealer.word}, picks it up"
        return (
            f"{seat.word} orders up {state.upcard.the_name}: "
            f"{turned.plural} become trump and {who}."
        )
    if phase is Phase.BID2:
        assert turned is not None  # a turned-up Joker skips the bidding rounds
        if action.do is Do.PASS:
            if state.rules.stick_the_dealer:
                return (
                    f"{seat.word} is not the dealer, so may pass. Only the dealer is stuck "
                    "and must call."
                )
            return (
                f"{seat.word} may pass. Without stick the dealer, if all four pass again "
                "the hand is thrown in."
            )
        assert action.suit is not None  # a call names its suit
        if action.suit is NO_TRUMP:
            return f"{seat.word} may call no trump: the no-trump house rule allows it in round 2."
        if Action.PASS not in legal_actions(state):  # stick the dealer: the others passed
            return (
                f"Stick the dealer: the others all passed, so {seat.word}, the dealer, must "
                f"call a suit, any suit but the turned-down one, {turned.plural}."
            )
        return (
            f"{seat.word} may call {action.suit.plural}: any suit but the turned-down one, "
            f"{turned.plural}, may be called in round 2."
        )
    if phase is Phase.ALONE:
        if action.do is Do.ALONE and legal_actions(state) == (Action.ALONE,):
            return (
                f"{seat.word} ordered up their partner, the dealer: {ONLY_ALONE_WORDS}. "
                f"{seat.partner.word} sits out."
            )
        # Said after the move as well as before it: the rule, not "South may".
        if action.do is Do.ALONE and seat.team is not state.makers:
            return _DEFEND_ALONE_WORDS.format(seat=seat.word, partner=seat.partner.word)
        if action.do is Do.ALONE:
            return f"A maker may go alone: {seat.word}'s partner, {seat.partner.word}, sits out."
        return f"{seat.word} plays with their partner, {seat.partner.word}."
    if phase is Phase.DISCARD:
        return (
            "The dealer holds six cards after picking up, so discards one face down: "
            "any card, the upcard included."
        )
    if phase is Phase.DEFEND_ALONE:
        if action.do is Do.ALONE:
            return _DEFEND_ALONE_WORDS.format(seat=seat.word, partner=seat.partner.word)
        return f"{seat.word} defends with their partner."
    if phase is Phase.NAME_TRUMP:
        return (
            f"The Joker was turned up, so the dealer, {seat.word}, names trump: any suit, "
            "chosen without looking at their own cards first."
        )
    return ""


_DEFEND_ALONE_WORDS = (
    "A defender may defend alone: {seat}'s partner, {partner}, sits out, and a euchre "
    "then scores 4."
)


def explain_pickup(state: HandState) -> str:
    """Who takes the upcard after it is ordered up, and why (state after the alone decision)."""
    dealer = state.dealer
    upcard = state.upcard.the_name
    if dealer in state.sitting_out:
        return (
            f"The dealer, {dealer.word}, sits out because their partner plays alone, so "
            f"nobody picks up {upcard}."
        )
    orderer = state.maker
    assert orderer is not None  # the upcard was ordered up
    if orderer is dealer:
        return f"The dealer, {dealer.word}, picked it up: {upcard} goes into their hand."
    return (
        f"{orderer.word} ordered it up, but the card goes to the dealer, not to them: "
        f"{dealer.word} picks up {upcard} and discards one card."
    )


def explain_makers(state: HandState) -> str:
    """Which team made trump, and so must take 3 tricks."""
    maker = state.maker
    if maker is None:
        return "Nobody has made trump yet."
    upcard = state.upcard
    assert state.trump is not None  # a maker made it
    if upcard.is_joker:
        how = f"{maker.word}, the dealer, named {state.trump.plural} after the Joker was turned up"
    elif ordered_up(state) and maker is state.dealer:
        how = f"{maker.word}, the dealer, picked up {upcard.the_name}"
    elif ordered_up(state):
        how = f"{maker.word} ordered up {upcard.the_name}"
    else:
        how = f"{maker.word} called {state.trump.plural}"
    return (
        f"{how}, so {maker.team.word} are the makers and must take at least 3 tricks. "
        f"{maker.team.other.word} are the defenders."
    )
