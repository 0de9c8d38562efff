"""Guided hands: a hand played with the coach judging each decision."""
