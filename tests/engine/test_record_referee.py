"""Hand records and the referee (HAND_RECORD.md): the output shape, errors, exit codes, I/O."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine.__main__ as engine_main
from engine import Phase, Reason, Suit
from engine.errors import NotationError, RecordError, RulesError
from engine.record import HandRecord, ReplayError
from engine.referee import main

REPO = Path(__file__).resolve().parents[2]

# The record of HAND_RECORD.md, with full and consistent hands:
#   stock TC KC JD; East orders up diamonds; West discards 9S; North leads AS.
HANDS = {
    "N": ["9C", "TD", "JH", "QS", "AS"],
    "E": ["9D", "TS", "QH", "AC", "KH"],
    "S": ["9H", "QC", "AH", "KS", "TH"],
    "W": ["JC", "JS", "QD", "KD", "9S"],
}
ACTIONS = [
    {"seat": "N", "do": "pass"},
    {"seat": "E", "do": "order_up"},
    {"seat": "E", "do": "with_partner"},
    {"seat": "W", "do": "discard", "card": "9S"},
    {"seat": "N", "do": "pass"},
    {"seat": "S", "do": "pass"},
    {"seat": "N", "do": "play", "card": "AS"},
]
DOC_RECORD = {
    "rules": {"preset": "bga", "lone_defender": True},
    "dealer": "W",
    "hands": HANDS,
    "upcard": "AD",
    "actions": ACTIONS,
}

# Hearts trump after a round-2 call; East's only heart is the left bower (JD).
HEARTS = {
    "dealer": "W",
    "upcard": "9C",
    "rules": {"preset": "cardsuite"},
    "hands": {
        "N": ["AH", "9D", "TS", "QC", "KS"],
        "E": ["JD", "AC", "KC", "TC", "9S"],
        "S": ["KH", "QD", "AS", "JC", "KD"],
        "W": ["QH", "TH", "AD", "JS", "QS"],
    },
    "actions": [{"seat": s, "do": "pass"} for s in "NESW"]
    + [{"seat": "N", "do": "call", "suit": "H"}, {"seat": "N", "do": "with_partner"}],
}


def referee(*records, argv=(), text=None):
    """Run the referee in-process on records (or raw text); return (code, reports, stderr)."""
    if text is None:
        text = "\n".join(json.dumps(r) for r in records)
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(text), stdout=out, stderr=err)
    lines = out.getvalue().splitlines()
    assert out.getvalue() == "" or out.getvalue().endswith("\n")
    return code, [json.loads(line) for line in lines], err.getvalue()


def one(record, **kwargs):
    code, reports, err = referee(record, **kwargs)
    assert code == 0 and err == "" and len(reports) == 1
    return reports[0]


def with_actions(base, actions):
    return dict(base, actions=actions)


# ---- the output shape ----------------------------------------------------------------------


def test_doc_record_report_shape_exactly():
    report = one(DOC_RECORD)
    assert list(report) == [
        "ok",
        "steps",
        "trump",
        "makers",
        "alone",
        "sitting_out",
        "tricks",
        "tricks_won",
        "result",
        "next",
    ]
    assert report["ok"] is True
    assert report["steps"][0] == {
        "seat": "N",
        "phase": "bid1",
        "legal": [{"do": "order_up"}, {"do": "pass"}],
        "did": {"do": "pass"},
    }
    assert [s["phase"] for s in report["steps"]] == [
        "bid1",
        "bid1",
        "alone",
        "discard",
        "defend_alone",
        "defend_alone",
        "play",
    ]
    assert [s["seat"] for s in report["steps"]] == ["N", "E", "E", "W", "N", "S", "N"]
    assert [s["did"] for s in report["steps"]] == [
        {k: v for k, v in a.items() if k != "seat"} for a in ACTIONS
    ]
    for step in report["steps"]:
        assert list(step) == ["seat", "phase", "legal", "did"]
    assert report["steps"][2]["legal"] == [{"do": "alone"}, {"do": "with_partner"}]
    assert sorted(a["card"] for a in report["steps"][3]["legal"]) == sorted(
        ["JC", "JS", "QD", "KD", "9S", "AD"]
    )
    assert all(a["do"] == "discard" for a in report["steps"][3]["legal"])
    assert report["steps"][4]["legal"] == [{"do": "alone"}, {"do": "pass"}]
    assert report["trump"] == "D" and report["makers"] == "EW"
    assert report["alone"] == [] and report["sitting_out"] == []
    assert report["tricks"][0]["leader"] == "N"
    assert report["tricks"][0]["cards"] == [["N", "AS"]]
    assert report["tricks"][0]["winner"] is None  # the trick is still on the table
    assert report["tricks_won"] == {"NS": 0, "EW": 0}
    assert report["result"] is None
    assert report["next"] == {"seat": "E", "phase": "play", "legal": [{"do": "play", "card": "TS"}]}


def play_out(record):
    """Complete a record by always taking the first legal action the referee offers."""
    record = json.loads(json.dumps(record))
    while True:
        report = one(record)
        assert report["ok"], report
        if report["next"] is None:
            return record, report
        nxt = report["next"]
        record["actions"].append({"seat": nxt["seat"], **nxt["legal"][0]})


def test_finished_hand_report():
    record, report = play_out(DOC_RECORD)
    assert report["next"] is None
    result = report["result"]
    assert list(result) == ["thrown_in", "points", "makers_tricks"]
    assert result["thrown_in"] is False
    assert set(result["points"]) == {"NS", "EW"}
    assert sorted(result["points"].values())[0] == 0
    assert len(report["tricks"]) == 5
    for trick in report["tricks"]:
        assert list(trick) == ["leader", "cards", "winner"]
        assert len(trick["cards"]) == 4 and trick["winner"] in "NESW"
        assert trick["cards"][0][0] == trick["leader"]
    assert report["tricks_won"]["NS"] + report["tricks_won"]["EW"] == 5
    makers = report["makers"]
    assert result["makers_tricks"] == report["tricks_won"][makers]
    assert len(report["steps"]) == len(record["actions"])


def test_thrown_in_report():
    record = dict(HEARTS, actions=[{"seat": s, "do": "pass"} for s in "NESWNESW"])
    report = one(record)
    assert report["ok"] and report["next"] is None
    assert report["result"]["thrown_in"] is True
    assert report["result"]["points"] == {"NS": 0, "EW": 0}
    assert report["trump"] is None and report["makers"] is None
    assert [s["phase"] for s in report["steps"]] == ["bid1"] * 4 + ["bid2"] * 4
    calls = [{"do": "call", "suit": s} for s in "DHS"]
    assert report["steps"][4]["legal"] == calls + [{"do": "pass"}]


def test_every_phase_name_appears():
    seen = set()
    for record in (DOC_RECORD, HEARTS):
        seen |= {s["phase"] for s in play_out(record)[1]["steps"]}
    benny = {
        "rules": {"benny": True},
        "dealer": "N",
        "upcard": "JOKER",
        "hands": HANDS,
        "actions": [],
    }
    seen |= {s["phase"] for s in play_out(benny)[1]["steps"]}
    assert seen == {"bid1", "bid2", "name_trump", "alone", "discard", "defend_alone", "play"}


def test_cards_are_written_canonically():
    hands = {
        "N": ["9c", "10d", "J♥", "qs", "A♠"],
        "E": ["9D", "10S", "QH", "AC", "KH"],
        "S": ["9♥", "QC", "AH", "KS", "TH"],
        "W": ["JC", "JS", "QD", "KD", "9s"],
    }
    record = dict(
        DOC_RECORD,
        hands=hands,
        upcard="a♦",
        actions=ACTIONS[:3]
        + [{"seat": "w", "do": "discard", "card": "9♠"}]
        + ACTIONS[4:6]
        + [{"seat": "N", "do": "play", "card": "a♠"}],
    )
    report = one(record)
    assert report == one(DOC_RECORD)
    text = json.dumps(report, ensure_ascii=False)
    for spelling in ("10", "♠", "♦", "♥", "9s", "a♠"):
        assert spelling not in text


def test_no_trump_and_alone_in_the_report():
    record = dict(
        HEARTS,
        rules={"preset": "cardsuite", "no_trump": True},
        actions=HEARTS["actions"][:4]
        + [{"seat": "N", "do": "call", "suit": "NT"}, {"seat": "N", "do": "alone"}],
    )
    report = one(record)
    assert report["trump"] == "NT" and report["makers"] == "NS"
    assert report["alone"] == ["N"] and report["sitting_out"] == ["S"]
    assert report["next"]["seat"] == "N" and report["next"]["phase"] == "play"


# ---- errors --------------------------------------------------------------------------------


def test_illegal_action_step_counted_from_0_with_the_steps_before_it():
    record = with_actions(
        HEARTS,
        HEARTS["actions"]
        + [{"seat": "N", "do": "play", "card": "AH"}, {"seat": "E", "do": "play", "card": "AC"}],
    )
    report = one(record)
    assert list(report) == ["ok", "step", "error", "steps"]
    assert report["ok"] is False and report["step"] == 7
    assert len(report["steps"]) == 7
    assert report["error"] == (
        "East must follow hearts: the jack of diamonds is a heart when hearts are trump."
    )


@pytest.mark.parametrize(
    "bad,step,says",
    [
        ({"seat": "E", "do": "fly"}, 3, "'fly'"),
        ({"seat": "X", "do": "pass"}, 3, "'X'"),
        ({"do": "pass"}, 3, "seat"),
        ({"seat": "W", "do": "discard", "card": "1S"}, 3, "'1S'"),
        ({"seat": "W", "do": "discard"}, 3, "card"),
        ("pass", 3, "object"),
        ({"seat": "N", "do": "pass"}, 3, "West"),  # not N's turn
        ({"seat": "W", "do": "discard", "card": "9C"}, 3, "nine of clubs"),
    ],
)
def test_first_malformed_or_illegal_action(bad, step, says):
    record = with_actions(DOC_RECORD, ACTIONS[:3] + [bad] + ACTIONS[4:])
    report = one(record)
    assert report["ok"] is False
    assert report["step"] == step
    assert len(report["steps"]) == step
    assert says in report["error"]
    assert report["steps"] == one(with_actions(DOC_RECORD, ACTIONS[:step]))["steps"]


def test_the_first_problem_is_reported_when_an_illegal_action_precedes_a_malformed_one():
    record = with_actions(DOC_RECORD, [{"seat": "E", "do": "pass"}, {"seat": "N", "do": "fly"}])
    report = one(record)
    assert report["step"] == 0 and "North" in report["error"]


@pytest.mark.parametrize(
    "change,says",
    [
        ({"dealer": "X"}, "'X'"),
        ({"upcard": "1H"}, "'1H'"),
        ({"upcard": "JOKER"}, "JOKER"),
        ({"upcard": "9C"}, "9C"),  # dealt twice
        ({"rules": {"preset": "bga", "stick_dealer": True}}, "stick_dealer"),
        ({"rules": {"preset": "nope"}}, "nope"),
        ({"rules": {"benny": True, "no_trump": True}}, "no_trump"),
        ({"rules": {"target_points": 0}}, "target_points"),
        ({"hands": {"N": HANDS["N"], "E": HANDS["E"], "S": HANDS["S"]}}, "W"),
        ({"hands": dict(HANDS, N=["9C", "TD", "JH", "QS"])}, "five"),
        ({"hands": dict(HANDS, X=HANDS["N"])}, "'X'"),
        ({"hands": dict(HANDS, N=["9C", "TD", "JH", "QS", "HJ"])}, "write rank then suit"),
        ({"actions": "pass"}, "list"),
        ({"colour": "red"}, "'colour'"),
    ],
)
def test_bad_records_get_ok_false_and_an_error_naming_the_problem(change, says):
    report = one(dict(DOC_RECORD, **change))
    assert report["ok"] is False
    assert says in report["error"]
    assert "step" not in report or change.get("actions") is not None
    assert "Traceback" not in report["error"]


@pytest.mark.parametrize("missing", ["dealer", "hands", "upcard"])
def test_missing_keys(missing):
    record = {k: v for k, v in DOC_RECORD.items() if k != missing}
    report = one(record)
    assert report["ok"] is False and missing in report["error"]


def test_rules_and_actions_are_optional():
    report = one({"dealer": "W", "hands": HANDS, "upcard": "AD"})
    assert report["ok"] is True and report["steps"] == []
    assert report["next"] == {
        "seat": "N",
        "phase": "bid1",
        "legal": [{"do": "order_up"}, {"do": "pass"}],
    }


@pytest.mark.parametrize("text", ["{", "not json", "{'dealer': 'W'}", "[1, 2"])
def test_not_json_is_reported_and_the_next_record_still_runs(text):
    code, reports, err = referee(text=text + "\n" + json.dumps(DOC_RECORD))
    assert code == 0 and err == ""
    assert len(reports) == 2
    assert reports[0]["ok"] is False and "JSON" in reports[0]["error"]
    assert reports[1]["ok"] is True


@pytest.mark.parametrize("value", [5, "text", None, [], True])
def test_a_record_must_be_an_object(value):
    report = one(value) if not isinstance(value, list) else one([value])
    assert report["ok"] is False and "object" in report["error"]


# ---- several records ---------------------------------------------------------------------


def test_json_lines_in_order():
    records = [DOC_RECORD, {"dealer": "Z"}, HEARTS]
    code, reports, _ = referee(*records)
    assert code == 0 and [r["ok"] for r in reports] == [True, False, True]


def test_a_json_list_of_records():
    code, reports, _ = referee(text=json.dumps([DOC_RECORD, HEARTS, 7]))
    assert code == 0 and [r["ok"] for r in reports] == [True, True, False]


def test_one_pretty_printed_record():
    code, reports, _ = referee(text=json.dumps(DOC_RECORD, indent=2))
    assert code == 0 and len(reports) == 1 and reports[0]["ok"]


def test_empty_input_prints_nothing():
    assert referee(text="") == (0, [], "")
    assert referee(text="\n\n  \n") == (0, [], "")


# ---- files, options, exit codes ----------------------------------------------------------


def test_reads_files_in_order_and_stdin_dash(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.jsonl"
    a.write_text(json.dumps(DOC_RECORD), encoding="utf-8")
    b.write_text(json.dumps(HEARTS) + "\n" + json.dumps({"dealer": "Q"}) + "\n", encoding="utf-8")
    code, reports, err = referee(argv=[str(a), str(b)], text="ignored")
    assert code == 0 and err == ""
    assert [r["ok"] for r in reports] == [True, True, False]
    code, reports, _ = referee(argv=[str(a), "-"], text=json.dumps(HEARTS))
    assert [r["trump"] for r in reports] == ["D", "H"]


def one_line(err: str) -> bool:
    return err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "argv,says",
    [
        (["--bogus"], "--bogus"),
        (["--rules"], "--rules"),
        (["--rules", "nope"], "nope"),
        (["--set", "stick_dealer=true"], "stick_dealer"),
        (["--set", "benny"], "benny"),
        (["--set", "benny=true", "--set", "no_trump=true"], "no_trump"),
        (["--set", "target_points=0"], "target_points"),
    ],
)
def test_usage_errors_exit_2_with_one_line(argv, says):
    code, reports, err = referee(DOC_RECORD, argv=argv)
    assert code == 2 and reports == []
    assert one_line(err) and says in err


@pytest.mark.parametrize("make", ["missing", "directory"])
def test_unreadable_file_exits_2_with_one_line(tmp_path, make):
    path = tmp_path / "nope.json"
    if make == "directory":
        path.mkdir()
    code, reports, err = referee(DOC_RECORD, argv=[str(path)])
    assert code == 2 and reports == []
    assert one_line(err) and str(path) in err


def test_file_that_is_not_utf8_exits_2_with_one_line(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"dealer": "W\xe9"}\n')
    code, reports, err = referee(argv=[str(path)], text="")
    assert code == 2 and reports == []
    assert one_line(err) and str(path) in err


def test_exit_0_whatever_the_records_hold():
    code, reports, err = referee(text="garbage\n" + json.dumps({"dealer": "W"}) + "\n[]\n")
    assert code == 0 and err == "" and len(reports) == 3


def test_default_rules_apply_only_to_records_without_rules():
    eight_passes = [{"seat": s, "do": "pass"} for s in "NESWNESW"]
    bare = {"dealer": "W", "hands": HEARTS["hands"], "upcard": "9C", "actions": eight_passes}
    # default bga: the stuck dealer may not pass
    stuck = one(bare)
    assert stuck["ok"] is False and stuck["step"] == 7 and "stick" in stuck["error"]
    assert one(bare, argv=["--rules", "cardsuite"])["result"]["thrown_in"] is True
    assert one(bare, argv=["--set", "stick_the_dealer=false"])["result"]["thrown_in"] is True
    assert one(bare, argv=["--rules", "pagat", "--set", "stick_the_dealer=on"])["ok"] is False
    given = dict(bare, rules={"preset": "bga"})
    assert one(given, argv=["--rules", "cardsuite"])["ok"] is False


def test_set_reads_numbers_and_words():
    bare = {
        "dealer": "W",
        "hands": HEARTS["hands"],
        "upcard": "9C",
        "actions": [{"seat": s, "do": "pass"} for s in "NESW"]
        + [{"seat": "N", "do": "call", "suit": "H"}, {"seat": "N", "do": "pass"}],
    }
    report = one(bare, argv=["--set", "alone_decision=any", "--set", "target_points=15"])
    assert report["ok"] is True and report["next"]["phase"] == "alone"


# ---- HandRecord ----------------------------------------------------------------------------


def test_hand_record_round_trip_and_canonical_json():
    record = HandRecord.from_json(DOC_RECORD)
    data = record.to_json()
    assert data["rules"] == {"preset": "bga", "lone_defender": True}
    assert data["hands"] == HANDS and data["upcard"] == "AD" and data["dealer"] == "W"
    assert data["actions"] == ACTIONS
    again = HandRecord.from_json(json.loads(json.dumps(data)))
    assert again.replay() == record.replay()
    assert HandRecord.loads(record.dumps()).to_json() == data
    state = record.replay()
    assert state.phase is Phase.PLAY and state.trump is Suit.DIAMONDS
    assert HandRecord.from_state(state).to_json() == data


def test_replay_error_counts_steps_from_0():
    actions = ACTIONS[:2] + [{"seat": "N", "do": "alone"}]
    record = HandRecord.from_json(with_actions(DOC_RECORD, actions))
    with pytest.raises(ReplayError) as info:
        record.replay()
    assert info.value.step == 2 and info.value.reason is Reason.NOT_YOUR_TURN


@pytest.mark.parametrize(
    "data,error",
    [
        ("[1]", RecordError),
        ('{"dealer": "W"}', RecordError),
        ("{", RecordError),
        ('{"dealer": "W", "hands": {}, "upcard": "AD", "rules": {"x": 1}}', RulesError),
        ('{"dealer": "W", "hands": {}, "upcard": "AD", "rules": {}}', RecordError),
        ('{"dealer": "Q", "hands": {}, "upcard": "AD"}', NotationError),
    ],
)
def test_hand_record_errors_are_euchre_errors(data, error):
    with pytest.raises(error):
        HandRecord.loads(data)


# ---- the command line, once, in a real process -----------------------------------------------


def test_python_m_engine_referee(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(DOC_RECORD) + "\n" + "not json\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "referee", str(path), "-"],
        input=json.dumps(HEARTS),
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert [json.loads(line)["ok"] for line in lines] == [True, False, True]


def test_engine_main_without_referee_is_a_usage_error(capsys):
    assert engine_main.main([]) == 2
    assert engine_main.main(["judge"]) == 2
    err = capsys.readouterr().err
    assert "usage" in err and "referee" in err


def test_an_action_after_the_end_is_reported():
    record = dict(
        HEARTS,
        actions=[{"seat": s, "do": "pass"} for s in "NESWNESW"] + [{"seat": "N", "do": "pass"}],
    )
    report = one(record)
    assert report["ok"] is False and report["step"] == 8 and len(report["steps"]) == 8
    assert "over" in report["error"]


def test_hand_record_loads_huge_number_is_a_record_error():
    with pytest.raises(RecordError):
        HandRecord.loads('{"dealer": 1' + "0" * 5000 + "}")
