"""The card table: the one clickable component that draws hands, tricks and loose cards
(``component``, with its inline JS and CSS), its typed models (``model_types``) built by
``table_model`` from one frozen ``TableOptions`` (``table_options``) and by
``cards_model``, the one decision for a click on it (``table_moves.decide_click``) and
the words for moves (``move_words``)."""
