"""What a guided hand keeps in the session between reruns: each key, declared once."""

DECISION_CLOCK = "guided-decision-clock"  # the answer clock of the decision on screen
UNSAVED = "guided-unsaved"  # why the last decision was not saved
PLACE_NOTE = "guided-place-note"  # why a kept place was not used, until it is shown


def RUN(hand_id: str) -> str:  # noqa: N802 - a key maker, named like the other keys
    """The hand's GuidedRun."""
    return f"guided-run-{hand_id}"
