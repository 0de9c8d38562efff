"""Reading and dropping session values through the few operations every session offers:
``st.session_state`` and an AppTest's ``at.session_state`` (which has no ``get`` or
``pop``). The click callbacks that AppTest tests call directly use these.

>>> session = {"a": 1}
>>> get(session, "a"), get(session, "b"), drop(session, "a"), session
(1, None, None, {})
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any


def get(session: MutableMapping, key: str, default: Any = None) -> Any:
    return session.get(key, default)


def drop(session: MutableMapping, *keys: str) -> None:
    for key in keys:
        if key in session:
            del session[key]
