"""The play page: bots take the other seats, hints explain, hands are summed up and
reviewed, undo takes a decision back, the address keeps the game, settings ask first.

AppTest cannot click inside the card table (a custom component), so these tests make
the learner's moves through the same functions the table's clicks call
(``tutorial_app.features.play.game``) and read what the table shows from the model it was given.
The game logic itself is tested without Streamlit in test_bot_game.py.
"""

from __future__ import annotations

import pytest
from app_driver import open_page, tables_shown
from streamlit.testing.v1 import AppTest

from analysis.grading import GRADE_MEANINGS
from engine import (
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    Do,
    Phase,
    Seat,
    explain_result,
    legal_actions,
)
from tutorial_app.card_table.hint_words import POINTS_MEANING, hint_heading
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.features.play import game as play
from tutorial_app.features.play.game_link import game_code, read_game
from tutorial_app.features.play.table_pace import keep_arrival

PAGE = "features/play/page.py"
GAME = "play-game"


def open_play(**query: str) -> AppTest:
    return open_page(PAGE, timeout=60, **query)


def played(at: AppTest) -> play.BotGame:
    return at.session_state[GAME]


def table_shown(at: AppTest) -> dict:
    """The model the card table was drawn from in the last run."""
    (model,) = tables_shown(at)
    return model


def click(at: AppTest, move) -> None:
    """What a click on the table does: the page's callback with the card or choice id."""
    at.session_state[GAME] = move(played(at))
    at.run()
    assert not at.exception


def make_first_choice(at: AppTest) -> None:
    """Click what the old 'first button' was: the first legal action, card or choice."""
    action = legal_actions(played(at).game.hand)[0]
    if action.card is not None:
        click(at, lambda s: play.learner_card(s, action.card.code))
    else:
        click(at, lambda s: play.learner_choice(s, action_id(action)))
    assert played(at).refusal is None


def play_until_cards(at: AppTest) -> None:
    while played(at).game.hand.phase is not Phase.PLAY:
        make_first_choice(at)


def finish_hand(at: AppTest) -> None:
    while played(at).game.hand is not None:
        make_first_choice(at)


def buttons(at: AppTest) -> set[str]:
    return {button.key for button in at.button}


def test_a_hand_is_played_to_the_end_summed_up_reviewed_and_the_next_dealt():
    at = open_play(seed="17", **{"play-level": "beginner"})
    assert played(at).game.hand.turn is Seat.S  # the bots moved until your turn
    finish_hand(at)
    game = played(at).game
    hand = game.finished[0]
    assert len(game.finished) == 1 and sum(game.scores) == sum(hand.result.points.values())
    assert table_shown(at)["message"] == {"text": explain_result(hand), "tone": "success"}
    summary = play.hand_summary(game)
    shown = " ".join(md.value for md in at.markdown)
    for fact in (summary.makers, summary.tricks, summary.points, summary.why, summary.score):
        assert fact in shown
    at.button(key="play-review-button").click().run()
    grades = at.session_state["play-review"]
    assert grades and all(g.seat is Seat.S for g in grades)
    assert at.table  # the grades table
    review_table = at.table[-1].value
    chosen = [g for g in grades if not g.forced]  # an only legal move is not graded
    assert len(chosen) < len(grades)  # this hand's last card is forced
    assert list(review_table["Grade"]) == [str(g.grade) for g in chosen]
    assert "What it means" not in review_table  # said once, in the legend above
    shown = " ".join(c.value for c in at.caption)
    assert all(meaning in shown for meaning in GRADE_MEANINGS.values())
    at.button(key="play-next").click().run()
    assert played(at).game.hand is not None and played(at).choices[-1] == play.DEAL


def test_hint_names_a_legal_choice_and_explains_it():
    at = open_play(seed="23", **{"play-level": "beginner"})
    at.button(key="play-hint-button").click().run()
    advice = at.session_state["play-hint"]
    hand = played(at).game.hand
    assert advice.recommended in legal_actions(hand)
    assert at.info[0].value == hint_heading(advice, hand)  # the choice, then its reason
    assert advice.explanation.split(": ", 1)[-1][1:] in at.info[0].value


