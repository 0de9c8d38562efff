"""How long an answer took: the one clock behind every recorded ``time_taken_ms``.

A page starts the clock when it shows something to answer (``start``, every run; only a
new ``ask``, e.g. the question and the tries before it, restarts it); when the answer is
judged, ``taken_ms`` is the time since, or None if the clock was started for another ask.
The Learn and Practise quizzes and the guided hands keep their clocks in the session,
each under its own key; ``at_ms`` (now, unless given) is for tests.

>>> session = {}
>>> start(session, "clock", ("q1", 0), at_ms=1_000)
>>> start(session, "clock", ("q1", 0), at_ms=1_500)  # the same ask: still running
>>> taken_ms(session, "clock", ("q1", 0), at_ms=3_000), taken_ms(session, "clock", ("q2", 0))
(2000, None)
"""

from __future__ import annotations

import time
from collections.abc import Hashable, MutableMapping

from tutorial_app.shell.session_map import get


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def start(session: MutableMapping, key: str, ask: Hashable, at_ms: int | None = None) -> None:
    """Start the clock at ``session[key]`` for ``ask``, unless it runs for it already."""
    kept = get(session, key)
    if kept is None or kept[0] != ask:
        session[key] = (ask, now_ms() if at_ms is None else at_ms)


def taken_ms(
    session: MutableMapping, key: str, ask: Hashable, at_ms: int | None = None
) -> int | None:
    """Milliseconds since the clock at ``session[key]`` started for ``ask`` (never
    negative); None when it was not started for it."""
    kept = get(session, key)
    if kept is None or kept[0] != ask:
        return None
    return max((now_ms() if at_ms is None else at_ms) - kept[1], 0)
