"""The tables scenario of ``class_load.py`` (``--scenario tables``): a teacher and N
learners at tables of four (issue 23), each a websocket speaking Streamlit's protocol
(``streamlit_client.Tab``), no browser.

The teacher starts a class on /class; the learners open /join?code=..., type a name and
join over ``--ramp`` seconds; the teacher seats the class in join order (N/4 tables, a
bot in each seat left over). Then, for ``--duration`` seconds, every learner's page
polls as the browser's does (its watchers ask the news route every second, from when
they were drawn; a run of the page when the table's stamp moved), and on their turn the
learner thinks 1-3 s times ``--think`` and clicks a card or a choice at random among
those the table offers. The teacher's page runs its overview every two seconds.

Measured: every script run the server made for a learner or the teacher (a click, a
news-triggered run, a fragment's tick), from the BackMsg to its ``script_finished``;
each ask of the news route; and, for each move a learner clicked, the time from the
click until each of the three others saw the new card on their page (polling
included). Errors: exceptions drawn, disconnects, timeouts, a refused click. At the end
every table's hands (finished, and the one in play) go to the referee
(``engine.referee.referee_record``) as their hand records: each must come back ``ok``.
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
from live_class_load import ClassLearner, ClassTally, Teacher, interact, ms, percentile
from streamlit_client import ClientError, Result, Tab, xsrf_cookie

SEAT_KEY = "table-seat"  # the learner's card table at their seat
POLL_SECONDS = 1.0  # class_watch.POLL_SECONDS
OVERVIEW_SECONDS = 2.0  # tables_box.OVERVIEW_SECONDS


@dataclass
class TablesTally(ClassTally):
    clicked: dict[tuple[int, int], float] = field(default_factory=dict)  # (table, version)
    seen_at: dict[tuple[int, int], dict[int, float]] = field(
        default_factory=lambda: defaultdict(dict)
    )  # (table, version) -> learner -> when
    moves: Counter = field(default_factory=Counter)  # table -> moves its learners clicked
    enough: int | None = None  # stop once the learners have clicked this many moves

    def done(self) -> bool:
        return self.enough is not None and sum(self.moves.values()) >= self.enough

    def click_to_seen(self) -> list[float]:
        """For each clicked move, each other player's delay until they saw it."""
        return [
            when - clicked
            for key, clicked in self.clicked.items()
            for when in self.seen_at.get(key, {}).values()
        ]


def table_watch(tab: Tab) -> dict | None:
    """The data of the page's table watcher (its table and the stamp it drew)."""
    for node in tab.elements("bidi_component"):
        if node.data and '"stamp": "table"' in node.data:
            return json.loads(node.data)
    return None


def seat_model(tab: Tab) -> dict | None:
    node = tab.widget(key=SEAT_KEY, kind="bidi_component")
    return json.loads(node.data) if node is not None and node.data else None


async def poll(tally: TablesTally, kind: str, tab: Tab) -> list[Result] | None:
    """One tick of the page's timers: the news route's answers are timed as "news",
    the script runs they cause (and the fragments' ticks) as ``kind``."""
    try:
        results = await tab.poll()
    except ClientError as error:
        tally.error(error.kind, f"/{tab.path} poll: {error}")
        return None
    for result in results:
        tally.times[kind if result.runs else "news"].append(result.seconds)
        for text in result.exceptions:
            tally.error("exception", f"/{tab.path}: {text}")
    return results


