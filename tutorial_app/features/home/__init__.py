"""Home: where to start, the learner's next lesson and their progress link."""
