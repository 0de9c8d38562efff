"""Lesson 3: making trump."""

from tutorial_app.widgets.lesson_view import render_lesson

render_lesson("making-trump")
