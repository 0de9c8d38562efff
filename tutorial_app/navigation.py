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

SECTION_ORDER = ("", "Learn", "Practise", "Play", "Teach", "Reference")  # "" = no heading


@dataclass(frozen=True, slots=True)
class PageSpec:
    path: str               # e.g. "app_pages/home.py", relative to the entrypoint
    title: str
    icon: str               # a Material Symbols name, as st.Page accepts it
    url_path: str           # the page's address: /card-ranking ("" for the home page)
    section: str = ""

    @property
    def default(self) -> bool:
        return self.url_path == ""


PAGES: tuple[PageSpec, ...] = (
    PageSpec("app_pages/home.py", "Home", ":material/home:", ""),
    PageSpec("app_pages/card_ranking.py", "Card ranking and scoring",
             ":material/format_list_numbered:", "card-ranking", "Reference"),
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
