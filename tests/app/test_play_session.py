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
)
from tutorial_app.features.play import game as play
from tutorial_app.features.play.game import DEAL, YOU


def first_choice(session: play.PlaySession, rng: random.Random | None = None):
    """A legal choice for the learner (the first, or a random one), or DEAL between hands."""
    if session.game.hand is None:
        return DEAL
    legal = legal_actions(session.game.hand)
    return legal[rng.randrange(len(legal))] if rng else legal[0]


def take(session: play.PlaySession, choice) -> play.PlaySession:
    return play.next_hand(session) if choice == DEAL else play.learner_plays(session, choice)


def until_cards(session: play.PlaySession) -> play.PlaySession:
    while session.game.hand.phase is not Phase.PLAY:
        session = take(session, first_choice(session))
    return session


def whole_game(seed: int, preset: str = "bga") -> play.PlaySession:
    rng = random.Random(seed)
    session = play.new_session(preset, "beginner", seed)
    while session.game.winner is None:
        session = take(session, first_choice(session, rng))
    return session


def must_follow() -> play.PlaySession:
    """A session where South is to play a card and holds a card it may not play."""
    for seed in range(40, 120):
        session = until_cards(play.new_session("bga", "beginner", seed))
        state = session.game.hand
        legal = {a.card for a in legal_actions(state)}
        if state.turn is YOU and any(c not in legal for c in state.hand_of(YOU)):
            return session
    pytest.fail("no seed gave South a card it may not play")


def test_a_new_session_deals_and_lets_the_bots_move_until_your_turn():
    session = play.new_session("bga", "beginner", 17)
    hand = session.game.hand
    assert hand.dealer is play.FIRST_DEALER and hand.turn is YOU
    assert [seat for seat, _ in hand.actions] == [Seat.N, Seat.E]  # West deals: N, E, then you
    assert session.choices == () and session.hand_start.hand.actions == ()
    assert play.new_session("bga", "beginner", 17).game == session.game  # same seed, same game
    assert play.new_session("bga", "beginner", 18).game.hand.deal != hand.deal


@pytest.mark.parametrize(
    "preset, level, word", [("bgx", "beginner", "rule set"), ("bga", "god", "bot level")]
)
def test_an_unknown_set_up_is_refused_by_name(preset, level, word):
    with pytest.raises(ValueError, match=word) as error:
        play.new_session(preset, level, 1)
    assert repr(preset if word == "rule set" else level) in str(error.value)


def test_a_refused_card_keeps_the_game_and_holds_the_engines_sentence():
    session = must_follow()
    state = session.game.hand
    legal = {a.card for a in legal_actions(state)}
    illegal = next(c for c in state.hand_of(YOU) if c not in legal)
    refused = play.learner_card(session, illegal.code)
    assert refused.game == session.game and refused.choices == session.choices
    assert refused.refusal_reason is Reason.MUST_FOLLOW_SUIT
    with pytest.raises(IllegalActionError) as error:  # the same sentence, from the engine
        play.learner_plays(session, Action.play(illegal))
    assert refused.refusal == error.value.message
    # A legal card then plays, the bots answer, and the refusal goes.
    card = next(iter(legal))
    played = play.learner_card(refused, card.code)
    assert played.refusal is None and played.choices == session.choices + (Action.play(card),)
    after = play.current_hand(played)
    assert card not in after.hand_of(YOU) and (after.turn is YOU or after.is_over)


def test_a_labelled_choice_goes_through_the_engine_too():
    session = play.new_session("bga", "beginner", 17)
    passed = play.learner_choice(session, "pass")
    assert passed.choices == (Action.PASS,)
    nonsense = play.learner_choice(session, "call-X")
    assert nonsense.game == session.game and "call-X" in nonsense.refusal
    between = whole_hand(session)
    assert play.learner_card(between, "JH").refusal == "The hand is over: deal the next one."


def whole_hand(session: play.PlaySession) -> play.PlaySession:
    while session.game.hand is not None:
        session = take(session, first_choice(session))
    return session


def test_undo_takes_back_your_last_decision_and_the_bot_moves_after_it():
    session = until_cards(play.new_session("bga", "beginner", 23))
    assert play.can_undo(session) == (session.choices[-1] != DEAL)
    card = legal_actions(session.game.hand)[0]
    played = play.learner_plays(session, card)
    assert len(played.game.hand.actions) > len(session.game.hand.actions) + 1  # bots answered
    back = play.undo(played)
    assert back.game == session.game and back.choices == session.choices
    # Taking another card after the undo is the game those choices make, by replay.
    other = legal_actions(session.game.hand)[-1]
    again = play.learner_plays(back, other)
    assert again.game == play.replay("bga", "beginner", 23, again.choices).game


def test_undo_after_the_last_card_takes_back_the_score():
    session = play.new_session("bga", "beginner", 5)
    while True:
        before = session
        session = take(session, first_choice(session))
        if session.game.hand is None:
            break
    # With seed 5 South plays the hand's last card.
    assert before.game.hand.turn is YOU and session.choices[-1] != DEAL
    assert session.game.finished and play.can_undo(session)
    back = play.undo(session)
    assert back.game == before.game and back.game.scores == (0, 0) and not back.game.finished


