"""The app's pages, grouped in sidebar sections: the one list the router and tests read.

Sections appear in the order Learn, Practise, Play, Teach, Reference, and only
when they hold a working page. Paths are relative to ``streamlit_app.py``.
A page's ``st.title`` contains its ``title`` here (the home page excepted), so
the sidebar and the page agree; the tests check it. Every page script (a feature's
``page.py`` or ``*_page.py``) must be listed: the tests reject a page the sidebar
cannot reach.

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
    path: str  # e.g. "features/home/page.py", relative to the entrypoint
    title: str
    icon: str  # a Material Symbols name, as st.Page accepts it
    url_path: str  # the page's address: /card-ranking ("" for the home page)
    section: str = ""
    hidden: bool = False  # reached by a link only, never from the sidebar

    @property
    def default(self) -> bool:
        return self.url_path == ""


def is_page_script(module_name: str) -> bool:
    """Whether a module of the app is a page script (run by Streamlit, never imported):
    a feature's ``page.py`` or ``*_page.py``."""
    leaf = module_name.rsplit(".", 1)[-1]
    return ".features." in f".{module_name}" and (leaf == "page" or leaf.endswith("_page"))


def lesson_page_path(lesson_id: str) -> str:
    """The page file of a lesson: ids use hyphens, module names underscores."""
    return f"features/learn/{lesson_id.replace('-', '_')}_page.py"


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
    PageSpec("features/home/page.py", "Home", ":material/home:", ""),
    *lesson_pages(),
    PageSpec(
        "features/progress/page.py", "Your progress", ":material/insights:", "progress", "Learn"
    ),
    PageSpec("features/practise/page.py", "Practise", ":material/quiz:", "practise", "Practise"),
    PageSpec(
        "features/guided/page.py", "Guided hands", ":material/sports_esports:", "guided", "Play"
    ),
    PageSpec("features/play/page.py", "Play a game", ":material/playing_cards:", "play", "Play"),
    PageSpec("features/teach/page.py", "Teach a hand", ":material/co_present:", "teach", "Teach"),
    PageSpec(
        "features/build/page.py", "Build a scenario", ":material/construction:", "build", "Teach"
    ),
    PageSpec(
        "features/question/page.py",
        "A question on a hand",
        ":material/help:",
        "question",
        "Teach",
    ),
    PageSpec(
        "features/quiz_sheet/page.py", "Print a quiz sheet", ":material/print:", "print", "Teach"
    ),
    PageSpec(
        "features/live_class/teacher_page.py",
        "Run a live class",
        ":material/groups:",
        "class",
        "Teach",
    ),
    PageSpec(
        "features/live_class/sets_page.py",
        "Prepare question sets",
        ":material/playlist_add:",
        "class-sets",
        "Teach",
    ),
    PageSpec(
        "features/live_class/join_page.py", "Join a class", ":material/login:", "join", "Teach"
    ),
    PageSpec(
        "features/live_class/screen_page.py",
        "Projector view",
        ":material/present_to_all:",
        "class-screen",
        "Teach",
        hidden=True,  # opened from the control page, for its class
    ),
    PageSpec(
        "features/reference/card_ranking_page.py",
        "Card ranking and scoring",
        ":material/format_list_numbered:",
        "card-ranking",
        "Reference",
    ),
    PageSpec(
        "features/reference/glossary_page.py",
        "Glossary",
        ":material/menu_book:",
        "glossary",
        "Reference",
    ),
    PageSpec("features/odds/page.py", "Odds lab", ":material/casino:", "odds", "Reference"),
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
