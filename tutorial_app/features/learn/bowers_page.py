"""Lesson 2: trump and the bowers."""

from tutorial_app.features.learn.lesson import render_lesson

render_lesson("bowers")
