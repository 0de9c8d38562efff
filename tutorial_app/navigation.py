"""The app's pages, grouped in sidebar sections: the one list the router and tests read.

Sections appear in the order Learn, Practise, Play, Teach, Reference, and only
when they hold a working page. Paths are relative to ``streamlit_app.py``.
A page's ``st.title`` contains its ``title`` here (the home page excepted), so
the sidebar and the page agree; the tests check it. Every file in
``app_pages/`` must be listed: the tests reject a page the sidebar cannot reach.

>>> [page.title for page in all_pages()][:1]
['Home']
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from lessons.loader import load_all

SECTION_ORDER = ("", "Learn", "Practise", "Play", "Teach", "Reference")  # "" = no heading
SIDEBAR_WIDTH = 340  # pixels: "★★★ 1. Cards, seats and the deal" in bold fits on one line


@dataclass(frozen=True, slots=True)
class PageSpec:
    path: str  # e.g. "app_pages/home.py", relative to the entrypoint
    title: str
    icon: str  # a Material Symbols name, as st.Page accepts it
    url_path: str  # the page's address: /card-ranking ("" for the home page)
    section: str = ""

    @property
    def default(self) -> bool:
        return self.url_path == ""


def lesson_page_path(lesson_id: str) -> str:
    """The page file of a lesson: ids use hyphens, module names underscores."""
    return f"app_pages/learn_{lesson_id.replace('-', '_')}.py"


def lesson_pages() -> tuple[PageSpec, ...]:
    """One page per lesson in ``lessons/content``, in lesson order, under Learn."""
    return tuple(
        PageSpec(
            lesson_page_path(lesson.id),
            f"{lesson.number}. {lesson.title}",
            ":material/school:",
            lesson.id,
            "Learn",
        )
        for lesson in load_all()
    )


PAGES: tuple[PageSpec, ...] = (
    PageSpec("app_pages/home.py", "Home", ":material/home:", ""),
    *lesson_pages(),
    PageSpec("app_pages/progress.py", "Your progress", ":material/insights:", "progress", "Learn"),
    PageSpec("app_pages/practise.py", "Practise", ":material/quiz:", "practise", "Practise"),
    PageSpec("app_pages/guided.py", "Guided hands", ":material/sports_esports:", "guided", "Play"),
    PageSpec("app_pages/play.py", "Play a game", ":material/playing_cards:", "play", "Play"),
    PageSpec("app_pages/teach.py", "Teach a hand", ":material/co_present:", "teach", "Teach"),
    PageSpec("app_pages/build.py", "Build a scenario", ":material/construction:", "build", "Teach"),
    PageSpec(
        "app_pages/scenario_question.py",
        "A question on a hand",
        ":material/help:",
        "question",
        "Teach",
    ),
    PageSpec("app_pages/quiz_sheet.py", "Print a quiz sheet", ":material/print:", "print", "Teach"),
    PageSpec("app_pages/live_class.py", "Run a live class", ":material/groups:", "class", "Teach"),
    PageSpec("app_pages/join_class.py", "Join a class", ":material/login:", "join", "Teach"),
    PageSpec(
        "app_pages/card_ranking.py",
        "Card ranking and scoring",
        ":material/format_list_numbered:",
        "card-ranking",
        "Reference",
    ),
    PageSpec("app_pages/glossary.py", "Glossary", ":material/menu_book:", "glossary", "Reference"),
    PageSpec("app_pages/odds.py", "Odds lab", ":material/casino:", "odds", "Reference"),
)


def sections() -> dict[str, list[PageSpec]]:
    """Pages by section, in SECTION_ORDER, leaving out sections with no pages."""
    grouped: dict[str, list[PageSpec]] = {name: [] for name in SECTION_ORDER}
    for page in PAGES:
        grouped[page.section].append(page)
    return {name: pages for name, pages in grouped.items() if pages}


def all_pages() -> list[PageSpec]:
    """Every page, in the order the sidebar shows them."""
    return [page for pages in sections().values() for page in pages]


def unknown_address(url: str | None, base_path: str = "") -> str | None:
    """The address asked for, as "/path", when it names no page of the app (Streamlit
    then runs the home page); None for the home page's own address or a known page's.

    >>> unknown_address("http://127.0.0.1:8501/no-such-page")
    '/no-such-page'
    >>> unknown_address("http://host/euchre/teach", "euchre") is None
    True
    >>> unknown_address("http://host/") is None
    True
    """
    if not url:
        return None
    path = unquote(urlsplit(url).path).strip("/")
    base = base_path.strip("/")
    if base and (path == base or path.startswith(base + "/")):
        path = path[len(base) :].strip("/")
    if not path or path in {page.url_path for page in PAGES}:
        return None
    return "/" + path
