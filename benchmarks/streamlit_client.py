"""One browser tab of a Streamlit app, without the browser: Streamlit's own protobufs
over its websocket, as the web frontend sends and reads them (streamlit 1.67).

The handshake is the frontend's: ``GET /_stcore/health`` sets the ``_streamlit_xsrf``
cookie; the websocket to ``/_stcore/stream`` offers the subprotocols ``streamlit``,
the XSRF token and, to resume a closed session, its id; it sends the cookie and a
same-origin ``Origin``. Every script run is asked for with a ``BackMsg.rerun_script``
whose ``ClientState`` holds: the current query string (kept from ``page_info_changed``
as a browser keeps its address), the page (``page_name`` from the URL path on a page
load, then the ``page_script_hash`` the ``navigation`` message chose), the value of
every widget on the page (plus the clicked button's ``trigger_value``), the hashes
of the cacheable messages we hold (``cached_message_hashes``: the server then sends
a ``ref_hash`` instead of the element) and ``context_info`` (timezone, locale, URL).

The page is kept as a flat map ``delta_path -> Node`` with only what a learner reads:
widget ids, labels and values, and the text of headings, markdown, progress bars,
alerts and exceptions. As the frontend does, nodes a finished run did not draw are
dropped, and so are the values of widgets no longer on the page.

Custom components v2 (the card table) are ``bidi_component`` elements: the node keeps
the JSON the page sent them, and an event such as a clicked card goes back as the
frontend sends it, a ``json_trigger_value`` list ``[{"event": ..., "value": ...}]`` on
the component's trigger widget ``$$STREAMLIT_INTERNAL_KEY_<id>__events``.

Fragments with ``run_every`` are rerun by the frontend: the server sends an
``auto_rerun`` message (interval, fragment id) and the browser asks for the fragment's
run at that interval (``rerun_script`` with ``fragment_id`` and ``is_auto_rerun``).
The tab keeps those fragments in ``auto_reruns`` (and when each timer started, in
``auto_rerun_since``: the browser keeps a timer while its interval stays the same);
``poll()`` asks for their runs once, as one tick of the browser's timers. As in the
browser, a widget drawn inside a fragment (a delta's ``fragment_id``) reruns only that
fragment, and after a fragment run the nodes of that fragment it did not draw are dropped.

A live class's pages do not poll by ``run_every``: their watcher component
(``class_watch.js``) asks the news route for the class's stamp and sends its ``news``
event only when the stamp differs from the one the page drew. ``poll()`` does the same
for every watcher on the page, as one tick of its timer (which started when the watcher
was first drawn: ``watch_since``).
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import ClientConnection, connect
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Origin, Subprotocol

FINISHED = ForwardMsg.FINISHED_SUCCESSFULLY
FRAGMENT_FINISHED = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
EARLY_FOR_RERUN = ForwardMsg.FINISHED_EARLY_FOR_RERUN  # st.rerun: another run follows
DISCONNECTED = -1
ALERTS = {1: "error", 2: "warning", 3: "info", 4: "success"}
COMPONENT_KEY_PREFIX = "$$STREAMLIT_INTERNAL_KEY"  # streamlit.runtime.state.session_state
TEXT_LIMIT = 300  # characters of a markdown body kept (cards are long data: URLs)
WATCHER = "euchre_class_watch"  # a live class page's watcher (class_watch.js)
NEWS_PATH = "/api/class-news"  # what the watcher asks (tutorial_app.class_news)


class ClientError(Exception):
    """The interaction did not complete: ``kind`` is "timeout" or "disconnect"."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind


class Node:
    """One element of the page, as little of it as a learner needs."""

    __slots__ = (
        "kind",
        "wid",
        "key",
        "label",
        "text",
        "options",
        "disabled",
        "sig",
        "run",
        "data",
        "fragment",
        "component",
    )

    def __init__(self, kind: str, sig: str, run: int, text: str = ""):
        self.kind, self.sig, self.run, self.text = kind, sig, run, text
        self.wid = self.key = self.label = ""
        self.options: list[str] = []
        self.disabled = False
        self.data = ""  # a custom component's JSON, as the page sent it
        self.fragment = ""  # the fragment that drew it ("" outside any fragment)
        self.component = ""  # a custom component's name


