"""The euchre-tutorial command: which server it starts, on which address and port,
with which settings."""

import json
import subprocess
import sys

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
    assert argv[1:4] == ["-m", "tutorial_app.serve", "run"] and argv[4] == str(cli.SERVED)
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
    assert cli.APP.is_file() and cli.SERVED.is_file()


def test_streamlit_run_serves_the_app_with_its_headers():
    """``streamlit run`` finds the served file's ``App`` by reading it (no import): if it
    did not, it would run the file as a page and serve an empty app."""
    from streamlit.web.server.app_discovery import discover_asgi_app

    found = discover_asgi_app(cli.SERVED)
    assert found.is_asgi_app and found.import_string == "asgi:app"


def test_server_settings_apply_from_any_working_folder(tmp_path):
    """Streamlit reads tutorial_app/.streamlit/config.toml beside the script, so the
    served settings hold wherever the server is started (here: an empty folder)."""
    probe = (
        "import json; from streamlit import config; from streamlit.web import bootstrap; "
        f"config._main_script_path = {str(cli.SERVED)!r}; "
        "bootstrap.load_config_options(flag_options={}); "
        "print(json.dumps({k: config.get_option(k) for k in "
        "('runner.postScriptGC', 'server.fileWatcherType', 'theme.primaryColor')}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    settings = json.loads(result.stdout.strip().splitlines()[-1])
    assert settings == {
        "runner.postScriptGC": False,
        "server.fileWatcherType": "none",
        "theme.primaryColor": "#0b6b2f",
    }


def test_served_sockets_set_tcp_nodelay_for_every_accepted_connection():
    """The launcher's fix: a TCP socket made as Streamlit makes its server socket
    (no protocol named) hands TCP_NODELAY to each connection it accepts."""
    code = (
        "import socket; from tutorial_app.serve import install_nodelay_on_listen; "
        "install_nodelay_on_listen(); install_nodelay_on_listen(); "
        "server = socket.socket(socket.AF_INET, socket.SOCK_STREAM); "
        "server.bind(('127.0.0.1', 0)); server.listen(); "
        "client = socket.create_connection(server.getsockname()); "
        "accepted, _ = server.accept(); "
        "print(accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True
    )
    assert result.stdout.strip() == "1"


def test_the_launcher_preloads_every_module_the_pages_import():
    """The warm-up imports the app's modules before the first learner, and leaves the
    scripts Streamlit runs itself (the router and pages) alone."""
    code = (
        "import sys; from tutorial_app.serve import preload_app; names = preload_app(); "
        "print(sorted(set(names) - set(sys.modules)), "
        "'tutorial_app.features.learn.lesson' in names, "
        "any(n.startswith('tutorial_app.features.') and n.endswith('page') for n in sys.modules), "
        "'pandas' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "[] True False True"


def test_serving_the_network_prints_the_address_learners_open(started, monkeypatch, capsys):
    """A class needs the machine's network address: 127.0.0.1 in a join link or a QR
    code reaches no learner's phone."""
    monkeypatch.setattr(cli, "network_address", lambda: "192.168.1.20")
    started("--host", "0.0.0.0", "--port", "8600")
    assert "learners open http://192.168.1.20:8600/" in capsys.readouterr().out
    monkeypatch.setattr(cli, "network_address", lambda: None)
    started("--host", "0.0.0.0")
    assert "learners open this machine's address" in capsys.readouterr().out


def test_the_network_address_is_never_loopback(monkeypatch):
    found = cli.network_address()
    assert found is None or not found.startswith("127.")

    class NoNetwork:
        def __init__(self, *args):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(cli.socket, "socket", NoNetwork)
    assert cli.network_address() is None
