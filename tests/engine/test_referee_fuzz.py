"""Fuzzing the referee with malformed and hostile records (HAND_RECORD.md 'What the referee
prints'): it never raises, prints one valid JSON object per record with an "ok" bool (and an
"error" string when false), exits 0, and never shows a Python traceback."""

from __future__ import annotations

import copy
import io
import json
import math
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import SEATS, Rules, apply, legal_actions, random_hand
from engine.record import HandRecord
from engine.referee import main

# Three quarters of the hypothesis profile's example count (tests/conftest.py): 150 by default.
FUZZ = settings(
    max_examples=settings.default.max_examples * 3 // 4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _strict_constant(name):
    raise ValueError(f"output contains {name}, which is not JSON")


def run(text: str) -> list[dict]:
    """Referee ``text`` in-process; check the contract; return the reports."""
    out, err = io.StringIO(), io.StringIO()
    code = main([], stdin=io.StringIO(text), stdout=out, stderr=err)
    printed = out.getvalue()
    assert code == 0
    assert err.getvalue() == ""
    assert "Traceback" not in printed
    printed.encode("utf-8")  # writable to a UTF-8 stdout (no lone surrogates)
    assert printed == "" or printed.endswith("\n")
    reports = []
    for line in printed.splitlines():
        report = json.loads(line, parse_constant=_strict_constant)
        assert isinstance(report, dict)
        assert isinstance(report.get("ok"), bool)
        if report["ok"]:
            assert "error" not in report and isinstance(report["steps"], list)
        else:
            assert isinstance(report["error"], str) and report["error"].strip()
            assert "Traceback" not in report["error"]
            if "step" in report:
                assert isinstance(report["step"], int) and report["step"] >= 0
                assert isinstance(report["steps"], list) and len(report["steps"]) == report["step"]
        reports.append(report)
    return reports


def records_in(value) -> int:
    """How many records a JSON text of ``value`` holds: a list holds one per item."""
    return len(value) if isinstance(value, list) else 1


# ---- valid records to start from ------------------------------------------------------------


def _valid_records() -> list[dict]:
    out = []
    rng = random.Random(2024)
    presets = [
        {"preset": "bga"},
        {"preset": "pagat"},
        {"preset": "cardsuite"},
        {"preset": "bga", "benny": True, "lone_defender": True},
        {"preset": "cardsuite", "no_trump": True, "no_first_blood": True},
    ]
    for i, settings_ in enumerate(presets * 2):
        r = Rules.from_settings(settings_)
        state = random_hand(r, SEATS[i % 4], rng)
        stop = rng.randrange(0, 40)
        while not state.is_over and len(state.actions) < stop:
            state = apply(state, rng.choice(legal_actions(state)), state.turn)
        out.append(HandRecord.from_state(state).to_json())
    return out


VALID = _valid_records()


def test_the_starting_records_are_valid():
    reports = run("\n".join(json.dumps(r) for r in VALID))
    assert [r["ok"] for r in reports] == [True] * len(VALID)


# ---- hypothesis-generated JSON values ---------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(
        [
            "N",
            "E",
            "S",
            "W",
            "JH",
            "JOKER",
            "10♦",
            "NT",
            "pass",
            "play",
            "order_up",
            "bga",
            "pagat",
            "",
            "\u202e",
            "\x00",
        ]
    )
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(
            st.text(max_size=12)
            | st.sampled_from(
                [
                    "rules",
                    "dealer",
                    "hands",
                    "upcard",
                    "actions",
                    "seat",
                    "do",
                    "card",
                    "suit",
                    "preset",
                    "N",
                    "E",
                    "S",
                    "W",
                ]
            ),
            children,
            max_size=6,
        )
    ),
    max_leaves=25,
)


@FUZZ
@given(json_values)
def test_any_json_value(value):
    reports = run(json.dumps(value))
    assert len(reports) == records_in(value)


@FUZZ
@given(st.lists(json_values, max_size=5))
def test_json_lines_of_any_values(values):
    text = "\n".join(json.dumps(v) for v in values)
    reports = run(text)
    if len(values) == 1:
        assert len(reports) == records_in(values[0])
    elif values:
        # several lines are several records (the whole text is not one JSON value)
        assert len(reports) == len(values)


