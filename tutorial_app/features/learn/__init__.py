"""The lessons: one page per lesson (``*_page.py``), drawn by ``lesson``, with its steps
(``step_views``, ``step_through``) and its quiz."""
