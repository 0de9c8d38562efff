"""Lesson 1: cards, seats and the deal."""

from tutorial_app.widgets.lesson_view import render_lesson

render_lesson("cards-and-deal")
