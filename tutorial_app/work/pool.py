"""Heavy work off the pages' threads: a bounded pool of worker processes.

A page's script runs in a thread of the one server process that every learner shares,
so a minute of simulation there slows everyone (the interpreter lock). Simulations and
bot replays go to ``WorkPool`` instead: a ``ProcessPoolExecutor`` of a few workers
(``WORKERS``, one core left to the server), started with "forkserver" (forking the
server itself, after Streamlit has started its threads, is unsafe), niced to the lowest
priority and scheduled as batch work, so a learner's click wins the CPU over a long run.
Three bounds hold:

- at most ``workers + waiting`` jobs are running or queued: one more is refused with
  ``PoolBusy`` ("The server is busy, try again in a minute.");
- one job per owner (a browser session) at a time: a second, different job is refused
  with ``OwnerBusy`` until the first ends; ``cancel`` asks a running job to stop at its
  next progress report, so the page waits a moment and then starts the new one;
- the same job (its ``key``) asked by several sessions runs once, and the last
  ``kept`` results are kept, so thirty learners asking for the same run share one.

A job reports progress with ``report_progress(done, total)`` (shared memory, read by
``Job.progress``), which also raises ``JobCancelled`` in the worker once the job is
cancelled. ``Job.outcome()`` returns the result or raises ``JobFailed`` whose message
is in words for the learner. No Streamlit here: the pages' part is ``pool_view``.

>>> pool = WorkPool(workers=1, waiting=0)
>>> job = pool.submit("me", ("sum", 3), sum, ((1, 2),))
>>> job.wait(60) and job.outcome()
3
>>> pool.close()
"""

from __future__ import annotations

import contextlib
import functools
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import spawn
from typing import Any

__all__ = [
    "BUSY",
    "KEPT_RESULTS",
    "WAITING",
    "WORKERS",
    "Job",
    "JobCancelled",
    "JobFailed",
    "OwnerBusy",
    "PoolBusy",
    "WorkPool",
    "report_progress",
    "shared_pool",
]

log = logging.getLogger(__name__)

# One core stays with the server's page threads; a two-core machine gets one worker.
WORKERS = max(1, (os.cpu_count() or 2) - 1)
WAITING = 4  # jobs queued behind the running ones before "busy"
KEPT_RESULTS = 32  # finished results kept for the next session that asks
WORKER_NICE = 19  # the lowest: a learner's click wins the CPU over a long run
WATCH_SECONDS = 1.0  # how often a worker checks that the server is still there
BUSY = "The server is busy, try again in a minute."
# Imported once by the fork server: the jobs' modules (the engine, the bots, game links).
PRELOAD = (
    "tutorial_app.features.odds.jobs",
    "tutorial_app.features.play.jobs",
    "tutorial_app.mistakes.jobs",
)

_FIELDS = 3  # per slot in the shared array: done, total, stop asked


class PoolBusy(RuntimeError):
    """Every running and waiting place is taken: the message says to try again later."""


class OwnerBusy(RuntimeError):
    """This owner (a browser session) already has another job running."""


class JobCancelled(Exception):
    """Raised inside a worker by ``report_progress`` once the job's stop is asked."""


class JobFailed(RuntimeError):
    """A job that ended without a result; the message is in words, ``cause`` the error
    (a ValueError from the job keeps its own words: the house's errors are sentences)."""

    def __init__(self, words: str, cause: BaseException | None = None) -> None:
        super().__init__(words)
        self.cause = cause


# ---- inside a worker ---------------------------------------------------------------------

_shared = None  # the pool's progress array, given to each worker at its start
_slot: int | None = None


def _start_worker(shared, nice: int, server: int) -> None:
    global _shared
    _shared = shared
    if nice:
        os.nice(nice)
        # Linux: "batch" tells the scheduler this is long number crunching, so it does not
        # preempt the server's page threads when they wake up.
        if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_BATCH"):
            with contextlib.suppress(OSError):
                os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    # A worker would outlive a killed server: it waits on a queue whose pipe it holds
    # both ends of, and the fork server (its parent) lives as long as its children do.
    # So it watches the server's process itself and leaves when it is gone.
    threading.Thread(target=_watch_server, args=(server,), daemon=True).start()


def _watch_server(server: int) -> None:
    while _alive(server):
        time.sleep(WATCH_SECONDS)
    os._exit(0)


