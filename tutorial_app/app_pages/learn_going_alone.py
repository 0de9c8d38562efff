"""Lesson 5: going alone."""

from tutorial_app.widgets.lesson_view import render_lesson

render_lesson("going-alone")
