"""The Play page's moves, as plain functions over a session mapping.

The page passes ``st.session_state``; AppTest tests pass their ``at.session_state``
and so make the same moves the card table's clicks make (AppTest cannot click inside
a custom component). Every move goes through the engine: a click the engine refuses
changes nothing but the refusal sentence the table shows next.
"""

from __future__ import annotations

from typing import MutableMapping

from engine import Action, Seat, explain_action, explain_trick, game_apply
from tutorial_app.widgets.table_moves import Decision, decide_action, decide_card
from tutorial_app.widgets.table_view import action_words

YOU = Seat.S
GAME, LOG, HINT, REFUSAL = "play-game", "play-log", "play-hint", "play-refusal"


def forget(session: MutableMapping, *keys: str) -> None:
    """Drop keys if present (AppTest's session state has no ``pop``)."""
    for key in keys:
        if key in session:
            del session[key]


def take(session: MutableMapping, action: Action, seat: Seat) -> None:
    """Apply one action to the game, noting it (and any trick it ends) with the engine's reason."""
    game = session[GAME]
    before = game.hand
    log = session[LOG]
    log.append((action_words(seat, action, before), explain_action(before, action)))
    game = session[GAME] = game_apply(game, action, seat)
    after = game.hand if game.hand is not None else game.finished[-1]
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        log.append((f"Trick {len(after.tricks)} goes to {trick.winner.word}",
                    explain_trick(trick, after.trump_suit)))
    forget(session, HINT, REFUSAL)


def _settle(session: MutableMapping, decision: Decision) -> Decision:
    if decision.ok:
        take(session, decision.action, YOU)
    else:
        session[REFUSAL] = decision.refusal
    return decision


def learner_card(session: MutableMapping, code: str) -> Decision:
    """The learner clicked a card of their hand: play (or discard) it if the engine allows."""
    hand = session[GAME].hand
    if hand is None:
        return Decision(None, "The hand is over: deal the next one.")
    return _settle(session, decide_card(hand, YOU, code))


def learner_action(session: MutableMapping, ident: str) -> Decision:
    """The learner clicked a labelled choice (order up, pass, call a suit, go alone)."""
    hand = session[GAME].hand
    if hand is None:
        return Decision(None, "The hand is over: deal the next one.")
    return _settle(session, decide_action(hand, YOU, ident))
