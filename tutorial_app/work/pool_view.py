"""The pages' side of the worker pool (``work_pool``): ask for a job's result, and while
it runs, a progress bar that polls the job from a fragment (``st.fragment(run_every=)``)
and reruns the page once it ends. The page's own thread never does the work.

One job per browser session: a page that wants another result stops the session's
running job first, shows "Stopping your last run first..." until it has stopped, then
starts the new one (the second waits). A full pool says "The server is busy, try again
in a minute." with a button to try again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutorial_app.work import pool as work_pool
from tutorial_app.work.pool import Job, JobFailed, OwnerBusy, PoolBusy

__all__ = ["POLL_SECONDS", "JobFailed", "pooled"]

POLL_SECONDS = 0.5
LAST_JOB = "pool-last-job"  # the session's last job: its result, or its failure, stays


def session_owner() -> str:
    """The browser session a job is for (the pool's one-job-each bound)."""
    context = get_script_run_ctx()
    return context.session_id if context is not None else "no session"


def pooled(key: Hashable, function: Callable, args: tuple, *, doing: str) -> Any | None:
    """The result of ``function(*args)`` computed in the worker pool (named ``key``): at
    once if it is done or kept, else None while a progress bar saying ``doing`` shows
    (the page reruns when it ends) or a message says the server is busy. Raises
    JobFailed, in words, if the job failed."""
    last: Job | None = st.session_state.get(LAST_JOB)
    if last is not None and last.key == key and last.done() and not last.stopped():
        return last.outcome()
    pool, owner = work_pool.shared_pool(), session_owner()
    try:
        job = pool.submit(owner, key, function, args)
    except PoolBusy as busy:
        st.warning(str(busy), icon=":material/hourglass_top:")
        st.button("Try again", key="pool-try-again", icon=":material/refresh:")
        return None
    except OwnerBusy:
        pool.cancel(owner)
        _waiting(
            lambda: pool.running(owner) is None, lambda: 0.0, "Stopping your last run first..."
        )
        return None
    st.session_state[LAST_JOB] = job
    if job.done():
        return job.outcome()
    _waiting(job.done, job.progress, doing)
    return None


@st.fragment(run_every=POLL_SECONDS)
def _waiting(ended: Callable[[], bool], progress: Callable[[], float], words: str) -> None:
    """A progress bar, redrawn every POLL_SECONDS; the whole page runs again at the end."""
    if ended():
        st.rerun()
    share = progress()
    st.progress(share, text=f"{words} {share:.0%}" if share else words)