@dataclass
class Result:
    """One interaction: BackMsg sent -> the last ``script_finished`` of its runs."""

    seconds: float
    runs: int  # 2 when the page called st.rerun
    status: int
    exceptions: list[str] = field(default_factory=list)


def xsrf_cookie(base_url: str, timeout: float = 10) -> str:
    """The ``_streamlit_xsrf`` cookie value the health endpoint sets, as a browser gets it."""
    with urllib.request.urlopen(f"{base_url}/_stcore/health", timeout=timeout) as response:
        for header in response.headers.get_all("set-cookie") or ():
            name, _, value = header.split(";")[0].partition("=")
            if name.strip() == "_streamlit_xsrf":
                return value
    return ""


def widget_key(wid: str) -> str:
    """The user key in a widget id: ``$$ID-<hash>-<key>`` (``None`` when it has none)."""
    parts = wid.split("-", 2)
    return parts[2] if len(parts) == 3 and parts[2] != "None" else ""


class Tab:
    """A connected tab: ``open`` it at a path, then ``click`` and ``set`` its widgets."""

    def __init__(self, base_url: str, timeout: float = 15):
        self.base_url, self.timeout = base_url, timeout
        self.path, self.query, self.page_hash = "", "", ""
        self.nodes: dict[tuple[int, ...], Node] = {}
        self.values: dict[str, tuple[str, object]] = {}  # widget id -> (WidgetState field, value)
        self.cache: dict[str, list] = {}  # hash -> [ForwardMsg, last run used]
        self.cache_age, self.runs_seen, self.run = 2, 0, 0
        self.session_id = ""
        self.cookies: dict[str, str] = {}  # a browser's other cookies (a proxy's affinity)
        self.handshake_headers: Headers | None = None  # the websocket's HTTP response headers
        self.cache_misses = self.page_not_found = 0
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._waiter: asyncio.Future | None = None
        self._runs, self._sent = 0, 0.0
        self._exceptions: list[str] = []
        self.auto_reruns: dict[str, float] = {}  # fragment id -> seconds
        self.auto_rerun_since: dict[str, float] = {}  # fragment id -> timer start
        self.watch_since: dict[str, float] = {}  # a watcher's id -> when it was first drawn
        self._fragments_this_run: set[str] = set()

    # ---- connection ------------------------------------------------------------------------

    async def open(
        self, path: str, query: str = "", cookie: str | None = None, resume: str = ""
    ) -> Result:
        """Connect as a page load of ``/path?query`` (resuming session ``resume`` if given)."""
        self.path, self.query, self.page_hash = path.strip("/"), query.lstrip("?"), ""
        if cookie is None:
            cookie = await asyncio.to_thread(xsrf_cookie, self.base_url, self.timeout)
        ws_url = "ws" + self.base_url[len("http") :] + "/_stcore/stream"
        protocols = [Subprotocol(p) for p in ["streamlit", cookie] + ([resume] if resume else [])]
        try:
            ws = self._ws = await connect(
                ws_url,
                subprotocols=protocols,
                origin=Origin(self.base_url),
                additional_headers={
                    "Cookie": "; ".join(
                        f"{name}={value}"
                        for name, value in {**self.cookies, "_streamlit_xsrf": cookie}.items()
                    )
                },
                user_agent_header="class-load",
                max_size=None,
                ping_interval=None,
                open_timeout=self.timeout,
                close_timeout=2,
            )
        except (OSError, InvalidHandshake, TimeoutError) as error:
            raise ClientError("disconnect", f"connect: {error!r}") from None
        assert ws.response is not None  # connected: the handshake's response is in
        self.handshake_headers = ws.response.headers
        sock = ws.transport.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # no Nagle delay on sends
        self._reader = asyncio.create_task(self._read())
        return await self._send(None)

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=3)
        self._ws = self._reader = None

    @property
    def url(self) -> str:
        return f"{self.base_url}/{self.path}" + (f"?{self.query}" if self.query else "")

    # ---- reading the page ------------------------------------------------------------------

    def elements(self, kind: str | None = None) -> list[Node]:
        """The page's nodes in document order, or those of one kind."""
        return [
            self.nodes[path]
            for path in sorted(self.nodes)
            if kind is None or self.nodes[path].kind == kind
        ]

    def widget(self, key: str = "", label: str = "", kind: str | None = None) -> Node | None:
        """The widget with this user key (or whose label contains ``label``)."""
        for node in self.elements(kind):
            if node.wid and (node.key == key if key else label and label in node.label):
                return node
        return None

    def need(self, key: str, kind: str | None = None) -> Node:
        """The widget with this user key; raises LookupError naming it when the page has none."""
        node = self.widget(key=key, kind=kind)
        if node is None:
            raise LookupError(f"/{self.path} has no widget {key!r}")
        return node

    def widgets(self, prefix: str, kind: str | None = None) -> list[Node]:
        """Widgets whose user key starts with ``prefix``."""
        return [n for n in self.elements(kind) if n.wid and n.key.startswith(prefix)]

    def texts(self, kind: str) -> list[str]:
        return [node.text for node in self.elements(kind)]

    def signature(self) -> int:
        """Changes whenever anything on the page does (the message hashes of its nodes)."""
        return hash(tuple((path, node.sig) for path, node in sorted(self.nodes.items())))

    # ---- interacting ---------------------------------------------------------------------

    async def click(self, node: Node) -> Result:
        """Press a button: its trigger goes with this one rerun request only (a button
        drawn by a fragment reruns only that fragment, as in the browser)."""
        return await self._send((node.wid, "trigger_value", True), node.fragment)

    async def send_event(self, node: Node, event: str, value) -> Result:
        """A custom component's event (e.g. ``"card"``, ``"JH"``), as its JavaScript's
        ``setTriggerValue(event, value)`` sends it."""
        trigger_id = f"{COMPONENT_KEY_PREFIX}_{node.wid}__events"
        payload = json.dumps([{"event": event, "value": value}])
        return await self._send((trigger_id, "json_trigger_value", payload), node.fragment)

    async def poll(self) -> list[Result]:
        """One tick of the page's ``run_every`` fragments and watchers: each fragment's
        run, then each watcher's question to the news route (a Result with no run) and,
        if the stamp moved, its ``news`` event's run."""
        results = [
            await self._send(None, fragment_id=fragment) for fragment in list(self.auto_reruns)
        ]
        for node in self.elements("bidi_component"):
            if node.component.endswith(WATCHER):
                results.extend(await self._watch(node))
        return results

    async def _watch(self, node: Node) -> list[Result]:
        """One tick of a watcher: what class_watch.js does on its timer."""
        data = json.loads(node.data)
        started = time.perf_counter()
        news = await self._news(data["code"], data.get("table"))
        asked = Result(time.perf_counter() - started, 0, FINISHED)
        stamp = news.get(data["stamp"]) if isinstance(news, dict) else news
        if stamp == data["seen"]:
            return [asked]
        return [asked, await self.send_event(node, "news", stamp)]

    async def _news(self, code: str, table: int | None = None) -> dict | str:
        """The news route's answer for class ``code`` (and its table ``table``; a refusal:
        "refused <status>"): one HTTP/1.1 GET on the event loop, as a browser's fetch (no
        thread per ask)."""
        url = urllib.parse.urlsplit(self.base_url)
        query = {"class": code, **({"table": str(table)} if table is not None else {})}
        target = f"{NEWS_PATH}?{urllib.parse.urlencode(query)}"
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(url.hostname, url.port), self.timeout
            )
            writer.write(
                f"GET {target} HTTP/1.1\r\nHost: {url.netloc}\r\nAccept: application/json\r\n"
                "Connection: close\r\n\r\n".encode()
            )
            answer = await asyncio.wait_for(reader.read(), self.timeout)
            writer.close()
        except (OSError, TimeoutError):
            return "unreachable"
        head, _, body = answer.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
        return json.loads(body) if status == 200 else f"refused {status}"

    async def set(self, node: Node, value) -> Result:
        """Change a widget's value (a list of labels for a segmented control or pills,
        the option label for a radio, a number, a bool); the frontend reruns at once."""
        fields = {
            "button_group": "string_array_value",
            "radio": "string_value",
            "checkbox": "bool_value",
            "number_input": "double_value",
            "text_input": "string_value",
        }
        self.values[node.wid] = (fields[node.kind], value)
        return await self._send(None, node.fragment, auto=False)

    async def _send(
        self,
        trigger: tuple[str, str, object] | None,
        fragment_id: str = "",
        auto: bool | None = None,
    ) -> Result:
        """Ask for a run (of fragment ``fragment_id`` only, if given: an auto-rerun
        unless ``auto`` is False or a trigger goes with it)."""
        if self._ws is None or self._reader is None or self._reader.done():
            raise ClientError("disconnect", "the websocket is closed")
        self._waiter = asyncio.get_running_loop().create_future()
        self._runs, self._exceptions = 0, []
        data = self._rerun_message(
            trigger, fragment_id, auto=trigger is None if auto is None else auto
        )
        self._sent = time.perf_counter()
        try:
            await self._ws.send(data)
        except ConnectionClosed as error:
            raise ClientError("disconnect", repr(error)) from None
        result = await self.settle(self.timeout)
        if result is None:
            raise ClientError("timeout", f"no script_finished in {self.timeout:g} s")
        return result

    async def settle(self, seconds: float) -> Result | None:
        """The pending interaction's result once its runs finish (None: not within
        ``seconds``; call again to wait longer, as a learner facing a slow page does)."""
        if self._waiter is None:
            raise ClientError("disconnect", "nothing is pending")
        try:
            status = await asyncio.wait_for(asyncio.shield(self._waiter), seconds)
        except TimeoutError:
            return None
        self._waiter = None
        if status == DISCONNECTED:
            raise ClientError("disconnect", "the server closed the websocket")
        return Result(time.perf_counter() - self._sent, self._runs, status, self._exceptions)

    def _rerun_message(
        self, trigger: tuple[str, str, object] | None, fragment_id: str = "", auto: bool = True
    ) -> bytes:
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query
        if fragment_id:
            state.fragment_id, state.is_auto_rerun = fragment_id, auto
        if self.page_hash:
            state.page_script_hash = self.page_hash
        else:  # a page load: the server finds the page from the URL path
            state.page_name = self.path
        items = list(self.values.items()) + ([(trigger[0], trigger[1:])] if trigger else [])
        for wid, (name, value) in items:
            widget = state.widget_states.widgets.add()
            widget.id = wid
            if name == "string_array_value":
                widget.string_array_value.data.extend(value)
            else:
                setattr(widget, name, value)
        state.cached_message_hashes.extend(self.cache)
        context = state.context_info
        context.timezone, context.timezone_offset, context.locale = "UTC", 0, "en-GB"
        context.url, context.color_scheme = self.url, "light"
        return msg.SerializeToString()

    # ---- the ForwardMsg stream -----------------------------------------------------------

    async def _read(self) -> None:
        ws = self._ws
        assert ws is not None  # started once connected
        try:
            async for data in ws:
                msg = ForwardMsg()
                msg.ParseFromString(data)
                self._handle(msg)
        except ConnectionClosed:
            pass
        finally:
            if self._waiter is not None and not self._waiter.done():
                self._waiter.set_result(DISCONNECTED)

    def _handle(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "ref_hash":  # an element we hold: the server sent only its hash
            entry = self.cache.get(msg.ref_hash)
            if entry is None:
                self.cache_misses += 1
                return
            entry[1] = self.runs_seen
            self._delta(tuple(msg.metadata.delta_path), entry[0].delta, msg.ref_hash)
        elif kind == "delta":
            if msg.metadata.cacheable:
                self.cache[msg.hash] = [msg, self.runs_seen]
            self._delta(tuple(msg.metadata.delta_path), msg.delta, msg.hash)
        elif kind == "new_session":  # the start of every script run (or fragment run)
            self.run += 1
            self._fragments_this_run = set(msg.metadata.run.fragment_ids)
            self.session_id = msg.new_session.initialize.session_id
            self.cache_age = msg.new_session.config.max_cached_message_age or 2
        elif kind == "navigation":
            nav = msg.navigation
            self.page_hash = nav.page_script_hash
            for page in nav.app_pages:
                if page.page_script_hash == nav.page_script_hash:
                    self.path = page.url_pathname
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "auto_rerun":  # as the browser: a timer kept while its interval holds
            fragment, interval = msg.auto_rerun.fragment_id, msg.auto_rerun.interval
            if self.auto_reruns.get(fragment) != interval:
                self.auto_rerun_since[fragment] = time.monotonic()
            self.auto_reruns[fragment] = interval
        elif kind == "stop_auto_rerun":
            for fragment in msg.stop_auto_rerun.fragment_ids:
                self.auto_reruns.pop(fragment, None)
                self.auto_rerun_since.pop(fragment, None)
        elif kind == "page_not_found":
            self.page_not_found += 1
        elif kind == "script_finished":
            self._finished(msg.script_finished)

    def _finished(self, status: int) -> None:
        self._runs += 1
        if status == EARLY_FOR_RERUN:
            return  # st.rerun: the next run is on its way
        if status == FINISHED:  # as the frontend does: drop what this run did not draw
            self.nodes = {p: n for p, n in self.nodes.items() if n.run == self.run}
            active = {n.wid for n in self.nodes.values() if n.wid}
            self.values = {w: v for w, v in self.values.items() if w in active}
            self.runs_seen += 1
            self.cache = {
                h: e for h, e in self.cache.items() if self.runs_seen - e[1] <= self.cache_age
            }
        elif status == FRAGMENT_FINISHED:  # drop what the fragments of this run left out
            self.nodes = {
                p: n
                for p, n in self.nodes.items()
                if n.run == self.run or n.fragment not in self._fragments_this_run
            }
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(status)

    def _delta(self, path: tuple[int, ...], delta, sig: str) -> None:
        if delta.WhichOneof("type") != "new_element":
            self.nodes[path] = Node("block", sig, self.run)
            self.nodes[path].fragment = delta.fragment_id
            return
        element = delta.new_element
        kind = element.WhichOneof("type")
        node = self.nodes[path] = Node(kind, sig, self.run)
        node.fragment = delta.fragment_id
        if kind == "markdown":
            node.text = element.markdown.body[:TEXT_LIMIT]
        elif kind == "heading":
            node.text = element.heading.body
        elif kind == "progress":
            node.text = element.progress.text
        elif kind == "alert":
            node.kind = "alert:" + ALERTS.get(element.alert.format, "other")
            node.text = element.alert.body[:TEXT_LIMIT]
        elif kind == "exception":
            node.text = f"{element.exception.type}: {element.exception.message}"[:TEXT_LIMIT]
            self._exceptions.append(node.text)
        elif kind in ("button", "button_group", "checkbox", "radio", "number_input", "text_input"):
            self._widget(node, getattr(element, kind))
        elif kind == "bidi_component":
            component = element.bidi_component
            node.wid, node.key = component.id, widget_key(component.id)
            node.data, node.component = component.json, component.component_name
            if node.component.endswith(WATCHER):  # its timer starts when it is mounted
                self.watch_since.setdefault(node.wid, time.monotonic())

    def _widget(self, node: Node, proto) -> None:
        node.wid, node.key = proto.id, widget_key(proto.id)
        node.label, node.disabled = proto.label, proto.disabled
        kind, known = node.kind, proto.id in self.values
        if kind == "button":
            return
        if kind == "button_group":
            node.options = [option.content for option in proto.options]
            if proto.set_value or not known:
                value = (
                    list(proto.raw_values)
                    if proto.set_value
                    else [node.options[i] for i in proto.default]
                )
                self.values[node.wid] = ("string_array_value", value)
        elif kind == "radio":
            node.options = list(proto.options)
            if proto.set_value and proto.HasField("raw_value"):
                self.values[node.wid] = ("string_value", proto.raw_value)
            elif proto.set_value:  # set to no choice
                self.values.pop(node.wid, None)
            elif not known and proto.HasField("default"):
                self.values[node.wid] = ("string_value", node.options[proto.default])
        elif kind == "checkbox":
            if proto.set_value or not known:
                self.values[node.wid] = (
                    "bool_value",
                    proto.value if proto.set_value else proto.default,
                )
        elif kind == "text_input":
            if proto.set_value and proto.HasField("value"):
                self.values[node.wid] = ("string_value", proto.value)
        elif kind == "number_input":
            number = (
                proto.value
                if proto.set_value and proto.HasField("value")
                else proto.default
                if not known and proto.HasField("default")
                else None
            )
            if number is not None:
                self.values[node.wid] = ("double_value", number)
            elif proto.set_value:
                self.values.pop(node.wid, None)
