"""Class load: N learners on one app server, each a websocket speaking Streamlit's own
protocol (``streamlit_client.Tab``: BackMsg out, ForwardMsg in), no browser.

For each N the app is started afresh as ``make run`` starts it (``app_server.serve``:
``python -m tutorial_app.cli``, which runs ``streamlit run``, from the repository
root, on a free port of 127.0.0.1). The learners open their first page over
``--ramp`` seconds and sit idle; then each follows its own seeded script for
``--duration`` seconds, thinking 2-5 s times ``--think`` between actions. Five in
seven open a lesson, press "Next step", open the quiz (by "Take the quiz", by the
segmented control, or by a shared ``?part=quiz&seed=42`` link: a new page load) and
answer at random (some right, most wrong); one in seven answers Practise questions;
one in seven plays a game (a legal move, sometimes "Hint" first).

Measured per interaction (page load, click, hint): from sending the BackMsg to the
last ``script_finished`` of the runs it caused (two when the page calls st.rerun).
Errors: exception elements drawn, disconnects, timeouts (``--timeout``; the learner
then waits twice as long again, and a late answer still counts in the latencies), a
widget missing where the script expects it, a click with no effect. Clicks are proven
to land by the app's answers: "Right!" / "Not quite" feedback, "Step k of n" moving
on, a hint drawn, the table changing after a move. Memory: VmRSS of the server before
any session and once all N are connected and idle: MB per session = (idle - before)
/ N. CPU during the activity: the server's, this client's, and the rest of the
machine's (other work makes the figures noisy). With ``--release-check`` the server
gets a short ``server.disconnectedSessionTTL`` (the launcher passes unknown arguments
on to streamlit); after every tab closes, one closed session is resumed by its id
within the TTL (still held) and another after it (gone), two fresh sessions come and
go (a disconnect is what makes Streamlit drop expired sessions; a run then collects
garbage) and RSS is read again (CPython seldom gives freed memory back to the OS).

    PYTHONPATH=. .venv/bin/python benchmarks/class_load.py --sessions 1,10,30,100 --duration 60
    ... --think 0 --duration 10                         # a quick run
    ... --server-arg=--runner.postScriptGC=false        # compare a server setting

    ... --scenario class --sessions 1,10,30,100         # a live class (live_class_load.py)
    ... --scenario tables --sessions 32,100 --duration 120  # tables of four (tables_load.py)

The last line holds the headline figures for the largest N as name=value pairs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

import live_class_load  # noqa: E402
import tables_load  # noqa: E402
from app_server import Server, active_sessions, cpu_seconds, rss_mb, serve  # noqa: E402
from streamlit_client import (  # noqa: E402
    FINISHED,
    FRAGMENT_FINISHED,
    ClientError,
    Node,
    Tab,
    xsrf_cookie,
)

from tutorial_app.navigation import lesson_pages  # noqa: E402

LESSONS = [page.url_path for page in lesson_pages()]  # Learn also holds /progress
PLANS = ("lesson", "lesson", "practise", "lesson", "lesson", "play", "lesson")  # by index
SHARED_SEEDS = (42, 7, 2024)  # quiz links a teacher might hand out


@dataclass
class Tally:
    """Everything one class run counts."""

    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter = field(default_factory=Counter)
    seen: Counter = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)
    slowest: list[tuple[float, str]] = field(default_factory=list)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.notes) < 12:
            self.notes.append(f"{kind}: {detail}")

    def time(self, kind: str, seconds: float, what: str) -> None:
        self.times[kind].append(seconds)
        self.slowest = sorted(self.slowest + [(seconds, f"{kind} {what}")], reverse=True)[:3]


# ---- a learner ---------------------------------------------------------------------------------


class Learner:
    """One learner in one browser tab, following a seeded plan."""

    def __init__(
        self, index: int, base_url: str, tally: Tally, think: float, timeout: float, seed: int
    ):
        self.base_url, self.tally, self.think_scale, self.timeout = base_url, tally, think, timeout
        self.rng = random.Random(f"{seed}-{index}")
        self.plan = PLANS[index % len(PLANS)]
        self.tab: Tab | None = None
        self.cookie: str | None = None
        self.deadline = float("inf")
        self.illegal_click_rate = 0.1  # Play: now and then a card the engine refuses

    # -- plumbing

    @property
    def page(self) -> Tab:
        """The tab of the page loaded last; raises RuntimeError before the first load."""
        if self.tab is None:
            raise RuntimeError("no page is loaded yet")
        return self.tab

    def over(self) -> bool:
        return time.monotonic() >= self.deadline

    async def think(self, low: float = 2, high: float = 5) -> None:
        await asyncio.sleep(self.rng.uniform(low, high) * self.think_scale)

    async def load(self, path: str, query: str = "", kind: str = "page_load") -> bool:
        """A page load: a new websocket (the old tab's session is left to Streamlit's TTL)."""
        await self.close()
        self.tab = Tab(self.base_url, self.timeout)
        try:
            if self.cookie is None:
                self.cookie = await asyncio.to_thread(xsrf_cookie, self.base_url, self.timeout)
        except OSError as error:
            self.tally.error("disconnect", f"/_stcore/health: {error}")
            return False
        return bool(
            await self._interact(
                kind,
                f"/{path}" + (f"?{query}" if query else ""),
                self.tab.open(path, query, self.cookie),
            )
        )

    async def close(self) -> None:
        if self.tab is not None:
            await self.tab.close()

    async def _interact(self, kind: str, what: str, sending) -> bool | None:
        """Record one interaction: True if it ran clean, False if it showed an exception,
        None if it was lost (a disconnect, or no end even after waiting 3x the timeout)."""
        try:
            result = await sending
        except ClientError as error:
            self.tally.error(error.kind, f"{what}: {error}")
            result = None
            if error.kind == "timeout":  # the learner waits on, as at a slow page
                with contextlib.suppress(ClientError):
                    result = await self.page.settle(2 * self.timeout)
            if result is None:
                return None
        self.tally.time(kind, result.seconds, what)
        for text in result.exceptions:
            self.tally.error("exception", f"{what}: {text}")
        if self.page.page_not_found:
            self.tally.error("page_not_found", what)
            self.page.page_not_found = 0
        return not result.exceptions and result.status in (FINISHED, FRAGMENT_FINISHED)

    async def act(self, kind: str, node: Node | None, value=None, what: str = "") -> bool:
        """Click ``node`` (or set it to ``value``); a lost interaction reloads the page."""
        what = f"/{self.page.path} {what or (node.key if node else '?')}"
        if node is None:
            self.tally.error("missing_widget", what)
            return False
        done = await self._interact(
            kind, what, self.page.click(node) if value is None else self.page.set(node, value)
        )
        if done is None:
            await self.load(self.page.path, self.page.query)
        return bool(done)

    async def act_on(self, component: Node | None, event: str, value: object) -> bool:
        """Send a custom component's event (a card or a bid on the card table)."""
        assert component is not None, "the card table is gone"
        what = f"/{self.page.path} {component.key} {event}={value}"
        done = await self._interact("click", what, self.page.send_event(component, event, value))
        if done is None:
            await self.load(self.page.path, self.page.query)
        return bool(done)

    def progress(self) -> str:
        return " | ".join(self.page.texts("progress"))

    # -- the plans

    async def start(self, delay: float = 0) -> None:
        await asyncio.sleep(delay)
        first = {"lesson": self.rng.choice(LESSONS), "practise": "practise", "play": "play"}
        await self.load(first[self.plan], kind="first_load")

    async def activity(self, deadline: float) -> None:
        self.deadline = deadline
        plan = {"lesson": self.lessons, "practise": self.practise, "play": self.play}[self.plan]
        while not self.over():
            if self.tab is None or not await plan():
                await asyncio.sleep(1)  # something failed: take a breath, then go on
                if self.tab is not None and not self.over():
                    await self.load(self.page.path, self.page.query)

    async def lessons(self) -> bool:
        await self.walk_steps(self.rng.randint(2, 5))
        if not self.over() and await self.open_quiz():
            await self.answer_questions(self.rng.randint(3, 8))
        if not self.over():
            await self.think()
            await self.load(self.rng.choice(LESSONS))
        return True

    async def walk_steps(self, count: int) -> None:
        for _ in range(count):
            step = self.page.widget(key="step-next")
            if step is None or self.over():
                return
            await self.think()
            before = self.progress()
            if not await self.act("click", step):
                return
            if self.progress() not in (before, ""):
                self.tally.seen["steps"] += 1
            else:
                self.tally.error("no_effect", f"/{self.page.path} Next step: {before!r}")

    async def open_quiz(self) -> bool:
        how = self.rng.choice(("button", "segmented", "link"))
        lesson = self.page.path
        await self.think()
        if how == "button":
            await self.walk_steps(12)  # to the last step, where the button is
            if self.over():
                return False
            await self.act("click", self.page.widget(key="step-quiz"))
        elif how == "segmented":
            part = self.page.widget(key=f"{lesson}-part")
            quiz = [option for option in (part.options if part else []) if "quiz" in option]
            await self.act("click", part, quiz[:1], "Part: quiz")
        else:
            await self.load(lesson, f"part=quiz&seed={self.rng.choice(SHARED_SEEDS)}")
        if "answered right" in self.progress():
            self.tally.seen["quizzes_opened"] += 1
            return True
        self.tally.error("no_effect", f"/{lesson} quiz did not open ({how})")
        return False

    async def answer_questions(self, count: int) -> bool:
        for _ in range(count):
            if self.over():
                return True
            await self.think()
            if not await self.answer():
                return False
            verdict = quiz_verdict(self.page)
            if verdict:
                self.tally.seen[verdict] += 1
            else:
                self.tally.error("no_effect", f"/{self.page.path} no feedback after an answer")
            await self.think()  # reading the explanation
            before = self.page.signature()
            if not await self.act("click", self.page.widget(key="next")):
                return False
            if self.page.signature() == before:
                self.tally.error("no_effect", f"/{self.page.path} Next question")
            if "Quiz finished" in self.page.texts("heading"):
                self.tally.seen["quizzes_finished"] += 1
                return True
        return True

    async def answer(self) -> bool:
        """Answer the question on screen at random, as a learner would: on the card table
        (click a card, pick some then check, click them all in an order, or a labelled
        choice), or with the points question's radio and number box."""
        tab, rng = self.page, self.rng
        if table := tab.widget(key="quiz-table", kind="bidi_component"):
            model = json.loads(table.data)
            cards = [card["code"] for card in model.get("hand", ()) if card.get("clickable")]
            actions = {
                action["id"] for action in model.get("actions") or () if not action.get("disabled")
            }
            # The answer's options: the cards, else labelled choices (seats, suits, yes/no).
            event, options = (
                ("card", cards)
                if cards
                else ("action", sorted(a for a in actions if a.startswith("option-")))
            )
            if not options:
                return False
            if "check" in actions:  # choose all that fit, then check
                picks = rng.sample(options, rng.randint(0, min(2, len(options))))
            elif "restart" in model_actions(model):  # put them all in order
                picks = rng.sample(options, len(options))
            else:  # choose one
                picks = [rng.choice(options)]
            for pick in picks:
                if not await self.act_on(tab.widget(key="quiz-table"), event, pick):
                    return False
                await self.think(0.3, 1)
            if "check" in actions:
                return await self.act_on(tab.widget(key="quiz-table"), "action", "check")
            return True
        team, number = tab.widget(key="points-team"), tab.widget(key="points-number")
        if team and number:
            if not await self.act("click", team, rng.choice(team.options)):
                return False
            await self.think(0.3, 1)
            if not await self.act("click", number, float(rng.randint(0, 4))):
                return False
            return await self.act("click", tab.widget(key="check"))
        self.tally.error("missing_widget", f"/{tab.path} no answer widget")
        return False

    async def practise(self) -> bool:
        ok = await self.answer_questions(10)
        more = self.page.widget(key="practise-more")
        if ok and more is not None and not self.over():
            await self.think()
            ok = await self.act("click", more)
        return ok

    async def play(self) -> bool:
        """One decision on the card table: a card clicked (now and then an illegal one,
        which the page refuses with the engine's reason) or a bid; "Hint" first at times."""
        tab = self.page
        await self.think()
        if self.over():
            return True
        table = tab.widget(key="play-table", kind="bidi_component")
        choices = table_choices(table)
        if not choices:
            deal = tab.widget(key="play-next") or tab.widget(key="play-new")
            if dealt := await self.act("click", deal, what="next hand"):
                self.tally.seen["hands_dealt"] += 1
            return dealt
        if self.rng.random() < 0.35:
            if not await self.act("hint", tab.widget(key="play-hint-button")):
                return False
            if any("Hint:" in text for text in tab.texts("alert:info")):
                self.tally.seen["hints"] += 1
            else:
                self.tally.error("no_effect", "/play no hint shown")
            await self.think()
            table = tab.widget(key="play-table", kind="bidi_component")
            choices = table_choices(table)
        legal, illegal = choices["legal"], choices["illegal"]
        refuse = illegal and self.rng.random() < self.illegal_click_rate
        event, value = ("card", self.rng.choice(illegal)) if refuse else self.rng.choice(legal)
        before = tab.signature()
        ok = await self.act_on(table, event, value)
        if ok and tab.signature() != before:
            self.tally.seen["moves" if (event, value) in legal else "refusals"] += 1
        elif ok:
            self.tally.error("no_effect", "/play a move changed nothing")
        return ok


