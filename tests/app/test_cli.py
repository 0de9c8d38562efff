"""The euchre-tutorial command: which server it starts, on which address and port."""

import pytest

from tutorial_app import cli


@pytest.fixture
def started(monkeypatch):
    """Run main() and capture the command it would hand over to, instead of exec'ing it."""
    calls = []
    monkeypatch.setattr(cli.os, "execv", lambda path, argv: calls.append(argv))
    monkeypatch.delenv("PORT", raising=False)

    def run(*args):
        cli.main(list(args))
        return calls[-1]
    return run


def flag(argv, name):
    return argv[argv.index(name) + 1]


def test_defaults_to_localhost_8501(started, capsys):
    argv = started()
    assert argv[1:4] == ["-m", "streamlit", "run"] and argv[4] == str(cli.APP)
    assert flag(argv, "--server.address") == "127.0.0.1"
    assert flag(argv, "--server.port") == "8501"
    assert flag(argv, "--server.headless") == "true"
    assert flag(argv, "--browser.gatherUsageStats") == "false"
    assert "http://127.0.0.1:8501/" in capsys.readouterr().out


def test_port_from_environment_and_host_from_arguments(started, monkeypatch):
    monkeypatch.setenv("PORT", "9123")
    argv = started("--host", "0.0.0.0", "--theme.base", "dark")
    assert flag(argv, "--server.port") == "9123"
    assert flag(argv, "--server.address") == "0.0.0.0"
    assert argv[-2:] == ["--theme.base", "dark"]  # unknown flags go to streamlit


@pytest.mark.parametrize("bad", ["http", "0", "70000"])
def test_bad_port_is_a_usage_error(started, bad):
    with pytest.raises(SystemExit) as exit_info:
        started("--port", bad)
    assert exit_info.value.code == 2


def test_app_entrypoint_exists():
    assert cli.APP.is_file()
