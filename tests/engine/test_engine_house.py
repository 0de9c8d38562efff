"""The engine's house: where legality lives, one wrong-phase sentence, the error family,
the str enums, and the public names written out by hand."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path
from types import ModuleType

import pytest
from euchre_helpers import act, hand, illegal

import analysis
import engine
from analysis import LEVELS, BotLevel, make_bot
from analysis.grading import GRADE_MEANINGS, GRADES, GradeName, classify
from engine import (
    AloneDecision,
    Card,
    CardRole,
    EuchreError,
    GameError,
    NotationError,
    Rank,
    Reason,
    Rules,
    ScoreError,
    Seat,
    Suit,
    Team,
    card_role,
    new_game,
    parse_card,
    score_hand,
    start_hand,
)
from engine import errors as engine_errors

ENGINE = Path(engine.__file__).resolve().parent
DEAL = "N: AH 9D TS QC KS / E: JD AC KC TC 9S / S: KH QD AS JC KD / W: QH TH AD JS QS"


def _engine_imports(module: str) -> set[str]:
    tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
            names.add(node.module)
            names.update(f"engine.{a.name}" for a in node.names if node.module == "engine")
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


# ---- legality in one module -------------------------------------------------------------


def test_hand_and_explain_ask_legality_and_never_each_other():
    hand_imports, explain_imports = _engine_imports("hand"), _engine_imports("explain")
    assert "engine.legality" in hand_imports and "engine.legality" in explain_imports
    assert "engine.explain" not in hand_imports and "engine.hand" not in explain_imports


def test_legality_imports_neither_hand_nor_explain():
    assert not {"engine.hand", "engine.explain"} & _engine_imports("legality")


# ---- one wording for an action the phase does not offer ---------------------------------

WRONG_PHASE = [
    (
        "",
        "N discard 9D",
        "North cannot discard now: it is the first round of bidding, and North may only "
        "order up or pass.",
    ),
    (
        "N pass, E pass, S pass, W pass",
        "N order_up",
        "North cannot order up now: it is the second round of bidding, and North may only "
        "call a suit or pass.",
    ),
    (
        "N order_up",
        "N pass",
        "North cannot pass now: it is the decision to go alone, and North may only go alone "
        "or play with their partner.",
    ),
    (
        "N order_up, N with_partner",
        "W play AD",
        "West cannot play a card now: it is the dealer's discard, and West may only "
        "discard a card.",
    ),
    (
        "N order_up, N with_partner, W discard QS",
        "N pass",
        "North cannot pass now: it is the play of the cards, and North may only play a card.",
    ),
]


@pytest.mark.parametrize("before, step, sentence", WRONG_PHASE)
def test_an_action_of_the_wrong_kind_gets_one_clear_sentence(before, step, sentence):
    state = (
        act(hand(DEAL, dealer="W", upcard="TD"), before)
        if before
        else hand(DEAL, dealer="W", upcard="TD")
    )
    error = illegal(state, step, Reason.WRONG_PHASE)
    assert error.message == sentence


def test_a_lone_defender_is_offered_to_defend_alone():
    state = act(
        hand(DEAL, dealer="W", upcard="TD", lone_defender=True),
        "N order_up, N with_partner, W discard QS",
    )
    error = illegal(state, "E play 9S", Reason.WRONG_PHASE)
    assert error.message == (
        "East cannot play a card now: it is the decision to defend "
        "alone, and East may only defend alone or pass."
    )


# ---- the error family ---------------------------------------------------------------------


def test_every_engine_error_is_a_euchre_error_and_a_value_error():
    errors = [
        value
        for value in vars(engine).values()
        if isinstance(value, type) and issubclass(value, Exception)
    ]
    errors += [
        value
        for value in vars(engine_errors).values()
        if isinstance(value, type) and issubclass(value, Exception)
    ]
    assert {"GameError", "ScoreError", "NotationError", "IllegalActionError"} <= {
        e.__name__ for e in errors
    }
    for error in errors:
        assert issubclass(error, EuchreError) and issubclass(error, ValueError), error


@pytest.mark.parametrize(
    "rank, suit", [(Rank.JOKER, Suit.HEARTS), (Rank.NINE, None), ("J", "D"), ("JD", None)]
)
def test_a_card_that_does_not_exist_is_a_notation_error_naming_it(rank, suit):
    with pytest.raises(NotationError) as caught:
        Card(rank, suit)
    assert repr(rank) in str(caught.value) and repr(suit) in str(caught.value)


def test_game_steps_out_of_order_are_game_errors():
    game = start_hand(new_game(Rules.preset("bga"), Seat.N), random.Random(1))
    with pytest.raises(GameError, match="a hand is still in progress"):
        start_hand(game, random.Random(2))
    with pytest.raises(ScoreError, match="0 to 5, not 6"):
        score_hand(Team.NS, 6)


# ---- closed sets of strings are str enums ---------------------------------------------------


@pytest.mark.parametrize(
    "code, trump, role",
    [
        ("JH", Suit.HEARTS, CardRole.RIGHT_BOWER),
        ("JD", Suit.HEARTS, CardRole.LEFT_BOWER),
        ("AH", Suit.HEARTS, CardRole.TRUMP),
        ("AD", Suit.HEARTS, CardRole.PLAIN),
        ("JD", None, CardRole.PLAIN),
    ],
)
def test_card_roles_are_an_enum_that_reads_as_its_words(code, trump, role):
    found = card_role(parse_card(code), trump)
    assert found is role and found == role.value and f"{found}" == role.value
    assert bool(found) is (role is not CardRole.PLAIN)


def test_who_may_go_alone_is_an_enum_read_from_its_words():
    rules = Rules.from_settings({"preset": "bga", "alone_decision": "any"})
    assert rules.alone_decision is AloneDecision.ANY and rules.alone_decision == "any"
    assert rules == Rules.preset("bga").with_settings(alone_decision=AloneDecision.ANY)
    assert rules.settings()["alone_decision"] == "any" and "AloneDecision.ANY" in repr(rules)


def test_bot_levels_are_an_enum_that_reads_as_its_words():
    assert [str(level) for level in LEVELS] == ["random", "beginner", "expert"]
    assert isinstance(make_bot("expert"), type(make_bot(BotLevel.EXPERT)))


def test_grades_are_an_enum_that_reads_as_its_words():
    assert [str(g) for g in GRADES] == ["best", "good", "inaccuracy", "mistake", "blunder"]
    assert classify(0.0) is GradeName.BEST and classify(5.0) == "blunder"
    assert set(GRADE_MEANINGS) == set(GradeName) and GRADE_MEANINGS["mistake"]


# ---- the public names, written out by hand ---------------------------------------------------


@pytest.mark.parametrize("package", [engine, analysis], ids=lambda p: p.__name__)
def test_public_names_are_listed_by_hand_and_complete(package):
    source = inspect.getsource(package)
    listed = next(
        node.value
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign) and node.targets[0].id == "__all__"
    )
    assert isinstance(listed, ast.List) and all(isinstance(e, ast.Constant) for e in listed.elts)
    names = package.__all__
    assert len(names) == len(set(names))
    for name in names:
        assert hasattr(package, name), name
    imported = {
        name
        for name, value in vars(package).items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    }
    assert imported == set(names)
