"""The Play page's game as a value (``tutorial_app.features.play.game``), without Streamlit:
dealing and the bots' moves, the learner's clicks judged by the engine, undo, replay,
next hand, and what the page shows after a hand."""

from __future__ import annotations

import doctest
import random

import pytest

from engine import (
    Action,
    Do,
    IllegalActionError,
    Phase,
    Reason,
    Seat,
    explain_result,
    legal_actions,
    refusal_to,
)
from tutorial_app.features.play import game as play
from tutorial_app.features.play.game import DEAL, YOU


def first_choice(played: play.BotGame, rng: random.Random | None = None):
    """A legal choice for the learner (the first, or a random one), or DEAL between hands."""
    if played.game.hand is None:
        return DEAL
    legal = legal_actions(played.game.hand)
    return legal[rng.randrange(len(legal))] if rng else legal[0]


def take(played: play.BotGame, choice) -> play.BotGame:
    return play.next_hand(played) if choice == DEAL else play.learner_plays(played, choice)


def until_cards(played: play.BotGame) -> play.BotGame:
    while played.game.hand.phase is not Phase.PLAY:
        played = take(played, first_choice(played))
    return played


def whole_game(seed: int, preset: str = "bga") -> play.BotGame:
    rng = random.Random(seed)
    played = play.new_bot_game(preset, "beginner", seed)
    while played.game.winner is None:
        played = take(played, first_choice(played, rng))
    return played


def must_follow() -> play.BotGame:
    """A game where South is to play a card and holds a card it may not play."""
    for seed in range(40, 120):
        played = until_cards(play.new_bot_game("bga", "beginner", seed))
        state = played.game.hand
        legal = {a.card for a in legal_actions(state)}
        if state.turn is YOU and any(c not in legal for c in state.hand_of(YOU)):
            return played
    pytest.fail("no seed gave South a card it may not play")


def test_a_new_session_deals_and_lets_the_bots_move_until_your_turn():
    played = play.new_bot_game("bga", "beginner", 17)
    hand = played.game.hand
    assert hand.dealer is play.FIRST_DEALER and hand.turn is YOU
    assert [seat for seat, _ in hand.actions] == [Seat.N, Seat.E]  # West deals: N, E, then you
    assert played.choices == () and played.hand_start.hand.actions == ()
    assert play.new_bot_game("bga", "beginner", 17).game == played.game  # same seed, same game
    assert play.new_bot_game("bga", "beginner", 18).game.hand.deal != hand.deal


@pytest.mark.parametrize(
    "preset, level, word", [("bgx", "beginner", "rule set"), ("bga", "god", "bot level")]
)
def test_an_unknown_set_up_is_refused_by_name(preset, level, word):
    with pytest.raises(ValueError, match=word) as error:
        play.new_bot_game(preset, level, 1)
    assert repr(preset if word == "rule set" else level) in str(error.value)


def test_a_refused_card_keeps_the_game_and_holds_the_engines_sentence():
    played = must_follow()
    state = played.game.hand
    legal = {a.card for a in legal_actions(state)}
    illegal = next(c for c in state.hand_of(YOU) if c not in legal)
    refused = play.learner_card(played, illegal.code)
    assert refused.game == played.game and refused.choices == played.choices
    assert refused.refusal_reason is Reason.MUST_FOLLOW_SUIT
    with pytest.raises(IllegalActionError) as error:  # the engine refuses it too
        play.learner_plays(played, Action.play(illegal))
    # The engine's sentence said to the learner, opening with the card clicked (the
    # sentence names only the rule)
    said = refusal_to(state, Action.play(illegal), YOU)
    assert said is not None and said.reason is error.value.reason
    assert said.message.startswith("You must follow ")
    assert refused.refusal == f"You may not play {illegal.the_name}. {said.message}"
    # A legal card then plays, the bots answer, and the refusal goes.
    card = next(iter(legal))
    moved = play.learner_card(refused, card.code)
    assert moved.refusal is None and moved.choices == played.choices + (Action.play(card),)
    after = play.current_hand(moved)
    assert card not in after.hand_of(YOU) and (after.turn is YOU or after.is_over)


def test_a_labelled_choice_goes_through_the_engine_too():
    played = play.new_bot_game("bga", "beginner", 17)
    passed = play.learner_choice(played, "pass")
    assert passed.choices == (Action.PASS,)
    nonsense = play.learner_choice(played, "call-X")
    assert nonsense.game == played.game and "call-X" in nonsense.refusal
    between = whole_hand(played)
    assert play.learner_card(between, "JH").refusal == "The hand is over: deal the next one."


