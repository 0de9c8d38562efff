"""The watcher of a live class's page: how each page learns that the class has moved on.

The page draws its live part (a fragment) with the stamp of what it drew
(``ClassStatus.news`` for a learner, ``AnswerTally.news`` for the teacher's page and the
projector) and mounts ``watch_class`` inside it: a small custom component (components
v2, inline JavaScript: ``class_watch.js``) that asks the news route
(``tutorial_app.class_news``) every ``POLL_SECONDS`` and triggers a run of the fragment
only when the stamp has moved. An idle class costs no script runs; a new question, a
reveal, a join or an answer shows within a second.

The watcher also shows a timed question's countdown, ticking in the browser. It has no
height of its own when there is no countdown (no gap on the page).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

import streamlit as st

from tutorial_app.store import LiveQuestion

POLL_SECONDS = 1.0  # pages see news within this plus one fragment run
RETRY_SECONDS = 5.0  # the same news (or the same failure) triggers again after this
KEY_PREFIX = "class-watch"

_mount = st.components.v2.component(
    "euchre_class_watch",
    js=(Path(__file__).resolve().parent / "class_watch.js").read_text(encoding="utf-8"),
    # (a newline: Streamlit takes one-line CSS with brackets for a file's name)
    css=(
        f'[class*="st-key-{KEY_PREFIX}"]:not(:has([data-clock])) {{ display: none; }}\n'
        ".cw-clock { font-weight: 700; margin: 0; }\n"
    ),
    isolate_styles=False,
)


def _rerun_only() -> None:
    """News needs no work of its own: the fragment's run reads the class afresh."""


def seconds_left(live: LiveQuestion | None) -> float | None:
    """The countdown to show: the seconds left of an unrevealed timed question, else None."""
    if live is None or live.revealed:
        return None
    return live.seconds_left()


def watch_class(
    code: str,
    seen: str,
    *,
    name: str,
    stamp: Literal["screen", "room", "table"],
    table: int | None = None,
    on_news: Callable[[], None] = _rerun_only,
    countdown: float | None = None,
    clock_class: str = "cw-clock",
    up_class: str = "",
    icon: str = "⏱",
    minutes: bool = False,
    beat: float | None = None,
) -> None:
    """Mount the watcher of class ``code`` (key ``class-watch-<name>``): ``on_news`` is
    called, and the fragment it sits in runs again, when the class's ``stamp`` differs
    from ``seen`` ("table": the game of the class's table ``table``). ``countdown``:
    seconds left of a timed question, shown with ``clock_class`` (and ``up_class`` once
    the time is up): "20 seconds left", or with ``minutes`` "1:15 left" (the
    projector), then "Time is up". ``beat``: seconds after which the fragment runs
    again though nothing moved (a heartbeat)."""
    _mount(
        key=f"{KEY_PREFIX}-{name}",
        width="stretch",
        height="content",
        data={
            "code": code,
            "stamp": stamp,
            "table": table,
            "seen": seen,
            "every": int(POLL_SECONDS * 1000),
            "retry": int(RETRY_SECONDS * 1000),
            "secondsLeft": countdown,
            "clockClass": clock_class,
            "upClass": up_class,
            "clockIcon": icon,
            "minutes": minutes,
            "beat": None if beat is None else int(beat * 1000),
        },
        on_news_change=on_news,
    )
