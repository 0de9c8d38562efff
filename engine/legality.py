"""What may be done now, and the error that says why an action may not.

The one home of legality: ``legal_actions`` is the single source of what may
happen next, ``is_legal`` the check ``apply`` makes on every action (``may_play``
for a card, when the answer was not just asked for), and ``illegal_action_error``
the reason and the learner's sentence for an action that is not legal.
``engine.hand`` (which applies actions) and ``engine.explain`` (which puts them
in words) both ask this module, never each other.

Plays are checked on the integer tables of ``engine.tables``: this is the hot
path of every simulation and search.
"""

from __future__ import annotations

from engine import actions
from engine.actions import Action, Do
from engine.cards import NO_TRUMP, Card, Suit
from engine.errors import IllegalActionError, Reason
from engine.native import ENGINE_PATH
from engine.ranking import effective_suit
from engine.rules import Rules
from engine.seats import Seat
from engine.state import PHASE_WORDS, HandState, Phase, ordered_up
from engine.tables import SUIT_NUMBER, TRUMP_NUMBER
from engine.wording import (
    ONLY_ALONE_WORDS,
    Voice,
    is_disguised,
    join_words,
    member_words,
    trump_words,
)

_PLAY = Phase.PLAY  # module globals: an enum member read from its class is slow
_PLAY_ACTION = actions.PLAY
_DO_PLAY = Do.PLAY
_DISCARD_ACTION = actions.DISCARD


# ---- what is legal, one function per phase ---------------------------------------------

# The last state asked about, and the answer. Every player asks ``legal_actions`` and then
# applies one of the answers, so ``is_legal`` finds the state here and checks the action
# against the answer instead of working it out again. The entry holds the state itself, so
# its id cannot be reused while it is here; states never change, so the answer stays true.
_last_asked: tuple[HandState | None, tuple[Action, ...]] = (None, ())


def legal_actions(state: HandState) -> tuple[Action, ...]:
    """Every action the seat to act may take now, in a fixed order; () when over.

    In play: the cards the seat may play, as actions, in the order of their hand.
    """
    global _last_asked
    asked = _last_asked
    if asked[0] is state:
        return asked[1]
    phase = state.phase
    if phase is not _PLAY:
        legal = _LEGAL_BY_PHASE[phase](state)
        _last_asked = (state, legal)
        return legal
    # One slice reads every field at once: an exact tuple, which unpacks without iterating.
    (rules, _, _, turn, hands, trump, _, _, _, _, _, trick, tricks, _, _, _) = state[:]
    # Play, the hot path (RULES.md 'Play'), on the integer tables. Plain loops: in Python
    # 3.11 a list comprehension is a function call of its own.
    assert turn is not None  # in play, a seat is to play
    hand = hands[turn.index]
    play = _PLAY_ACTION
    plays: list[Action] = []
    if trick:  # follow the suit led, if you can
        suit_of = SUIT_NUMBER[trump]
        led = suit_of[trick[0][1].index]
        for card in hand:
            index = card.index
            if suit_of[index] == led:
                plays.append(play[index])
    elif rules.no_first_blood and not tricks:  # no trump led to the first trick
        trump_number = TRUMP_NUMBER[trump]
        if trump_number >= 0:
            suit_of = SUIT_NUMBER[trump]
            for card in hand:
                index = card.index
                if suit_of[index] != trump_number:
                    plays.append(play[index])
    if not plays:  # leading, void in the suit led, or holding only trumps: any card
        for card in hand:
            plays.append(play[card.index])
    legal = tuple(plays)
    _last_asked = (state, legal)
    return legal


def is_legal(state: HandState, action: Action) -> bool:
    """Whether the seat to act may take ``action`` now (the check ``apply`` makes)."""
    asked = _last_asked
    if asked[0] is state:
        return action in asked[1]  # actions are interned: identity, no Python __eq__
    if state.phase is _PLAY:
        card = action.card
        return action.do is _DO_PLAY and card is not None and may_play(state, card)
    return action in legal_actions(state)


