"""A learner's own mistakes as puzzles: kept from their games (``capture``), asked again
from their seat and judged as the review judged them (``puzzles``); a hand's review as
rows (``review_rows``). No Streamlit here but in ``review_view``, the kit's page side."""
