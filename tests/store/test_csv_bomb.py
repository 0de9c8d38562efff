"""The two-row CSV that used to kill the server: a quiz run of 2,000,000,000 (or 40,000,000)
questions. In a child process held to 1 GB of address space and 20 s of CPU, importing it,
a run of that length already in the database (from before the bound), the stars and
mastery, one run replayed and the progress page's data and figures all finish; before,
stars replayed ``tuple(range(length))`` (~120 GB asked for, or 2.6 GB and 14-25 s)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def child_env() -> dict[str, str]:
    """A child Python that imports this project, with one BLAS thread (its arenas count
    against the address-space limit)."""
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
    }


ADDRESS_SPACE = 1024**3  # bytes: the interpreter, pandas and plotly take ~0.5 GB of it
CPU_SECONDS = 20  # CPU time, not wall time: a busy machine does not use it up

CHILD = textwrap.dedent("""
    import json, resource, sys
    from datetime import datetime, timezone

    limit, cpu, url = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))

    import sqlalchemy as sa
    from lessons.loader import load_all
    from tutorial_app.features.progress import charts as progress_charts
    from tutorial_app.store import ANSWER_COLUMNS, new_learner_token, open_store
    from tutorial_app.store.tables import answers, quiz_runs

    store = open_store(url)
    out = {}
    for length in (2_000_000_000, 40_000_000):
        token = new_learner_token()
        rows = [",".join(ANSWER_COLUMNS)] + [
            f"2026-11-30T10:0{i}:00+00:00,bowers,single,trick_order,1,JD,true,,1,{length}"
            for i in range(2)]
        report = store.import_csv(token, "\\n".join(rows))
        out[f"import {length}"] = [report.imported, len(report.bad_rows)]

        # The same run already in the database, as an import before the bound left it.
        learner = store.ensure_learner(token).number
        now = datetime(2026, 11, 30, 11, tzinfo=timezone.utc)
        with store.engine.begin() as connection:
            run = connection.execute(sa.insert(quiz_runs).values(
                learner_id=learner, lesson="bowers", seed=1, length=length,
                started_at=now)).inserted_primary_key[0]
            connection.execute(sa.insert(answers), [
                dict(learner_id=learner, lesson="bowers", item_kind="single",
                     generator="trick_order", answer="JD", correct=i % 3 != 1,
                     quiz_run_id=run, answered_at=now.replace(minute=i)) for i in range(20)])
        progress = store.lesson_progress(token)
        replayed = store.quiz_run(token, run)
        counts = progress_charts.counts_frame(store.answer_counts(token))
        lessons = [(lesson.id, lesson.title) for lesson in load_all()]
        progress_charts.lessons_chart(progress, lessons)
        progress_charts.accuracy_chart(counts, timezone.utc)
        table = progress_charts.recent_table(store.recent_answers(token, 20), timezone.utc)
        out[f"read {length}"] = [progress["bowers"].stars, progress["bowers"].mastered,
                                 replayed.total, replayed.finished, len(table)]
    print(json.dumps(out))
""")


def test_a_quiz_length_bomb_costs_neither_memory_nor_time(tmp_path):
    url = f"sqlite:///{tmp_path}/p.db"
    done = subprocess.run(
        [PYTHON, "-c", CHILD, str(ADDRESS_SPACE), str(CPU_SECONDS), url],
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    for length in (2_000_000_000, 40_000_000):
        assert out[f"import {length}"] == [0, 2]  # both rows refused: past bowers' 10
        # 20 answers, every third wrong: right, wrong, right, right, wrong, ... The run is
        # read as bowers' quiz of 10: finished at the tenth right answer after 5 misses (1 star).
        assert out[f"read {length}"] == [1, False, 10, True, 20]


@pytest.mark.parametrize("length", [40_000_000])
def test_the_child_would_fail_without_the_bound(length):
    """The limit is tight enough to catch the old replay: a queue of ``length`` questions
    does not fit in the child's address space."""
    code = textwrap.dedent(f"""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, ({ADDRESS_SPACE}, {ADDRESS_SPACE}))
        import pandas, plotly.graph_objects
        try:
            tuple(range({length}))
        except MemoryError:
            raise SystemExit(3)
    """)
    done = subprocess.run(
        [PYTHON, "-c", code], env=child_env(), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 3, done.stderr[-2000:]
