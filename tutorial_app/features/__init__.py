"""One folder per feature. A feature's ``page.py`` (or ``*_page.py``) is the script of one
address; the rest of the folder is that feature's logic. Features never import each
other: what two of them share lives in a kit (``card_table``, ``quiz``, ``learner``,
``shell``, ``limits``, ``rule_tables``, ``work``)."""
