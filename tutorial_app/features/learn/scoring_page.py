"""Lesson 6: scoring."""

from tutorial_app.features.learn.lesson import render_lesson

render_lesson("scoring")
