"""The app's entrypoint and router: ``streamlit run tutorial_app/streamlit_app.py``.

Every page is a file in ``app_pages/`` (AppTest can only open file pages);
the list of pages lives in ``tutorial_app.navigation``.
"""

import streamlit as st

from tutorial_app.navigation import sections

st.set_page_config(page_title="Euchre tutorial", page_icon="🃏", layout="wide")

router = st.navigation({
    section: [st.Page(page.path, title=page.title, icon=page.icon,
                      url_path=page.url_path or None, default=page.default)
              for page in pages]
    for section, pages in sections().items()
})
router.run()
