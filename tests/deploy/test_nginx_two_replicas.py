"""The deployment of docs/deploy.md, run: Debian's nginx with docs/nginx/euchre.conf
(HTTPS, cookie affinity) in front of two app processes on one throwaway PostgreSQL,
and a short live class through it, spoken over Streamlit's protocol as browsers would
(``streamlit_client.Tab``, with a cookie jar of one cookie).

What it shows: browsers that all come from one address (127.0.0.1, as a school behind
one NAT) spread over both replicas; every request of a browser (its page, a static
file, the host config, the health check, its websocket, a file upload to its session)
reaches one replica, the first included (each replica names itself in a response
header, set in tests only); a teacher on one replica and learners on both run a class;
plain HTTP sends browsers to HTTPS; no log nginx writes holds a token, key or transfer
code from an address, even for a request nginx refuses.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from app_server import serve
from helpers.class_pages import heading, poll_until, verdict
from helpers.postgres import new_database
from nginx_proxy import MISSING, nginx_in_front, tools
from streamlit_client import Tab

from tutorial_app.serve import AFFINITY_COOKIE, REPLICA_VARIABLE
from tutorial_app.store.classes import MAX_CLASS_MEMBERS

ROOT = Path(__file__).resolve().parents[2]
REPLICA = "X-Euchre-Replica"
# Enough browsers to see the spread; more only while too few landed beside the
# teacher's replica (each lands on either with about even odds: 40 all alike ~ 2**-39).
FEWEST_BROWSERS, MOST_BROWSERS = 12, 40
NAMES = ("Ana", "Bo", "Cy")
# What addresses may carry and logs must not: a learner's token, a teacher's key, a
# one-time transfer code (each unique, so a hit is this test's own).
SECRETS = {name: f"{name}{uuid.uuid4().hex}" for name in ("learner", "key", "transfer")}
LEAKY_QUERY = "&".join(f"{name}={value}" for name, value in SECRETS.items())


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def fetch(
    url: str,
    cookies: dict[str, str] | None = None,
    method: str = "GET",
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
):
    """One request as a browser with ``cookies`` sends it (redirects not followed):
    status, headers and body."""
    headers = dict(headers or {})
    if cookies:
        headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    request = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        with _OPENER.open(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def set_cookie(headers, name: str) -> str:
    """The whole ``Set-Cookie`` line for cookie ``name`` ("" when none)."""
    return next(
        (line for line in headers.get_all("Set-Cookie") or () if line.startswith(name + "=")), ""
    )


def cookie_value(line: str) -> str:
    return line.split(";")[0].partition("=")[2]


def upload(base: str, tab: Tab, cookies: dict[str, str], xsrf: str):
    """A file uploaded to the tab's session, as the file uploader sends it: the status
    (204 only on the replica that holds the session) and the headers."""
    boundary = uuid.uuid4().hex
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
        f'filename="answers.csv"\r\nContent-Type: text/csv\r\n\r\nlesson,answer\r\n'
        f"\r\n--{boundary}--\r\n"
    ).encode()
    status, headers, _ = fetch(
        f"{base}/_stcore/upload_file/{tab.session_id}/probe",
        {**cookies, "_streamlit_xsrf": xsrf},
        "PUT",
        body,
        {"Content-Type": f"multipart/form-data; boundary={boundary}", "X-Xsrftoken": xsrf},
    )
    return status, headers


def announced_upload(base: str, path: str, size: int) -> int:
    """The status nginx answers to an upload's headers announcing ``size`` bytes (the
    body is never sent: nginx judges the announced length)."""
    connection = http.client.HTTPSConnection(base.removeprefix("https://"), timeout=30)
    try:
        connection.putrequest("PUT", path)
        connection.putheader("Content-Length", str(size))
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


@dataclass
class Browser:
    """A browser tab that came through the proxy: its affinity cookie, the replica each
    of its requests reached (in order) and its open tab."""

    route: str
    replicas: list[str]
    tab: Tab


async def visit(base: str, path: str, query: str = "") -> Browser:
    """A fresh browser opening ``/path?query`` (its address also carrying the secrets):
    the page, a script bundle, the host config, the health check, the websocket and
    an upload, in a browser's order."""
    status, headers, page = await asyncio.to_thread(
        fetch, f"{base}/{path}?{query}&{LEAKY_QUERY}".replace("?&", "?")
    )
    assert status == 200
    cookie = set_cookie(headers, AFFINITY_COOKIE)
    assert cookie.endswith("; Secure"), "behind HTTPS the app marks its cookie Secure"
    jar, replicas = {AFFINITY_COOKIE: cookie_value(cookie)}, [headers[REPLICA]]
    bundle = re.search(rb'src="\./(static/js/[^"]+\.js)"', page).group(1).decode()
    for sub in (bundle, "_stcore/host-config", "_stcore/health"):
        status, headers, _ = await asyncio.to_thread(fetch, f"{base}/{sub}", jar)
        assert status == 200 and not set_cookie(headers, AFFINITY_COOKIE)
        replicas.append(headers[REPLICA])
    xsrf = cookie_value(set_cookie(headers, "_streamlit_xsrf"))
    tab = Tab(base)
    tab.cookies = dict(jar)
    await tab.open(path, query, cookie=xsrf)
    replicas.append(tab.handshake_headers[REPLICA])
    status, headers = await asyncio.to_thread(upload, base, tab, jar, xsrf)
    assert status == 204, "the upload reached a replica without the tab's session"
    replicas.append(headers[REPLICA])
    return Browser(jar[AFFINITY_COOKIE], replicas, tab)