def test_nothing_to_undo_at_a_new_hand_and_no_undo_at_all_without_it():
    session = whole_hand(play.new_session("bga", "beginner", 17))
    dealt = play.next_hand(session)
    assert dealt.choices[-1] == DEAL and not play.can_undo(dealt)
    with pytest.raises(ValueError, match="no decision of yours"):
        play.undo(dealt)
    strict = play.set_no_undo(
        play.learner_plays(play.new_session("bga", "beginner", 17), Action.PASS), True
    )
    assert not play.can_undo(strict)
    with pytest.raises(ValueError, match="without undo"):
        play.undo(strict)


def test_the_next_hand_is_dealt_only_between_hands_and_never_after_the_game():
    session = play.new_session("bga", "beginner", 17)
    with pytest.raises(ValueError, match="in progress"):
        play.next_hand(session)
    over = whole_game(17)
    assert over.game.winner is not None
    with pytest.raises(ValueError, match="game is over"):
        play.next_hand(over)
    fresh = play.restart(over, 99)
    assert fresh.seed == 99 and fresh.preset == over.preset and not fresh.game.finished


@pytest.mark.parametrize("seed", [3, 17, 40])
@pytest.mark.parametrize("preset", ["bga", "pagat", "cardsuite"])
def test_replaying_the_learners_choices_rebuilds_the_whole_game(seed, preset):
    session = whole_game(seed, preset)
    again = play.replay(preset, "beginner", seed, session.choices)
    assert again.game == session.game and again.hand_start == session.hand_start
    assert session.choices.count(DEAL) == len(session.game.finished) - 1


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
                    play.current_hand(play.new_session("bga", "beginner", 17)).hand_of(YOU)[0]
                ),
            ),
        )
    assert error.value.number == 1 and error.value.reason  # the engine's sentence


def test_the_log_says_every_move_and_every_trick_with_the_engines_reasons():
    session = whole_hand(play.new_session("bga", "beginner", 17))
    hand = play.current_hand(session)
    log = play.hand_log(session)
    assert len(log) == len(hand.actions) + len(hand.tricks)
    assert log[0][0] == "North passes" and all(why for _, why in log)
    tricks = [words for words, _ in log if words.startswith("Trick")]
    assert tricks == [f"Trick {i} goes to {t.winner.word}" for i, t in enumerate(hand.tricks, 1)]


def test_the_summary_of_a_hand_is_the_engines_facts():
    session = whole_hand(play.new_session("bga", "beginner", 17))
    hand, game = session.game.finished[-1], session.game
    summary = play.hand_summary(game)
    assert summary.number == 1 and summary.why == explain_result(hand)
    ns, ew = hand.tricks_won
    assert summary.tricks == f"North-South {ns}, East-West {ew}"
    assert summary.makers.startswith(hand.makers.word) and hand.maker.word in summary.makers
    winner = hand.result.score.winner
    assert summary.points.startswith(f"{winner.word} score {hand.result.points[winner]}")
    assert summary.score == f"North-South {game.scores[0]}, East-West {game.scores[1]} (game to 10)"
    with pytest.raises(ValueError):
        play.hand_summary(play.new_session("bga", "beginner", 17).game)


def test_a_thrown_in_hand_is_summed_up_as_nobody_scoring():
    for seed in range(200):  # Pagat: no stick the dealer, so four passes twice throw it in
        session = play.new_session("pagat", "beginner", seed)
        while session.game.hand is not None and session.game.hand.phase in (Phase.BID1, Phase.BID2):
            session = play.learner_plays(session, Action.PASS)
        if session.game.hand is None:
            break
    else:
        pytest.fail("no deal was thrown in")
    summary = play.hand_summary(session.game)
    assert summary.points == "nobody scores" and "thrown in" in summary.why


def test_progress_and_the_score_in_words():
    session = play.new_session("bga", "beginner", 17)
    assert not play.has_progress(session)
    assert play.has_progress(play.learner_plays(session, Action.PASS))
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
        session = play.new_session("bga", "beginner", seed)
        for _ in range(12):
            if session.game.hand is None:
                break
            before = session
            session = take(session, first_choice(session, rng))
            kinds.add(session.choices[-1].do)
            assert play.undo(session).game == before.game
    assert {Do.PASS, Do.PLAY} <= kinds and len(kinds) >= 4


@pytest.mark.parametrize("moves", [0, 3, 9, 14, 30])
def test_the_hand_start_is_the_replay_of_the_choices_up_to_the_deal(moves):
    rng = random.Random(moves)
    session = play.new_session("pagat", "beginner", 11)
    for _ in range(moves):
        if session.game.winner is not None:
            break
        session = take(session, first_choice(session, rng))
    start = play.at_hand_start(session)
    assert not start.choices or start.choices[-1] == DEAL
    assert start.game == play.replay("pagat", "beginner", 11, start.choices).game
    assert play.resume(start, session.choices[len(start.choices) :]).game == session.game
