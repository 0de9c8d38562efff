"""What ``streamlit run`` serves (``tutorial_app.cli`` points it here): the router,
``streamlit_app.py``, inside Streamlit's own ASGI app (``st.App``), with
``tutorial_app.serve.ResponseHeaders`` around every request it answers, the app's
first style in every page's ``<head>`` (``tutorial_app.first_style``), an address
deeper than one page sent to a page (``tutorial_app.page_paths``), a page's
unexpected error shown in plain words (``tutorial_app.unexpected_error``), and one route
of its own: the live class's news (``tutorial_app.class_news``).

Streamlit finds ``app`` below by reading this file (an ``App(...)`` assignment) and
hands it to uvicorn; ``App``'s ``middleware`` runs before Streamlit's own, so the
headers reach pages, static files, health checks, uploads and the websocket alike.

Building ``app`` sets Streamlit's process-wide script path: only the server imports this.
"""

from pathlib import Path

from starlette.middleware import Middleware
from streamlit.starlette import App

from tutorial_app import class_news
from tutorial_app.first_style import FirstStyle
from tutorial_app.page_paths import OnePageDeep
from tutorial_app.serve import ResponseHeaders
from tutorial_app.unexpected_error import show_plain_error

app = App(
    Path(__file__).with_name("streamlit_app.py"),
    routes=class_news.ROUTES,
    middleware=[Middleware(ResponseHeaders), Middleware(FirstStyle), Middleware(OnePageDeep)],
    on_script_error=show_plain_error,
)
