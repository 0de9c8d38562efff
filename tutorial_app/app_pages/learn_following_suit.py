"""Lesson 4: following suit."""

from tutorial_app.widgets.lesson_view import render_lesson

render_lesson("following-suit")