def model_actions(model: dict) -> set[str]:
    return {action["id"] for action in model.get("actions") or ()}


def quiz_verdict(tab: Tab) -> str:
    """ "right" or "wrong" once the question on screen is judged ("" before): the card
    table's message, or the alert of a points question."""
    table = tab.widget(key="quiz-table", kind="bidi_component")
    if table is not None:
        tone = (json.loads(table.data).get("message") or {}).get("tone")
        return tone if tone in ("right", "wrong") else ""
    if any("Right!" in text for text in tab.texts("alert:success")):
        return "right"
    return "wrong" if any("Not quite" in text for text in tab.texts("alert:error")) else ""


def table_choices(table: Node | None) -> dict[str, list]:
    """What a learner may click on the card table: legal moves as (event, value), and
    the codes of cards the engine would refuse (empty when the hand is over)."""
    if table is None or not table.data:
        return {}
    model = json.loads(table.data)
    cards = [card for card in model.get("hand", ()) if card.get("clickable")]
    legal = [("card", card["code"]) for card in cards if card.get("legal")]
    legal += [("action", action["id"]) for action in model.get("actions") or ()]
    if not legal:
        return {}
    return {"legal": legal, "illegal": [card["code"] for card in cards if not card.get("legal")]}


# ---- one class, on a fresh server ------------------------------------------------------------


