"""How the Play table shows the bots' cards: one by one, at the learner's pace, and the
last trick on request; both settings kept through hands, pages and reloads.

A learner's click plays their card and then every bot's card up to their next turn, in
one move of the game (``game.learner_plays``). ``arrival`` says which of those cards
are new, so the table shows them in turn (``card_table.table_options.Pace``). The
settings live in the session beside the widgets (Streamlit drops a widget's value on
another page) and in the page address (``?play-pace=quicker&play-last=1``), so a reload
keeps them. No Streamlit here: the page passes ``st.session_state``.

>>> from tutorial_app.features.play.game import new_bot_game
>>> played = new_bot_game("bga", "beginner", 17)
>>> arrival(played, played) is None
True
>>> read_settings({"play-pace": "fast", "play-last": "1"})
TableSettings(pace='fast', last_trick=True)
>>> settings_address(TableSettings("normal", False))
{'play-pace': None, 'play-last': None}
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import NamedTuple

from tutorial_app.card_table.paced_plays import played_count
from tutorial_app.card_table.table_options import DEFAULT_PACE, PACES, Pace
from tutorial_app.features.play.game import BotGame, current_hand
from tutorial_app.features.play.keys import ARRIVAL, LAST_TRICK, PACE, SETTINGS

__all__ = [
    "PACE_WORDS",
    "TableSettings",
    "arrival",
    "keep_arrival",
    "keep_first_arrival",
    "keep_settings",
    "read_settings",
    "settings_address",
    "show_settings",
    "table_pace",
]

PACE_WORDS = {"normal": "Normal", "quicker": "Quicker", "fast": "Fast: all at once"}
assert set(PACE_WORDS) == set(PACES), "a label for every pace"


class TableSettings(NamedTuple):
    pace: str = DEFAULT_PACE  # a key of PACES
    last_trick: bool = False  # the last trick in the table's corner


def arrival(before: BotGame, after: BotGame) -> int | None:
    """How many cards of ``after``'s hand lay on the table before this move, when the
    move brought new ones (they arrive one by one); None when it brought none (a bid,
    an undo, a refused click)."""
    if after.game is before.game:
        return None
    now = played_count(current_hand(after).tricks, current_hand(after).trick)
    same_hand = after.hand_number == before.hand_number
    hand = current_hand(before)
    since = played_count(hand.tricks, hand.trick) if same_hand else 0
    return since if now > since else None


def keep_arrival(session: MutableMapping, before: BotGame, after: BotGame) -> None:
    """Remember the cards this move brings, for the next table drawn (a new key each move)."""
    _keep(session, after, arrival(before, after))


def keep_first_arrival(session: MutableMapping, played: BotGame) -> None:
    """A new game whose bots played before the learner's first turn: those cards arrive
    in turn too, as at every later move, instead of lying on the table at once."""
    hand = current_hand(played)
    if played_count(hand.tricks, hand.trick):
        _keep(session, played, 0)


def _keep(session: MutableMapping, played: BotGame, since: int | None) -> None:
    """The arrival the next table draws: ``played``'s cards after the first ``since``
    (None: none arrive), under a new key each time."""
    count = session[ARRIVAL][2] + 1 if ARRIVAL in session else 1
    session[ARRIVAL] = (played.game, since, count)


def table_pace(session: Mapping, played: BotGame) -> Pace | None:
    """The pace for the table of ``played``: the cards its last move brought, if any."""
    kept = session.get(ARRIVAL)
    if kept is None or kept[0] is not played.game or kept[1] is None:
        return None
    pace = session.get(SETTINGS, TableSettings()).pace
    return Pace.at(pace, since=kept[1], key=f"play-{kept[2]}")


def read_settings(query: Mapping[str, str]) -> TableSettings:
    """The settings a page address holds (anything else: the default)."""
    pace = query.get(PACE)
    return TableSettings(pace if pace in PACES else DEFAULT_PACE, query.get(LAST_TRICK) == "1")


def settings_address(settings: TableSettings) -> dict[str, str | None]:
    """The address parameters that keep ``settings`` (a default one is left out)."""
    return {
        PACE: None if settings.pace == DEFAULT_PACE else settings.pace,
        LAST_TRICK: "1" if settings.last_trick else None,
    }


def show_settings(session: MutableMapping) -> None:
    """Give the widgets the kept settings when Streamlit dropped their values."""
    kept = session.get(SETTINGS, TableSettings())
    if PACE not in session:
        session[PACE] = kept.pace
    if LAST_TRICK not in session:
        session[LAST_TRICK] = kept.last_trick


def keep_settings(session: MutableMapping) -> None:
    """A widget changed: keep its value beside it."""
    session[SETTINGS] = TableSettings(
        session.get(PACE) or DEFAULT_PACE, bool(session.get(LAST_TRICK))
    )
