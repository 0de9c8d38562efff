"""Euchre rules engine: the single source of truth for every rule the app teaches.

Import everything from here: ``from engine import Card, Suit, Rules, ...``.
"""

from types import ModuleType as _ModuleType

from engine.cards import (ALL_CARDS, BENNY_DECK, JOKER, NO_TRUMP, STANDARD_DECK, Card, Colour,
                          NoTrump, Rank, Suit, deck)
from engine.actions import Action, Do
from engine.errors import (EuchreError, IllegalActionError, NotationError, Reason, RecordError,
                           RulesError)
from engine.explain import (card_role, describe_card, explain_action, explain_first_lead,
                            explain_makers, explain_pickup, explain_play, explain_result,
                            explain_trick, winner_of)
from engine.game import (GameState, finish_hand, game_apply, game_winner, new_game, next_dealer,
                         start_hand)
from engine.hand import (HAND_SIZE, Deal, HandResult, HandState, Phase, Trick, apply, deal_cards,
                         first_leader, legal_actions, new_hand, random_hand)
from engine.notation import (format_card, format_seat, format_suit, parse_card, parse_cards,
                             parse_seat, parse_suit, parse_team)
from engine.ranking import (effective_suit, is_left_bower, is_right_bower, is_trump, rank_order,
                            sort_hand, suit_order, trick_strength, trump_position)
from engine.record import HandRecord, ReplayError, replay
from engine.rules import (PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS, SETTING_NAMES, Rules,
                          describe_preset)
from engine.scoring import HandScore, Outcome, ScoringRow, score_hand, scoring_table
from engine.seats import SEATS, TEAMS, Seat, Team
from engine.view import SeatView, seat_view

# The public names: everything imported above, but not the submodules themselves.
__all__ = [name for name, value in dict(globals()).items()
           if not name.startswith("_") and not isinstance(value, _ModuleType)]