async def release_check(server: Server, learners: list[Learner], ttl: float) -> dict:
    """Are the closed tabs' sessions held for the TTL, then dropped? (see the docstring)"""
    ids = [
        learner.tab.session_id
        for learner in learners
        if learner.tab is not None and learner.tab.session_id
    ]
    await asyncio.sleep(1)
    found: dict[str, object] = {
        "closed_active": await asyncio.to_thread(active_sessions, server.base_url)
    }

    async def visit(resume: str = "") -> str:
        """A page load (resuming ``resume`` if it can); the session it got, "" if none."""
        probe = Tab(server.base_url)
        try:
            await probe.open("", resume=resume)
        except ClientError:
            return ""
        finally:
            await probe.close()
        return probe.session_id

    got = await visit(ids[0]) if ids else ""
    found["held_within_ttl"] = "probe failed" if not got else got == ids[0]
    await asyncio.sleep(ttl + 3)
    got = await visit(ids[-1]) if ids else ""
    found["gone_after_ttl"] = "probe failed" if not got else got != ids[-1]
    for _ in range(2):  # the disconnect reaps expired sessions; the next run's GC frees them
        await visit()
    await asyncio.sleep(1)
    found["rss_released"] = rss_mb(server.pid)
    return found


async def run_class(n: int, args, log: Path) -> dict:
    tally = Tally()
    server_args = list(args.server_arg)
    if args.release_check:
        server_args.append(f"--server.disconnectedSessionTTL={args.release_ttl:g}")
    async with serve(args.app_dir, server_args, log) as server:
        row = {"sessions": n, "tally": tally, "log": log, "rss_before": rss_mb(server.pid)}
        learners = [
            Learner(i, server.base_url, tally, args.think, args.timeout, args.seed)
            for i in range(n)
        ]
        await learners[0].start()
        await asyncio.sleep(1)
        row["rss_first"] = rss_mb(server.pid)
        ramp = random.Random(args.seed)
        await asyncio.gather(
            *(learner.start(ramp.uniform(0, args.ramp)) for learner in learners[1:])
        )
        await asyncio.sleep(2)  # idle
        row["rss_idle"] = rss_mb(server.pid)
        started = time.monotonic()
        cpu = (cpu_seconds(server.pid), time.process_time(), cpu_seconds())
        outcomes = await asyncio.gather(
            *(learner.activity(started + args.duration) for learner in learners),
            return_exceptions=True,
        )
        wall = time.monotonic() - started
        used = (cpu_seconds(server.pid) - cpu[0], time.process_time() - cpu[1])
        row["cpu"] = (*(u / wall for u in used), (cpu_seconds() - cpu[2] - sum(used)) / wall)
        done = sum(len(tally.times[kind]) for kind in ("page_load", "click", "hint"))
        row["cpu_per_interaction"] = used[0] / max(done, 1)  # steadier than latency on a busy box
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                tally.error("client_bug", repr(outcome))
        row["rss_active"] = rss_mb(server.pid)
        await asyncio.gather(*(learner.close() for learner in learners))
        if args.release_check:
            row.update(await release_check(server, learners, args.release_ttl))
    return row


