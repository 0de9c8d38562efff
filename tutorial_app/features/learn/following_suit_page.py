"""Lesson 4: following suit."""

from tutorial_app.features.learn.lesson import render_lesson

render_lesson("following-suit")
