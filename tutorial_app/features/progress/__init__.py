"""Your progress: stars, mastery, charts, and the learner's data out and in."""
