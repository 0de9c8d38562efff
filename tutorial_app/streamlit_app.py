"""The app's entrypoint and router: ``streamlit run tutorial_app/streamlit_app.py``.

Every page is a script file in its feature's folder, ``features/<feature>/page.py``
(AppTest can only open file pages);
the list of pages lives in ``tutorial_app.navigation``.
"""

import streamlit as st

from lessons.progress import stars_text
from tutorial_app.first_style import FIRST_STYLE
from tutorial_app.learner.learner_token import keep_learner_token, learner_token, show_link_note
from tutorial_app.learner.progress_cache import all_progress, read_problem
from tutorial_app.navigation import SIDEBAR_WIDTH, sections, unknown_address
from tutorial_app.shell.history import one_entry_per_page
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.page_notes import lasting_note
from tutorial_app.shell.reload_after_restart import reload_after_restart

# The sidebar is a little wider than Streamlit's 18.75rem, so a lesson's name with its
# stars before it ("★★★ 1. Cards, seats and the deal") shows in full.
st.set_page_config(
    page_title="Euchre tutorial", page_icon="🃏", layout="wide", initial_sidebar_state=SIDEBAR_WIDTH
)

# Who the learner is, first: None on a first visit's first run (then the page works for
# the token offered to the browser), then kept in the session; pages read it through
# tutorial_app.learner.current.current_token(). A progress link is adopted and leaves the address.
learner_token()

# A lesson's stars show beside its name in the sidebar once earned: read from the
# progress store once a session and learner (and after this session records a finished quiz).
progress = all_progress()
if problem := read_problem():
    st.sidebar.warning(
        f"Your stars could not be read: {markdown_text(problem)}",
        icon=":material/cloud_off:",
    )


def nav_title(page) -> str:
    earned = progress.get(page.url_path)
    # Stars first, so a long title cut short by the sidebar still shows them.
    return f"{stars_text(earned.stars)} {page.title}" if earned and earned.stars else page.title


# The app's first style (room above pages, the sidebar, Play's waiting words): in every
# page's <head> from the server (first_style.FirstStyle), and drawn here too for a run
# without that server (the page tests). Only a <style>: no room taken.
st.html(f"<style>{FIRST_STYLE}</style>")

router = st.navigation(
    {
        section: [
            st.Page(
                page.path,
                title=nav_title(page),
                icon=page.icon,
                url_path=page.url_path or None,
                default=page.default,
                visibility="hidden" if page.hidden else "visible",
            )
            for page in pages
        ]
        for section, pages in sections().items()
    }
)
# An address that names no page runs the home page (Streamlit's own "Page not found"
# box does not say which address): say so on it, and over its reruns (only the first
# run of a session is sure to see the address asked for).
missing = (
    unknown_address(st.context.url, st.get_option("server.baseUrlPath"))
    if router.url_path == ""
    else None
)
arrived = f"There is no page at {markdown_text(missing)}; here is the start." if missing else None
if note := lasting_note("unknown-address-note", router.url_path, arrived):
    st.info(note, icon=":material/explore_off:")
# Back goes to the previous page, not through every choice made on this one.
one_entry_per_page()
# A tab that could not load part of the page while the server restarted reloads itself.
reload_after_restart()
show_link_note(router.url_path)  # why a progress link was not used, if it was not
try:
    router.run()
finally:  # also after st.stop() or a page's error
    # The browser side of the token goes after the page, so that its one report on a
    # first visit reruns a finished run rather than cutting the page's first run short.
    keep_learner_token()