def may_play(state: HandState, card: Card) -> bool:
    """Whether the seat to play may play ``card`` (RULES.md, 'Play'): the check on every play."""
    turn = state.turn
    assert turn is not None  # in play, a seat is to play
    hand = state.hands[turn.index]
    if card not in hand:
        return False
    suit_of = SUIT_NUMBER[state.trump]
    trick = state.trick
    if trick:
        led = suit_of[trick[0][1].index]
        if suit_of[card.index] == led:
            return True
        # A card off the suit led is legal only when void in it. Hot path: a plain loop,
        # not all() over a generator (a generator object per call in the plain sources).
        for held in hand:  # noqa: SIM110
            if suit_of[held.index] == led:
                return False
        return True
    if state.tricks or not state.rules.no_first_blood:
        return True
    trump = TRUMP_NUMBER[state.trump]
    if trump < 0 or suit_of[card.index] != trump:
        return True
    for held in hand:  # noqa: SIM110 (hot path, as above): holding only trumps, one may be led
        if suit_of[held.index] != trump:
            return False
    return True


def playable_cards(state: HandState) -> tuple[Card, ...]:
    """The cards the seat to play may play, in the order of their hand; () out of play."""
    if state.phase is not _PLAY:
        return ()
    return tuple([action.card for action in legal_actions(state) if action.card is not None])


_BID1 = (actions.ORDER_UP, actions.PASS)
_MAKER_ALONE = (actions.ALONE, actions.WITH_PARTNER)
_ONLY_ALONE = (actions.ALONE,)
_ANNOUNCE = (actions.ALONE, actions.PASS)
_NAMES = tuple(actions.NAME[s] for s in Suit)


def _legal_bid1(state: HandState) -> tuple[Action, ...]:
    return _BID1


