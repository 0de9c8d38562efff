"""The card table's model and click helpers, in plain pytest (no Streamlit run).

The model is all the browser ever receives: cards a seat may not see must never be in
it, and every flag in it must be the engine's answer.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engine import (
    ALL_CARDS,
    NO_TRUMP,
    SEATS,
    Action,
    Do,
    IllegalActionError,
    Phase,
    Reason,
    Rules,
    Seat,
    Suit,
    apply,
    legal_actions,
    parse_card,
    parse_cards,
    random_hand,
    seat_view,
)
from tutorial_app.card_table.cards_model import cards_model
from tutorial_app.card_table.table_model import coach_line, table_model
from tutorial_app.card_table.table_moves import (
    Click,
    action_from_id,
    action_id,
    decide_action,
    decide_card,
    decide_click,
)
from tutorial_app.card_table.table_options import TableOptions, table_message

RULE_SETS = [
    Rules.preset("bga"),
    Rules.preset("pagat"),
    Rules.preset("cardsuite"),
    Rules.from_settings({"benny": True, "no_first_blood": True}),
    Rules.from_settings({"no_trump": True, "lone_defender": True}),
]


def states(count: int = 60):
    """Seeded random hands, stopped after a random number of random legal actions."""
    rng = random.Random(2024)
    for i in range(count):
        state = random_hand(RULE_SETS[i % len(RULE_SETS)], SEATS[i % 4], rng)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        yield state


def hidden_from(state, seat: Seat) -> set:
    """Cards ``seat`` may not see: other hands, the undealt rest, another's discard."""
    cards = {c for other in SEATS if other is not seat for c in state.hand_of(other)}
    cards |= set(state.deal.stock)
    if state.discarded is not None and seat is not state.dealer:
        cards.add(state.discarded)
    return cards - {state.upcard}


def assert_absent(model: dict, cards) -> None:
    text = json.dumps(model)
    for card in cards:
        assert card.name not in text and f'"{card.code}"' not in text, card.name


@pytest.mark.parametrize("seat", SEATS, ids=lambda s: s.word)
def test_a_seat_view_model_holds_no_card_that_seat_cannot_see(seat):
    for state in states():
        model = table_model(seat_view(state, seat))
        assert_absent(model, hidden_from(state, seat))
        assert model["bottom"] == seat.value


def test_a_state_model_sends_only_the_bottom_hand_unless_asked():
    for state in states():
        assert_absent(table_model(state), hidden_from(state, Seat.S))
        assert_absent(table_model(state, TableOptions(bottom=Seat.E)), hidden_from(state, Seat.E))


def test_revealed_hands_show_face_up_and_all_reveals_every_hand():
    for state in states(20):
        model = table_model(state, TableOptions(reveal=[Seat.N]))
        north = next(s for s in model["seats"] if s["seat"] == "N")
        assert {c["code"] for c in north["cards"]} == {c.code for c in state.hand_of(Seat.N)}
        everything = json.dumps(table_model(state, TableOptions(reveal="all")))
        for seat in SEATS:
            for card in state.hand_of(seat):
                assert card.name in everything


def test_a_view_reveals_only_its_own_seat_and_is_drawn_from_its_own_chair():
    state = next(states(1))
    with pytest.raises(ValueError, match="cannot reveal North"):
        table_model(seat_view(state, Seat.S), TableOptions(reveal=[Seat.N]))
    with pytest.raises(ValueError, match="chair"):
        table_model(seat_view(state, Seat.S), TableOptions(bottom=Seat.N))


def test_face_down_counts_agree_between_a_view_and_the_state():
    for state in states():
        for seat in SEATS:
            from_view = table_model(seat_view(state, seat))
            assert {s["seat"]: s["count"] for s in from_view["seats"]} == {
                s.value: len(state.hand_of(s)) for s in SEATS
            }


def test_legal_flags_are_the_engines_legal_actions():
    seen = 0
    for state in states(150):
        for source in (state, seat_view(state, Seat.S)):
            hand = table_model(source)["hand"]
            if state.turn is Seat.S and state.phase in (Phase.PLAY, Phase.DISCARD):
                seen += 1
                assert {c["code"] for c in hand if c["legal"]} == {
                    a.card.code for a in legal_actions(state)
                }
                assert all(c["clickable"] for c in hand)
            else:
                assert not any(c["legal"] or c["clickable"] for c in hand)
    assert seen > 10


