"""The card table: the one clickable component that draws hands, tricks and loose cards
(``component``, with its inline JS and CSS), its models (``table_model``,
``cards_model``), what a click on it means (``table_moves``) and the words for moves
(``move_words``)."""
