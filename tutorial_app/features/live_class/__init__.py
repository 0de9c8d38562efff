"""A live class: the teacher's page (``teacher_page``) pushes questions and reveals the
class's answers; learners answer on ``join_page``."""
