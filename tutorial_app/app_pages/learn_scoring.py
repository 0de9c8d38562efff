"""Lesson 6: scoring."""

from tutorial_app.widgets.lesson_view import render_lesson

render_lesson("scoring")
