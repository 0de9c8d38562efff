"""The live class's news route, ``GET /api/class-news?class=CODE``: the two stamps of a
class (``LiveClasses.news``) as JSON, ``{"screen": "...", "room": "..."}``; with
``&table=ID`` also ``"table"``, the stamp of that table's game (``ClassTables.stamp``).

Each page of a live class draws its live part with the stamp of what it drew, and a
watcher in the browser (``features/live_class/class_watch.js``) asks this route every
second; the page's live part runs again only when the stamp has moved. So a class where
nothing happens costs each process one small read a quarter second (shared by all its
watchers), not a script run per learner per second. Like every poll, the read reveals
a timed question past its deadline, so the reveal needs no page of the teacher's open.

Bounds: one parameter, ``class``, a class code (``parse_class_code``: at most
``MAX_TYPED`` characters looked at); anything else is answered 400 with a sentence, an
unknown class 404, a database out of reach 503. The answer is never cached. Rate limits
per address are the proxy's (docs/limits.md).
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from tutorial_app.store import (
    ClassError,
    ClassTables,
    StoreUnavailable,
    TableError,
    open_classes,
    open_store,
    parse_class_code,
)

PATH = "/api/class-news"
MAX_TYPED = 40  # characters of ``class`` read (a code is 6, with room for spaces)
NOT_CACHED = {"Cache-Control": "no-store"}


def _refusal(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=NOT_CACHED)


async def class_news(request: Request) -> JSONResponse:
    typed = request.query_params.get("class", "")
    table_text = request.query_params.get("table")
    if not typed or len(typed) > MAX_TYPED or set(request.query_params) - {"class", "table"}:
        return _refusal(400, "Ask for one class: /api/class-news?class=CODE (6 characters).")
    if table_text is not None and not (table_text.isdigit() and len(table_text) <= 9):
        return _refusal(400, "A table is asked for by its number: &table=12.")
    try:
        code = parse_class_code(typed)
    except ClassError as error:
        return _refusal(400, error.message)
    try:
        classes = open_classes()
        # A reading shared by this process's watchers is answered on the event loop; only
        # a new one goes to a thread (the database may be slow; the loop must not wait).
        news = classes.recent_news(code)
        if news is None:
            news = await run_in_threadpool(classes.news, code)
    except ClassError as error:  # no such class (any longer)
        return _refusal(404, error.message)
    except (StoreUnavailable, ValueError) as error:
        return _refusal(503, getattr(error, "message", None) or str(error))
    answer = {"screen": news.screen, "room": news.room}
    if table_text is not None:
        try:
            answer["table"] = await run_in_threadpool(table_stamp, code, int(table_text))
        except TableError as error:
            return _refusal(404, error.message)
        except StoreUnavailable as error:
            return _refusal(503, error.message)
    return JSONResponse(answer, headers=NOT_CACHED)


def table_stamp(code: str, table: int) -> str:
    """The stamp of a class table's game: it moves with every move, pause and end."""
    return ClassTables(open_store()).stamp(code, table)


ROUTES = [Route(PATH, class_news, methods=["GET"])]
