"""An unexpected error never shows a learner a server path: the served settings
(tutorial_app/.streamlit/config.toml) set ``client.showErrorDetails`` to ``none``, and
Streamlit then sends a plain sentence with no message, type or traceback."""

from __future__ import annotations

import json
import subprocess
import sys

from tutorial_app import cli

# In a fresh process (Streamlit's settings are process-wide): load the served settings as
# the server does, then build what the browser is sent for an error raised in the app.
PROBE = f"""
import json
from streamlit import config
from streamlit.web import bootstrap
from streamlit.elements import exception
from streamlit.proto.Exception_pb2 import Exception as ExceptionProto

config._main_script_path = {str(cli.APP)!r}
bootstrap.load_config_options(flag_options={{}})
try:
    open({str(cli.APP.parent / "no-such-file.sqlite3")!r})
except OSError as error:
    sent = ExceptionProto()
    exception.marshall(sent, error, apply_show_error_details=True)
print(json.dumps({{"setting": config.get_option("client.showErrorDetails"),
                  "message": sent.message, "type": sent.type,
                  "stack_trace": list(sent.stack_trace)}}))
"""


def test_an_unexpected_error_shows_a_plain_sentence_and_no_server_path(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    sent = json.loads(result.stdout.strip().splitlines()[-1])
    assert sent["setting"] == "none"
    assert sent["message"].startswith("This app has encountered an error.")
    assert sent["type"] == "" and sent["stack_trace"] == []
    assert str(cli.APP.parent) not in json.dumps(sent)


def test_the_served_app_shows_its_own_plain_words_for_an_unexpected_error(tmp_path):
    """The served app (tutorial_app/asgi.py) hands Streamlit our handler; the handler
    draws plain words and tells Streamlit to show nothing more."""
    probe = r"""
import json
from streamlit.testing.v1 import AppTest
import tutorial_app.asgi as served
from tutorial_app.unexpected_error import APOLOGY, show_plain_error

PAGE = (
    "from tutorial_app.unexpected_error import show_plain_error\n"
    "print('suppressed', show_plain_error(OSError('/srv/secret/path')))\n")
at = AppTest.from_string(PAGE).run()
print(json.dumps({"wired": served.app._on_script_error is show_plain_error,
                  "errors": [error.value for error in at.error],
                  "exception": bool(at.exception), "apology": APOLOGY}))
"""
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    shown = json.loads(lines[-1])
    assert shown["wired"] and not shown["exception"]
    assert shown["errors"] == [shown["apology"]]
    assert "suppressed True" in result.stdout
    assert "/srv/secret" not in json.dumps(shown["errors"])