def _legal_bid2(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    may_pass = not (rules.stick_the_dealer and state.turn is state.deal.dealer)
    return _BID2_CHOICES[(state.deal.upcard.suit, rules.no_trump, may_pass)]


def _bid2_choices(turned_down: Suit | None, no_trump: bool, may_pass: bool) -> tuple[Action, ...]:
    """Any suit but the turned-down one, no trump with that variant, pass unless stuck."""
    calls = [actions.CALL[s] for s in Suit if s is not turned_down]
    if no_trump:
        calls.append(actions.CALL[NO_TRUMP])
    if may_pass:
        calls.append(actions.PASS)
    return tuple(calls)


_BID2_CHOICES = {
    (down, no_trump, may_pass): _bid2_choices(down, no_trump, may_pass)
    for down in (*Suit, None)
    for no_trump in (False, True)
    for may_pass in (False, True)
}


def _legal_alone(state: HandState) -> tuple[Action, ...]:
    if must_go_alone(state, state.turn):
        return _ONLY_ALONE
    return _MAKER_ALONE if state.rules.alone_decision == "maker" else _ANNOUNCE


def _legal_discard(state: HandState) -> tuple[Action, ...]:
    discard = _DISCARD_ACTION
    return tuple([discard[c.index] for c in state.hands[state.deal.dealer.index]])


def _legal_defend_alone(state: HandState) -> tuple[Action, ...]:
    return _ANNOUNCE


def _legal_name_trump(state: HandState) -> tuple[Action, ...]:
    return _NAMES


def _legal_over(state: HandState) -> tuple[Action, ...]:
    return ()


_LEGAL_BY_PHASE = {
    Phase.BID1: _legal_bid1,
    Phase.BID2: _legal_bid2,
    Phase.NAME_TRUMP: _legal_name_trump,
    Phase.ALONE: _legal_alone,
    Phase.DISCARD: _legal_discard,
    Phase.DEFEND_ALONE: _legal_defend_alone,
    Phase.OVER: _legal_over,
}


def must_go_alone(state: HandState, seat: Seat | None) -> bool:
    """Canadian loner: the dealer's partner who ordered up in round 1 must play alone."""
    return (
        state.rules.canadian_loner
        and seat is state.maker
        and seat is state.dealer.partner
        and ordered_up(state)
    )


def first_leader(state: HandState) -> Seat:
    """Who leads the first trick (RULES.md, 'Play')."""
    assert state.maker is not None  # play starts once trump is made
    return first_leader_of(state.rules, state.dealer, state.maker, state.alone)


def first_leader_of(rules: Rules, dealer: Seat, maker: Seat, alone: tuple[Seat, ...]) -> Seat:
    """Who leads the first trick, from the parts of the state it depends on."""
    if rules.loner_starts_last and alone:
        if len(alone) == 1:
            return alone[0].next
        return next(seat for seat in alone if seat.team is not maker.team)
    seat = dealer.next
    while seat.partner in alone:  # sits out while their partner plays alone
        seat = seat.next
    return seat


# ---- why an action is illegal ----------------------------------------------------------

# What each kind of action is called in a sentence: "North cannot <verb> now".
_VERBS = {
    Do.PASS: "pass",
    Do.ORDER_UP: "order up",
    Do.CALL: "call trump",
    Do.NAME: "name trump",
    Do.ALONE: "go alone",
    Do.WITH_PARTNER: "play with {their} partner",
    Do.DISCARD: "discard",
    Do.PLAY: "play a card",
}
# The choices a phase offers, in the same words ("a suit", "a card": the choice is open).
_CHOICES = {
    Do.PASS: "pass",
    Do.ORDER_UP: "order up",
    Do.CALL: "call a suit",
    Do.NAME: "name a suit",
    Do.ALONE: "go alone",
    Do.WITH_PARTNER: "play with {their} partner",
    Do.DISCARD: "discard a card",
    Do.PLAY: "play a card",
}


def wrong_phase_error(state: HandState, action: Action, you: bool = False) -> IllegalActionError:
    """The one sentence for an action of a kind this phase does not offer.

    "North cannot pass now: it is the play of the cards, and North may only play a card."
    ``you``: said to the player of the seat to act ("You cannot pass now: ...").
    """
    assert state.turn is not None  # the hand is not over: a seat is to act
    voice = Voice(state.turn, you)
    offered = []
    for legal in legal_actions(state):
        words = _CHOICES[legal.do].format(their=voice.their)
        if state.phase is Phase.DEFEND_ALONE and legal.do is Do.ALONE:
            words = "defend alone"
        if words not in offered:
            offered.append(words)
    choices = offered[0] if len(offered) == 1 else (", ".join(offered[:-1]) + " or " + offered[-1])
    return IllegalActionError(
        Reason.WRONG_PHASE,
        f"{voice.Who} cannot {_VERBS[action.do].format(their=voice.their)} now: it is the "
        f"{PHASE_WORDS[state.phase]}, and {voice.who} may only {choices}.",
    )


def illegal_action_error(state: HandState, action: Action, you: bool = False) -> IllegalActionError:
    """The error, with its reason and a learner's sentence, for an illegal action now.
    ``you``: the sentence is said to the player of the seat to act, who tried it ("You
    must follow hearts: you hold the ace of hearts."), not of them by the seat's name."""
    if state.phase is Phase.OVER:
        return IllegalActionError(Reason.HAND_OVER, "The hand is over: no more actions.")
    seat = state.turn
    assert seat is not None  # the hand is not over: a seat is to act
    voice = Voice(seat, you)
    phase = state.phase
    legal = legal_actions(state)
    if action.do not in {a.do for a in legal}:
        if phase is Phase.BID2 and action.do is Do.PASS:
            return IllegalActionError(
                Reason.DEALER_MUST_CALL,
                f"{voice.Who} {voice.does('is')} the dealer and {voice.does('is')} stuck: with "
                "stick the dealer, the dealer may not pass in round 2 and must call a trump "
                "suit.",
            )
        if (
            phase is Phase.ALONE
            and action.do in (Do.WITH_PARTNER, Do.PASS)
            and legal == (actions.ALONE,)
        ):
            return IllegalActionError(
                Reason.MUST_GO_ALONE,
                f"{voice.Who} ordered up the dealer, {voice.their} partner: "
                f"{ONLY_ALONE_WORDS}, so {voice.they} must go alone.",
            )
        return wrong_phase_error(state, action, you)
    if action.do in (Do.CALL, Do.NAME):
        if action.suit is NO_TRUMP:
            return IllegalActionError(
                Reason.NO_TRUMP_NOT_ALLOWED,
                "No trump may not be called: this rule set does not use the no-trump variant.",
            )
        if not isinstance(action.suit, Suit):
            return IllegalActionError(
                Reason.SUIT_REQUIRED, f"To {_VERBS[action.do]}, {voice.who} must say a suit."
            )
        if action.suit is state.upcard.suit:
            return IllegalActionError(
                Reason.TURNED_DOWN_SUIT,
                f"{action.suit.plural.capitalize()} were turned down in round 1, so they "
                "cannot be called in round 2. Call another suit"
                + (" or pass." if actions.PASS in legal else "."),
            )
    if action.do in (Do.DISCARD, Do.PLAY):
        if not isinstance(action.card, Card):
            return IllegalActionError(
                Reason.CARD_REQUIRED, f"To {_VERBS[action.do]}, {voice.who} must name a card."
            )
        if action.card not in state.hand_of(seat):
            return IllegalActionError(
                Reason.CARD_NOT_IN_HAND,
                f"{voice.Who} {voice.does('does')} not hold {action.card.the_name}.",
            )
        if action.do is Do.PLAY and not may_play(state, action.card):
            return _play_error(state, action.card, voice)
    return IllegalActionError(Reason.WRONG_PHASE, f"{voice.Who} cannot {action} now.")


def _play_error(state: HandState, card: Card, voice: Voice) -> IllegalActionError:
    seat = state.turn
    assert seat is not None  # in play, a seat is to play
    trump = state.trump_suit
    hand = state.hand_of(seat)
    if not state.trick:  # only no first blood forbids a lead
        return IllegalActionError(
            Reason.NO_FIRST_BLOOD,
            f"No first blood: on the first trick {voice.who} may not lead a trump while "
            f"holding a card that is not trump, and {card.the_name} is a trump "
            f"{trump_words(trump)}.",
        )
    led = state.led_suit
    assert led is not None  # a trick is on the table
    head = f"{voice.Who} must follow {led.plural}"
    if card.suit is led and trump is not None and is_disguised(card, trump):
        return IllegalActionError(
            Reason.MUST_FOLLOW_SUIT,
            f"{head}: {card.the_name} is not a {led.singular} {trump_words(trump)}, "
            f"it is the left bower, a {trump.singular}.",
        )
    followers = [c for c in hand if effective_suit(c, trump) is led]
    disguised = [c for c in followers if is_disguised(c, trump)]
    if disguised:
        return IllegalActionError(
            Reason.MUST_FOLLOW_SUIT, f"{head}: {member_words(disguised[0], trump)}."
        )
    names = join_words([c.the_name for c in followers])
    led_card = state.trick[0][1]
    if is_disguised(led_card, trump):  # a led left bower or Benny: trump was led
        return IllegalActionError(
            Reason.MUST_FOLLOW_SUIT,
            f"{head}: {member_words(led_card, trump)}, so {led.plural} were led. "
            f"{voice.Who} {voice.does('holds')} {names}.",
        )
    if voice.you:  # "You must follow clubs and hold ..." would read as an order to hold them
        return IllegalActionError(Reason.MUST_FOLLOW_SUIT, f"{head}: you hold {names}.")
    return IllegalActionError(Reason.MUST_FOLLOW_SUIT, f"{head} and holds {names}.")


if ENGINE_PATH == "compiled":
    # Play is asked of the C state (engine/native_state.pyx); every other phase, above.
    from engine import native_state

    native_state.install(None, legal_actions, None)
    legal_actions = native_state.legal_actions