class TableLearner(ClassLearner):
    """A learner at a table: polls, sees each move, plays on their turn."""

    table = 0
    version = -1  # the table's version this page shows
    move_at = float("inf")

    def look(self, tally: TablesTally) -> None:
        """Note each version of the table first seen now (a jump of two: both now)."""
        watch = table_watch(self.tab)
        if watch is None:
            return
        self.table = int(watch["table"])
        version = int(str(watch["seen"]).split(".")[0])
        now = time.monotonic()
        for seen in range(self.version + 1, version + 1):
            tally.seen_at[(self.table, seen)].setdefault(self.index, now)
        self.version = max(self.version, version)

    def my_turn(self) -> bool:
        model = seat_model(self.tab) or {}
        return "Your turn" in json.dumps(model.get("message"))

    async def play(self, tally: TablesTally, deadline: float) -> None:
        interval = POLL_SECONDS
        tick = time.monotonic()
        started = list(self.tab.watch_since.values())
        if started:  # the browser's timer keeps the phase of the watcher's drawing
            tick -= (tick - min(started)) % interval
        while time.monotonic() < deadline and not tally.done():
            tick = max(tick + interval, time.monotonic() - interval)
            await asyncio.sleep(max(0.0, min(tick, self.move_at) - time.monotonic()))
            if time.monotonic() >= self.move_at:
                await self.move(tally)
                continue
            if await poll(tally, "poll", self.tab) is None:
                return
            self.look(tally)
            if self.my_turn() and self.move_at == float("inf"):
                self.move_at = time.monotonic() + self.rng.uniform(1, 3) * self.think

    async def move(self, tally: TablesTally) -> None:
        self.move_at = float("inf")
        node = self.tab.widget(key=SEAT_KEY, kind="bidi_component")
        model = seat_model(self.tab)
        if node is None or model is None or not self.my_turn():
            return
        cards = [c["code"] for c in model.get("hand", ()) if c.get("clickable") and c.get("legal")]
        actions = [a["id"] for a in model.get("actions") or () if not a.get("disabled")]
        event, options = ("card", cards) if cards else ("action", actions)
        if not options:
            tally.error("no_choice", f"{self.name}: their turn, nothing to click")
            return
        sent, before = time.monotonic(), self.version
        tally.clicked[(self.table, before + 1)] = sent
        done = await interact(
            tally, "click", f"{event}", self.tab.send_event(node, event, self.rng.choice(options))
        )
        if done is None:
            return
        message = (seat_model(self.tab) or {}).get("message") or {}
        if message.get("tone") == "refusal":
            tally.error("refused", f"{self.name}: {message.get('text', '')}")
        self.look(tally)
        if self.version > before:
            tally.moves[self.table] += 1
            tally.seen_at[(self.table, before + 1)].pop(self.index, None)  # the clicker's own


async def oversee(teacher: Teacher, tally: TablesTally, deadline: float) -> None:
    """The teacher's page: its overview (and bots) every two seconds."""
    while time.monotonic() < deadline and not tally.done():
        await poll(tally, "teacher_poll", teacher.tab)
        await asyncio.sleep(OVERVIEW_SECONDS)


async def run_tables(n: int, args, log: Path) -> dict:
    """One class of ``n`` learners at tables, on a fresh server and a fresh database."""
    tally = TablesTally(enough=getattr(args, "moves", None))
    database = args.db or f"sqlite:///{log.with_suffix('.sqlite3')}"
    async with serve(
        args.app_dir, list(args.server_arg), log, env={"EUCHRE_TUTORIAL_DB": database}
    ) as server:
        row = {"sessions": n, "tally": tally, "log": log, "rss_before": rss_mb(server.pid)}
        teacher = Teacher(server.base_url, tally, args.timeout)
        await teacher.start()
        cookie = await asyncio.to_thread(xsrf_cookie, server.base_url, args.timeout)
        learners = [
            TableLearner(i, server.base_url, tally, args.think, args.timeout, args.seed)
            for i in range(n)
        ]
        ramp = random.Random(args.seed)
        await asyncio.gather(
            *(
                learner.join(teacher.code, cookie, ramp.uniform(0, args.ramp))
                for learner in learners
            )
        )
        await poll(tally, "teacher_poll", teacher.tab)
        await teacher.click("tables-make")
        seated = [learner for learner in learners if learner.tab.session_id]
        # Each page learns of its seat from its class watcher (the tables' round moved).
        for learner in seated:
            await poll(tally, "poll", learner.tab)
            learner.look(tally)
        started = time.monotonic()
        cpu = (cpu_seconds(server.pid), time.process_time(), cpu_seconds())
        deadline = started + args.duration
        await asyncio.gather(
            oversee(teacher, tally, deadline),
            *(learner.play(tally, deadline) for learner in seated),
        )
        wall = time.monotonic() - started
        used = (cpu_seconds(server.pid) - cpu[0], time.process_time() - cpu[1])
        # the server's, this client's, and the rest of the machine's, per second of wall
        row["cpu"] = (*(u / wall for u in used), (cpu_seconds() - cpu[2] - sum(used)) / wall)
        row["server_cpu_s"] = used[0]
        row["seated"] = sum(learner.version >= 0 for learner in seated)  # saw their table
        row["rss_active"] = rss_mb(server.pid)
        code = parse_qs(teacher.tab.query)["class"][0]
        row["records"] = await asyncio.to_thread(referee_tables, database, code, teacher.key)
        await asyncio.gather(teacher.tab.close(), *(learner.tab.close() for learner in learners))
    return row


