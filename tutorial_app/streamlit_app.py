"""The app's entrypoint and router: ``streamlit run tutorial_app/streamlit_app.py``.

Every page is a file in ``app_pages/`` (AppTest can only open file pages);
the list of pages lives in ``tutorial_app.navigation``.
"""

import streamlit as st

from lessons.progress import stars_text
from tutorial_app.markdown_text import markdown_text
from tutorial_app.navigation import SIDEBAR_WIDTH, sections, unknown_address
from tutorial_app.progress_store import all_progress, read_problem
from tutorial_app.widgets.history import one_entry_per_page

# The sidebar is a little wider than Streamlit's 18.75rem, so a lesson's name with its
# stars before it ("★★★ 1. Cards, seats and the deal") shows in full.
st.set_page_config(page_title="Euchre tutorial", page_icon="🃏", layout="wide",
                   initial_sidebar_state=SIDEBAR_WIDTH)

# A lesson's stars show beside its name in the sidebar once earned: read from the
# progress store once a session (and after this session records a finished quiz).
progress = all_progress()
if read_problem():
    st.sidebar.warning(f"Your stars could not be read: {markdown_text(read_problem())}",
                       icon=":material/cloud_off:")


def nav_title(page) -> str:
    earned = progress.get(page.url_path)
    # Stars first, so a long title cut short by the sidebar still shows them.
    return f"{stars_text(earned.stars)} {page.title}" if earned and earned.stars else page.title


# Less empty space above every page (Streamlit's default is 6rem), so what a learner
# acts on fits a 720-pixel-high screen. Only a <style>: no room taken.
st.html("<style>[data-testid=stMainBlockContainer] { padding-top: 3.75rem; "
        "padding-bottom: 2rem; }</style>")

router = st.navigation({
    section: [st.Page(page.path, title=nav_title(page), icon=page.icon,
                      url_path=page.url_path or None, default=page.default)
              for page in pages]
    for section, pages in sections().items()
})
# An address that names no page runs the home page (Streamlit's own "Page not found"
# box does not say which address): say so on it.
missing = unknown_address(st.context.url, st.get_option("server.baseUrlPath")) \
    if router.url_path == "" else None
if missing:
    st.info(f"There is no page at {markdown_text(missing)}; here is the start.",
            icon=":material/explore_off:")
# Back goes to the previous page, not through every choice made on this one.
one_entry_per_page()
router.run()