def test_lift_only_raises_legal_cards_and_is_off_by_default():
    for state in states(150):
        if state.turn is Seat.S and state.phase is Phase.PLAY:
            assert not any(c["lifted"] for c in table_model(state)["hand"])
            lifted = table_model(state, TableOptions(lift_playable=True))["hand"]
            assert [c["lifted"] for c in lifted] == [c["legal"] for c in lifted]


def test_default_choices_are_the_legal_non_card_actions_in_players_words():
    state = random_hand(Rules(), Seat.S, 5)  # South deals: West bids first
    state = apply(apply(apply(state, Action.PASS), Action.PASS), Action.PASS)
    model = table_model(state)
    assert [(a["id"], a["label"]) for a in model["actions"]] == [
        ("order_up", "Pick it up"),
        ("pass", "Pass"),
    ]  # the dealer picks it up
    for _ in range(4):  # South, then West, North, East pass
        state = apply(state, Action.PASS)
    assert state.phase is Phase.BID2 and state.turn is Seat.S
    model = table_model(state)
    assert [a["id"] for a in model["actions"]] == [action_id(a) for a in legal_actions(state)]
    labels = [a["label"] for a in model["actions"]]
    assert len(labels) == 3 and all(label.startswith("Call ") for label in labels)  # stuck
    assert f"Call {state.upcard.suit.plural}" not in labels
    assert "stuck" in coach_line(state, Seat.S) and "pass" not in coach_line(state, Seat.S)


def test_seats_sit_clockwise_from_the_bottom_and_the_trick_by_seat():
    state = next(s for s in states(150) if len(s.trick) >= 2)
    for bottom, left in ((Seat.S, Seat.W), (Seat.N, Seat.E), (Seat.E, Seat.S)):
        model = table_model(state, TableOptions(bottom=bottom))
        where = {s["seat"]: s["position"] for s in model["seats"]}
        assert where[bottom.value] == "bottom" and where[left.value] == "left"
        assert where[bottom.partner.value] == "top"
        for play in model["trick"]:
            assert play["position"] == where[play["seat"]]
        assert [p["seat"] for p in model["trick"]] == [s.value for s, _ in state.trick]
        assert model["trick"][0]["led"]


def test_dealer_makers_alone_and_tricks_are_the_engines():
    for state in states(150):
        model = table_model(state, TableOptions(show_last_trick=True, score=(3, 7), target=10))
        seats = {s["seat"]: s for s in model["seats"]}
        assert [k for k, s in seats.items() if s["dealer"]] == [state.dealer.value]
        for seat in state.alone:
            assert "alone" in seats[seat.value]["badges"]
            assert seats[seat.partner.value]["sitting_out"]
        assert model["tricks_won"] == {"NS": state.tricks_won[0], "EW": state.tricks_won[1]}
        assert model["score"] == {"NS": 3, "EW": 7, "target": 10}
        if state.maker is not None:
            assert model["makers"]["maker"] == state.maker.value
            assert model["trump"]["name"] == state.trump.plural
        if state.tricks and not state.is_over:
            assert model["last_trick"]["winner"] == state.tricks[-1].winner.value
        elif state.tricks:  # a finished hand: its final trick lies in the middle, winner marked
            assert model["last_trick"] is None
            assert [p["seat"] for p in model["trick"] if p["won"]] == [
                state.tricks[-1].winner.value
            ]
        json.dumps(model)  # JSON-able, as the component needs


def test_the_learner_sitting_out_sees_their_own_cards_face_down():
    """A loner's partner lays the cards face down (lesson 5): when that is the learner
    (the bottom seat), the hand is drawn as backs, one per card held; a teacher's table
    still shows it."""
    seen = 0
    for state in states(300):
        if Seat.N not in state.alone:
            continue
        model = table_model(state, TableOptions())
        assert model["hand"] == [] and model["hand_backs"] == len(state.hand_of(Seat.S))
        assert "face down" in model["hand_label"]
        teacher = table_model(state, TableOptions(teacher=True, reveal="all"))
        assert len(teacher["hand"]) == len(state.hand_of(Seat.S))
        seen += 1
    assert seen  # the sample holds hands where North went alone
    others = [s for s in states(300) if s.alone and Seat.N not in s.alone]
    assert others and not any(table_model(s, TableOptions()).get("hand_backs") for s in others)