def whole_hand(played: play.BotGame) -> play.BotGame:
    while played.game.hand is not None:
        played = take(played, first_choice(played))
    return played


def test_undo_takes_back_your_last_decision_and_the_bot_moves_after_it():
    played = until_cards(play.new_bot_game("bga", "beginner", 23))
    assert play.can_undo(played) == (played.choices[-1] != DEAL)
    card = legal_actions(played.game.hand)[0]
    moved = play.learner_plays(played, card)
    assert len(moved.game.hand.actions) > len(played.game.hand.actions) + 1  # bots answered
    back = play.undo(moved)
    assert back.game == played.game and back.choices == played.choices
    # Taking another card after the undo is the game those choices make, by replay.
    other = legal_actions(played.game.hand)[-1]
    again = play.learner_plays(back, other)
    assert again.game == play.replay("bga", "beginner", 23, again.choices).game


def test_undo_after_the_last_card_takes_back_the_score():
    played = play.new_bot_game("bga", "beginner", 5)
    while True:
        before = played
        played = take(played, first_choice(played))
        if played.game.hand is None:
            break
    # With seed 5 South plays the hand's last card.
    assert before.game.hand.turn is YOU and played.choices[-1] != DEAL
    assert played.game.finished and play.can_undo(played)
    back = play.undo(played)
    assert back.game == before.game and back.game.scores == (0, 0) and not back.game.finished


def test_nothing_to_undo_at_a_new_hand_and_no_undo_at_all_without_it():
    played = whole_hand(play.new_bot_game("bga", "beginner", 17))
    dealt = play.next_hand(played)
    assert dealt.choices[-1] == DEAL and not play.can_undo(dealt)
    with pytest.raises(ValueError, match="no decision of yours"):
        play.undo(dealt)
    strict = play.set_no_undo(
        play.learner_plays(play.new_bot_game("bga", "beginner", 17), Action.PASS), True
    )
    assert not play.can_undo(strict)
    with pytest.raises(ValueError, match="without undo"):
        play.undo(strict)


def test_the_next_hand_is_dealt_only_between_hands_and_never_after_the_game():
    played = play.new_bot_game("bga", "beginner", 17)
    with pytest.raises(ValueError, match="in progress"):
        play.next_hand(played)
    over = whole_game(17)
    assert over.game.winner is not None
    with pytest.raises(ValueError, match="game is over"):
        play.next_hand(over)
    fresh = play.restart(over, 99)
    assert fresh.seed == 99 and fresh.preset == over.preset and not fresh.game.finished


@pytest.mark.parametrize("seed", [3, 17, 40])
@pytest.mark.parametrize("preset", ["bga", "pagat", "cardsuite"])
def test_replaying_the_learners_choices_rebuilds_the_whole_game(seed, preset):
    played = whole_game(seed, preset)
    again = play.replay(preset, "beginner", seed, played.choices)
    assert again.game == played.game and again.hand_start == played.hand_start
    assert played.choices.count(DEAL) == len(played.game.finished) - 1


def test_a_choice_that_cannot_be_made_stops_the_replay_saying_which():
    choices = (Action.PASS, DEAL)
    with pytest.raises(play.ReplayStep) as error:
        play.replay("bga", "beginner", 17, choices)
    assert error.value.number == 2 and "in progress" in error.value.reason
    with pytest.raises(play.ReplayStep) as error:
        play.replay(
            "bga",
            "beginner",
            17,
            (
                Action.play(
                    play.current_hand(play.new_bot_game("bga", "beginner", 17)).hand_of(YOU)[0]
                ),
            ),
        )
    assert error.value.number == 1 and error.value.reason  # the engine's sentence


def test_the_log_says_every_move_and_every_trick_with_the_engines_reasons():
    played = whole_hand(play.new_bot_game("bga", "beginner", 17))
    hand = play.current_hand(played)
    log = play.hand_log(played)
    assert len(log) == len(hand.actions) + len(hand.tricks)
    assert log[0][0] == "North passes" and all(why for _, why in log)
    tricks = [words for words, _ in log if words.startswith("Trick")]
    assert tricks == [f"Trick {i} goes to {t.winner.word}" for i, t in enumerate(hand.tricks, 1)]


