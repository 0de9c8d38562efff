"""The referee (HAND_RECORD.md): replay hand records, check every action, report.

Run as ``python -m engine referee [FILE ...] [--rules PRESET] [--set KEY=VALUE]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any, NoReturn, TextIO

from engine.actions import Action
from engine.cards import Card
from engine.errors import EuchreError, IllegalActionError, RulesError
from engine.hand import HandState, Phase, apply, legal_actions
from engine.record import ActionFormatError, HandRecord, json_problem
from engine.rules import Rules
from engine.seats import Seat, Team


def referee_record(data: Any, default_rules: Rules | None = None) -> dict[str, Any]:
    """The referee's report on one decoded record (never raises for bad input)."""
    try:
        record = HandRecord.from_json(data, default_rules)
    except ActionFormatError as exc:
        return _partial_report(data, default_rules, exc)
    except (EuchreError, RecursionError) as exc:
        return {"ok": False, "error": str(exc)}
    return _report(record.start(), record.actions)


def _partial_report(
    data: dict[str, Any], default_rules: Rules | None, exc: ActionFormatError
) -> dict[str, Any]:
    """A malformed action: report the steps before it, like an illegal one."""
    head = dict(data, actions=data["actions"][: exc.step])
    try:
        record = HandRecord.from_json(head, default_rules)
    except (EuchreError, RecursionError) as other:
        return {"ok": False, "error": str(other)}
    report = _report(record.start(), record.actions)
    if not report["ok"]:
        return report
    return {"ok": False, "step": exc.step, "error": exc.detail, "steps": report["steps"]}


def _report(state: HandState, actions: Iterable[tuple[Seat, Action]]) -> dict[str, Any]:
    steps: list[dict[str, Any]] = []
    for step, (seat, action) in enumerate(actions):
        entry = _step(state)
        try:
            state = apply(state, action, seat)
        except IllegalActionError as exc:
            return {"ok": False, "step": step, "error": exc.message, "steps": steps}
        entry["did"] = action.to_dict()
        steps.append(entry)
    return {"ok": True, "steps": steps, **summary(state)}


def _step(state: HandState) -> dict[str, Any]:
    return {
        "seat": state.turn.value if state.turn else None,
        "phase": state.phase.value,
        "legal": [a.to_dict() for a in legal_actions(state)],
    }


def summary(state: HandState) -> dict[str, Any]:
    """The state's public outcome in the referee's words."""
    tricks = [_trick(t.leader, t.cards, t.winner) for t in state.tricks]
    if state.trick:
        assert state.leader is not None  # a trick on the table has a leader
        tricks.append(_trick(state.leader, state.trick, None))
    result = None
    if state.result is not None:
        points = state.result.points
        result = {
            "thrown_in": state.result.thrown_in,
            "points": {"NS": points[Team.NS], "EW": points[Team.EW]},
            "makers_tricks": state.result.makers_tricks,
        }
    nxt = None
    if state.phase is not Phase.OVER:
        nxt = _step(state)
    return {
        "trump": state.trump.letter if state.trump is not None else None,
        "makers": state.makers.value if state.makers else None,
        "alone": [s.value for s in state.alone],
        "sitting_out": [s.value for s in state.sitting_out],
        "tricks": tricks,
        "tricks_won": {"NS": state.tricks_won[0], "EW": state.tricks_won[1]},
        "result": result,
        "next": nxt,
    }


def _trick(leader: Seat, cards: Iterable[tuple[Seat, Card]], winner: Seat | None) -> dict[str, Any]:
    return {
        "leader": leader.value,
        "cards": [[s.value, c.code] for s, c in cards],
        "winner": winner.value if winner else None,
    }


def read_records(text: str) -> Iterator[Any]:
    """Records from text: one JSON object, a JSON list of them, or one object per line.

    A line that is not JSON yields a ``_BadJSON`` marker, so the rest still runs.
    """
    stripped = text.strip()
    if not stripped:
        return
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        pass
    else:
        if isinstance(data, list):
            yield from data
        else:
            yield data
        return
    for number, line in enumerate(stripped.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except (ValueError, RecursionError) as exc:
            yield _BadJSON(f"line {number} is not valid JSON: {json_problem(exc)}")


class _BadJSON:
    def __init__(self, message: str) -> None:
        self.message = message


def run(texts: list[str], default_rules: Rules | None, out: TextIO) -> None:
    for text in texts:
        for data in read_records(text):
            if isinstance(data, _BadJSON):
                report = {"ok": False, "error": data.message}
            else:
                report = referee_record(data, default_rules)
            out.write(json.dumps(report, ensure_ascii=False) + "\n")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as HAND_RECORD.md asks
        raise _UsageError(message)


class _UsageError(Exception):
    pass


def _setting(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise _UsageError(f"--set takes KEY=VALUE, not {text!r}")
    key, value = text.split("=", 1)
    lowered = value.strip().lower()
    if lowered in ("true", "on", "yes"):
        return key.strip(), True
    if lowered in ("false", "off", "no"):
        return key.strip(), False
    try:
        return key.strip(), int(value)
    except ValueError:
        return key.strip(), value.strip()


def main(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = _Parser(
        prog="python -m engine referee",
        add_help=True,
        description="Replay hand records and check every action.",
    )
    parser.add_argument("files", nargs="*", help="record files ('-' or none: standard input)")
    parser.add_argument("--rules", default="bga", help="preset for records without rules")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a setting for records without rules",
    )
    try:
        args = parser.parse_args(argv)
        settings = dict(_setting(item) for item in args.set)
        default_rules = Rules.from_settings({"preset": args.rules, **settings})
        texts = []
        for name in args.files or ["-"]:
            if name == "-":
                texts.append(stdin.read())
                continue
            try:
                with open(name, encoding="utf-8") as handle:
                    texts.append(handle.read())
            except (OSError, UnicodeDecodeError) as exc:
                reason = getattr(exc, "strerror", None) or (
                    "it is not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else exc
                )
                raise _UsageError(f"cannot read {name}: {reason}") from None
    except (_UsageError, RulesError) as exc:
        stderr.write(f"referee: {exc}\n")
        return 2
    run(texts, default_rules, stdout)
    return 0