def _alive(pid: int) -> bool:
    """``pid`` runs (a zombie, killed but not yet collected by its parent, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:
            state = stat.read().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return True  # no /proc here: signal 0 is all we can ask
    return state != "Z"


def _run(slot: int, function: Callable, args: tuple) -> Any:
    global _slot
    _slot = slot
    try:
        report_progress(0, 0)  # a job stopped while it waited never starts
        return function(*args)
    finally:
        _slot = None


def _ready() -> bool:
    return True


def report_progress(done: int, total: int) -> None:
    """Called by a job now and then: ``done`` of ``total`` steps. Raises JobCancelled
    once the job's stop was asked. Does nothing outside a pool's worker."""
    if _shared is None or _slot is None:
        return
    base = _slot * _FIELDS
    _shared[base], _shared[base + 1] = done, total
    if _shared[base + 2]:
        raise JobCancelled()


# ---- in the server -----------------------------------------------------------------------


class Job:
    """One piece of work in the pool: its ``key``, its future and who asked for it."""

    def __init__(
        self, key: Hashable, future: Future, pool: WorkPool | None = None, slot: int | None = None
    ) -> None:
        self.key, self.future, self._pool, self._slot = key, future, pool, slot
        self.owners: set[Hashable] = set()

    def __repr__(self) -> str:
        state = "done" if self.done() else f"{self.progress():.0%}"
        return f"<Job {self.key!r} {state}>"

    def done(self) -> bool:
        return self.future.done()

    def stopped(self) -> bool:
        """It ended because its stop was asked (``WorkPool.cancel``): no result, and no
        failure to report either."""
        if not self.done():
            return False
        return self.future.cancelled() or isinstance(self.future.exception(), JobCancelled)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the end; True if it ended."""
        return bool(wait([self.future], timeout).done)

    def progress(self) -> float:
        """The share done, 0 to 1, as the job last reported it (1 once it ended)."""
        if self.done():
            return 1.0
        if self._pool is None or self._slot is None:
            return 0.0
        done, total = self._pool._read(self._slot)
        return min(1.0, done / total) if total > 0 else 0.0

    def outcome(self) -> Any:
        """The result; raises JobFailed in words if the job failed or was stopped
        (and the future's own TimeoutError if it has not ended)."""
        try:
            return self.future.result(timeout=0)
        except (CancelledError, JobCancelled) as error:
            raise JobFailed("The run was stopped before it finished.", error) from None
        except BrokenProcessPool as error:
            raise JobFailed(
                "The worker doing this stopped unexpectedly; try again.", error
            ) from None
        except ValueError as error:
            raise JobFailed(str(error), error) from None
        except TimeoutError:
            raise
        except Exception as error:
            log.error("a job of the work pool failed: %r", self.key, exc_info=error)
            raise JobFailed(
                "Something went wrong while working this out; try again.", error
            ) from None


def _finished_job(key: Hashable, result: Any) -> Job:
    future: Future = Future()
    future.set_result(result)
    return Job(key, future)


