"""The app's entrypoint and router: ``streamlit run tutorial_app/streamlit_app.py``.

Every page is a file in ``app_pages/`` (AppTest can only open file pages);
the list of pages lives in ``tutorial_app.navigation``.
"""

import streamlit as st

from lessons.progress import stars_text
from tutorial_app.navigation import sections
from tutorial_app.progress_store import all_progress

st.set_page_config(page_title="Euchre tutorial", page_icon="🃏", layout="wide")

# A lesson's stars show beside its name in the sidebar once earned.
progress = all_progress()


def nav_title(page) -> str:
    earned = progress.get(page.url_path)
    # Stars first, so a long title cut short by the sidebar still shows them.
    return f"{stars_text(earned.stars)} {page.title}" if earned and earned.stars else page.title


router = st.navigation({
    section: [st.Page(page.path, title=nav_title(page), icon=page.icon,
                      url_path=page.url_path or None, default=page.default)
              for page in pages]
    for section, pages in sections().items()
})
router.run()