async def answer(tab: Tab) -> str:
    """The first choice of the question on the learner's table; the note shown."""
    node = tab.widget(key="join-table", kind="bidi_component")
    model = json.loads(node.data)
    cards = [card["code"] for card in model["hand"] if card.get("clickable")]
    options = [action["id"] for action in model["actions"] if action["id"].startswith("option-")]
    await tab.send_event(node, *(("card", cards[0]) if cards else ("action", options[0])))
    if any(action["id"] == "check" for action in model["actions"]):
        await tab.send_event(tab.widget(key="join-table"), "action", "check")
    return json.loads(tab.widget(key="join-table").data)["message"]["title"]


async def class_behind_nginx(folder: Path, database: str, set_env) -> dict:
    # One database and one cookie secret (Streamlit takes it from the environment only).
    env = {"EUCHRE_TUTORIAL_DB": database, "STREAMLIT_SERVER_COOKIE_SECRET": uuid.uuid4().hex}
    async with (
        serve(ROOT, [], folder / "one.log", env={**env, REPLICA_VARIABLE: "one"}) as one,
        serve(ROOT, [], folder / "two.log", env={**env, REPLICA_VARIABLE: "two"}) as two,
    ):
        upstreams = [server.base_url.removeprefix("http://") for server in (one, two)]
        with nginx_in_front(upstreams) as proxy:
            set_env("SSL_CERT_FILE", str(proxy.certificate))  # trust its certificate
            base = proxy.https_url
            seen: dict = {"upstreams": upstreams}
            seen["redirect"] = await asyncio.to_thread(
                fetch, f"{proxy.http_url}/join?{LEAKY_QUERY}"
            )
            seen["too_large"] = await asyncio.to_thread(
                announced_upload, base, f"/_stcore/upload_file/a/b?{LEAKY_QUERY}", 4 << 20
            )

            teacher = await visit(base, "class")
            await teacher.tab.click(teacher.tab.widget(key="class-start"))
            code = parse_qs(teacher.tab.query)["class"][0]
            # Learners: two on the other replica than the teacher's, one on the same.
            browsers, learners = [teacher], []
            wanted = {True: 2, False: 1}  # away from the teacher? -> how many
            while len(browsers) < FEWEST_BROWSERS or wanted[True]:
                assert len(browsers) < MOST_BROWSERS, "the browsers did not spread"
                browser = await visit(base, "join", f"code={code}")
                browsers.append(browser)
                away = browser.replicas[0] != teacher.replicas[0]
                if wanted[away]:
                    wanted[away] -= 1
                    learners.append(browser)
                else:
                    await browser.tab.close()
            seen["browsers"] = [(b.route, b.replicas) for b in browsers]
            seen["learners"] = [b.replicas[0] for b in learners]
            seen["teacher"] = teacher.replicas[0]

            for browser, name in zip(learners, NAMES, strict=False):
                tab = browser.tab
                await tab.set(tab.widget(key="join-name"), name)
                await tab.click(tab.widget(key="join-button"))
                assert "Waiting for the next question" in " ".join(tab.texts("alert:info"))
            await teacher.tab.set(teacher.tab.widget(key="class-from"), ["A Practise topic"])
            await teacher.tab.click(teacher.tab.widget(key="class-push"))
            for browser in learners:
                await poll_until(browser.tab, lambda t: "Question 1" in heading(t), seconds=20)
            seen["answered"] = [await answer(browser.tab) for browser in learners]
            await teacher.tab.poll()  # the count, from answers on both replicas
            seen["count"] = " ".join(teacher.tab.texts("markdown"))
            await teacher.tab.click(teacher.tab.widget(key="class-reveal"))
            for browser in learners:
                await poll_until(
                    browser.tab, lambda t: verdict(t) in ("right", "wrong"), seconds=20
                )
            seen["verdicts"] = [verdict(browser.tab) for browser in learners]
            for browser in (teacher, *learners):
                await browser.tab.close()
            seen["code"] = code
            seen["logs"] = proxy.log_text()
            seen["site_log"] = (proxy.logs / "euchre.access.log").read_text()
    return seen


