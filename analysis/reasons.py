"""Plain-word reasons for a recommended choice, built from the analysis.

Each sentence names the choice, gives the reason a beginner can check on the
cards (a fact read from the seat's view: trumps held, the highest card left,
who is winning the trick...), then the numbers from ``analysis.options``:
in words a twelve-year-old reads: the tricks the choice should win for the team
("about 3 tricks"), how often that scores, and the points the next-best choice gives
away, rounded to a half point. No signed decimals.

>>> number_word(2), plural(1, "trump"), plural(0, "trump")
('two', 'one trump', 'no trumps')
"""

from __future__ import annotations

from analysis.bidding import upcard_goes_to
from analysis.evaluation import UPCARD_ME, Evaluation, evaluate, weakest_card
from analysis.options import ALMOST_AS_GOOD, OptionValue
from engine.actions import Action, Do
from engine.cards import NO_TRUMP, Card, NoTrump, Rank, Suit, deck
from engine.explain import explain_play
from engine.hand import HandState, Phase
from engine.ranking import EFFECTIVE_SUIT, TRICK_STRENGTH, CardRole, card_role, trick_strength
from engine.seats import Seat
from engine.view import SeatView
from engine.wording import ONLY_ALONE_WORDS

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven"]


def number_word(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def plural(n: int, noun: str) -> str:
    return f"{number_word(n)} {noun}" + ("" if n == 1 else "s")


def card_words(card: Card, trump: Suit | None) -> str:
    """'the right bower' or 'the ace of spades'."""
    role = card_role(card, trump)
    if role in (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER, CardRole.BENNY):
        return f"the {role}"
    return card.the_name


def tricks_words(value: OptionValue | float) -> str:
    """'about 3 tricks', rounded to a whole trick."""
    tricks = value.tricks if isinstance(value, OptionValue) else value
    n = round(tricks)
    if n == 0:
        return "almost no tricks"
    return f"about {n} trick" + ("" if n == 1 else "s")


def amount_words(points: float) -> str:
    """A number of points rounded to a half: 'half a point', '1 point', '1 and a half points'.

    >>> amount_words(0.4), amount_words(1.0), amount_words(1.6), amount_words(0.1)
    ('half a point', '1 point', '1 and a half points', 'a tiny bit')
    """
    halves = round(abs(points) * 2)
    if halves == 0:
        return "a tiny bit"
    whole, half = divmod(halves, 2)
    if whole == 0:
        return "half a point"
    text = f"{whole} point" + ("" if whole == 1 else "s")
    return f"{whole} and a half points" if half else text


def points_words(points: float) -> str:
    """Average points for the team in plain words: 'your team wins about 1 point'.

    >>> points_words(0.9), points_words(-2.0), points_words(0.1)
    ('your team wins about 1 point', 'the other team wins about 2 points', 'about even')
    """
    if abs(points) < 0.25:
        return "about even"
    who = "your team" if points > 0 else "the other team"
    return f"{who} wins about {amount_words(points)}"


def how_often(chance: float) -> str:
    """A chance in words: 'almost always', 'most of the time', 'about half the time'...

    >>> how_often(0.95), how_often(0.7), how_often(0.5), how_often(0.3), how_often(0.02)
    ('almost always', 'most of the time', 'about half the time', 'sometimes', 'almost never')
    """
    for limit, words in (
        (0.9, "almost always"),
        (0.6, "most of the time"),
        (0.4, "about half the time"),
        (0.15, "sometimes"),
        (0.05, "once in a while"),
    ):
        if chance >= limit:
            return words
    return "almost never"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def compare(best: OptionValue, values: list[OptionValue], what: str) -> str:
    """The numbers in words: the tricks the choice should win, and what the next-best costs."""
    others = [v for v in values if v.action != best.action]
    if not others:
        return ""
    same = [v for v in others if _same(v, best)]
    if len(same) == len(others):
        return f" Every {what} you may choose gives the same result here."
    text = f" It should win your team {tricks_words(best)}."
    if same:
        names = _join([describe(v.action) for v in same[:2]])
        text += f" {_cap(names)} {'is' if len(same) == 1 else 'are'} just as good."
    runner = max((v for v in others if not _same(v, best)), key=lambda v: (v.points, v.tricks))
    return text + " " + _cap(_instead(runner, best))


def against_best(value: OptionValue, best: OptionValue) -> str:
    """A choice against the best one, in the words the reasons use for the runner-up.

    >>> from engine import Action
    >>> best = OptionValue(Action.PASS, 2.0, 0.4, 0.0, 0.0)
    >>> against_best(best, best)
    'the best choice'
    >>> against_best(OptionValue(Action.ORDER_UP, 2.2, 0.3, 0.2, 0.0), best)
    'almost as good'
    >>> against_best(OptionValue(Action.ORDER_UP, 2.4, -0.2, 0.3, 0.0), best)
    'gives away about half a point'
    """
    if value.action == best.action:
        return "the best choice"
    return _gives_away(value, best) or "almost as good"


def _gives_away(other: OptionValue, best: OptionValue) -> str | None:
    """'gives away about half a point'; None when ``other`` is almost as good as ``best``
    (``ALMOST_AS_GOOD``: the one threshold the sentences, the hint's table and the
    grades share)."""
    lost = best.points - other.points
    return None if lost <= ALMOST_AS_GOOD else gives_away_words(lost)


def gives_away_words(lost: float) -> str:
    """What a choice gives up, in words: less than a quarter point is 'a little'.

    >>> gives_away_words(0.2), gives_away_words(0.4), gives_away_words(1.1)
    ('gives away a little', 'gives away about half a point', 'gives away about 1 point')
    """
    if round(abs(lost) * 2) == 0:
        return "gives away a little"
    return f"gives away about {amount_words(lost)}"


def _instead(other: OptionValue, best: OptionValue) -> str:
    """'the nine of clubs gives away about half a point.'"""
    return f"{describe(other.action)} {_gives_away(other, best) or 'is almost as good'}."


def _same(a: OptionValue, b: OptionValue) -> bool:
    return abs(a.points - b.points) < 1e-9 and abs(a.tricks - b.tricks) < 1e-9


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _card(action: Action) -> Card:
    """The card of a play or a discard: the choices these reasons are given a card of."""
    assert action.card is not None, f"{action} names no card"
    return action.card


def _suit(action: Action) -> Suit | NoTrump:
    """The suit of a call or a naming of trump."""
    assert action.suit is not None, f"{action} names no suit"
    return action.suit


def describe(action: Action) -> str:
    """A choice in a few words: 'the nine of clubs', 'passing', 'calling hearts'."""
    if action.do is Do.PLAY or action.do is Do.DISCARD:
        return _card(action).the_name
    if action.do is Do.PASS:
        return "passing"
    if action.do is Do.ORDER_UP:
        return "ordering up"
    if action.do is Do.CALL:
        return f"calling {_suit_name(_suit(action))}"
    if action.do is Do.NAME:
        return f"naming {_suit(action).plural}"
    if action.do is Do.ALONE:
        return "going alone"
    return "playing with your partner"


def hand_words(e: Evaluation) -> str:
    """'three trumps (the right bower among them) and one off-suit ace'; 'one trump (the
    left bower) and no off-suit ace'. The brackets keep the top trumps apart from the aces
    (with 'with', 'one trump with the right bower' read as two cards)."""
    trumps = plural(e.trump_count, "trump")
    tops = [
        name
        for flag, name in (
            (e.benny, "the Benny"),
            (e.right_bower, "the right bower"),
            (e.left_bower, "the left bower"),
        )
        if flag
    ]
    if tops:
        among = "" if len(tops) == e.trump_count else " among them"
        trumps += f" ({' and '.join(tops)}{among})"
    aces = "no off-suit ace" if e.off_aces == 0 else plural(e.off_aces, "off-suit ace")
    return f"{trumps} and {aces}"


def reason(view: SeatView, chosen: OptionValue, values: list[OptionValue]) -> str:
    """Why ``chosen`` is a good choice: the sentence for that very choice, in any phase
    (a review explains the best choice it names, which may tie with the hint's)."""
    phase = view.phase
    if phase is Phase.PLAY:
        return play_reason(view, chosen, values)
    if phase in (Phase.BID1, Phase.BID2, Phase.NAME_TRUMP):
        return bid_reason(view, chosen, values)
    if phase in (Phase.ALONE, Phase.DEFEND_ALONE):
        return alone_reason(view, chosen, values)
    if phase is Phase.DISCARD:
        return discard_reason(view, chosen, values)
    raise ValueError(f"no decision in phase {phase}")


# ---- bidding ------------------------------------------------------------------------------


def bid_reason(view: SeatView, best: OptionValue, values: list[OptionValue]) -> str:
    by_action = {v.action: v for v in values}
    hand = view.hand
    passing = by_action.get(Action.PASS)
    if view.phase is Phase.BID1:
        trump = view.upcard.suit
        assert trump is not None  # a turned-up Joker skips round 1
        goes_to = upcard_goes_to(view)
        e = evaluate(hand, trump, view.upcard, goes_to)
        make = by_action[Action.ORDER_UP]
        dealer = view.seat is view.dealer
        verb, doing = ("Pick it up", "picking it up") if dealer else ("Order up", "ordering up")
        if goes_to == UPCARD_ME:  # the upcard is not yours yet: say what it would add
            facts = (
                f"with {trump.plural} as trump you hold {hand_words(evaluate(hand, trump))}"
                f"; picking up the {view.upcard.name} gives you {hand_words(e)}."
            )
        else:
            facts = f"with {trump.plural} as trump you hold {hand_words(e)}."
        if best.action is Action.ORDER_UP:
            return f"{verb}: {facts} {_making(doing, make, passing, 'passing')}"
        return f"Pass: {facts} {_not_making(doing, make, best)}"
    if view.phase is Phase.BID2:
        calls = [v for v in values if v.action.do is Do.CALL]
        top = max(calls, key=lambda v: (v.points, v.tricks))
        if best.action.do is Do.CALL:
            stuck = "You are the dealer and must call. " if passing is None else ""
            suit = _suit(best.action)
            doing = f"calling {_suit_name(suit)}"
            return (
                f"{stuck}Call {_suit_name(suit)}: {_call_facts(hand, suit)}. "
                f"{_making(doing, best, passing, 'passing')}"
            )
        suit = _suit(top.action)
        return (
            f"Pass: your best call is {_suit_name(suit)}. {_cap(_call_facts(hand, suit))}. "
            f"{_not_making(describe(top.action), top, best)}"
        )
    if view.phase is Phase.NAME_TRUMP:
        what = _call_facts(hand, _suit(best.action))
        return f"Name {_suit(best.action).plural}: {what}." + compare(best, values, "suit")
    raise ValueError(f"no bid in phase {view.phase}")


def _making(doing: str, make: OptionValue, other: OptionValue | None, other_words: str) -> str:
    """Why to make trump: enough tricks, or fewer but better than the alternative."""
    if round(make.tricks) >= 3 or other is None:
        text = (
            f"{_cap(doing)} should win your team {tricks_words(make)}, enough for 1 point "
            f"{how_often(1 - make.euchre)}."
        )
        return text + _points(make, other, other_words)
    text = (
        f"{_cap(doing)} should win your team {tricks_words(make)}, a little short of "
        "the 3 you need."
    )
    lost = make.points - other.points
    if lost <= ALMOST_AS_GOOD:
        return text + f" But {other_words} is no better."
    return text + f" But {other_words} is worse: it {gives_away_words(lost)}."


def _not_making(doing: str, make: OptionValue, passing: OptionValue) -> str:
    """Why to pass: too few tricks (a likely euchre), or enough but passing is worth more."""
    if round(make.tricks) < 3:
        text = (
            f"{_cap(doing)} should win your team only {tricks_words(make)}, and you need 3 "
            "with your partner."
        )
        if make.euchre >= 0.5:
            text = (
                f"Passing is safer: {doing} would likely get you euchred, which gives the "
                "other team 2 points."
            )
        elif make.euchre >= 0.15:
            text += (
                f" It would get you euchred {how_often(make.euchre)}, which gives the "
                "other team 2 points."
            )
    else:
        text = (
            f"{_cap(doing)} should win your team {tricks_words(make)}, enough to score. "
            "But passing should score more for your team."
        )
    return text + _points(passing, make, doing)


def _suit_name(suit: Suit | NoTrump) -> str:
    return "no trump" if suit is NO_TRUMP else suit.plural


def _call_facts(hand: tuple[Card, ...], suit: Suit | NoTrump) -> str:
    if suit is NO_TRUMP:
        aces = sum(1 for c in hand if c.rank.name == "ACE")
        return f"with no trump you hold {plural(aces, 'ace')}"
    return f"with {suit.plural} as trump you hold {hand_words(evaluate(hand, suit))}"


def _points(best: OptionValue, other: OptionValue | None, other_words: str) -> str:
    """' Passing gives away about half a point.' (nothing when there is no other choice)"""
    if other is None or other.action == best.action:
        return ""
    return f" {_cap(other_words)} {_gives_away(other, best) or 'is almost as good'}."


# ---- alone, discard -----------------------------------------------------------------------


def alone_reason(view: SeatView, best: OptionValue, values: list[OptionValue]) -> str:
    by_do = {v.action.do: v for v in values}
    alone = by_do.get(Do.ALONE)
    other = next((v for v in values if v.action.do is not Do.ALONE), None)
    makers = view.maker is not None and view.seat.team is view.maker.team
    if alone is not None and other is None:  # the Canadian loner: the engine allows no other
        return (
            f"Go alone: you ordered up your partner, the dealer, and {ONLY_ALONE_WORDS}. "
            f"{_cap(view.seat.partner.word)} sits out."
        )
    if alone is None or other is None:
        return "This is your only choice."
    if makers:
        march = how_often(alone.march)
        if best.action.do is Do.ALONE and alone.march >= 0.3:
            return (
                f"Go alone: by yourself you take all five tricks {march}. That scores 4 "
                f"points, twice a march with your partner."
                + _points(alone, other, "playing with your partner")
            )
        if best.action.do is Do.ALONE:
            seldom = "almost never" if alone.march < 0.05 else f"only {march}"
            return (
                f"Go alone: by yourself you take all five tricks {seldom}. But going "
                "alone should still score more than playing with your partner."
                + _points(alone, other, "playing with your partner")
            )
        rarely = (
            f"would take all five tricks only {march}"
            if alone.march >= 0.05
            else "would almost never take all five tricks"
        )
        return (
            f"Play with your partner: alone you {rarely}. "
            "A lone hand that takes 3 or 4 tricks scores just 1."
            + _points(other, alone, "going alone")
        )
    euchre = how_often(alone.euchre)
    if best.action.do is Do.ALONE:
        return (
            f"Defend alone: you stop the makers by yourself {euchre}. A euchre by a "
            "lone defender scores 4." + _points(alone, other, "defending with your partner")
        )
    rarely = (
        f"would stop the makers only {euchre}"
        if alone.euchre >= 0.05
        else "would almost never stop the makers"
    )
    return f"Defend with your partner: alone you {rarely}." + _points(
        other, alone, "defending alone"
    )


def discard_reason(view: SeatView, best: OptionValue, values: list[OptionValue]) -> str:
    card, trump = _card(best.action), view.trump_suit
    assert trump is not None  # the dealer discards once the upcard made trump
    table = EFFECTIVE_SUIT[trump]
    suit = table[card.index]
    assert suit is not None  # under a trump every card has a suit
    rest = [c for c in view.hand if c is not card]
    if suit is not trump and all(table[c.index] is not suit for c in rest):
        why = (
            f"it leaves you with no {suit.plural}, so you can trump a {suit.singular} "
            "when one is led"
        )
    elif card is weakest_card(view.hand, trump):
        why = "it is your weakest card"
    else:
        why = "your other cards are worth more in the play"
    return f"Throw away {card_words(card, trump)}: {why}." + compare(best, values, "card")


# ---- play ---------------------------------------------------------------------------------


def play_reason(
    view: SeatView,
    best: OptionValue,
    values: list[OptionValue],
    trumps_drawn: float | None = None,
    world: HandState | None = None,
) -> str:
    """Why to play the card; ``world`` (a state that looks like the view) words a forced card."""
    card, trump = _card(best.action), view.trump_suit
    if len(view.hand) == 1:
        return f"Play {card_words(card, trump)}: it is your last card."
    if len(values) == 1:
        why = f" {explain_play(world, card)}" if world is not None else ""
        return f"Play {card_words(card, trump)}: it is your only legal card.{why}"
    table = EFFECTIVE_SUIT[trump]
    suit = table[card.index]
    assert suit is not None  # a trick is played under a trump or no trump
    name = card_words(card, trump)
    out = outstanding_cards(view)
    boss = not any(table[c.index] is suit and _beats(c, card, trump, suit) for c in out)
    if not view.trick:
        if trump is not None and suit is trump:
            drawn = round(trumps_drawn) if trumps_drawn is not None else 0
            many = f"about {number_word(drawn)} {'trump' if drawn == 1 else 'trumps'}"
            if boss:
                why = "it cannot lose"
                if drawn:
                    why += f", and it draws {many} from your opponents"
            else:  # one sentence says how many, not a second one saying it again
                why = f"it pulls {many if drawn else 'trumps'} out of your opponents' hands"
            text = f"Lead {name}: {why}."
        elif boss:
            text = (
                f"Lead {name}: it is the highest {suit.singular} left, so it wins unless "
                f"someone has no {suit.plural} and trumps it."
            )
        elif _is_low(card, values, trump):
            text = f"Lead {name}: a low lead keeps your high cards for later tricks."
        else:
            text = f"Lead {name}: of all your cards, leading it gives your team the most."
        return text + compare(best, values, "card")
    led = table[view.trick[0][1].index]
    assert led is not None  # a trick is played under a trump or no trump
    strength = TRICK_STRENGTH[(trump, led)]
    winner, top = max(view.trick, key=lambda sc: strength[sc[1].index])
    wins = strength[card.index] > strength[top.index]
    can_win = any(strength[_card(v.action).index] > strength[top.index] for v in values)
    lowest = card is min(
        (_card(v.action) for v in values),
        key=lambda c: (trump is not None and table[c.index] is trump, strength[c.index], c.index),
    )
    if winner is view.seat.partner and not wins:
        # "low" alone read oddly for a queen of trumps: a trump says it is the lowest one.
        low = "your lowest trump" if trump is not None and suit is trump else "low"
        text = (
            f"Your partner is already winning this trick, so play {low}: {name}."
            if lowest
            else f"Your partner is already winning this trick, so throw {name}, the card "
            "you need least."
        )
    elif wins and trump is not None and suit is trump and led is not trump:
        verb = "wins" if sure_to_win(view, card) else "should win"
        text = f"You have no {led.plural}, so trump in: {name} {verb} the trick."
    elif wins:
        cheaper = [
            _card(v.action)
            for v in values
            if strength[top.index] < strength[_card(v.action).index] < strength[card.index]
        ]
        sure = sure_to_win(view, card)
        if cheaper:
            text = f"{_cap(name)} {'wins' if sure else 'is likely to win'} the trick."
        else:
            text = (
                f"{_cap(name)} is the cheapest card that "
                f"{'wins' if sure else 'is likely to win'} the trick."
            )
    elif can_win:
        text = f"Let this trick go with {name}: winning it would cost a card you need later."
    else:
        text = (
            f"You cannot win this trick, so throw away {name}."
            if lowest
            else f"You cannot win this trick; throwing {name} keeps the cards that win later."
        )
    return text + compare(best, values, "card")


def _is_low(card: Card, values: list[OptionValue], trump: Suit | None) -> bool:
    """A nine or ten that is the lowest card the seat holds in its suit (not trump)."""
    table = EFFECTIVE_SUIT[trump]
    suit = table[card.index]
    if suit is trump or card.rank > Rank.TEN:
        return False
    assert suit is not None  # not trump, so not the Joker without a trump
    strength = TRICK_STRENGTH[(trump, suit)]
    return all(
        strength[card.index] <= strength[_card(v.action).index]
        for v in values
        if table[_card(v.action).index] is suit
    )


def _beats(other: Card, card: Card, trump: Suit | None, suit: Suit) -> bool:
    strength = TRICK_STRENGTH[(trump, suit)]
    return strength[other.index] > strength[card.index]


def still_to_play(view: SeatView) -> list[Seat]:
    """The seats that play to the current trick after the seat of ``view``."""
    played = {seat for seat, _ in view.trick}
    return [
        view.seat.after(i)
        for i in range(1, 4)
        if view.seat.after(i) not in played and view.seat.after(i) not in view.sitting_out
    ]


def sure_to_win(view: SeatView, card: Card) -> bool:
    """Does ``card``, played to the trick led, win it whatever the others hold?

    Only the seat's view counts: any card it has not seen may be in the hand of a seat
    still to play, and the engine's ranking says whether that card would beat ``card``.
    """
    trump = view.trump_suit
    led = EFFECTIVE_SUIT[trump][view.trick[0][1].index]
    assert led is not None  # a trick is played under a trump or no trump
    mine = trick_strength(card, trump, led)
    if any(trick_strength(c, trump, led) >= mine for _, c in view.trick):
        return False
    return not still_to_play(view) or not any(
        trick_strength(c, trump, led) > mine for c in outstanding_cards(view)
    )


def outstanding_cards(view: SeatView) -> list[Card]:
    """Cards that may still be played against the seat: not in its hand, not played, not
    its own discard, not the upcard left on the table (a dealer's upcard counts)."""
    seen = set(view.hand) | set(view.played)
    if view.discarded is not None:
        seen.add(view.discarded)
    if not view.upcard_taken:
        seen.add(view.upcard)
    return [c for c in deck(view.rules.benny) if c not in seen]