def test_the_hint_table_speaks_in_tricks_and_points_in_words():
    at = open_play(seed="23", **{"play-level": "beginner"})
    at.button(key="play-hint-button").click().run()
    table = at.table[0].value
    assert list(table.columns) == [
        "Choice",
        "Tricks your team should win",
        "Points, on average",
        "Against the hint",
    ]
    assert (table["Against the hint"] == "the best choice").sum() == 1
    for points in table["Points, on average"]:
        assert points == "about even" or " wins about " in points, points
        assert "+" not in points and "." not in points
    # "On average" is said: the sentence's "1 point most of the time" is not the table's
    assert POINTS_MEANING in [caption.value for caption in at.caption]


def test_same_seed_same_first_deal():
    one = open_play(seed="99")
    two = open_play(seed="99")
    assert one.session_state[GAME].game.hand.deal == two.session_state[GAME].game.hand.deal


def test_the_review_repeats_the_hints_figures():
    at = open_play(seed="31", **{"play-level": "beginner"})
    at.button(key="play-hint-button").click().run()
    first_hint = at.session_state["play-hint"]
    finish_hand(at)
    at.button(key="play-review-button").click().run()
    first_grade = at.session_state["play-review"][0]
    assert first_grade.hint.options == first_hint.options


def test_the_table_shows_your_cards_and_the_choices_of_the_bidding():
    at = open_play(seed="17", **{"play-level": "beginner"})
    state = played(at).game.hand
    model = table_shown(at)
    assert sorted(card["code"] for card in model["hand"]) == sorted(
        card.code for card in state.hand_of(Seat.S)
    )
    if state.phase in (Phase.BID1, Phase.BID2):
        assert {a["id"] for a in model["actions"]} == {action_id(a) for a in legal_actions(state)}
    assert model["message"]["tone"] == "info"


def test_an_illegal_card_is_refused_with_the_engines_reason_and_changes_nothing():
    for seed in range(40, 80):  # a deal where South must follow suit and cannot play all
        at = open_play(seed=str(seed), **{"play-level": "beginner"})
        play_until_cards(at)
        state = played(at).game.hand
        legal = {a.card for a in legal_actions(state)}
        illegal = [card for card in state.hand_of(Seat.S) if card not in legal]
        if illegal:
            break
    else:
        pytest.fail("no seed gave South a card it may not play")
    click(at, lambda s: play.learner_card(s, illegal[0].code))
    refused = played(at)
    assert refused.refusal_reason.value == "MUST_FOLLOW_SUIT"
    assert refused.game.hand == state  # nothing changed
    assert table_shown(at)["message"] == {"text": refused.refusal, "tone": "refusal"}
    # The card tried is marked so, as a guided hand marks a wrong try; no other card is.
    marked = {c["code"]: c["mark"] for c in table_shown(at)["hand"] if c["mark"]}
    assert marked == {illegal[0].code: {"kind": "wrong", "text": "✗ tried"}}
    # A legal card then plays, and the refusal (and its mark) goes away.
    card = next(a.card for a in legal_actions(state) if a.do is Do.PLAY)
    click(at, lambda s: play.learner_card(s, card.code))
    assert played(at).refusal is None and table_shown(at)["message"]["tone"] != "refusal"
    assert not any(c["mark"] for c in table_shown(at)["hand"])
    assert card not in play.current_hand(played(at)).hand_of(Seat.S)


