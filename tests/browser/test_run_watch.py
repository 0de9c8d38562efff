"""The tests' run watch (run_watch.js) counts the reruns a page asks for, so that
``wait_for_app`` waits for their answers: a click's rerun counts, and a page's own full
rerun; a fragment's timed rerun and a fragment's rerun that no input asked for (a live
class's watcher) do not: the server drops a fragment's rerun silently when a full run
removed its fragment first, and a counted ask with no answer kept a teacher's page
"unsettled" for the whole 90 s bound.

The messages are Streamlit's own BackMsg protobufs, sent on a socket that never connects:
the watch counts in ``send`` before the browser refuses the send.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from test_browser_pages import RUN_WATCH


def rerun_bytes(**client_state) -> list[int]:
    message = BackMsg(rerun_script=ClientState(**client_state))
    return list(message.SerializeToString())


SEND_ON_A_SOCKET = """([bytes, clicked]) => {
  if (clicked) document.body.click();  // an input: the watch expects a request soon
  const socket = new WebSocket('ws://127.0.0.1:9/never');
  try { socket.send(new Uint8Array(bytes)); } catch (refused) {}
  return window.__runWatch.asked;
}"""


@pytest.mark.parametrize(
    ("client_state", "clicked", "counted"),
    [
        ({"query_string": "", "page_name": "home"}, True, 1),  # a click's full rerun
        ({"query_string": "", "page_name": "home"}, False, 1),  # a page's own report
        ({"fragment_id": "table", "page_name": "class"}, True, 1),  # a click in a fragment
        ({"fragment_id": "news", "page_name": "class"}, False, 0),  # a watcher saw news
        ({"fragment_id": "news", "is_auto_rerun": True, "query_string": "code=AB12"}, False, 0),
    ],
    ids=["click", "report", "click-in-fragment", "watcher", "timer"],
)
def test_only_reruns_someone_waits_for_are_counted(page: Page, client_state, clicked, counted):
    page.goto("about:blank")
    page.evaluate(RUN_WATCH)
    assert page.evaluate(SEND_ON_A_SOCKET, [rerun_bytes(**client_state), clicked]) == counted
