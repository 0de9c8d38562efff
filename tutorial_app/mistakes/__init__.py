"""A learner's own mistakes as puzzles: kept from their games (``capture``), asked again
from their seat and judged as the review judged them (``puzzles``). No Streamlit here."""
