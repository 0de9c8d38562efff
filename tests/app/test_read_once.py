"""The "read once per learner" caches: each declares its session key with ``ReadOnce``,
and "reset my progress" (``forget_everything_read``) drops every declared one, whichever
module declared it, without spelling its key."""

from __future__ import annotations

import importlib

import pytest
from app_driver import open_page

from tutorial_app.learner.progress_cache import forget_everything_read
from tutorial_app.learner.read_once import ReadOnce, registered

# Every module that declares a cache (importing a module registers its caches).
DECLARING = (
    "tutorial_app.learner.progress_cache",
    "tutorial_app.quiz.resume",
    "tutorial_app.quiz.view",
    "tutorial_app.features.practise.keys",
)
for _module in DECLARING:
    importlib.import_module(_module)


def filled_session() -> dict:
    """A session holding a value under every registered cache's key (and a quiz's)."""
    session: dict = {"unrelated": 1, "quiz:lesson-bowers": "in progress"}
    for cache in registered():
        session[cache.key + ("some-name" if cache.named else "")] = ("token", "read")
    return session


def test_a_cache_reads_once_per_owner_and_its_forget_reads_again():
    cache, session, reads = ReadOnce("test-read-once"), {}, []

    def reader() -> int:
        reads.append(1)
        return len(reads)

    assert [cache.read("a", reader, session) for _ in range(2)] == [1, 1]
    assert cache.read("b", reader, session) == 2  # another learner: read again
    cache.forget(session)
    assert cache.read("b", reader, session) == 3


def test_a_key_is_declared_once():
    ReadOnce("test-declared-once")
    with pytest.raises(ValueError, match="declared twice"):
        ReadOnce("test-declared-once", named=True)


def test_a_newly_declared_cache_is_forgotten_by_forget_everything_read():
    cache, session = ReadOnce("test-newly-declared"), {}
    cache.read("token", lambda: "read", session)
    forget_everything_read(session)
    assert session == {}


@pytest.mark.parametrize("quizzes_too", [False, True])
def test_forget_everything_read_drops_every_registered_cache(quizzes_too):
    keys = {cache.key for cache in registered()}
    assert {"progress-read-lessons", "practise-history", "kept-position:"} <= keys
    session = filled_session()
    forget_everything_read(session, quizzes_too=quizzes_too)
    kept = {"unrelated": 1} | ({} if quizzes_too else {"quiz:lesson-bowers": "in progress"})
    assert session == kept


def test_reset_my_progress_drops_every_registered_cache(fresh_store, token):
    at = open_page("features/progress/page.py", token=token)
    filled = filled_session()
    for key, value in filled.items():
        at.session_state[key] = value
    at.checkbox(key="progress-reset-sure").check().run()
    at.button(key="progress-reset").click().run()
    assert not at.exception
    # the page draws again after the reset and may read a cache afresh: nothing kept
    # from before the reset survives
    left = {
        key
        for key, value in filled.items()
        if key in at.session_state and at.session_state[key] == value
    }
    assert left == {"unrelated"}