def test_the_moves_shown_are_those_since_your_last_and_before_your_first_the_whole_hand():
    """A newcomer whose first turn comes after the bots made trump and led sees the
    bidding too, not only the last four lines."""
    played = next(
        p
        for p in (play.new_bot_game("bga", "beginner", seed) for seed in range(1, 200))
        if p.game.hand.trick and not any(seat is YOU for seat, _ in p.game.hand.actions)
    )
    log = play.hand_log(played)
    assert len(log) > 4 and play.recent_moves(played) == log
    assert any("orders it up" in words or "picks it up" in words for words, _ in log)
    after = take(played, first_choice(played))  # South's card, then the bots' to the next turn
    log = play.hand_log(after)
    mine = max(i for i, (words, _) in enumerate(log) if words.startswith("South "))
    assert play.recent_moves(after) == log[min(mine + 1, len(log) - 4) :]


def test_the_summary_of_a_hand_is_the_engines_facts():
    played = whole_hand(play.new_bot_game("bga", "beginner", 17))
    hand, game = played.game.finished[-1], played.game
    summary = play.hand_summary(game)
    assert summary.number == 1 and summary.why == explain_result(hand)
    ns, ew = hand.tricks_won
    assert summary.tricks == f"North-South {ns}, East-West {ew}"
    assert summary.makers.startswith(hand.makers.word) and hand.maker.word in summary.makers
    winner = hand.result.score.winner
    assert summary.points.startswith(f"{winner.word} score {hand.result.points[winner]}")
    assert summary.score == f"North-South {game.scores[0]}, East-West {game.scores[1]} (game to 10)"
    with pytest.raises(ValueError):
        play.hand_summary(play.new_bot_game("bga", "beginner", 17).game)


def test_a_thrown_in_hand_is_summed_up_as_nobody_scoring():
    for seed in range(200):  # Pagat: no stick the dealer, so four passes twice throw it in
        played = play.new_bot_game("pagat", "beginner", seed)
        while played.game.hand is not None and played.game.hand.phase in (Phase.BID1, Phase.BID2):
            played = play.learner_plays(played, Action.PASS)
        if played.game.hand is None:
            break
    else:
        pytest.fail("no deal was thrown in")
    summary = play.hand_summary(played.game)
    assert summary.points == "nobody scores" and "thrown in" in summary.why


def test_progress_and_the_score_in_words():
    played = play.new_bot_game("bga", "beginner", 17)
    assert not play.has_progress(played)
    assert play.has_progress(play.learner_plays(played, Action.PASS))
    over = whole_game(17)
    you, them = over.game.score(YOU.team), over.game.score(YOU.team.other)
    assert play.score_words(over) == f"{you}-{them}"


def test_the_advice_streams_are_seeded_apart_from_the_bots():
    assert play.advice_rng(1, 0, 3).random() == play.advice_rng(1, 0, 3).random()
    assert play.advice_rng(1, 0, 3).random() != play.bot_rng(1, 0, 3).random()
    assert play.deal_rng(1, 0).random() != play.deal_rng(1, 1).random()


def test_the_examples_in_the_docstring():
    failures, tried = doctest.testmod(play)
    assert tried and not failures


def test_every_action_kind_can_be_taken_back():
    """Undo works whatever the learner's last decision was: bidding, alone, discard, card."""
    kinds = set()
    for seed in range(60):
        rng = random.Random(seed)
        played = play.new_bot_game("bga", "beginner", seed)
        for _ in range(12):
            if played.game.hand is None:
                break
            before = played
            played = take(played, first_choice(played, rng))
            kinds.add(played.choices[-1].do)
            assert play.undo(played).game == before.game
    assert {Do.PASS, Do.PLAY} <= kinds and len(kinds) >= 4


@pytest.mark.parametrize("moves", [0, 3, 9, 14, 30])
def test_the_hand_start_is_the_replay_of_the_choices_up_to_the_deal(moves):
    rng = random.Random(moves)
    played = play.new_bot_game("pagat", "beginner", 11)
    for _ in range(moves):
        if played.game.winner is not None:
            break
        played = take(played, first_choice(played, rng))
    start = play.at_hand_start(played)
    assert not start.choices or start.choices[-1] == DEAL
    assert start.game == play.replay("pagat", "beginner", 11, start.choices).game
    assert play.resume(start, played.choices[len(start.choices) :]).game == played.game
