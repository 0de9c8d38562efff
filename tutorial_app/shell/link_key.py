"""The server's key for sealing game links (``game_link``): a link this server made is
told from a forged one by an HMAC, before any bot is asked to replay it.

The key must be the same after a restart and on every replica behind one address, so
it is never a fresh random value when it can be helped. The first of these is used:

1. ``EUCHRE_LINK_KEY`` in the environment (any long random text);
2. Streamlit's ``server.cookieSecret`` when the operator set it: ``docs/deploy.md``
   already asks for one value on every replica (a key is derived from it, so the
   secret itself never seals anything);
3. a random key kept in a file beside the SQLite progress database (made once, mode
   0600): one machine, kept across restarts;
4. else (PostgreSQL and neither setting) a random key for this process, with a
   warning in the log: links then last until the server restarts.

No Streamlit import here: its configuration is read only when Streamlit is running.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import os
import secrets
import sys
from pathlib import Path

__all__ = ["ENV_VAR", "KEY_FILE", "game_link_key"]

ENV_VAR = "EUCHRE_LINK_KEY"
KEY_FILE = "game-link-key"
_PURPOSE = b"euchre-tutorial game links"

log = logging.getLogger(__name__)


@functools.cache
def game_link_key() -> bytes:
    """This server's key for game links (see the module's docstring for where it comes
    from); the same for the life of the process."""
    given = os.environ.get(ENV_VAR, "")
    if given.strip():
        return _derived(given)
    secret = _cookie_secret()
    if secret:
        return _derived(secret)
    folder = _database_folder()
    if folder is not None:
        try:
            return _derived(_kept_secret(folder / KEY_FILE))
        except OSError as error:
            log.warning("the game-link key could not be kept in %s: %s", folder, error)
    log.warning(
        "game links are sealed with a key for this process only: set %s or "
        "server.cookieSecret so they survive a restart",
        ENV_VAR,
    )
    return secrets.token_bytes(32)


def _derived(secret: str) -> bytes:
    return hmac.new(secret.encode("utf-8"), _PURPOSE, hashlib.sha256).digest()


def _cookie_secret() -> str:
    if "streamlit" not in sys.modules:  # a script or a test, not the server
        return ""
    from streamlit import config

    if not config.is_manually_set("server.cookieSecret"):
        return ""  # Streamlit's own is new at each start
    return str(config.get_option("server.cookieSecret") or "")


def _database_folder() -> Path | None:
    from sqlalchemy.engine import make_url

    from tutorial_app.store import database_url

    try:
        url = make_url(database_url())
    except Exception:  # a bad URL is the store's to report
        return None
    database = url.database
    if (
        url.get_backend_name() != "sqlite"
        or not database
        or database == ":memory:"
        or database.startswith("file:")
    ):
        return None
    return Path(database).expanduser().resolve().parent


def _kept_secret(path: Path) -> str:
    """The secret in ``path``, made (random, private) if the file is not there yet. It
    appears whole (written aside, then linked into place), so two processes starting
    at once agree on the first. Raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w") as out:
                out.write(secrets.token_urlsafe(32))
            os.link(aside, path)
        except FileExistsError:
            pass  # another process was first: its key is the one
        finally:
            aside.unlink(missing_ok=True)
    text = path.read_text().strip()
    if not text:
        raise OSError(f"{path} holds no key")
    return text