# ---- the report ----------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def ms(value: float) -> str:
    return "-" if value != value else f"{value * 1000:.0f}"


COLUMNS = (
    "sessions",
    "interactions",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "max_ms",
    "load_p50",
    "load_p95",
    "click_p50",
    "click_p95",
    "hint_p95",
    "errors",
    "right",
    "wrong",
    "steps",
    "hints",
    "moves",
    "refusals",
    "MB/session",
)


def summary(row: dict) -> dict:
    """The table's figures for one count (page loads include the first ones, in the ramp)."""
    times, n = row["tally"].times, row["sessions"]
    loads = times["first_load"] + times["page_load"]
    every = loads + times["click"] + times["hint"]
    figures = {
        "sessions": n,
        "interactions": len(every),
        "p50_ms": percentile(every, 0.5),
        "p95_ms": percentile(every, 0.95),
        "p99_ms": percentile(every, 0.99),
        "max_ms": max(every, default=float("nan")),
        "load_p50": percentile(loads, 0.5),
        "load_p95": percentile(loads, 0.95),
        "click_p50": percentile(times["click"], 0.5),
        "click_p95": percentile(times["click"], 0.95),
        "hint_p95": percentile(times["hint"], 0.95),
    }
    figures = {k: v if k in ("sessions", "interactions") else ms(v) for k, v in figures.items()}
    return {
        **figures,
        "errors": sum(row["tally"].errors.values()),
        **{
            k: row["tally"].seen[k]
            for k in ("right", "wrong", "steps", "hints", "moves", "refusals")
        },
        "MB/session": f"{(row['rss_idle'] - row['rss_before']) / n:.2f}",
    }


