"""Helpers shared by more than one test folder, imported as ``helpers.<module>``.

``tests/`` is on ``sys.path`` (``pythonpath`` in pyproject.toml's pytest settings), so
these names never depend on which folder's ``conftest.py`` pytest imported last: any set
of test folders collects together, in any order, with or without pytest-xdist.
"""
