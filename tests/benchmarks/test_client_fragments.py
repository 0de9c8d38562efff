"""The protocol client follows fragment runs as the browser does (no server): a
fragment's run drops only that fragment's nodes it did not draw again, a widget drawn
by a fragment reruns only that fragment, and an auto-rerun timer keeps its start while
its interval holds."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit_client import FINISHED, FRAGMENT_FINISHED, Tab  # noqa: E402

FRAGMENT = "question-panel"


def started(tab: Tab, *fragments: str) -> None:
    msg = ForwardMsg()
    msg.new_session.initialize.session_id = "s"
    msg.metadata.run.fragment_ids.extend(fragments)
    tab._handle(msg)


def drawn(tab: Tab, path: tuple[int, ...], text: str, fragment: str = "", button: str = "") -> None:
    msg = ForwardMsg()
    msg.metadata.delta_path.extend(path)
    msg.delta.fragment_id = fragment
    if button:
        msg.delta.new_element.button.id = f"$$ID-abc-{button}"
        msg.delta.new_element.button.label = text
    else:
        msg.delta.new_element.heading.body = text
    tab._handle(msg)


def finished(tab: Tab, status: int) -> None:
    msg = ForwardMsg()
    msg.script_finished = status
    tab._handle(msg)


def auto_rerun(tab: Tab, interval: float) -> None:
    msg = ForwardMsg()
    msg.auto_rerun.fragment_id, msg.auto_rerun.interval = FRAGMENT, interval
    tab._handle(msg)


def test_a_fragment_run_drops_only_its_own_stale_nodes():
    tab = Tab("http://127.0.0.1:1")
    started(tab)
    drawn(tab, (0, 0), "Join a class")
    drawn(tab, (0, 1, 0), "Waiting", FRAGMENT)
    drawn(tab, (0, 1, 1), "Send", FRAGMENT, button="join-send")
    finished(tab, FINISHED)
    started(tab, FRAGMENT)
    drawn(tab, (0, 1, 0), "Question 1", FRAGMENT)
    finished(tab, FRAGMENT_FINISHED)
    assert tab.texts("heading") == ["Join a class", "Question 1"]
    assert tab.widget(key="join-send") is None


def test_a_widget_in_a_fragment_reruns_only_that_fragment():
    tab = Tab("http://127.0.0.1:1")
    started(tab)
    drawn(tab, (0, 1, 0), "Send", FRAGMENT, button="join-send")
    finished(tab, FINISHED)
    node = tab.widget(key="join-send")
    sent = BackMsg()
    sent.ParseFromString(
        tab._rerun_message((node.wid, "trigger_value", True), node.fragment, auto=False)
    )
    assert sent.rerun_script.fragment_id == FRAGMENT and not sent.rerun_script.is_auto_rerun
    polled = BackMsg()
    polled.ParseFromString(tab._rerun_message(None, FRAGMENT))
    assert polled.rerun_script.is_auto_rerun


def test_an_auto_rerun_timer_keeps_its_start_while_the_interval_holds():
    tab = Tab("http://127.0.0.1:1")
    auto_rerun(tab, 1.0)
    since = tab.auto_rerun_since[FRAGMENT]
    auto_rerun(tab, 1.0)  # the page ran again: the browser keeps its timer
    assert tab.auto_rerun_since[FRAGMENT] == since
    auto_rerun(tab, 2.0)  # a new interval: a new timer
    assert tab.auto_reruns[FRAGMENT] == 2.0 and tab.auto_rerun_since[FRAGMENT] >= since
