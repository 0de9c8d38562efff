"""Quizzes as every page asks them: the state of a question (``state``), its picture
(``scene``), how it is drawn and judged (``view``), where a learner stands
(``position``, ``resume``), the answers kept (``answer_log``) and quizzes built once per
server (``shared_quizzes``)."""
