"""Lesson content as data (TOML + Markdown) and the checkers that call the engine.

Lessons never decide a rule themselves and never import Streamlit: they ask
``engine`` what is legal, who won and how many points, and the app shows them.
"""
