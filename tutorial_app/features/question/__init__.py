"""A question on a hand: one scenario question opened from a link."""
