"""Lesson 7: house rules."""

from tutorial_app.features.learn.lesson import render_lesson

render_lesson("house-rules")
