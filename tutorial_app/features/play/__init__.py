"""Play a game against bots: the game (``game``), its shareable code (``game_link``),
the score chart and hints."""