def test_marks_carry_a_sign_in_words_not_colour_alone():
    state = random_hand(Rules(), Seat.W, 3)
    first, second = state.hand_of(Seat.S)[:2]
    model = table_model(
        state, TableOptions(marks={first: "right", second.code: ("wrong", "your pick")})
    )
    marks = {c["code"]: c["mark"] for c in model["hand"]}
    assert marks[first.code] == {"kind": "right", "text": "✓ right"}
    assert marks[second.code] == {"kind": "wrong", "text": "✗ your pick"}
    key = next(c["svg"] for c in model["hand"] if c["code"] == second.code)
    assert "✗ YOUR PICK" in model["svgs"][key]  # drawn on the card too
    # A button's name starts with what the face prints, its band too (label in name).
    labels = {c["code"]: c["label"] for c in model["hand"]}
    assert labels[first.code] == f"{first.label} ✓ right"
    assert labels[second.code] == f"{second.label} ✗ your pick"
    with pytest.raises(ValueError, match="not 'maybe'"):
        TableOptions(marks={first: "maybe"})


def test_a_four_colour_deck_draws_clubs_green():
    state = random_hand(Rules(), Seat.W, 3)
    model = table_model(state, TableOptions(four_colour=True))
    clubs = [c for c in model["hand"] if c["code"].endswith("C")]
    for card in clubs:
        assert "#0a6628" in model["svgs"][card["svg"]]


def test_the_message_and_the_coach_line():
    state = random_hand(Rules(), Seat.E, 3)  # South bids first
    assert table_model(state)["message"] is None
    model = table_model(state, TableOptions(message=table_message(coach_line(state, Seat.S))))
    assert model["message"] == {"text": coach_line(state, Seat.S), "tone": "info"}
    assert "order up" in model["message"]["text"]


# ---- what a click asks the engine ---------------------------------------------------


def test_action_ids_round_trip_for_every_action():
    actions = [Action.play(c) for c in ALL_CARDS] + [Action.discard(c) for c in ALL_CARDS]
    actions += [Action.call(s) for s in (*Suit, NO_TRUMP)] + [Action.name_trump(s) for s in Suit]
    actions += [Action.PASS, Action.ORDER_UP, Action.ALONE, Action.WITH_PARTNER]
    for action in actions:
        assert action_from_id(action_id(action)) == action


def test_a_clicked_card_is_played_if_legal_else_refused_with_the_engines_sentence():
    checked = refused = 0
    for state in states(150):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.turn
        legal = {a.card for a in legal_actions(state)}
        for card in state.hand_of(seat):
            decision = decide_card(state, seat, card.code)
            checked += 1
            if card in legal:
                assert decision.ok and decision.action == Action.play(card)
            else:
                refused += 1
                with pytest.raises(IllegalActionError) as error:
                    apply(state, Action.play(card), seat)
                assert not decision.ok
                assert decision.reason == error.value.reason
                # The engine's sentence, naming the card clicked first when it does not
                sentence = error.value.message
                named = (
                    sentence
                    if card.the_name in sentence
                    else f"{card.the_name.capitalize()} may not be played: {sentence}"
                )
                assert decision.refusal == named
    assert checked > 50 and refused > 3


def test_a_click_out_of_turn_or_out_of_phase_is_refused():
    state = random_hand(Rules(), Seat.W, 3)  # North bids first
    card = state.hand_of(Seat.S)[0]
    decision = decide_card(state, Seat.S, card.code)
    assert decision.reason is Reason.NOT_YOUR_TURN and "North's turn" in decision.refusal
    state = apply(state, Action.PASS)  # now East
    state = apply(state, Action.PASS)  # now South, in the bidding
    decision = decide_card(state, Seat.S, card.code)
    assert decision.reason is Reason.WRONG_PHASE and "cannot play" in decision.refusal
    assert not decide_card(state, Seat.S, "XX").ok  # not a card at all
    assert decide_action(state, Seat.S, "order_up").action == Action.ORDER_UP
    assert not decide_action(state, Seat.S, "shout").ok


