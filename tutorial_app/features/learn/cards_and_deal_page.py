"""Lesson 1: cards, seats and the deal."""

from tutorial_app.features.learn.lesson import render_lesson

render_lesson("cards-and-deal")
