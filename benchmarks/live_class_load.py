"""The live-class scenario of ``class_load.py`` (``--scenario class``): a teacher and N
learners, each a websocket speaking Streamlit's protocol (``streamlit_client.Tab``).

The teacher starts a class on /class; the learners open /join?code=..., type a name and
join over ``--ramp`` seconds, then wait, their pages polling (each tab runs its
``run_every`` fragments every interval, as the browser's timers do: from when the
fragment's timer started, at the join, so learners who joined at different moments poll
at different moments; ``--aligned-polls`` makes every learner poll at the same instants,
a worst case). Then, for
``--duration`` seconds, the teacher asks a question at random from a topic, waits while
the answers come in, reveals, and asks the next; each learner answers once it sees a
question (2-5 s of thought times ``--think``; one in five changes its answer), and reads
the reveal.

Measured per interaction (a join, a poll tick, an answer, a teacher's click): from the
BackMsg to the last ``script_finished``. For each question: when every learner saw it
(from the teacher's click to the poll that showed it; the goal is 2 s), and the same for
the reveal. Each learner keeps polling until the teacher is done and it has seen every
reveal (an event, not a fixed time: a busy machine only makes it later); with
``lockstep`` (the tests) the teacher also reveals only once every learner has seen the
question, and asks the next only once every learner has seen the reveal. CPU: the
server's while every learner idles on "waiting for the next question" (``--idle``
seconds, polls only), and during the activity. At the end the
class's answers in the database are compared with what the learners were told was kept.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs

from app_server import cpu_seconds, rss_mb, serve
from streamlit_client import ClientError, Tab, xsrf_cookie

RANDOM_FROM_TOPIC = "At random from a topic"


@dataclass
class ClassTally:
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)
    seen: Counter = field(default_factory=Counter)
    pushed: dict[int, float] = field(default_factory=dict)  # question number -> when
    revealed: dict[int, float] = field(default_factory=dict)
    saw_question: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    saw_reveal: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    kept: dict[str, dict[int, str]] = field(default_factory=lambda: defaultdict(dict))
    news: asyncio.Event = field(default_factory=asyncio.Event)  # set at each sighting

    def saw(self, sightings: dict[int, list[float]], number: int, when: float) -> None:
        sightings[number].append(when)
        self.news.set()

    async def until(self, condition, timeout: float) -> bool:
        """Wait for ``condition()`` to hold, woken by each sighting; False at ``timeout``."""
        deadline = time.monotonic() + timeout
        while not condition():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.news.clear()
            try:
                await asyncio.wait_for(self.news.wait(), left)
            except TimeoutError:
                return condition()
        return True

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.notes) < 12:
            self.notes.append(f"{kind}: {detail}"[:200])


async def interact(tally: ClassTally, kind: str, what: str, sending):
    """One timed interaction; None if it was lost."""
    try:
        result = await sending
    except ClientError as error:
        tally.error(error.kind, f"{what}: {error}")
        return None
    for one in result if isinstance(result, list) else [result]:  # a poll: one per fragment
        tally.times[kind].append(one.seconds)
        for text in one.exceptions:
            tally.error("exception", f"{what}: {text}")
    return result


def question_number(tab: Tab) -> int | None:
    for text in tab.texts("heading"):
        if text.startswith("Question "):
            return int(text.split()[1])
    return None


def table_model(tab: Tab, key: str) -> dict | None:
    node = tab.widget(key=key, kind="bidi_component")
    return json.loads(node.data) if node is not None and node.data else None


def answer_moves(model: dict, rng: random.Random) -> list[tuple[str, str]]:
    """What a learner clicks to answer the live question on ``model`` at random."""
    cards = [card["code"] for card in model.get("hand", ()) if card.get("clickable")]
    actions = {a["id"] for a in model.get("actions") or () if not a.get("disabled")}
    event, options = (
        ("card", cards)
        if cards
        else ("action", sorted(a for a in actions if a.startswith("option-")))
    )
    if not options:
        return []
    if "check" in actions:
        picks = rng.sample(options, rng.randint(0, min(2, len(options))))
        return [(event, pick) for pick in picks] + [("action", "check")]
    if "restart" in actions:
        return [(event, pick) for pick in rng.sample(options, len(options))]
    return [(event, rng.choice(options))]


TEACHER_KEY_COMPONENT = "teacher-key-browser"


def handed_teacher_key(tab: Tab) -> str:
    """The teacher key the page handed its browser to keep (never in the address)."""
    node = tab.widget(key=TEACHER_KEY_COMPONENT, kind="bidi_component")
    data = json.loads(node.data) if node is not None and node.data else {}
    return data.get("store") or ""


class Teacher:
    def __init__(self, base_url: str, tally: ClassTally, timeout: float):
        self.tab, self.tally, self.timeout = Tab(base_url, timeout), tally, timeout
        self.code = self.key = ""
        self.learners = 0  # with lockstep: how many must see each step
        self.done = asyncio.Event()

    async def start(self) -> None:
        await interact(self.tally, "teacher", "/class", self.tab.open("class"))
        await interact(
            self.tally, "teacher", "start", self.tab.click(self.tab.need(key="class-start"))
        )
        query = parse_qs(self.tab.query)
        self.code, self.key = query["class"][0], handed_teacher_key(self.tab)
        if "key" in query or not self.key:
            self.tally.error("teacher_key", "the key is in the address, or was not handed over")
        choice = self.tab.need(key="class-from")
        await interact(self.tally, "teacher", "random", self.tab.set(choice, [RANDOM_FROM_TOPIC]))

    async def click(self, key: str) -> bool:
        node = self.tab.widget(key=key)
        if node is None:
            self.tally.error("missing_widget", f"/class {key}")
            return False
        return await interact(self.tally, "teacher", key, self.tab.click(node)) is not None

    async def teach(
        self, deadline: float, answer_seconds: float, read_seconds: float, lockstep: bool = False
    ) -> None:
        """Ask, wait, reveal, until ``deadline``; then ``done`` is set. With ``lockstep``,
        each reveal waits for every learner to see the question, and each next question
        for every learner to see the reveal (at most ``timeout`` each)."""
        try:
            await self._teach(deadline, answer_seconds, read_seconds, lockstep)
        finally:
            self.done.set()

    async def _teach(
        self, deadline: float, answer_seconds: float, read_seconds: float, lockstep: bool
    ) -> None:
        number, tally = 0, self.tally
        while time.monotonic() < deadline:
            sent = time.monotonic()
            if not await self.click("class-push"):
                return
            number += 1
            tally.pushed[number] = sent
            if lockstep:
                await self.all_saw(tally.saw_question, number, "question")
            await self.wait(answer_seconds)
            sent = time.monotonic()
            if not await self.click("class-reveal"):
                return
            tally.revealed[number] = sent
            if lockstep:
                await self.all_saw(tally.saw_reveal, number, "reveal")
            await self.wait(read_seconds)

    async def all_saw(self, sightings: dict[int, list[float]], number: int, what: str) -> None:
        """Wait (the page polling) until every learner has seen ``what`` of ``number``."""
        watching = asyncio.ensure_future(
            self.tally.until(lambda: len(sightings[number]) >= self.learners, self.timeout)
        )
        while not watching.done():
            await interact(self.tally, "teacher_poll", "/class poll", self.tab.poll())
            await asyncio.wait({watching}, timeout=1.0)
        if not watching.result():
            self.tally.error(
                "not_seen",
                f"question {number}'s {what}: {len(sightings[number])} of {self.learners} learners",
            )

    async def wait(self, seconds: float) -> None:
        """Sit on the page while its fragments poll (the answered count)."""
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            await interact(self.tally, "teacher_poll", "/class poll", self.tab.poll())
            await asyncio.sleep(max(0.0, min(1.0, until - time.monotonic())))


class ClassLearner:
    def __init__(
        self, index: int, base_url: str, tally: ClassTally, think: float, timeout: float, seed: int
    ):
        self.index, self.tally, self.think = index, tally, think
        self.tab, self.rng = Tab(base_url, timeout), random.Random(f"{seed}-{index}")
        self.name = f"Learner {index}"
        self.question: int | None = None
        self.revealed = False
        self.answer_at = float("inf")
        self.reveals_seen: set[int] = set()

    async def join(self, code: str, cookie: str, delay: float) -> bool:
        await asyncio.sleep(delay)
        if (
            await interact(
                self.tally, "join", "/join", self.tab.open("join", f"code={code}", cookie)
            )
            is None
        ):
            return False
        await interact(
            self.tally, "join", "name", self.tab.set(self.tab.need(key="join-name"), self.name)
        )
        done = await interact(
            self.tally, "join", "join", self.tab.click(self.tab.need(key="join-button"))
        )
        if done is None or "Waiting for the next question" not in " ".join(
            self.tab.texts("alert:info")
        ):
            self.tally.error("join", f"{self.name} did not reach the waiting screen")
            return False
        self.tally.seen["joined"] += 1
        return True

    def seen_every_reveal(self) -> bool:
        return all(number in self.reveals_seen for number in self.tally.revealed)

    async def attend(
        self,
        deadline: float,
        aligned: bool = False,
        teacher_done: asyncio.Event | None = None,
        timeout: float = 60,
    ) -> None:
        """Poll at the page's interval; answer each new question; read each reveal.
        Until ``deadline``; with ``teacher_done``, until the teacher is done and this
        learner has seen every reveal (at most ``timeout`` more).

        As a browser's timer, the ticks keep the phase of the moment the page's
        ``auto_rerun`` arrived or its watcher was drawn (at the join); ``aligned``: every
        learner ticks at the same instants instead (a worst case no browser timers
        produce)."""
        interval = min(self.tab.auto_reruns.values(), default=1.0)
        tick = time.monotonic()
        started = [*self.tab.auto_rerun_since.values(), *self.tab.watch_since.values()]
        if not aligned and started:  # the last tick of the timer so far
            tick -= (tick - min(started)) % interval
        last_call = float("inf")
        while True:
            if teacher_done is None:
                if time.monotonic() >= deadline:
                    break
            elif teacher_done.is_set():
                last_call = min(last_call, time.monotonic() + timeout)
                if self.seen_every_reveal() or time.monotonic() >= last_call:
                    break
            tick = max(tick + interval, time.monotonic() - interval)
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            if await interact(self.tally, "poll", "/join poll", self.tab.poll()) is None:
                return
            now = time.monotonic()
            number = question_number(self.tab)
            if number is not None and number != self.question:
                self.question, self.revealed = number, False
                self.tally.saw(self.tally.saw_question, number, now)
                self.answer_at = now + self.rng.uniform(2, 5) * self.think
            model = table_model(self.tab, "join-table") or {}
            tone = (model.get("message") or {}).get("tone")
            if number is not None and not self.revealed and tone in ("right", "wrong"):
                self.revealed = True
                self.reveals_seen.add(number)
                self.tally.saw(self.tally.saw_reveal, number, now)
                self.tally.seen[tone] += 1
            if number is not None and not self.revealed and now >= self.answer_at:
                self.answer_at = (
                    float("inf")
                    if self.rng.random() > 0.2
                    else (now + self.rng.uniform(1, 3) * self.think)
                )  # one in five changes it
                await self.answer(number, model)

    async def answer(self, number: int, model: dict) -> None:
        moves = answer_moves(model, self.rng)
        if not moves:
            points = self.tab.widget(key="join-points-send")
            if points is None:
                self.tally.error("missing_widget", "/join no way to answer")
                return
            team, count = (
                self.tab.need(key="join-points-team"),
                self.tab.need(key="join-points-number"),
            )
            await interact(
                self.tally, "answer", "team", self.tab.set(team, self.rng.choice(team.options))
            )
            await interact(
                self.tally, "answer", "points", self.tab.set(count, float(self.rng.randint(0, 4)))
            )
            await interact(
                self.tally,
                "answer",
                "send",
                self.tab.click(self.tab.need(key="join-points-send")),
            )
        for event, value in moves:
            table = self.tab.need(key="join-table", kind="bidi_component")
            result = await interact(
                self.tally, "answer", f"{event}={value}", self.tab.send_event(table, event, value)
            )
            if result is None:
                return
        said = " ".join(self.tab.texts("alert:warning"))
        message = (table_model(self.tab, "join-table") or {}).get("message") or {}
        if "answers are closed" in said:
            self.tally.seen["late_refused"] += 1
        elif message.get("title") == "Your answer is in" or "You answered" in " ".join(
            self.tab.texts("alert:info")
        ):
            self.tally.seen["answers"] += 1
            self.tally.kept[self.name][number] = "kept"
        else:
            self.tally.error("no_effect", f"{self.name} q{number}: no 'answer is in'")


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def run_class(n: int, args, log: Path) -> dict:
    """One class of ``n`` learners on a fresh server and a fresh database."""
    tally = ClassTally()
    database = args.db or f"sqlite:///{log.with_suffix('.sqlite3')}"
    async with serve(
        args.app_dir, list(args.server_arg), log, env={"EUCHRE_TUTORIAL_DB": database}
    ) as server:
        row = {"sessions": n, "tally": tally, "log": log, "rss_before": rss_mb(server.pid)}
        teacher = Teacher(server.base_url, tally, args.timeout)
        await teacher.start()
        cookie = await asyncio.to_thread(xsrf_cookie, server.base_url, args.timeout)
        learners = [
            ClassLearner(i, server.base_url, tally, args.think, args.timeout, args.seed)
            for i in range(n)
        ]
        ramp = random.Random(args.seed)
        await asyncio.gather(
            *(
                learner.join(teacher.code, cookie, ramp.uniform(0, args.ramp))
                for learner in learners
            )
        )
        joined = [learner for learner in learners if learner.tab.session_id]
        row["rss_idle"] = rss_mb(server.pid)
        # Idle: every learner waits, polling; the teacher's page polls too.
        started, cpu = time.monotonic(), cpu_seconds(server.pid)
        idle_end = started + args.idle
        aligned = getattr(args, "aligned_polls", False)
        await asyncio.gather(
            teacher.wait(args.idle), *(learner.attend(idle_end, aligned) for learner in joined)
        )
        row["idle_cpu"] = (cpu_seconds(server.pid) - cpu) / (time.monotonic() - started)
        row["idle_polls_per_s"] = len(tally.times["poll"]) / args.idle
        # The class: questions, answers, reveals.
        started, cpu = time.monotonic(), cpu_seconds(server.pid)
        deadline = started + args.duration
        teacher.learners = len(joined)
        lockstep = getattr(args, "lockstep", False)
        await asyncio.gather(
            teacher.teach(deadline, args.answer_seconds, args.read_seconds, lockstep),
            *(learner.attend(deadline, aligned, teacher.done, args.timeout) for learner in joined),
        )
        row["cpu"] = (cpu_seconds(server.pid) - cpu) / (time.monotonic() - started)
        row["rss_active"] = rss_mb(server.pid)
        row["report"] = await asyncio.to_thread(stored_answers, database, teacher)
        await asyncio.gather(teacher.tab.close(), *(learner.tab.close() for learner in learners))
    return row


def stored_answers(database: str, teacher: Teacher) -> dict:
    """What the database holds of the class: members and answers (the report's frames)."""
    from tutorial_app.store import dispose_engines, open_classes

    report = open_classes(database).report(teacher.code, teacher.key, rows=None)
    dispose_engines()
    return {
        "members": len(report.learners),
        "answers": int(report.learners["answered"].sum()),
        "questions": len(report.questions),
    }


def ms(value: float) -> str:
    return "-" if value != value else f"{value * 1000:.0f}"


COLUMNS = (
    "learners",
    "interactions",
    "p50_ms",
    "p95_ms",
    "max_ms",
    "poll_p95",
    "answer_p95",
    "join_p95",
    "teacher_p95",
    "errors",
    "seen_all_p50_s",
    "seen_all_max_s",
    "reveal_all_max_s",
    "idle_cpu",
    "active_cpu",
)


def summary(row: dict) -> dict:
    tally, n = row["tally"], row["sessions"]
    every = [
        t
        for kind in ("join", "poll", "answer", "teacher", "teacher_poll")
        for t in tally.times[kind]
    ]
    seen_all, reveal_all = [], []
    for number, pushed in tally.pushed.items():
        if len(tally.saw_question[number]) == n:
            seen_all.append(max(tally.saw_question[number]) - pushed)
    for number, revealed in tally.revealed.items():
        if len(tally.saw_reveal[number]) == n:
            reveal_all.append(max(tally.saw_reveal[number]) - revealed)
    return {
        "learners": n,
        "interactions": len(every),
        "p50_ms": ms(percentile(every, 0.5)),
        "p95_ms": ms(percentile(every, 0.95)),
        "max_ms": ms(max(every, default=float("nan"))),
        "poll_p95": ms(percentile(tally.times["poll"], 0.95)),
        "answer_p95": ms(percentile(tally.times["answer"], 0.95)),
        "join_p95": ms(percentile(tally.times["join"], 0.95)),
        "teacher_p95": ms(percentile(tally.times["teacher"], 0.95)),
        "errors": sum(tally.errors.values()),
        "seen_all_p50_s": f"{percentile(seen_all, 0.5):.2f}",
        "seen_all_max_s": f"{max(seen_all, default=float('nan')):.2f}",
        "reveal_all_max_s": f"{max(reveal_all, default=float('nan')):.2f}",
        "idle_cpu": f"{row['idle_cpu']:.0%}",
        "active_cpu": f"{row['cpu']:.0%}",
    }


def details(row: dict) -> list[str]:
    tally, n = row["tally"], row["sessions"]
    complete = sum(len(tally.saw_question[q]) == n for q in tally.pushed)
    told_kept = sum(len(per) for per in tally.kept.values())
    return [
        f"N={n}: {tally.seen['joined']} joined; {len(tally.pushed)} questions asked, seen "
        f"by every learner for {complete}; idle polling {row['idle_polls_per_s']:.0f} "
        f"polls/s cost the server {row['idle_cpu']:.0%} of one core; RSS MB "
        f"{row['rss_before']:.0f} before, {row['rss_idle']:.0f} all joined, "
        f"{row['rss_active']:.0f} after",
        f"  seen {dict(sorted(tally.seen.items()))}; the database holds "
        f"{row['report']['members']} members and {row['report']['answers']} answers "
        f"(learners told 'kept' for {told_kept} questions)",
        f"  errors {dict(sorted(tally.errors.items())) or 'none'}",
        *(f"    {note}" for note in tally.notes[:5]),
    ]


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
        f"class_load scenario=class learners={last['learners']} p95_ms={last['p95_ms']} "
        f"errors={last['errors']} seen_all_max_s={last['seen_all_max_s']} "
        f"idle_cpu={last['idle_cpu']}"
    )