def test_the_dealer_discards_by_clicking_a_card():
    state = random_hand(Rules(), Seat.S, 8)  # South deals
    state = apply(state, Action.ORDER_UP)  # West orders up: South picks it up
    state = apply(state, Action.WITH_PARTNER)
    assert state.phase is Phase.DISCARD and state.turn is Seat.S
    card = state.hand_of(Seat.S)[0]
    assert decide_card(state, Seat.S, card.code).action == Action.discard(card)
    model = table_model(state)
    assert len(model["hand"]) == 6 and all(c["legal"] for c in model["hand"])
    assert "discard" in coach_line(state, Seat.S)


def test_the_turned_down_suit_cannot_be_called():
    state = random_hand(Rules(), Seat.S, 4)
    for _ in range(4):
        state = apply(state, Action.PASS)
    turned = state.upcard.suit
    assert table_model(state)["upcard"]["status"] == "turned down"
    state = apply(state, Action.PASS)  # West passes in round 2: North to call
    decision = decide_action(state, Seat.N, action_id(Action.call(turned)))
    assert decision.reason is Reason.TURNED_DOWN_SUIT
    assert Do.CALL.value in action_id(Action.call(turned))


def test_one_decision_for_every_click_on_a_hand():
    over = "The hand is over."
    assert decide_click(None, Click("card", "JH"), over=over).refusal == over
    for state in states(40):
        seat = state.turn
        if seat is None:
            assert decide_click(state, Click("action", "pass"), over=over).refusal == over
            continue
        for action in legal_actions(state):
            click = (
                Click("card", action.card.code)
                if action.card is not None
                else Click("action", action_id(action))
            )
            decision = decide_click(state, click, over=over)  # for the seat to act
            assert decision.action == action == decision.asked
            other = decide_click(state, click, over=over, seat=seat.next)
            assert other.reason is Reason.NOT_YOUR_TURN and other.asked == action
    unreadable = decide_click(next(states(1)), Click("action", "shout"), over=over)
    assert unreadable.refusal and unreadable.asked is None


@pytest.mark.parametrize("module", ["table_model", "table_moves", "cards_model", "table_options"])
def test_the_examples_in_the_docstrings(module):
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(f"tutorial_app.card_table.{module}"))
    assert tried and not failures


# ---- what lessons and quizzes ask of the model ----------------------------------------


def test_the_upcard_is_never_shown_twice():
    """Once the dealer has picked it up it is in the dealer's hand, not in the middle;
    with every hand hidden (who picks it up?) it stays in the middle and no hand shows."""
    checked = 0
    for state in states(300):
        if not state.dealer_took_upcard:
            continue
        checked += 1
        for model in (
            table_model(state, TableOptions(reveal="all")),
            table_model(state, TableOptions(bottom=state.dealer)),
        ):
            shown = [c["code"] for c in model["hand"]]
            shown += [c["code"] for seat in model["seats"] for c in seat["cards"]]
            assert model["upcard"] is None or state.upcard.code not in shown
        hidden = table_model(state, TableOptions(hide={"hand"}))
        assert hidden["hand"] == [] and not any(s["cards"] or s["count"] for s in hidden["seats"])
        if hidden["upcard"] is not None:
            assert hidden["upcard"]["caption"] == "Ordered up"  # not who takes it
    assert checked > 10


def test_hidden_parts_are_left_out():
    for state in states(150):
        model = table_model(
            state,
            TableOptions(
                hide={"turn", "makers", "sitting_out", "winner", "bidding"},
                hold_last_trick=True,
                show_last_trick=True,
            ),
        )
        assert not any(s["to_act"] or s["said"] or s["sitting_out"] for s in model["seats"])
        assert model["makers"] is None and model["tricks_won"] is None
        assert model["last_trick"] is None and not any(p["won"] for p in model["trick"])
        assert model["actions"] == [] and not any(c["clickable"] for c in model["hand"])
    with pytest.raises(ValueError, match="cannot hide score"):
        table_model(next(states(1)), TableOptions(hide={"score"}))


