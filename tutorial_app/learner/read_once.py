"""Values read from the progress store once per learner and kept in the session.

A module declares each such value once, at import, by making a ``ReadOnce`` with its
session key; the key is registered here, so ``forget_all`` (what "reset my progress" and
an import call) drops every one of them without spelling another module's key. A value
can only be kept by a module that was imported, and importing it registered the key.

Each value is kept beside its owner (the learner's token, or the token and a day): read
for another owner, it is read again. ``named`` caches keep one value per name under
``key + name`` (a quiz's place, per lesson). ``clear_on_reset`` registers keys that are
not read from the store but die with the learner's rows (the quizzes in progress).

>>> cache = ReadOnce("doctest-cache")
>>> session = {}
>>> cache.read("token-a", lambda: 1, session), cache.read("token-a", lambda: 2, session)
(1, 1)
>>> cache.read("token-b", lambda: 3, session)
3
>>> forget_all(session); session
{}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, MutableMapping
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st

from tutorial_app.shell.session_map import drop, get

T = TypeVar("T")
_CACHES: dict[str, ReadOnce] = {}  # every declared cache, by key
_RESET_PREFIXES: set[str] = set()  # session keys that a reset of the learner's rows drops


@dataclass(frozen=True)
class ReadOnce:
    """One value read from the store per learner, kept in the session under ``key``
    (or ``key + name`` when ``named``). Making one registers it; a key is declared once."""

    key: str
    named: bool = False

    def __post_init__(self) -> None:
        if self.key in _CACHES and _CACHES[self.key] != self:
            raise ValueError(f"the session key {self.key!r} is declared twice")
        _CACHES[self.key] = self

    def read(
        self,
        owner: Hashable,
        reader: Callable[[], T],
        session: MutableMapping | None = None,
        name: str = "",
    ) -> T:
        """The value kept for ``owner``; else ``reader()``, kept. When ``reader`` raises,
        nothing is kept (the next run tries again)."""
        session = st.session_state if session is None else session
        kept = get(session, self.key + name)
        if kept is not None and kept[0] == owner:
            return kept[1]
        value = reader()
        session[self.key + name] = (owner, value)
        return value

    def forget(self, session: MutableMapping | None = None, name: str = "") -> None:
        """The next read goes to the store."""
        drop(st.session_state if session is None else session, self.key + name)


def clear_on_reset(*prefixes: str) -> None:
    """Session keys starting with one of ``prefixes`` are dropped when the learner's rows
    are deleted (``forget_all(quizzes_too=True)``)."""
    _RESET_PREFIXES.update(prefixes)


def registered() -> tuple[ReadOnce, ...]:
    return tuple(_CACHES.values())


def forget_all(session: MutableMapping | None = None, *, quizzes_too: bool = False) -> None:
    """Drop every registered cache's values (and with ``quizzes_too``, the keys registered
    by ``clear_on_reset``)."""
    session = st.session_state if session is None else session
    exact = {cache.key for cache in _CACHES.values() if not cache.named}
    prefixes = tuple(cache.key for cache in _CACHES.values() if cache.named)
    if quizzes_too:
        prefixes += tuple(_RESET_PREFIXES)
    for key in list(session):
        if key in exact or (isinstance(key, str) and key.startswith(prefixes)):
            del session[key]