class WorkPool:
    """A bounded pool of worker processes (see the module's docstring).

    ``workers`` run at once, ``waiting`` more may queue; ``start_method`` is
    "forkserver" where the platform has it (else "spawn"); the fork server imports
    ``preload`` once, so each worker starts with the jobs' modules loaded."""

    def __init__(
        self,
        workers: int = WORKERS,
        waiting: int = WAITING,
        *,
        start_method: str | None = None,
        preload: tuple[str, ...] = (),
        nice: int = WORKER_NICE,
        kept: int = KEPT_RESULTS,
    ) -> None:
        if workers < 1 or waiting < 0 or kept < 0:
            raise ValueError("a pool needs at least one worker and no negative bounds")
        methods = multiprocessing.get_all_start_methods()
        self.start_method = start_method or ("forkserver" if "forkserver" in methods else "spawn")
        self._context = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver" and preload:
            self._context.set_forkserver_preload(list(preload))
        self.workers, self.waiting, self.kept, self.nice = workers, waiting, kept, nice
        self.capacity = workers + waiting
        self._shared = self._context.RawArray("d", _FIELDS * self.capacity)
        self._free = list(range(self.capacity))[::-1]
        self._live: dict[Hashable, Job] = {}
        self._owners: dict[Hashable, Job] = {}
        self._results: OrderedDict[Hashable, Job] = OrderedDict()
        self._lock = threading.RLock()
        self._closed = False
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.workers,
            mp_context=self._context,
            initializer=_start_worker,
            initargs=(self._shared, self.nice, os.getpid()),
        )

    def warm(self, timeout: float | None = None) -> bool:
        """Start every worker now (they otherwise start on the first jobs); True once
        they answered within ``timeout`` seconds."""
        futures = [self._executor.submit(_ready) for _ in range(self.workers)]
        return not wait(futures, timeout).not_done

    # -- what pages call

    def submit(self, owner: Hashable, key: Hashable, function: Callable, args: tuple = ()) -> Job:
        """The job computing ``function(*args)`` (named ``key``) for ``owner``: a kept
        result, the same job already running for someone, or a new one. ``function``
        and ``args`` must pickle (a module-level function). Raises OwnerBusy if
        ``owner`` has another job running, PoolBusy if no place is free."""
        with self._lock:
            if self._closed:
                raise PoolBusy(BUSY)
            if key in self._results:
                self._results.move_to_end(key)
                return self._results[key]
            mine = self._owners.get(owner)
            if mine is not None and not mine.done():
                if mine.key == key:
                    return mine
                raise OwnerBusy("Your last run is still going: it stops first.")
            job = self._live.get(key)
            if job is None:
                if not self._free:
                    raise PoolBusy(BUSY)
                slot = self._free.pop()
                self._shared[_FIELDS * slot : _FIELDS * (slot + 1)] = [0.0] * _FIELDS
                try:
                    future = self._executor.submit(_run, slot, function, args)
                except BrokenProcessPool:  # a worker died earlier: start afresh once
                    self._executor.shutdown(wait=False, cancel_futures=True)
                    self._executor = self._new_executor()
                    future = self._executor.submit(_run, slot, function, args)
                job = self._live[key] = Job(key, future, self, slot)

                def ended(_: Future[Any], job: Job = job) -> None:
                    self._ended(job)

                future.add_done_callback(ended)
            job.owners.add(owner)
            self._owners[owner] = job
            return job

    def running(self, owner: Hashable) -> Job | None:
        """``owner``'s job if one has not ended."""
        with self._lock:
            job = self._owners.get(owner)
            return job if job is not None and not job.done() else None

    def result(self, key: Hashable) -> Job | None:
        """The finished job kept for ``key``, if any (no work is started)."""
        with self._lock:
            return self._results.get(key)

    def cancel(self, owner: Hashable) -> None:
        """``owner`` no longer wants its job: stopped if nobody else does (a queued job
        at once, a running one at its next progress report)."""
        with self._lock:
            job = self._owners.get(owner)
            if job is None or job.done():
                return
            job.owners.discard(owner)
            if job.owners:  # it goes on for the others
                del self._owners[owner]
            else:  # the owner waits for the stop (one job each)
                self._stop(job)

    def close(self) -> None:
        """Stop every job and the workers (without waiting for them)."""
        with self._lock:
            self._closed = True
            for job in list(self._live.values()):
                self._stop(job)
        self._executor.shutdown(wait=False, cancel_futures=True)

    def live(self) -> int:
        """Jobs running or queued now."""
        with self._lock:
            return len(self._live)

    # -- inside

    def _stop(self, job: Job) -> None:
        if not job.future.cancel() and job._slot is not None:
            self._shared[_FIELDS * job._slot + 2] = 1.0

    def _read(self, slot: int) -> tuple[float, float]:
        base = _FIELDS * slot
        return self._shared[base], self._shared[base + 1]

    def _ended(self, job: Job) -> None:
        with self._lock:
            self._live.pop(job.key, None)
            assert job._slot is not None  # the pool's own jobs hold a slot
            self._free.append(job._slot)
            for owner in job.owners:
                if self._owners.get(owner) is job:
                    del self._owners[owner]
            future = job.future
            if self.kept and not future.cancelled() and future.exception() is None:
                self._results[job.key] = _finished_job(job.key, future.result())
                while len(self._results) > self.kept:
                    self._results.popitem(last=False)


# Streamlit runs each page as a stand-in module installed as ``__main__`` (with the app
# script as its __file__, and never put back), and multiprocessing starts a child by
# importing the parent's __main__ from its file: every worker would run the whole app.
# Such a stand-in has no loader (Python's own main module has one, or a spec): children
# skip it. Our jobs live in real modules (each feature's ``jobs``), never in __main__.
def _without_stand_in_main(get_preparation_data: Callable) -> Callable:
    @functools.wraps(get_preparation_data)
    def prepared(name: str) -> dict:
        data = get_preparation_data(name)
        main = sys.modules.get("__main__")
        if getattr(main, "__loader__", None) is None and getattr(main, "__spec__", None) is None:
            data.pop("init_main_from_path", None)
        return data

    # A mark on the function (no stub knows it): patched once, see below.
    prepared.skips_stand_in_main = True  # type: ignore[attr-defined]
    return prepared


if not getattr(spawn.get_preparation_data, "skips_stand_in_main", False):
    spawn.get_preparation_data = _without_stand_in_main(spawn.get_preparation_data)


_pool: WorkPool | None = None
_pool_lock = threading.Lock()


def shared_pool() -> WorkPool:
    """The server process's one pool, made (and its workers started) on first use."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = WorkPool(preload=PRELOAD)
            _pool.warm(timeout=0)  # the workers start while this page goes on
            # At the server's exit, running jobs stop at their next progress report
            # rather than holding the exit (the executor waits for its workers): this
            # runs before the executor's own exit hook, registered earlier.
            register = getattr(threading, "_register_atexit", None)
            if register is not None:
                register(_pool.close)
        return _pool
