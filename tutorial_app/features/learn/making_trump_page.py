"""Lesson 3: making trump."""

from tutorial_app.features.learn.lesson import render_lesson

render_lesson("making-trump")
