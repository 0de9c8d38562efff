"""The tests' run watch (run_watch.js) counts the reruns a page asks for, so that
``wait_for_app`` waits for their answers: a click's rerun counts, a fragment's timed rerun
does not (the server drops one silently when a full run removed its fragment first, and
a counted ask with no answer kept a teacher's page "unsettled" for the whole 90 s bound).

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


SEND_ON_A_SOCKET = """(bytes) => {
  const socket = new WebSocket('ws://127.0.0.1:9/never');
  try { socket.send(new Uint8Array(bytes)); } catch (refused) {}
  return window.__runWatch.asked;
}"""


@pytest.mark.parametrize(
    ("client_state", "counted"),
    [
        ({"query_string": "", "page_name": "home"}, 1),  # a click's full rerun
        ({"fragment_id": "table", "page_name": "class"}, 1),  # a click in a fragment
        ({"fragment_id": "news", "is_auto_rerun": True, "query_string": "code=AB12"}, 0),
    ],
)
def test_a_timed_fragment_rerun_is_not_waited_for(page: Page, client_state, counted):
    page.goto("about:blank")
    page.evaluate(RUN_WATCH)
    assert page.evaluate(SEND_ON_A_SOCKET, rerun_bytes(**client_state)) == counted
