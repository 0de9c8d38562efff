"""The card table on a page: one Streamlit custom component (components v2) that draws
a table model (``table_model.table_model``) and reports the learner's clicks.

Inline in the page itself: no iframe and no npm build. The JavaScript and CSS are files
(``assets/card_table.js``, ``assets/card_table.css``) served once per page as the
component's assets (``/_stcore/bidi-components/euchre.card_table/...``), not resent in
every message; so is the sheet of plain card pictures (``face_sheet``, loaded by the
JavaScript), and a message names those pictures instead of carrying them. The table
draws four seats round the middle, the trick or the upcard, trump, dealer and score, and
the learner's hand as buttons named by card ("jack of hearts"); clicks come back as
triggers: ``card`` (a card code) and ``action`` (a choice id, see
``table_moves.action_id``).

The widget decides nothing. A page passes callbacks that ask the engine
(``table_moves.decide_click``): a legal click is applied, an illegal one leaves the
state alone and the engine's sentence goes into the next model's ``message``. Keep
those callbacks plain functions: AppTest cannot click inside a component, so tests
call them directly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest

from tutorial_app.card_table.face_sheet import compact
from tutorial_app.card_table.model_types import CardsModel, TableModel

__all__ = ["COMPONENT_NAME", "card_table"]

# Streamlit serves a component's files only from an asset folder its manifest declares
# (an installed package's pyproject.toml); this app is not installed as one, so the
# card table declares the same manifest itself, on each runtime that mounts it (AppTest
# makes a runtime per test). The folder holds only what a browser may fetch.
_MANIFEST = ComponentManifest(
    name="euchre",
    version="1",
    components=[ComponentConfig(name="card_table", asset_dir="assets")],
)
COMPONENT_NAME = "euchre.card_table"
_PACKAGE_ROOT = Path(__file__).resolve().parent
_lock = threading.Lock()
_renderer: Callable[..., Any] | None = None


def _mount() -> Callable[..., Any]:
    """The component's mount function, its assets declared on the running runtime."""
    global _renderer
    with _lock:
        manager = get_bidi_component_manager()
        if manager.get_component_asset_root(COMPONENT_NAME) is None:
            manager.register_from_manifest(_MANIFEST, _PACKAGE_ROOT)
        if _renderer is None:
            _renderer = st.components.v2.component(
                COMPONENT_NAME, css="card_table.css", js="card_table.js"
            )
        return _renderer


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
    data: Any = {
        **model,
        "svgs": compact(model["svgs"]),
        "suit_icons": compact(model["suit_icons"]),
        **extras,
    }
    return _mount()(
        key=key,
        data=data,
        width="stretch",
        height="content",
        on_card_change=clicked("card", on_card),
        on_action_change=clicked("action", on_action),
    )