def test_undo_takes_back_your_last_decision_and_no_undo_removes_the_button():
    at = open_play(seed="17", **{"play-level": "beginner"})
    start = played(at)
    assert at.button(key="play-undo").disabled  # nothing of yours to take back yet
    make_first_choice(at)
    assert not at.button(key="play-undo").disabled
    at.button(key="play-undo").click().run()
    assert played(at).game == start.game and played(at).choices == ()
    at.toggle(key="play-no-undo").set_value(True).run()
    assert played(at).no_undo and "play-undo" not in buttons(at)
    make_first_choice(at)
    assert "play-undo" not in buttons(at)
    assert game_code(played(at)).split(".")[2] == "bn"  # the link keeps the no-undo mode


def test_the_last_trick_is_shown_on_request():
    at = open_play(seed="17", **{"play-level": "beginner"})
    # A trick in progress (a finished one alone stays in the middle, its winner named).
    while not (played(at).game.hand.tricks and played(at).game.hand.trick):
        make_first_choice(at)
    assert table_shown(at)["last_trick"] is None
    at.toggle(key="play-last").set_value(True).run()
    last = played(at).game.hand.tricks[-1]
    assert table_shown(at)["last_trick"]["winner"] == last.winner.value


def test_the_address_keeps_the_game_and_a_reload_rebuilds_it():
    at = open_play(seed="17", **{"play-level": "beginner"})
    play_until_cards(at)
    make_first_choice(at)
    address = table_shown(at)["address"]
    code = address["game"]
    assert code == game_code(played(at))
    assert address["seed"] is None and address["play-rules"] is None  # start links give way
    reloaded = open_play(game=code)
    assert reloaded.session_state[GAME].game == played(at).game
    assert table_shown(reloaded)["hand"] == table_shown(at)["hand"]
    assert not reloaded.warning


def test_a_reload_keeps_the_settings_of_the_game():
    original = play.learner_plays(
        play.new_bot_game("pagat", "beginner", 8, no_undo=True),
        legal_actions(play.new_bot_game("pagat", "beginner", 8).game.hand)[0],
    )
    at = open_play(game=game_code(original))
    assert at.segmented_control(key="play-rules").value == "pagat"
    assert at.segmented_control(key="play-level").value == "beginner"
    assert at.toggle(key="play-no-undo").value is True
    assert played(at).game == original.game


@pytest.mark.parametrize(
    "damage",
    [
        lambda code: code[:-3],  # cut short
        lambda code: code + "!",  # a character that is no move
        lambda code: "0" + code[1:],  # an outdated version
        lambda code: code + "A" * 2000,  # oversized
        lambda code: code.replace("bga", "<b>x</b>"),  # tampered, with markup
    ],
    ids=["truncated", "bad character", "outdated", "oversized", "tampered"],
)
def test_a_damaged_game_link_says_so_and_starts_a_new_game(damage):
    session_ = play.learner_plays(
        play.new_bot_game("bga", "beginner", 17),
        legal_actions(play.new_bot_game("bga", "beginner", 17).game.hand)[0],
    )
    at = open_play(game=damage(game_code(session_)))
    assert not at.exception
    (warning,) = at.warning
    shown = warning.value.replace("\\", "")  # the note is escaped Markdown: it quotes the link
    assert shown.startswith("This game link is damaged: ")
    assert shown.endswith(". Starting a new game.")
    assert played(at).choices == ()
    if played(at).game.hand is None:  # a fresh seed: you sat out while your partner
        at.button(key="play-next").click().run()  # played the first hand alone
    make_first_choice(at)
    assert not at.warning  # the note goes once the new game is under way


def test_changing_the_rules_mid_game_asks_first():
    at = open_play(seed="17", **{"play-level": "beginner"})
    make_first_choice(at)
    before = played(at)
    at.segmented_control(key="play-rules").set_value("pagat").run()
    assert played(at).game == before.game and played(at).preset == "bga"  # not yet
    question = " ".join(md.value for md in at.markdown)
    assert "Start a new game with these rules" in question
    assert "Your game at 0-0 will end." in question
    at.button(key="play-keep").click().run()
    assert played(at).game == before.game
    assert at.segmented_control(key="play-rules").value == "bga"
    assert "play-confirm" not in buttons(at)
    at.segmented_control(key="play-level").set_value("expert").run()
    at.button(key="play-confirm").click().run()
    assert (played(at).preset, played(at).level) == ("bga", "expert")
    assert played(at).choices == ()
    assert "play-confirm" not in buttons(at)


