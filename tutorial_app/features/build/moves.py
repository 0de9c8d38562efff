"""The scenario builder's state, as plain functions over a session mapping.

The builder's widgets hold the draft (rules, dealer, each seat's cards, the upcard, the
moves text); ``draft_from`` reads it as a ``scenario_draft.Draft``, ``put_draft`` writes
one (a random deal, a shared hand). A click on the preview table asks the engine for the
seat to act (``table_moves``): a legal move is added as a line of the moves text, an
illegal one leaves it and the engine's sentence shows under the table. The page passes
``st.session_state``; AppTest tests pass theirs, making the same moves the clicks make.

>>> session = {}
>>> set_preset(session, "pagat"); session[RULE("canadian_loner")]
True
"""

from __future__ import annotations

from collections.abc import MutableMapping

from engine import PRESETS, SEATS, SETTING_NAMES, HandRecord
from tutorial_app.card_table.table_moves import Click, Decision, decide_click
from tutorial_app.features.build.draft import Draft, check, draft_of, move_line
from tutorial_app.features.build.keys import DEALER, HAND, MOVES, PRESET, REFUSAL, RULE, UPCARD

__all__ = [
    "VARIANTS",
    "clicked_action",
    "clicked_card",
    "draft_from",
    "put_draft",
    "set_preset",
]

# The on/off house rules; alone_decision has its own switch; the target is a game's.
VARIANTS = tuple(name for name in SETTING_NAMES if isinstance(PRESETS["bga"][name], bool))


def set_preset(session: MutableMapping, preset: str) -> None:
    """A preset chosen: its house rules switch to the preset's values."""
    session[PRESET] = preset
    for name in VARIANTS:
        session[RULE(name)] = PRESETS[preset][name]
    session[RULE("alone_decision")] = PRESETS[preset]["alone_decision"]


def draft_from(session: MutableMapping) -> Draft:
    """The draft the widgets hold."""
    preset = session.get(PRESET) or "bga"
    rules = {"preset": preset}
    for name in VARIANTS:
        rules[name] = bool(session.get(RULE(name), PRESETS[preset][name]))
    rules["alone_decision"] = (
        session.get(RULE("alone_decision")) or PRESETS[preset]["alone_decision"]
    )
    return Draft(
        rules,
        session.get(DEALER) or "W",
        {seat.value: tuple(session.get(HAND(seat.value)) or ()) for seat in SEATS},
        session.get(UPCARD),
        session.get(MOVES) or "",
    )


def put_draft(session: MutableMapping, source: Draft | HandRecord) -> None:
    """Fill the widgets with a draft (or a record, to change it)."""
    draft = draft_of(source) if isinstance(source, HandRecord) else source
    set_preset(session, str(draft.rules.get("preset", "bga")))
    for name, value in draft.rules.items():
        if name in VARIANTS or name == "alone_decision":
            session[RULE(name)] = value
    session[DEALER] = draft.dealer
    for seat in SEATS:
        session[HAND(seat.value)] = list(draft.hands.get(seat.value, ()))
    session[UPCARD] = draft.upcard
    session[MOVES] = draft.moves
    session[REFUSAL] = None


def _added(session: MutableMapping, click: Click) -> Decision:
    record = check(draft_from(session)).record
    state = record.replay() if record is not None else None
    over = "The hand is over: no move can be added." if state else "Fix the deal first."
    decision = decide_click(state, click, over=over)
    if decision.action is not None:  # decision.ok: a move on a hand that is not over
        assert record is not None and state is not None and state.turn is not None
        lines = [move_line(seat, action) for seat, action in record.actions]
        session[MOVES] = "\n".join(lines + [move_line(state.turn, decision.action)])
        session[REFUSAL] = None
    else:
        session[REFUSAL] = decision.refusal
    return decision


def clicked_card(session: MutableMapping, code: str) -> Decision:
    """A card of the seat to act clicked on the preview: played or discarded if allowed."""
    return _added(session, Click("card", code))


def clicked_action(session: MutableMapping, ident: str) -> Decision:
    """A labelled choice of the seat to act clicked on the preview."""
    return _added(session, Click("action", ident))
