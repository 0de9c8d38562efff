"""Lesson 5: going alone."""

from tutorial_app.features.learn.lesson import render_lesson

render_lesson("going-alone")
