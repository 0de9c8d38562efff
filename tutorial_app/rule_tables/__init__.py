"""The rules as tables (card ranking, scoring, presets), computed from the engine: shown
by the reference pages and by lesson steps."""
