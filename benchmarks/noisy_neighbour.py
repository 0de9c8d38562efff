"""Noisy neighbours: do 30 learners stay quick while three sessions do the heaviest things
the app allows? Issue 17, point 6.

Learners as ``class_load.py`` runs a class (its ``Learner``: lessons, quizzes, Practise
and Play over Streamlit's websocket, seeded) on one server whose activity is cut into
windows (``--window``, 15 s), quiet and noisy in turn: in the noisy ones three more
sessions keep busy, and each learner's interaction counts for the window it started in
(but for those started in the first 2 s of a window, while the last one's work winds down).
Alternating on one server keeps the rest of the machine's work (a shared machine's
other jobs come and go) alike in both halves; ``--window 0`` runs the older way, a
quiet run and then a noisy one on a fresh server each. The neighbours:

- **odds**: the odds lab's heaviest run, expert bots at every seat and the most hands
  the page allows (200), a new seed each time one ends (the worker pool plays it);
- **import**: the largest progress CSV allowed (``limits.numbers.MAX_IMPORT_ROWS`` rows, under
  ``limits.numbers.MAX_UPLOAD_BYTES``) uploaded on /progress and imported, then /progress
  opened again with every row on it, over and over;
- **forged**: a Play link to a whole game against expert bots whose seal was made with
  another key, opened again and again (the page must refuse it before any replay).

Each neighbour, like each learner, pauses 2-5 s before doing it again (a person at a
browser); ``--neighbour-think 0`` makes them flood instead, for comparison.

It prints the learners' p95 (page loads, clicks and hints of the activity) of both runs
and their ratio, which must stay below 1.5; the exit status says whether it did.

    PYTHONPATH=. .venv/bin/python benchmarks/noisy_neighbour.py        # 30 learners, 120 s
    ... --sessions 10 --duration 60                                     # a shorter run
    ... --window 0 --duration 60                      # a quiet run, then a noisy one

The last line holds the figures as name=value pairs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from app_server import cpu_seconds, serve  # noqa: E402
from class_load import Learner, Tally, percentile  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit_client import ClientError, Node, Tab, widget_key, xsrf_cookie  # noqa: E402

RATIO_LIMIT = 1.5
POLL_SECONDS = 0.5  # the pages' progress bars poll the worker pool this often
TIMED = ("page_load", "click", "hint")  # the activity's interactions (not the first loads)


# ---- a tab that also moves sliders and uploads files ---------------------------------------


class NeighbourTab(Tab):
    """``streamlit_client.Tab`` plus what the neighbours need: a slider's value and a
    file given to a file uploader (asked for its upload address, then PUT, as the web
    frontend does)."""

    def __init__(self, base_url: str, timeout: float = 15):
        super().__init__(base_url, timeout)
        self.extra: dict[str, tuple[str, object]] = {}  # widget id -> (kind, value)
        self.file_urls: dict[str, asyncio.Future] = {}
        self.cookie = ""

    async def open(self, path: str, query: str = "", cookie: str | None = None, resume: str = ""):
        if not cookie:
            cookie = await asyncio.to_thread(xsrf_cookie, self.base_url, self.timeout)
        self.cookie = cookie
        self.extra = {}
        return await super().open(path, query, self.cookie, resume)

    def _delta(self, path, delta, sig) -> None:
        super()._delta(path, delta, sig)
        if delta.WhichOneof("type") == "new_element":
            element = delta.new_element
            kind = element.WhichOneof("type")
            if kind in ("slider", "file_uploader"):
                proto = getattr(element, kind)
                node = self.nodes[path]
                node.wid, node.key, node.label = proto.id, widget_key(proto.id), proto.label

    def _handle(self, msg: ForwardMsg) -> None:
        if msg.WhichOneof("type") == "file_urls_response":
            waiter = self.file_urls.pop(msg.file_urls_response.response_id, None)
            if waiter is not None and not waiter.done():
                waiter.set_result(list(msg.file_urls_response.file_urls))
            return
        super()._handle(msg)

    def _rerun_message(self, trigger, fragment_id: str = "", auto: bool = True) -> bytes:
        msg = BackMsg()
        msg.ParseFromString(super()._rerun_message(trigger, fragment_id, auto))
        for wid, (kind, value) in self.extra.items():
            widget = msg.rerun_script.widget_states.widgets.add()
            widget.id = wid
            if kind == "slider":
                widget.double_array_value.data.extend(value)
            else:
                widget.file_uploader_state_value.CopyFrom(value)
        return msg.SerializeToString()

    async def slide(self, node: Node, value: float):
        self.extra[node.wid] = ("slider", [float(value)])
        return await self._send(None, node.fragment, auto=False)

    async def change(self, texts: dict[str, object], sliders: dict[str, float]):
        """Several widgets changed in one rerun (as by a quick hand): ``texts`` by widget
        id (a text, or a list for a segmented control), ``sliders`` by widget id."""
        for wid, value in texts.items():
            self.values[wid] = (
                "string_array_value" if isinstance(value, list) else "string_value",
                value,
            )
        for wid, value in sliders.items():
            self.extra[wid] = ("slider", [float(value)])
        return await self._send(None, "", auto=False)

    async def upload(self, node: Node, name: str, data: bytes):
        """Give ``data`` to the file uploader ``node`` as the file ``name``."""
        request_id = uuid.uuid4().hex
        self.file_urls[request_id] = asyncio.get_running_loop().create_future()
        ask = BackMsg()
        ask.file_urls_request.request_id = request_id
        ask.file_urls_request.file_names.append(name)
        ask.file_urls_request.session_id = self.session_id
        assert self._ws is not None  # an upload is sent on an open page
        await self._ws.send(ask.SerializeToString())
        (urls,) = await asyncio.wait_for(self.file_urls[request_id], self.timeout)
        await asyncio.to_thread(self._put, urls.upload_url, name, data)
        state = BackMsg().rerun_script.widget_states.widgets.add().file_uploader_state_value
        info = state.uploaded_file_info.add()
        info.file_id, info.name, info.size = urls.file_id, name, len(data)
        info.file_urls.CopyFrom(urls)
        self.extra[node.wid] = ("file_uploader", state)
        return await self._send(None, node.fragment, auto=False)

    def _put(self, url: str, name: str, data: bytes) -> None:
        boundary = uuid.uuid4().hex
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                f'filename="{name}"\r\nContent-Type: text/csv\r\n\r\n'
            ).encode()
            + data
            + f"\r\n--{boundary}--\r\n".encode()
        )
        request = urllib.request.Request(
            self.base_url + url if url.startswith("/") else url,
            data=body,
            method="PUT",
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "X-Xsrftoken": self.cookie,
                "Cookie": f"_streamlit_xsrf={self.cookie}",
            },
        )
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            response.read()

    async def wait_fragments(self, seconds: float) -> bool:
        """Tick the page's ``run_every`` fragments (as the browser's timers do) until
        none is left on the page; False if some still are after ``seconds``."""
        deadline = time.monotonic() + seconds
        while self.auto_reruns:
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(min(self.auto_reruns.values()))
            await self.poll()
            # A fragment that ended with st.rerun is gone from the page: as the browser
            # does, its timer stops (the server would not answer another tick of it).
            drawn = {node.fragment for node in self.nodes.values() if node.fragment}
            for fragment in [f for f in self.auto_reruns if f not in drawn]:
                self.auto_reruns.pop(fragment)
                self.auto_rerun_since.pop(fragment, None)
        return True


# ---- the neighbours ----------------------------------------------------------------------


@dataclass
class Noise:
    """What the neighbours did: counts, and the seconds each of their actions took.
    ``think`` scales the 2-5 s a neighbour waits before doing it again, as a person
    does (0: again at once, a flood no browser tab makes)."""

    done: Counter = field(default_factory=Counter)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    think: float = 1.0
    rng: random.Random = field(default_factory=lambda: random.Random(17))
    windows: Windows | None = None

    async def until_noisy(self) -> None:
        """Wait for a noisy window (at once without windows)."""
        if self.windows is not None:
            await self.windows.until_noisy()

    def noisy_until(self, deadline: float) -> float:
        return min(deadline, self.windows.end_of_this()) if self.windows else deadline

    async def pause(self) -> None:
        await asyncio.sleep(self.rng.uniform(2, 5) * self.think)

    def time(self, what: str, started: float) -> None:
        self.seconds.setdefault(what, []).append(time.monotonic() - started)
        self.done[what] += 1

    def error(self, what: str) -> None:
        if len(self.errors) < 12:
            self.errors.append(what)


@dataclass
class Windows:
    """The activity cut into windows of ``seconds``, quiet and noisy in turn (quiet
    first): one server, the same learners, the machine's other work alike in both."""

    started: float
    seconds: float

    settle: float = 2.0  # seconds after each change not counted: what the last
    # window left running (a job stopping) ends in them

    def noisy(self, at: float | None = None) -> bool:
        at = time.monotonic() if at is None else at
        return int((at - self.started) // self.seconds) % 2 == 1

    def settling(self, at: float) -> bool:
        return (at - self.started) % self.seconds < self.settle

    def end_of_this(self) -> float:
        """When the current window ends."""
        done = (time.monotonic() - self.started) // self.seconds + 1
        return self.started + done * self.seconds

    async def until_noisy(self) -> None:
        if not self.noisy():
            await asyncio.sleep(max(0.0, self.end_of_this() - time.monotonic()))


class WindowTally(Tally):
    """The learners' tally, each interaction also kept by the window it started in."""

    def __init__(self, windows: Windows) -> None:
        super().__init__()
        self.windows = windows
        self.by_window: dict[bool, list[float]] = {False: [], True: []}

    def time(self, kind: str, seconds: float, what: str) -> None:
        super().time(kind, seconds, what)
        began = time.monotonic() - seconds
        if kind in TIMED and not self.windows.settling(began):
            self.by_window[self.windows.noisy(began)].append(seconds)


def largest_csv(rows: int, most_bytes: int) -> bytes:
    """A progress CSV of ``rows`` practice answers (no more than ``most_bytes``), in the
    columns the app exports."""
    from lessons.generators import GENERATORS
    from lessons.loader import load_all
    from tutorial_app.store.csv_io import COLUMNS

    lesson, generators = load_all()[1].id, sorted(GENERATORS)
    lines = [",".join(COLUMNS)]
    for i in range(rows):
        minute = i % 60
        when = (
            f"2026-0{1 + i // 40000 % 9}-{1 + i // 1440 % 28:02d}T{i // 60 % 24:02d}:"
            f"{minute:02d}:{i % 47:02d}+00:00"
        )
        lines.append(
            ",".join(
                (
                    when,
                    lesson,
                    "single",
                    generators[i % len(generators)],
                    str(i),
                    "JD",
                    "true" if i % 3 else "false",
                    str(1500 + i % 9000),
                    "",
                    "",
                )
            )
        )
    data = ("\n".join(lines) + "\n").encode()
    if len(data) > most_bytes:
        raise ValueError(f"{rows} rows take {len(data):,} bytes, more than {most_bytes:,}")
    return data


def forged_game_link() -> str:
    """A whole game against expert bots, sealed with a key that is not the server's."""
    from engine import legal_actions
    from tutorial_app.features.play import game as play
    from tutorial_app.features.play.game_link import game_code

    played = play.new_bot_game("bga", "beginner", 7)
    while played.game.winner is None:
        played = (
            play.next_hand(played)
            if played.game.hand is None
            else play.learner_plays(played, legal_actions(played.game.hand)[0])
        )
    beginner = game_code(played, key=b"not the server's key")
    assert beginner is not None  # one short game: well under the longest code
    return beginner.replace(".b.", ".e.", 1)


async def odds_neighbour(
    base_url: str,
    deadline: float,
    noise: Noise,
    hands: int = 200,
    level: str = "expert",
    most: int | None = None,
) -> None:
    """The heaviest odds-lab run, again with a new seed each time one ends (``most``
    runs at most). With windows, only in noisy ones: a run still going when its window
    ends is stopped by asking for a small one (the pool stops the session's job)."""
    tab, seed = NeighbourTab(base_url, timeout=60), 100
    slider_key = f"odds-hands-{'expert' if level == 'expert' else 'fast'}"
    try:
        await tab.open("odds")
        await tab.set(tab.need(key="odds-level"), [level])
        await tab.slide(tab.need(key=slider_key), hands)
        ids = {name: tab.need(key=name).wid for name in ("odds-level", "odds-seed", slider_key)}
        while time.monotonic() < deadline and noise.done["odds_run"] != most:
            await noise.until_noisy()
            if time.monotonic() >= deadline:
                break
            seed += 1
            started = time.monotonic()
            await tab.change(
                {ids["odds-level"]: [level], ids["odds-seed"]: str(seed)}, {ids[slider_key]: hands}
            )
            if not await tab.wait_fragments(noise.noisy_until(deadline) - time.monotonic()):
                noise.done["odds_stopped"] += 1
                seed += 1  # a quick run in its place stops it
                await tab.change({ids["odds-level"]: ["random"], ids["odds-seed"]: str(seed)}, {})
                await tab.wait_fragments(60)
                continue
            charts = len(tab.elements("plotly_chart"))
            if charts == 7 and any(f"seed {seed};" in text for text in tab.texts("markdown")):
                noise.time("odds_run", started)
                await noise.pause()
            elif any("busy" in text for text in tab.texts("alert:warning")):
                noise.done["odds_busy"] += 1
                await asyncio.sleep(5)  # as a learner would, before trying again
            else:
                noise.error(f"odds: seed {seed} showed {charts} charts and no result")
    except (ClientError, TypeError, AttributeError) as error:
        noise.error(f"odds: {error!r}")
    finally:
        await tab.close()


async def import_neighbour(
    base_url: str, deadline: float, noise: Noise, data: bytes, most: int | None = None
) -> None:
    """The largest CSV allowed, imported on /progress, again and again."""
    tab = NeighbourTab(base_url, timeout=120)
    try:
        while time.monotonic() < deadline and noise.done["import"] != most:
            await noise.until_noisy()
            started = time.monotonic()
            await tab.close()
            await tab.open("progress")
            noise.time("progress_load", started)
            uploader = tab.widget(key="progress-import-file")
            if uploader is None:
                noise.error("import: no file uploader on /progress")
                break
            started = time.monotonic()
            await tab.upload(uploader, "progress.csv", data)
            await tab.click(tab.need(key="progress-import"))
            # The worker pool imports it while a progress bar polls, as a browser's would.
            while (
                not any("Imported" in text for text in tab.texts("alert:success"))
                and time.monotonic() < deadline + 60
                and not tab.elements("exception")
            ):
                await asyncio.sleep(POLL_SECONDS)
                await tab.poll()
            noise.time("import", started)
            if tab.elements("exception"):
                noise.error("import: " + " ".join(tab.texts("exception"))[:200])
            await noise.pause()
    except (ClientError, TypeError, AttributeError, OSError, TimeoutError) as error:
        noise.error(f"import: {error!r}")
    finally:
        await tab.close()


async def forged_neighbour(
    base_url: str, deadline: float, noise: Noise, code: str, most: int | None = None
) -> None:
    """A forged link to an expert game, opened again and again."""
    tab = NeighbourTab(base_url, timeout=60)
    try:
        while time.monotonic() < deadline and noise.done["forged_link"] != most:
            await noise.until_noisy()
            started = time.monotonic()
            await tab.close()
            await tab.open("play", f"game={code}")
            noise.time("forged_link", started)
            if not any("damaged" in text for text in tab.texts("alert:warning")):
                noise.error("forged: the link was not refused")
            await noise.pause()
    except (ClientError, TypeError, AttributeError) as error:
        noise.error(f"forged: {error!r}")
    finally:
        await tab.close()


# ---- one run --------------------------------------------------------------------------------


async def run(n: int, args, log: Path, noisy: bool, window: float = 0) -> dict:
    """One server: the learners, and the neighbours if ``noisy`` (only in every other
    ``window`` seconds if given, the learners' times kept by window)."""
    windows = Windows(0.0, window, min(2.0, window / 4)) if window else None
    tally = WindowTally(windows) if windows else Tally()
    noise = Noise(think=args.neighbour_think, windows=windows)
    async with serve(args.app_dir, list(args.server_arg), log) as server:
        learners = [
            Learner(i, server.base_url, tally, args.think, args.timeout, args.seed)
            for i in range(n)
        ]
        ramp = __import__("random").Random(args.seed)
        await asyncio.gather(*(learner.start(ramp.uniform(0, args.ramp)) for learner in learners))
        await asyncio.sleep(2)
        started = time.monotonic()
        deadline = started + args.duration
        if windows is not None:
            windows.started = started
        cpu = (cpu_seconds(server.pid), cpu_seconds())
        every = {
            "odds": lambda: odds_neighbour(server.base_url, deadline, noise, args.odds_hands),
            "import": lambda: import_neighbour(server.base_url, deadline, noise, args.csv),
            "forged": lambda: forged_neighbour(server.base_url, deadline, noise, args.forged),
        }
        neighbours = [every[name]() for name in args.only] if noisy else []
        outcomes = await asyncio.gather(
            *(learner.activity(deadline) for learner in learners),
            *neighbours,
            return_exceptions=True,
        )
        wall = time.monotonic() - started
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                tally.error("client_bug", repr(outcome))
        await asyncio.gather(*(learner.close() for learner in learners))
        server_cpu = (cpu_seconds(server.pid) - cpu[0]) / wall
        machine = (cpu_seconds() - cpu[1]) / wall
    timed = [t for kind in TIMED for t in tally.times[kind]]
    row = {
        "noisy": noisy,
        "tally": tally,
        "noise": noise,
        "interactions": len(timed),
        "p50": percentile(timed, 0.5),
        "p95": percentile(timed, 0.95),
        "errors": sum(tally.errors.values()),
        "server_cpu": server_cpu,
        "machine_cpu": machine,
    }
    if windows is not None:
        assert isinstance(tally, WindowTally)  # windows: the tally keeps them
        for name, noisy_window in (("quiet", False), ("noisy", True)):
            times = tally.by_window[noisy_window]
            row[f"{name} windows"] = {
                "interactions": len(times),
                "p50": percentile(times, 0.5),
                "p95": percentile(times, 0.95),
            }
    return row


def describe(row: dict) -> list[str]:
    name = (
        "quiet and noisy windows"
        if "quiet windows" in row
        else "noisy"
        if row["noisy"]
        else "quiet"
    )
    lines = [
        f"{name}: {row['interactions']} interactions, p50 {row['p50'] * 1000:.0f} ms, "
        f"p95 {row['p95'] * 1000:.0f} ms, errors {row['errors']}; server "
        f"{row['server_cpu']:.0%} of a core (its own process: the pool's workers are "
        f"apart), whole machine {row['machine_cpu']:.0%} of one core"
    ]
    lines += [f"    {note[:160]}" for note in row["tally"].notes[:4]]
    times = row["tally"].times
    lines.append(
        "  learners' p95 by kind: "
        + ", ".join(
            f"{kind} {percentile(times[kind], 0.95) * 1000:.0f} ms ({len(times[kind])})"
            for kind in TIMED
            if times[kind]
        )
        + "; slowest: "
        + ", ".join(f"{what} {seconds * 1000:.0f} ms" for seconds, what in row["tally"].slowest)
    )
    noise = row["noise"]
    for what, seconds in sorted(noise.seconds.items()):
        lines.append(
            f"  {what}: {len(seconds)} times, median {percentile(seconds, 0.5):.1f} s, "
            f"longest {max(seconds):.1f} s"
        )
    lines += [
        f"  {what}: {count}"
        for what, count in sorted(noise.done.items())
        if what not in noise.seconds
    ]
    lines += [f"  neighbour error: {error}" for error in noise.errors[:6]]
    for name in ("quiet windows", "noisy windows"):
        if name in row:
            part = row[name]
            lines.append(
                f"  {name}: {part['interactions']} interactions, p50 "
                f"{part['p50'] * 1000:.0f} ms, p95 {part['p95'] * 1000:.0f} ms"
            )
    return lines


async def both(args, log_dir: Path) -> tuple[dict, dict]:
    quiet = await run(args.sessions, args, log_dir / "server-quiet.log", noisy=False)
    print(f"... quiet run: p95 {quiet['p95'] * 1000:.0f} ms", file=sys.stderr, flush=True)
    noisy = await run(args.sessions, args, log_dir / "server-noisy.log", noisy=True)
    print(f"... noisy run: p95 {noisy['p95'] * 1000:.0f} ms", file=sys.stderr, flush=True)
    return quiet, noisy


def main(argv: list[str] | None = None) -> int:
    from tutorial_app.limits.numbers import MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--sessions", type=int, default=30, help="learners (30)")
    add("--duration", type=float, default=120, help="seconds of activity per run (120)")
    add(
        "--window",
        type=float,
        default=15,
        help="one server, quiet and noisy windows of this many seconds in turn (15); 0: a "
        "quiet run, then a noisy run on a fresh server",
    )
    add("--think", type=float, default=1.0, help="think time: 2-5 s times this (1)")
    add("--ramp", type=float, default=10, help="seconds over which learners open a page")
    add("--timeout", type=float, default=15, help="seconds per interaction (15)")
    add("--seed", type=int, default=1)
    add("--odds-hands", type=int, default=200, help="hands of the odds run (200, the most)")
    add("--rows", type=int, default=MAX_IMPORT_ROWS, help="rows of the imported CSV")
    add(
        "--neighbour-think",
        type=float,
        default=1.0,
        help="the neighbours' pause between repeats: 2-5 s times this (1; 0 = a flood)",
    )
    add(
        "--only",
        default="odds,import,forged",
        help="the neighbours of the noisy run (odds,import,forged: all three)",
    )
    add("--server-arg", action="append", default=[], metavar="ARG")
    add("--app-dir", type=Path, default=ROOT)
    add("--log-dir", type=Path)
    args = parser.parse_args(argv)
    args.only = [name.strip() for name in args.only.split(",") if name.strip()]
    if not set(args.only) <= {"odds", "import", "forged"}:
        parser.error("--only takes odds, import and forged, separated by commas")
    log_dir = args.log_dir or Path(tempfile.mkdtemp(prefix="noisy_neighbour-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("EUCHRE_TUTORIAL_DB", f"sqlite:///{log_dir / 'progress.sqlite3'}")
    args.csv = largest_csv(args.rows, MAX_UPLOAD_BYTES)
    args.forged = forged_game_link()
    design = (
        f"quiet and noisy windows of {args.window:g} s in turn"
        if args.window
        else "a quiet run, then a noisy run"
    )
    print(
        f"noisy_neighbour: {args.sessions} learners, {args.duration:g} s, {design}, "
        f"odds {args.odds_hands} expert hands, CSV {args.rows:,} rows "
        f"({len(args.csv):,} bytes), forged link {len(args.forged)} characters, neighbours "
        f"think x{args.neighbour_think:g} ({', '.join(args.only)}), "
        f"{os.cpu_count()} cores, logs in {log_dir}",
        flush=True,
    )
    if args.window:
        row = asyncio.run(run(args.sessions, args, log_dir / "server.log", True, args.window))
        print("\n".join(describe(row)))
        quiet, noisy = row["quiet windows"], row["noisy windows"]
    else:
        quiet, noisy = asyncio.run(both(args, log_dir))
        for row in (quiet, noisy):
            print("\n".join(describe(row)))
    ratio = noisy["p95"] / quiet["p95"]
    print(
        f"noisy_neighbour learners={args.sessions} neighbours={'+'.join(args.only)} "
        f"quiet_p95_ms={quiet['p95'] * 1000:.0f} "
        f"noisy_p95_ms={noisy['p95'] * 1000:.0f} ratio={ratio:.2f} limit={RATIO_LIMIT}"
    )
    return 0 if ratio < RATIO_LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