def log_warnings(log: Path) -> list[str]:
    """What the server logged beyond its start-up (Streamlit's log lines carry a time
    stamp but no level); stack lines left out."""
    lines = log.read_text(errors="replace").splitlines() if log.exists() else []
    return [
        line
        for line in lines
        if (re.match(r"\d{4}-\d\d-\d\d ", line) or "Traceback" in line)
        and "Uvicorn server started" not in line
    ]


def details(row: dict) -> list[str]:
    """Memory, what was seen, errors, the release check and the server log of one count."""
    tally, n = row["tally"], row["sessions"]
    extra = f"{(row['rss_idle'] - row['rss_first']) / (n - 1):.2f}" if n > 1 else "-"
    lines = [
        f"N={n}: RSS MB before {row['rss_before']:.0f}, one session {row['rss_first']:.0f}, "
        f"all idle {row['rss_idle']:.0f} ({extra} per extra session), after activity "
        f"{row['rss_active']:.0f}"
        + (f", after release {row['rss_released']:.0f}" if "rss_released" in row else ""),
        f"  first page loads (over the ramp): p50 "
        f"{ms(percentile(tally.times['first_load'], 0.5))} ms, p95 "
        f"{ms(percentile(tally.times['first_load'], 0.95))} ms; during the activity: "
        f"server CPU {row['cpu'][0]:.0%} of one core "
        f"({ms(row['cpu_per_interaction'])} ms per interaction), this client "
        f"{row['cpu'][1]:.0%}, other work on the machine {row['cpu'][2]:.0%} "
        f"(of {os.cpu_count()} cores)",
        f"  seen {dict(sorted(tally.seen.items()))}",
        f"  errors {dict(sorted(tally.errors.items())) or 'none'}",
    ]
    lines += [f"    {note[:160]}" for note in tally.notes[:5]]
    lines.append(
        "  slowest: "
        + ", ".join(f"{what} {seconds * 1000:.0f} ms" for seconds, what in tally.slowest)
    )
    if "held_within_ttl" in row:
        lines.append(
            f"  release: active sessions after closing {row['closed_active']}; a closed "
            f"session resumable within the TTL {row['held_within_ttl']}, gone after "
            f"it {row['gone_after_ttl']}"
        )
    warnings = log_warnings(row["log"])
    lines.append(f"  server log {row['log']}: {len(warnings)} lines logged after start-up")
    return lines + [f"    {line[:200]}" for line in warnings[-5:]]


