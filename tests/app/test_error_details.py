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
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60, check=True)
    sent = json.loads(result.stdout.strip().splitlines()[-1])
    assert sent["setting"] == "none"
    assert sent["message"].startswith("This app has encountered an error.")
    assert sent["type"] == "" and sent["stack_trace"] == []
    assert str(cli.APP.parent) not in json.dumps(sent)
