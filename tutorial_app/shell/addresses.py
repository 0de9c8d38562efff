"""The app's addresses: every link it shows or shares is built here, and every link it
reads that cannot be used raises a ``LinkError``.

``page_url`` is the one builder: a page of this app (its url_path, as
``navigation`` lists it) with its query, on the server the learner is using (the scheme
and host of the page they are on, and the server's base path behind a proxy). No
Streamlit here: pages call ``url_state.app_page_url``, which reads those from the run.

>>> page_url("join", {"code": "K7WQ3M"}, here="http://192.168.1.20:8501/class?class=K7WQ3M")
'http://192.168.1.20:8501/join?code=K7WQ3M'
>>> page_url("", {"transfer": "0123456789ab"}, here="https://school.example/euchre/play",
...          base_path="euchre")
'https://school.example/euchre/?transfer=0123456789ab'
>>> page_url("teach", {"hand": "v1.eJx"})
'/teach?hand=v1.eJx'
"""

from __future__ import annotations

from collections.abc import Mapping
from ipaddress import ip_address
from urllib.parse import urlencode, urlsplit, urlunsplit

__all__ = ["LinkError", "only_this_computer", "page_url"]


class LinkError(ValueError):
    """A link the app cannot use (a hand, a game): the message says what is wrong and
    what to do."""


def page_url(
    page: str,
    query: Mapping[str, str] | None = None,
    *,
    here: str | None = None,
    base_path: str = "",
) -> str:
    """The address of the app's page ``page`` ("" for Home) with ``query``, on the server
    that served ``here`` (the address the learner is on); from the root, without scheme
    and host, when ``here`` is unknown."""
    base = base_path.strip("/")
    path = "/" + (f"{base}/" if base else "") + page
    encoded = urlencode(dict(query or {}))
    if not here:
        return path + (f"?{encoded}" if encoded else "")
    parts = urlsplit(here)
    return urlunsplit((parts.scheme, parts.netloc, path, encoded, ""))


def only_this_computer(link: str) -> bool:
    """Whether ``link`` names this computer to itself (localhost, 127.x, ::1): the link
    works in the teacher's own browser, never on a learner's phone.

    >>> only_this_computer("http://127.0.0.1:8501/join?code=K7WQ3M")
    True
    >>> only_this_computer("http://localhost:8501/"), only_this_computer("http://[::1]:8501/")
    (True, True)
    >>> only_this_computer("http://192.168.1.20:8501/join"), only_this_computer("/join")
    (False, False)
    """
    host = urlsplit(link).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False