def report(rows: list[dict]) -> None:
    table = [summary(row) for row in rows]
    widths = {c: max(len(c), *(len(str(r[c])) for r in table)) for c in COLUMNS}
    for r in [dict(zip(COLUMNS, COLUMNS, strict=False)), *table]:
        print("  ".join(str(r[c]).rjust(widths[c]) for c in COLUMNS))
    print()
    for row in rows:
        print("\n".join(details(row)))
    last = table[-1]
    print(
        f"class_load sessions={last['sessions']} p50_ms={last['p50_ms']} "
        f"p95_ms={last['p95_ms']} p99_ms={last['p99_ms']} errors={last['errors']}"
    )


# scenario -> how one count runs, its one-line summary, the report
SCENARIOS = {
    "learners": (run_class, summary, report),
    "class": (live_class_load.run_class, live_class_load.summary, live_class_load.report),
    "tables": (tables_load.run_tables, tables_load.summary, tables_load.report),
}


async def run_all(sizes: list[int], args, log_dir: Path) -> list[dict]:
    rows = []
    run, summed = SCENARIOS[args.scenario][:2]
    for i, n in enumerate(sizes):
        started = time.monotonic()
        rows.append(await run(n, args, log_dir / f"server-{i + 1}-N{n}.log"))
        line = summed(rows[-1])
        print(
            f"... N={n} done in {time.monotonic() - started:.0f} s: p50 {line['p50_ms']} ms, "
            f"p95 {line['p95_ms']} ms, errors {line['errors']}",
            file=sys.stderr,
            flush=True,
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--sessions", default="1,10,30,100", help="learner counts, a fresh server each")
    add("--duration", type=float, default=60, help="seconds of activity per count (60)")
    add("--moves", type=int, help="tables: end a count once the learners made this many moves")
    add("--think", type=float, default=1.0, help="think time: 2-5 s times this (1; 0 = none)")
    add("--ramp", type=float, default=10, help="seconds over which learners open a first page")
    add("--timeout", type=float, default=15, help="seconds per interaction (15)")
    add("--seed", type=int, default=1)
    add(
        "--server-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="an extra server argument: --server-arg=--runner.postScriptGC=false (repeatable)",
    )
    add("--app-dir", type=Path, default=ROOT, help="the repository root holding tutorial_app")
    add(
        "--release-check",
        action="store_true",
        help="show closed tabs' sessions are released (TTL + about 10 s more per count)",
    )
    add(
        "--release-ttl",
        type=float,
        default=10,
        help="server.disconnectedSessionTTL given to the server for --release-check (10)",
    )
    add("--log-dir", type=Path, help="where the server logs go (default: a new temp dir)")
    add("--max-seconds", type=float, help="cap on the whole run (default: from the above)")
    add(
        "--scenario",
        choices=("learners", "class", "tables"),
        default="learners",
        help="learners: each on their own (lessons, Practise, Play); class: a live class, "
        "a teacher asking and N learners answering (live_class_load.py); tables: a class "
        "playing at tables of four (tables_load.py)",
    )
    add(
        "--idle",
        type=float,
        default=10,
        help="class: seconds every learner waits, polling, before the first question (10)",
    )
    add(
        "--answer-seconds",
        type=float,
        default=8,
        help="class: seconds the teacher leaves for answers before the reveal (8)",
    )
    add(
        "--read-seconds",
        type=float,
        default=4,
        help="class: seconds between the reveal and the next question (4)",
    )
    add(
        "--aligned-polls",
        action="store_true",
        help="class: every learner's poll at the same instants (a worst case; browsers' "
        "timers keep the phase of each learner's join)",
    )
    add(
        "--db",
        help="class: the database URL for the app (default: a new SQLite file "
        "beside the server log)",
    )
    args = parser.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sessions.split(",")]
    except ValueError:
        parser.error("--sessions takes counts such as 1,10,30")
    if not sizes or min(sizes) < 1 or args.duration < 0 or args.think < 0:
        parser.error("counts must be at least 1; duration and think at least 0")
    log_dir = args.log_dir or Path(tempfile.mkdtemp(prefix="class_load-"))
    # The simulated class writes its answers to a progress store of its own (inherited by
    # the servers), never to the per-user one; a given EUCHRE_TUTORIAL_DB is kept.
    os.environ.setdefault("EUCHRE_TUTORIAL_DB", f"sqlite:///{log_dir / 'progress.sqlite3'}")
    log_dir.mkdir(parents=True, exist_ok=True)
    per_count = (
        args.ramp
        + args.duration
        + args.idle
        + 3 * args.timeout
        + 60
        + (args.release_ttl + 30 if args.release_check else 0)
    )
    cap = args.max_seconds or len(sizes) * per_count + 60
    print(
        f"class_load: sessions {sizes}, {args.duration:g} s each, think x{args.think:g}, "
        f"server args {args.server_arg or 'none'}, cap {cap:.0f} s, logs in {log_dir}",
        flush=True,
    )
    try:
        rows = asyncio.run(asyncio.wait_for(run_all(sizes, args, log_dir), cap))
    except TimeoutError:
        print(f"class_load: the run passed its cap of {cap:.0f} s", file=sys.stderr)
        return 1
    SCENARIOS[args.scenario][2](rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