def test_a_finished_trick_is_held_until_the_next_card():
    held = 0
    for state in states(200):
        if state.phase is not Phase.PLAY or state.trick or not state.tricks:
            continue
        held += 1
        last = state.tricks[-1]
        assert table_model(state)["trick"] == []  # Play: the middle clears
        model = table_model(state, TableOptions(hold_last_trick=True))
        assert [p["seat"] for p in model["trick"]] == [s.value for s, _ in last.cards]
        assert [p["seat"] for p in model["trick"] if p["won"]] == [last.winner.value]
        after = apply(state, legal_actions(state)[0])  # the next card is led
        assert len(table_model(after, TableOptions(hold_last_trick=True))["trick"]) == 1
    assert held > 3


def test_what_each_seat_said_can_stay_until_the_first_card():
    state = random_hand(Rules(), Seat.S, 8)
    state = apply(apply(state, Action.ORDER_UP), Action.WITH_PARTNER)  # West orders up
    state = apply(state, Action.discard(state.hand_of(Seat.S)[0]))  # South discards
    assert state.phase is Phase.PLAY
    said = {
        s["seat"]: s["said"] for s in table_model(state, TableOptions(keep_bidding=True))["seats"]
    }
    assert said == {"S": None, "W": "plays with partner", "N": None, "E": None}
    # Before lesson 5 teaches going alone, the decision is left unsaid: the bid shows.
    unsaid = table_model(state, TableOptions(keep_bidding=True, hide={"alone"}))["seats"]
    assert {s["seat"]: s["said"] for s in unsaid}["W"] == "ordered it up"
    # Nor is West shown "to decide" on going alone right after ordering up.
    deciding = apply(random_hand(Rules(), Seat.S, 8), Action.ORDER_UP)
    assert deciding.phase is Phase.ALONE
    seats = table_model(deciding, TableOptions(hide={"alone"}))["seats"]
    assert not any(s["to_act"] for s in seats) and "to decide" not in str(seats)
    assert any(s["to_act"] for s in table_model(deciding)["seats"])
    assert all(s["said"] is None for s in table_model(state)["seats"])
    after = apply(state, legal_actions(state)[0])
    assert all(
        s["said"] is None for s in table_model(after, TableOptions(keep_bidding=True))["seats"]
    )


def test_round_two_shows_only_what_was_said_in_round_two():
    """Once all four passed in round 1, their "passed" is stale: the seat to bid in round
    2 showed "passed" beside "to bid". Each seat shows what it said in round 2 only."""
    state = random_hand(Rules(), Seat.S, 8)
    for _ in range(4):
        state = apply(state, Action.PASS)
    assert state.phase is Phase.BID2

    def said(state):
        return {s["seat"]: s["said"] for s in table_model(state)["seats"]}

    assert said(state) == {"S": None, "W": None, "N": None, "E": None}
    state = apply(apply(state, Action.PASS), Action.PASS)  # West, North pass again
    assert said(state) == {"S": None, "W": "passed", "N": "passed", "E": None}
    seats = {s["seat"]: s for s in table_model(state)["seats"]}
    assert seats["E"]["to_act"] and seats["E"]["said"] is None


def test_a_verdict_has_a_title_and_a_tone_of_its_own():
    state = random_hand(Rules(), Seat.E, 3)
    model = table_model(
        state, TableOptions(message=table_message("The jack is a trump.", "wrong", "Not quite."))
    )
    assert model["message"] == {
        "text": "The jack is a trump.",
        "tone": "wrong",
        "title": "Not quite.",
    }
    first, second = state.hand_of(Seat.S)[:2]
    marks = table_model(
        state, TableOptions(marks={first: ("missed", "missed"), second: ("picked", "2nd")})
    )
    texts = {c["code"]: c["mark"]["text"] for c in marks["hand"] if c["mark"]}
    assert texts == {first.code: "✓ missed", second.code: "2nd"}


