"""Reading a live class's pages over Streamlit's websocket (``benchmarks/streamlit_client``
tabs), for the tests that run a class across two app processes, with or without nginx."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any


def heading(tab: Any) -> str:
    return " ".join(tab.texts("heading"))


def verdict(tab: Any) -> str | None:
    """ "right" or "wrong" once the learner's answer is judged on the page, else None."""
    node = tab.widget(key="join-table", kind="bidi_component")
    if node is None:  # a points question: the verdict is an alert
        if tab.texts("alert:success"):
            return "right"
        return "wrong" if tab.texts("alert:error") else None
    return (json.loads(node.data).get("message") or {}).get("tone")


async def poll_until(tab: Any, seen: Callable[[Any], bool], seconds: float = 10) -> float:
    """Poll as the browser does (its run_every timers) until ``seen(tab)``; how long it took."""
    started = time.monotonic()
    while not seen(tab):
        assert time.monotonic() - started < seconds, "the page never showed it"
        await asyncio.sleep(min(tab.auto_reruns.values(), default=1.0))
        assert not any(result.exceptions for result in await tab.poll())
    return time.monotonic() - started
