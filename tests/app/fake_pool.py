"""The worker pool as a page sees it, without processes, for AppTest: pages call
``work_pool.shared_pool()``, which a test replaces with a ``FakePool``."""

from __future__ import annotations

from concurrent.futures import Future

from tutorial_app.work.pool import BUSY, Job, PoolBusy


class FakePool:
    """Records what it is asked; the test finishes each job (``finish``, ``fail``) or
    makes the pool refuse (``busy``)."""

    def __init__(self) -> None:
        self.asked: list[tuple] = []
        self.jobs: dict = {}
        self.busy = False

    def submit(self, owner, key, function, args=()):
        self.asked.append((key, function, args))
        if self.busy:
            raise PoolBusy(BUSY)
        return self.jobs.setdefault(key, Job(key, Future()))

    def running(self, owner):
        return None

    def cancel(self, owner) -> None:
        pass

    def finish(self, key, result) -> None:
        self.jobs[key].future.set_result(result)

    def fail(self, key, error: BaseException) -> None:
        self.jobs[key].future.set_exception(error)


class InlinePool(FakePool):
    """A pool that runs each job at once, in this process: a page asking for a result
    has it on the same run, as if the worker had been quick."""

    def submit(self, owner, key, function, args=()):
        job = super().submit(owner, key, function, args)
        if not job.done():
            try:
                job.future.set_result(function(*args))
            except Exception as error:  # the job's failure, as a worker would send it back
                job.future.set_exception(error)
        return job
