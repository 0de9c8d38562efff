"""Build a scenario: deal the cards yourself, check the draft with the engine, and share
it as a hand record or a link."""
