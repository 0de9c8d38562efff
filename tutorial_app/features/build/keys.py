"""What the scenario builder keeps in the session: each key, declared once. Most are its
widgets' keys: the widgets hold the draft."""

PRESET = "build-preset"  # widget: the rules preset
DEALER = "build-dealer"  # widget: the dealer's seat ("N", ...)
UPCARD = "build-upcard"  # widget: the upcard's code
MOVES = "build-moves"  # widget: the moves text, a line a move
ASK = "build-ask"  # widget: the question the scenario asks
REFUSAL = "build-refusal"  # the engine's sentence for the last click it refused
LINK = "build-link"  # the ?hand= code this session opened last
DEAL_TO = "build-deal-to"  # widget: where a card clicked in the deck goes ("N", ..., "up")
DECK_NOTE = "build-deck-note"  # why the last card clicked in the deck was refused, or None


def HAND(seat: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """Widget: ``seat``'s cards ("N", ...)."""
    return f"build-hand-{seat}"


def RULE(name: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """Widget: the house rule ``name``'s switch ("canadian_loner", "alone_decision", ...)."""
    return f"build-{name}"