def referee_tables(database: str, code: str, key: str) -> dict:
    """Every hand of the class's tables, as hand records, through the referee."""
    from engine import HandRecord
    from engine.referee import referee_record
    from tutorial_app.store import ClassTables, dispose_engines, open_store

    views = ClassTables(open_store(database)).last_seating(code, key)
    checked: Counter[str] = Counter()
    for view in views:
        state = view.game.replay()
        hands = [*state.finished, *([state.hand] if state.hand is not None else [])]
        for hand in hands:
            record = json.loads(json.dumps(HandRecord.from_state(hand).to_json()))
            checked["ok" if referee_record(record).get("ok") else "refused"] += 1
        checked["finished"] += len(state.finished)
        checked["moves"] += view.game.version
    dispose_engines()
    return {"tables": len(views), **checked}


COLUMNS = (
    "learners",
    "tables",
    "moves",
    "runs",
    "p50_ms",
    "p95_ms",
    "max_ms",
    "news_p95_ms",
    "click_p95_ms",
    "seen_p50_s",
    "seen_p95_s",
    "seen_max_s",
    "errors",
    "cpu",
)


def summary(row: dict) -> dict:
    tally = row["tally"]
    kinds = ("join", "poll", "click", "teacher", "teacher_poll")
    runs = [t for kind in kinds for t in tally.times[kind]]
    seen = tally.click_to_seen()
    return {
        "learners": row["sessions"],
        "tables": row["records"]["tables"],
        "moves": row["records"].get("moves", 0),
        "runs": len(runs),
        "p50_ms": ms(percentile(runs, 0.5)),
        "p95_ms": ms(percentile(runs, 0.95)),
        "max_ms": ms(max(runs, default=float("nan"))),
        "news_p95_ms": ms(percentile(tally.times["news"], 0.95)),
        "click_p95_ms": ms(percentile(tally.times["click"], 0.95)),
        "seen_p50_s": f"{percentile(seen, 0.5):.2f}",
        "seen_p95_s": f"{percentile(seen, 0.95):.2f}",
        "seen_max_s": f"{max(seen, default=float('nan')):.2f}",
        "errors": sum(tally.errors.values()),
        "cpu": f"{row['cpu'][0]:.0%}",
    }


def details(row: dict) -> list[str]:
    tally, records = row["tally"], row["records"]
    learner_runs = len(tally.times["click"]) + len(tally.times["poll"])
    return [
        f"N={row['sessions']}: {tally.seen['joined']} joined, {row['seated']} seated at "
        f"{records['tables']} tables; {sum(tally.moves.values())} moves clicked by learners "
        f"({records.get('moves', 0)} in all, bots included), {records.get('finished', 0)} "
        f"hands finished; the referee: {records.get('ok', 0)} hand records ok, "
        f"{records.get('refused', 0)} refused; RSS MB {row['rss_before']:.0f} before, "
        f"{row['rss_active']:.0f} after",
        f"  CPU while playing: server {row['cpu'][0]:.0%} of a core "
        f"({1000 * row['server_cpu_s'] / max(1, learner_runs):.1f} ms a learner's run, news "
        f"asks included), this client {row['cpu'][1]:.0%}, the rest of the machine "
        f"{row['cpu'][2]:.0%}",
        "  p50/p95 ms by kind: "
        + ", ".join(
            f"{kind} {ms(percentile(times, 0.5))}/{ms(percentile(times, 0.95))} ({len(times)})"
            for kind, times in sorted(tally.times.items())
        ),
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
    last, records = table[-1], rows[-1]["records"]
    print(
        f"class_load scenario=tables learners={last['learners']} tables={last['tables']} "
        f"p95_ms={last['p95_ms']} seen_p95_s={last['seen_p95_s']} errors={last['errors']} "
        f"records_ok={records.get('ok', 0)} records_refused={records.get('refused', 0)}"
    )
