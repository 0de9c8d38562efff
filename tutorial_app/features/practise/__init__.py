"""Practise: spaced repetition ("For you"), topic sets and the daily deal."""
