"""The Streamlit app: a thin UI over ``lessons`` and ``engine``.

``streamlit_app.py`` is the router, ``app_pages/`` holds one file per page,
``widgets/`` the pieces pages share (card pictures, URL-backed choices).
"""