@pytest.fixture
def nginx_installed():
    if tools() is None:
        pytest.skip(MISSING)


def test_a_live_class_through_nginx_on_two_replicas(
    nginx_installed, postgres_cluster, tmp_path, monkeypatch
):
    with new_database(postgres_cluster) as database:
        with ThreadPoolExecutor(1) as pool:
            seen = pool.submit(
                asyncio.run,
                asyncio.wait_for(class_behind_nginx(tmp_path, database, monkeypatch.setenv), 180),
            ).result()
        from tutorial_app.store import open_classes

        members = open_classes(database).member_names(seen["code"])

    # One address, both replicas; each browser wholly on one, its first request included.
    spread = {replicas[0] for _, replicas in seen["browsers"]}
    assert spread == {"one", "two"}
    for route, replicas in seen["browsers"]:
        assert len(replicas) == 6 and set(replicas) == {replicas[0]}, (route, replicas)
    assert len({route for route, _ in seen["browsers"]}) == len(seen["browsers"])
    # The class: the teacher on one replica, learners on the other (and on the same).
    assert seen["learners"].count("two" if seen["teacher"] == "one" else "one") >= 2
    assert members == list(NAMES[: len(seen["learners"])])
    assert seen["answered"] == ["Your answer is in"] * len(seen["learners"])
    joined = f"**{len(members)}** learners joined (up to {MAX_CLASS_MEMBERS})"
    assert f"{joined} · **{len(members)}** answered" in seen["count"]
    assert all(v in ("right", "wrong") for v in seen["verdicts"])
    # HTTP only redirects; an oversized upload stops at nginx.
    status, headers, _ = seen["redirect"]
    assert status == 301 and headers["Location"].startswith("https://127.0.0.1/join?")
    assert seen["too_large"] == 413
    # The logs: no secret anywhere; every request in the site's own log, by path and replica.
    leaked = [name for name, value in SECRETS.items() if value in seen["logs"]]
    assert leaked == [], f"nginx logged the {leaked} from an address"
    log = seen["site_log"]
    assert '"GET /join"' in log and '"GET /class"' in log and " 413 " in log
    assert all(f'"{upstream}"' in log for upstream in seen["upstreams"])