def test_changing_the_rules_before_any_decision_starts_the_new_game_at_once():
    at = open_play(seed="17", **{"play-level": "beginner"})
    at.segmented_control(key="play-rules").set_value("cardsuite").run()
    assert played(at).preset == "cardsuite" and played(at).game.rules.target_points == 10
    assert "play-confirm" not in buttons(at)
    assert table_shown(at)["address"]["game"].startswith("2.cardsuite.b.")


def test_rules_selector_shows_names_and_the_link_keeps_the_short_value():
    # Seeded: an unseeded deal can end before South acts (partner alone), and then the
    # change of rules asks first.
    at = open_play(seed="17", **{"play-rules": "pagat"})
    control = at.segmented_control(key="play-rules")
    assert control.options == [PRESET_NAMES[key] for key in PRESETS]
    assert control.value == "pagat"
    assert any(PRESET_DESCRIPTIONS["pagat"] in caption.value for caption in at.caption)
    control.set_value("cardsuite").run()
    assert not at.exception
    assert read_game(table_shown(at)["address"]["game"]).preset == "cardsuite"


def test_the_settings_show_the_game_after_a_visit_to_another_page():
    # A seeded game: about one random deal in 400 has South's partner going alone before
    # South acts, and the hand is over before there is a first choice to make.
    at = open_play(seed="7", **{"play-rules": "pagat"})
    make_first_choice(at)
    game = played(at).game
    at.switch_page("features/home/page.py").run()
    at.switch_page(PAGE).run()
    assert not at.exception
    assert played(at).game == game
    assert at.segmented_control(key="play-rules").value == "pagat"


def test_a_whole_game_ends_with_the_winner_and_a_new_game():
    at = open_play(seed="17", **{"play-level": "beginner"})
    while played(at).game.winner is None:
        if played(at).game.hand is None:
            at.button(key="play-next").click().run()
            assert not at.exception
        else:
            make_first_choice(at)
    game = played(at).game
    winner = "You win" if game.winner is Seat.S.team else "East-West win"
    (heading,) = at.subheader
    assert heading.value.startswith(f"{winner} the game, {game.score(game.winner)} to ")
    assert "play-next" not in buttons(at) and "play-hint-button" not in buttons(at)
    seed = played(at).seed
    at.button(key="play-new").click().run()
    fresh = played(at)
    # A fresh seed: the first hand is on, or over already if you sat out a partner's lone hand.
    assert fresh.seed != seed and fresh.choices == () and fresh.game.winner is None
    assert (fresh.game.hand is not None) != (len(fresh.game.finished) == 1)
    assert (fresh.preset, fresh.level) == ("bga", "beginner")


def test_a_hand_you_sit_out_says_so_while_its_cards_arrive():
    """Seed 39: North orders up and goes alone on the first hand, so the bots play it all
    before South's first turn. Its cards arrive one by one with a line saying why South
    has nothing to do (the message, which gives the result, waits for the end)."""
    at = open_play(seed="39")
    hand = play.current_hand(played(at))
    assert Seat.S in hand.sitting_out and hand.is_over
    pace = table_shown(at)["pace"]
    assert pace["intro"] == "Your partner, North, goes alone: you sit out this hand."
    assert pace["frames"]  # the whole hand arrives, card by card
    playing = open_play(seed="1")  # South plays: the bots' cards arrive without the line
    play_until_cards(playing)
    before = played(playing)
    card = legal_actions(before.game.hand)[0].card
    after = play.learner_card(before, card.code)
    keep_arrival(playing.session_state, before, after)  # as the table's click does (put)
    playing.session_state[GAME] = after
    playing.run()
    assert table_shown(playing)["pace"]["frames"] and "intro" not in table_shown(playing)["pace"]
