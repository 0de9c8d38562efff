"""AppTest as tests/conftest.py sets it up: a run is waited for on its script thread (not
by polling), under AppTest's own timeout and error, and without usage statistics."""

from __future__ import annotations

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

SLOW = """
import time
import streamlit as st

for number in range(400):  # 20 s unless stopped: each st.write lets a stop request in
    st.write(number)
    time.sleep(0.05)
"""


def test_a_run_longer_than_its_timeout_is_stopped_with_apptests_own_error(tmp_path):
    script = tmp_path / "slow.py"
    script.write_text(SLOW, encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=0.5)
    with pytest.raises(RuntimeError, match=r"AppTest script run timed out after 0\.5\(s\)"):
        at.run()


def test_a_run_that_ends_in_time_is_read_whole_and_gathers_no_statistics(tmp_path):
    script = tmp_path / "quick.py"
    script.write_text("import streamlit as st\nst.write('one')\nst.write('two')\n")
    at = AppTest.from_file(str(script), default_timeout=30).run()
    assert [element.value for element in at.markdown] == ["one", "two"]
    assert config.get_option("browser.gatherUsageStats") is False
