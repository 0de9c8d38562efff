"""The Streamlit app: a thin UI over ``lessons`` and ``engine``.

``streamlit_app.py`` is the router, ``navigation`` the page list, ``cli`` and ``serve``
the server. ``features/`` holds one folder per feature (its page scripts and logic),
which never import each other; what they share lives in the kits (``card_table``,
``quiz``, ``learner``, ``shell``, ``rule_tables``, ``work``, ``limits``); ``store`` keeps
the learners' data. ``tests/test_architecture.py`` declares who may import whom.
"""