def test_loose_cards_keep_their_order_and_a_trick_sits_by_seat():
    cards = parse_cards("9C JD AH")
    model = cards_model(
        cards,
        trump=Suit.HEARTS,
        clickable=True,
        marks={"JD": ("wrong", "your pick"), cards[2]: "right"},
        notes={"JD": "left bower"},
        trick=[("W", parse_card("QS")), (Seat.N, parse_card("AS"))],
        winner="N",
        rows=[("Spades", parse_cards("AS KS"), [None, None])],
        actions=[{"id": "check", "label": "Check my answer"}],
    )
    assert model["layout"] == "cards"
    assert [c["code"] for c in model["hand"]] == ["9C", "JD", "AH"]  # not sorted
    assert [c["mark"] and c["mark"]["text"] for c in model["hand"]] == [
        None,
        "✗ your pick",
        "✓ right",
    ]
    assert [(p["seat"], p["position"], p["led"], p["won"]) for p in model["trick"]] == [
        ("W", "left", True, False),
        ("N", "top", False, True),
    ]
    assert model["rows"][0]["label"] == "Spades" and len(model["rows"][0]["cards"]) == 2
    assert model["trump"] == {"suit": "H", "name": "hearts"}
    json.dumps(model)
    with pytest.raises(ValueError, match="not 'maybe'"):
        cards_model(cards, marks={"9C": "maybe"})


# ---- options, not edits ------------------------------------------------------------------


def test_options_are_frozen_and_keep_what_they_were_given_read_only():
    marks = {"JD": "right"}
    options = TableOptions(reveal=[Seat.N], hide={"turn"}, marks=marks)
    assert options.reveal == (Seat.N,) and options.hide == frozenset({"turn"})
    marks["JD"] = "wrong"  # the caller's dict changes; the options keep their copy
    assert options.marks["JD"] == "right"
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.message = table_message("Changed.")  # type: ignore[misc]
    with pytest.raises(TypeError):
        options.marks["JD"] = "wrong"  # type: ignore[index]
    with pytest.raises(ValueError, match="reveal takes"):
        TableOptions(reveal="North")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="message tone"):
        table_message("Hello.", "loud")


def test_a_pages_own_buttons_and_keys_are_options():
    state = random_hand(Rules(), Seat.E, 3)  # South bids first
    plain = table_model(state)
    assert not {"keys", "size", "actions_by_hand"} & set(plain)  # left out unless asked
    back = {"id": "back-0", "label": "◀ Back", "disabled": True}
    forward = {"id": "next-0", "label": "Next ▶", "primary": True}
    model = table_model(
        state,
        TableOptions(
            buttons_before=(back,),
            buttons_after=(forward,),
            tried=frozenset({Action.PASS}),
            step_keys={"back": "back-0", "next": "next-0", "pages": True},
            projector=True,
            actions_by_hand=True,
        ),
    )
    ids = [a["id"] for a in model["actions"]]
    assert ids == ["back-0", *(a["id"] for a in plain["actions"]), "next-0"]
    passed = next(a for a in model["actions"] if a["id"] == "pass")
    assert passed["label"] == "✗ Pass" and passed["mark"] == "wrong"
    assert model["keys"]["next"] == "next-0" and model["size"] == "projector"
    assert model["actions_by_hand"] is True


def test_a_quiz_can_keep_which_cards_are_legal_off_the_table():
    for state in states(60):
        if state.phase is Phase.PLAY and state.turn is Seat.S:
            assert any(c["legal"] for c in table_model(state)["hand"])
            hidden = table_model(state, TableOptions(show_legal=False))["hand"]
            assert not any(c["legal"] for c in hidden)
            return
    pytest.fail("no seeded hand reached South's turn to play")


def test_who_plays_each_seat_shows_under_its_name_and_in_its_label():
    """A class table names each seat's player; a seat left out names nobody."""
    from tutorial_app.card_table.table_options import TableOptions

    state = random_hand(Rules(), Seat.W, 4)
    options = TableOptions(players={Seat.N: "Ann <b>", Seat.E: "bot"})
    seats = {entry["seat"]: entry for entry in table_model(state, options)["seats"]}
    assert seats["N"]["player"] == "Ann <b>"  # the component shows it as text
    assert seats["N"]["label"].startswith("North, Ann <b>")
    assert seats["E"]["player"] == "bot" and seats["E"]["label"].startswith("East, bot")
    assert "player" not in seats["S"] and seats["S"]["label"].startswith("South")
    assert "player" not in table_model(state)["seats"][0]
