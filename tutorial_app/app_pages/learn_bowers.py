"""Lesson 2: trump and the bowers."""

from tutorial_app.widgets.lesson_view import render_lesson

render_lesson("bowers")
