"""Lesson 7: house rules."""

from tutorial_app.widgets.lesson_view import render_lesson

render_lesson("house-rules")
