"""The card table on a page: one Streamlit custom component (components v2) that draws
a table model (``table_model.table_model``) and reports the learner's clicks.

Inline HTML/CSS/JS mounted in the page itself: no iframe and no npm build. The
JavaScript lives beside this file (``card_table.js``, ``card_table.css``) and is
read once as text. The table draws four seats round the middle, the trick or the
upcard, trump, dealer and score, and the learner's hand as buttons named by card
("jack of hearts"); clicks come back as triggers: ``card`` (a card code) and
``action`` (a choice id, see ``table_moves.action_id``).

The widget decides nothing. A page passes callbacks that ask the engine
(``table_moves.decide_click``): a legal click is applied, an illegal one leaves the
state alone and the engine's sentence goes into the next model's ``message``. Keep
those callbacks plain functions: AppTest cannot click inside a component, so tests
call them directly.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st

from tutorial_app.card_table.model_types import CardsModel, TableModel

__all__ = ["COMPONENT_NAME", "card_table"]

_HERE = Path(__file__).resolve().parent
COMPONENT_NAME = "euchre_card_table"

_mount = st.components.v2.component(
    COMPONENT_NAME,
    css=(_HERE / "card_table.css").read_text(encoding="utf-8"),
    js=(_HERE / "card_table.js").read_text(encoding="utf-8"),
)


def card_table(
    model: TableModel | CardsModel,
    *,
    key: str,
    on_card: Callable[[str], object] | None = None,  # what it returns is not used
    on_action: Callable[[str], object] | None = None,
    address: dict[str, str | None] | None = None,
    name: str | None = None,
):
    """Draw ``model`` and return the component's result (``.card`` and ``.action``
    hold the click of this run, else None).

    ``on_card(code)`` runs when a card of the hand is clicked (or chosen with the
    keyboard), ``on_action(action_id)`` when a labelled choice is; both run as
    Streamlit callbacks, before the script (or fragment) reruns.

    ``address`` sets query parameters of the page address in the browser (a None value
    removes one) with ``history.replaceState``: the address follows the table without a
    history entry per move, which ``st.query_params`` would push. Streamlit's own copy
    of the query parameters does not see the change: read such a parameter only when a
    session starts (a reload).

    ``name`` is the table's accessible name (its region landmark), for a page that shows
    several tables: landmarks must differ. Without it, the model's title names it.
    """

    def clicked(event: str, callback: Callable[[str], object] | None) -> Callable[[], None]:
        def run() -> None:
            value = (st.session_state.get(key) or {}).get(event)
            if callback is not None and value is not None:
                callback(value)

        return run

    extras = {key: value for key, value in (("address", address), ("region_name", name)) if value}
    data: Any = {**model, **extras} if extras else model
    return _mount(
        key=key,
        data=data,
        width="stretch",
        height="content",
        on_card_change=clicked("card", on_card),
        on_action_change=clicked("action", on_action),
    )
