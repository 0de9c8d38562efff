"""Teach a hand: a recorded hand replayed on the projector, step by step, with bots to
play on."""