@FUZZ
@given(st.text(max_size=200))
def test_any_text(text):
    reports = run(text)
    if text.strip():
        assert reports


# ---- mutated valid records --------------------------------------------------------------------

HOSTILE = [
    None,
    True,
    0,
    -1,
    1.5,
    10**30,
    float("nan"),
    float("inf"),
    -float("inf"),
    "",
    " ",
    "x" * 100_000,
    "JH" * 5000,
    "\u202e\u0000\ufeff",
    "♥♦♣♠",
    "🂡",
    "JOKER",
    "1H",
    "HJ",
    "ZZ",
    [],
    {},
    [[[[[]]]]],
    {"do": "pass"},
    ["JH"] * 6,
    {"N": ["JH"]},
    "N",
    "NS",
    "NT",
]


def paths(value, prefix=()):
    """Every path (keys and indices) inside a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def get_parent(record, path):
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    return parent


def deep(depth: int) -> str:
    """A placeholder that ``dump`` writes as a list nested ``depth`` deep."""
    return f"\x00DEEP{depth}"


def dump(value) -> str:
    """JSON text of a value, with ``deep`` placeholders written out (json.dumps itself
    cannot nest that deep)."""
    text = json.dumps(value)
    return re.sub(r'"\\u0000DEEP(\d+)"', lambda m: "[" * int(m[1]) + '"JH"' + "]" * int(m[1]), text)


@st.composite
def mutated(draw):
    record = copy.deepcopy(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                [
                    "replace",
                    "delete",
                    "insert",
                    "duplicate_card",
                    "foreign_card",
                    "reorder",
                    "repeat",
                    "drop",
                    "deep",
                ]
            )
        )
        all_paths = [p for p in paths(record) if p]
        if kind in ("replace", "delete", "insert", "deep") and all_paths:
            path = draw(st.sampled_from(all_paths))
            parent = get_parent(record, path)
            if kind == "replace":
                # a copy: a shared value could be mutated again, even into itself
                parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(HOSTILE) | json_values))
            elif kind == "deep":
                # 200 always parses; 3000 never does (then the record is "not valid JSON")
                parent[path[-1]] = deep(draw(st.sampled_from([10, 200, 3000])))
            elif kind == "delete":
                del parent[path[-1]]
            elif isinstance(parent, dict):
                parent[draw(st.text(max_size=8))] = draw(json_values)
            else:
                parent.insert(path[-1], draw(json_values))
        elif kind == "duplicate_card" and isinstance(record.get("hands"), dict):
            seats = [
                s for s in "NESW" if isinstance(record["hands"].get(s), list) and record["hands"][s]
            ]
            if len(seats) >= 2:
                a, b = draw(st.lists(st.sampled_from(seats), min_size=2, max_size=2, unique=True))
                record["hands"][a][0] = record["hands"][b][-1]
        elif kind == "foreign_card" and isinstance(record.get("hands"), dict):
            seat = draw(st.sampled_from("NESW"))
            if isinstance(record["hands"].get(seat), list) and record["hands"][seat]:
                record["hands"][seat][0] = draw(st.sampled_from(["JOKER", "8H", "1S", "JX", "AA"]))
        elif isinstance(record.get("actions"), list) and record["actions"]:
            actions = record["actions"]
            if kind == "reorder":
                record["actions"] = draw(st.permutations(actions))
            elif kind == "repeat":
                i = draw(st.integers(0, len(actions) - 1))
                actions.insert(i, copy.deepcopy(actions[i]))
            else:
                del actions[draw(st.integers(0, len(actions) - 1))]
    return record


@FUZZ
@given(mutated())
def test_mutated_records(record):
    reports = run(dump(record))
    assert len(reports) == 1


@FUZZ
@given(st.lists(mutated(), min_size=2, max_size=4))
def test_mutated_records_as_a_list_and_as_lines(records):
    as_list = run(dump(records))
    as_lines = run("\n".join(dump(r) for r in records))
    assert len(as_lines) == len(records)
    if "DEEP3000" not in json.dumps(records):
        assert as_list == as_lines
    else:  # too deep for Python's JSON reader: the list as a whole is not readable
        assert len(as_list) in (1, len(records))


@FUZZ
@given(st.sampled_from(VALID), st.data())
def test_actions_out_of_order(record, data):
    record = copy.deepcopy(record)
    if len(record["actions"]) >= 2:
        record["actions"] = data.draw(st.permutations(record["actions"]))
    [report] = run(json.dumps(record))
    if not report["ok"]:
        assert "step" in report and report["step"] < len(record["actions"])


# ---- hostile texts, one by one ----------------------------------------------------------------

HOSTILE_TEXTS = [
    "[" * 100_000,
    "{" * 100_000,
    '{"a":' * 50_000,
    dump(deep(990)),
    dump({"dealer": deep(900), "hands": {}, "upcard": "AD"}),
    dump(dict(VALID[0], upcard=deep(950))),
    dump(dict(VALID[0], actions=[{"seat": "N", "do": "play", "card": deep(985)}])),
    '{"dealer": "\\ud800", "hands": {}, "upcard": "AD"}',  # a lone surrogate
    json.dumps(dict(VALID[0], dealer="\udfff")),
    json.dumps(dict(VALID[0], upcard="\ud83c")),
    json.dumps(dict(VALID[0], rules={"preset": "\ud800"})),
    json.dumps(dict(VALID[0], rules={"\ud800": True})),
    json.dumps(dict(VALID[0], hands={"\ud800": []})),
    json.dumps(dict(VALID[0], actions=[{"seat": "N", "do": "\ud800"}])),
    json.dumps(dict(VALID[0], actions=[{"seat": "N", "do": "play", "card": ["\ud800"] * 3}])),
    json.dumps(dict(VALID[0], actions=[{"seat": "N", "do": "play", "card": list(range(100_000))}])),
    json.dumps(dict(VALID[0], **{"\ud800": 1})),
    json.dumps(dict(VALID[0], rules={"target_points": float("nan")})),
    json.dumps(dict(VALID[0], rules={"target_points": float("inf")})),
    json.dumps(dict(VALID[0], rules={"target_points": 10**300})),
    json.dumps(dict(VALID[0], rules={"preset": ["bga"]})),
    json.dumps(dict(VALID[0], rules={"alone_decision": ["any"]})),
    json.dumps(dict(VALID[0], rules={"alone_decision": {"a": 1}})),
    json.dumps(dict(VALID[0], rules=[["preset", "bga"]])),
    json.dumps(dict(VALID[0], rules=None)),
    json.dumps(dict(VALID[0], dealer="x" * 1_000_000)),
    json.dumps({"x" * 100_000: 1}),
    "NaN",
    "Infinity",
    "-Infinity",
    "null",
    "true",
    "1e999",
    "-0",
    '""',
    "[]",
    "{}",
    "\ufeff" + json.dumps(VALID[0]),
    "\x00\x01\x02",
    json.dumps(VALID[0]) + "\n" + json.dumps(VALID[1]) + "}",
    json.dumps(VALID[0]) + " " + json.dumps(VALID[1]),
    "\r\n".join(json.dumps(r) for r in VALID[:3]),
    "\u2028".join(json.dumps(r) for r in VALID[:2]),
]


@pytest.mark.parametrize("text", HOSTILE_TEXTS, ids=range(len(HOSTILE_TEXTS)))
def test_hostile_texts(text):
    reports = run(text)
    assert reports or text == "[]"  # an empty list holds no record


@pytest.mark.parametrize(
    "text",
    [
        '{"dealer": "W", "upcard": 1' + "0" * 5000 + "}",
        json.dumps(VALID[0])[:-1] + ', "x": ' + "9" * 4301 + "}",
    ],
    ids=["record", "json-lines"],
)
def test_huge_integer_is_reported_not_raised(text):
    reports = run(text + "\n" + json.dumps(VALID[0]))
    assert [r["ok"] for r in reports] == [False, True]


def test_lone_surrogates_never_reach_the_output():
    """A lone surrogate cannot be written to a UTF-8 stdout: the referee must escape it."""
    for text in HOSTILE_TEXTS[6:16]:
        out = io.StringIO()
        main([], stdin=io.StringIO(text), stdout=out, stderr=io.StringIO())
        out.getvalue().encode("utf-8")


def test_nan_is_not_echoed():
    for value in (float("nan"), float("inf")):
        [report] = run(json.dumps(dict(VALID[0], rules={"target_points": value})))
        assert report["ok"] is False and "target_points" in report["error"]
        assert not any(isinstance(v, float) and not math.isfinite(v) for v in report.values())
