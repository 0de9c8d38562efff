"""Euchre rules engine: the single source of truth for every rule the app teaches.

Import everything from here: ``from engine import Card, Suit, Rules, ...``.
The public names are listed by hand in ``__all__`` below, grouped by purpose.
"""

# First: chooses the compiled hot modules or the plain sources (engine/native.py).
import engine.native  # noqa: F401  (engine.native.ENGINE_PATH says which)
from engine.actions import Action, Do
from engine.cards import (
    ALL_CARDS,
    BENNY_DECK,
    JOKER,
    NO_TRUMP,
    STANDARD_DECK,
    Card,
    Colour,
    NoTrump,
    Rank,
    Suit,
    deck,
)
from engine.errors import (
    EuchreError,
    GameError,
    IllegalActionError,
    NotationError,
    Reason,
    RecordError,
    RulesError,
    ScoreError,
)
from engine.explain import (
    describe_card,
    explain_action,
    explain_first_lead,
    explain_loser,
    explain_makers,
    explain_pickup,
    explain_play,
    explain_result,
    explain_trick,
    winner_of,
)
from engine.game import (
    GameState,
    finish_hand,
    game_apply,
    game_winner,
    new_game,
    next_dealer,
    start_hand,
)
from engine.hand import (
    HAND_SIZE,
    Deal,
    HandResult,
    HandState,
    Phase,
    Trick,
    apply,
    deal_cards,
    first_leader,
    legal_actions,
    new_hand,
    random_hand,
)
from engine.notation import (
    format_card,
    format_seat,
    format_suit,
    parse_card,
    parse_cards,
    parse_seat,
    parse_suit,
    parse_team,
)
from engine.ranking import (
    CardRole,
    card_role,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
    rank_order,
    sort_hand,
    suit_order,
    trick_strength,
    trump_position,
)
from engine.record import HandRecord, ReplayError, replay
from engine.rules import (
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    SETTING_NAMES,
    AloneDecision,
    Rules,
    describe_preset,
)
from engine.scoring import (
    HandScore,
    Outcome,
    ScoringRow,
    score_hand,
    scoring_table,
    tricks_words,
)
from engine.seats import SEATS, TEAMS, Seat, Team
from engine.view import SeatView, seat_view

__all__ = [
    # Cards, seats and the deck
    "Card",
    "Rank",
    "Suit",
    "Colour",
    "NoTrump",
    "NO_TRUMP",
    "JOKER",
    "STANDARD_DECK",
    "BENNY_DECK",
    "ALL_CARDS",
    "deck",
    "Seat",
    "Team",
    "SEATS",
    "TEAMS",
    # Rule sets: the presets and their settings
    "Rules",
    "AloneDecision",
    "PRESETS",
    "PRESET_NAMES",
    "PRESET_DESCRIPTIONS",
    "SETTING_NAMES",
    "describe_preset",
    # Ranking under a trump: where all bower and Benny logic lives
    "CardRole",
    "card_role",
    "effective_suit",
    "is_trump",
    "is_right_bower",
    "is_left_bower",
    "trick_strength",
    "suit_order",
    "rank_order",
    "trump_position",
    "sort_hand",
    # One hand: the state, what is legal, applying an action
    "HandState",
    "Deal",
    "Phase",
    "Trick",
    "HandResult",
    "HAND_SIZE",
    "Action",
    "Do",
    "new_hand",
    "random_hand",
    "deal_cards",
    "legal_actions",
    "apply",
    "first_leader",
    # What one seat may see
    "SeatView",
    "seat_view",
    # Scoring a hand, and a game of hands
    "HandScore",
    "Outcome",
    "ScoringRow",
    "score_hand",
    "scoring_table",
    "tricks_words",
    "GameState",
    "new_game",
    "start_hand",
    "game_apply",
    "finish_hand",
    "next_dealer",
    "game_winner",
    # Explanations in plain sentences
    "describe_card",
    "explain_action",
    "explain_play",
    "explain_loser",
    "explain_trick",
    "explain_result",
    "explain_first_lead",
    "explain_makers",
    "explain_pickup",
    "winner_of",
    # Notation and hand records: read, write, replay
    "parse_card",
    "parse_cards",
    "parse_suit",
    "parse_seat",
    "parse_team",
    "format_card",
    "format_suit",
    "format_seat",
    "HandRecord",
    "replay",
    # Errors: one family, all ValueErrors
    "EuchreError",
    "NotationError",
    "RulesError",
    "RecordError",
    "ReplayError",
    "GameError",
    "ScoreError",
    "IllegalActionError",
    "Reason",
]
