"""Guided hands as data: a scripted deal in which the learner (South) makes the decisions
that matter, with a coach's line before each one.

A guided hand is one TOML file in ``lessons/content/guided/`` (see lessons/README.md).
The other seats, and South's moves that teach nothing, follow the script (``moves``);
each ``S ?`` in the script is a key decision of the learner's (``[[decisions]]``, in
order): the coach's line, the right choice(s), the one-line why, and the coach's
explanation for the alternatives. The loader is strict like the lesson loader: an
unknown key, a move the engine refuses, a named alternative that is not legal or a
claim the engine does not confirm is an error that says which file and what to fix.

Moves and choices are written in players' actions: ``"N pass"``, ``"W discard 9C"``,
``"E call H"``, ``"S play JD"``; a choice is the same without the seat.

>>> parse_move("W discard 9C")
(Seat.W, Action.discard(Card.parse('9C')))
>>> format_move(*parse_move("e call h"))
'E call H'
>>> format_choice(parse_choice("order_up"))
'order_up'
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import (
    Action,
    Deal,
    Do,
    HandState,
    IllegalActionError,
    Rules,
    Seat,
    apply,
    legal_actions,
    new_hand,
    parse_cards,
    parse_seat,
)
from engine.errors import EuchreError, NotationError
from lessons.loader import CONTENT, LessonError, check_keys, load_all, rules_from

GUIDED = CONTENT / "guided"
KEY_DECISION = "?"  # "S ?" in the script: the learner decides here
LEARNER = Seat.S

HAND_KEYS = {
    "id": str,
    "title": str,
    "idea": str,
    "lesson": str,
    "rules": dict,
    "intro": str,
    "moves": list,
    "deal": dict,
    "decisions": list,
}
DEAL_KEYS = {"dealer": str, "upcard": str, "N": str, "E": str, "S": str, "W": str}
DECISION_KEYS = {
    "coach": str,
    "right": list,
    "why": str,
    "wrong": list,
    "otherwise": str,
    "claims": list,
}
WRONG_KEYS = {"choice": str, "says": str}
CLAIM_KEYS = {"trick": int, "winner": str, "leader": str, "team": str, "points": int}
# The two shapes a claim takes: who wins or leads trick n; what a team scores.
CLAIM_SHAPES = ({"trick", "winner"}, {"trick", "leader"}, {"team", "points"})
MAX_PATHS = 64  # ways through a hand's right choices that the loader replays

_CHOICE_RE = re.compile(r"([a-z_]+)(?: +(\S+))?")
_MOVE_RE = re.compile(r"([NESWnesw]) +(.+)")


class GuidedError(LessonError):
    """A guided hand that cannot be loaded: the message names the file and what to fix."""


# ---- moves and choices in text ------------------------------------------------------------


def parse_choice(text: str) -> Action:
    """A choice like 'pass', 'call H', 'play JD'; raises NotationError naming the text."""
    match = _CHOICE_RE.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise NotationError(
            f"{text!r} is not a choice: write an action and its card or "
            "suit, e.g. 'pass', 'order_up', 'call H', 'play JD'"
        )
    do, argument = match.groups()
    data = {"do": do}
    if argument is not None:
        data["card" if do in (Do.PLAY.value, Do.DISCARD.value) else "suit"] = argument
    try:
        return Action.from_dict(data)
    except NotationError as error:
        raise NotationError(f"{text!r} is not a choice: {error}") from None


def format_choice(action: Action) -> str:
    """The text ``parse_choice`` reads back: 'call H', 'play JD', 'pass'."""
    return str(action)


def parse_move(text: str) -> tuple[Seat, Action]:
    """One move of the script, 'N pass' or 'S play JD'; raises NotationError."""
    match = _MOVE_RE.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise NotationError(
            f"{text!r} is not a move: write a seat and a choice, e.g. 'N pass' or 'W play 9C'"
        )
    return parse_seat(match.group(1).upper()), parse_choice(match.group(2))


def format_move(seat: Seat, action: Action) -> str:
    return f"{seat.value} {format_choice(action)}"


# ---- the data ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claim:
    """A checkable fact the coach states: trick n's winner or leader, or a team's points."""

    trick: int | None = None
    winner: Seat | None = None
    leader: Seat | None = None
    team: str | None = None
    points: int | None = None

    def problem(self, final: HandState) -> str | None:
        """What the finished hand says against this claim, or None if it holds."""
        assert final.result is not None  # the hand played out
        if self.team is not None:
            won = {team.value: points for team, points in final.result.points.items()}[self.team]
            return (
                None
                if won == self.points
                else (f"the coach says {self.team} score {self.points}; they score {won}")
            )
        assert self.trick is not None  # a claim names a team or a trick
        if self.trick > len(final.tricks):
            return f"the coach speaks of trick {self.trick}; the hand has {len(final.tricks)}"
        trick = final.tricks[self.trick - 1]
        assert trick.winner is not None  # a finished trick has a winner
        if self.winner is not None and trick.winner is not self.winner:
            return (
                f"the coach says {self.winner.word} wins trick {self.trick}; "
                f"{trick.winner.word} does"
            )
        if self.leader is not None and trick.leader is not self.leader:
            return (
                f"the coach says {self.leader.word} leads trick {self.trick}; "
                f"{trick.leader.word} does"
            )
        return None


@dataclass(frozen=True, slots=True)
class KeyDecision:
    """One decision of the learner's: the coach's line, the right choice(s) (the first is
    the script's), the one-line why, and the coach's words on the alternatives."""

    coach: str
    right: tuple[Action, ...]
    why: str
    wrong: tuple[tuple[Action, str], ...] = ()  # named alternatives and why they are worse
    otherwise: str = ""  # for any other legal alternative
    claims: tuple[Claim, ...] = ()

    def says(self, action: Action) -> str:
        """The coach's explanation for a legal alternative that is not right."""
        return next((words for choice, words in self.wrong if choice == action), self.otherwise)


@dataclass(frozen=True, slots=True)
class GuidedHand:
    id: str
    title: str
    idea: str
    rules: Rules
    deal: Deal
    moves: tuple[tuple[Seat, Action] | None, ...]  # None: a key decision of the learner's
    decisions: tuple[KeyDecision, ...]
    intro: str = ""
    lesson: str | None = None

    def start(self) -> HandState:
        return new_hand(self.rules, self.deal)


# ---- loading -------------------------------------------------------------------------------


def _deal(where: str, data: dict[str, Any], rules: Rules) -> Deal:
    check_keys(f"{where}: deal", data, DEAL_KEYS, tuple(DEAL_KEYS))
    try:
        hands = tuple(parse_cards(data[seat.value]) for seat in Seat)
        upcard = parse_cards(data["upcard"])
        if len(upcard) != 1:
            raise NotationError(f"the upcard is one card, not {data['upcard']!r}")
        deal = Deal(parse_seat(data["dealer"]), hands, upcard[0])
        new_hand(rules, deal)  # five cards each, no card twice, the rule set's deck
    except EuchreError as error:
        raise GuidedError(f"{where}: deal: {error}") from None
    return deal


def _moves(where: str, lines: list[Any]) -> tuple[tuple[Seat, Action] | None, ...]:
    moves: list[tuple[Seat, Action] | None] = []
    for line in lines:
        if not isinstance(line, str):
            raise GuidedError(f'{where}: moves are texts like "N pass, E pass", not {line!r}')
        for text in line.split(","):
            if re.fullmatch(r"\s*S\s*\?\s*", text):
                moves.append(None)
                continue
            try:
                moves.append(parse_move(text))
            except NotationError as error:
                raise GuidedError(f"{where}: moves: {error}") from None
    return tuple(moves)


def _choices(where: str, texts: list[Any]) -> tuple[Action, ...]:
    try:
        return tuple(parse_choice(text) for text in texts)
    except NotationError as error:
        raise GuidedError(f"{where}: {error}") from None


def _claim(where: str, data: Any) -> Claim:
    if not isinstance(data, dict):
        raise GuidedError(f'{where}: a claim is a table like {{ trick = 2, winner = "S" }}')
    check_keys(where, data, CLAIM_KEYS, ())
    if set(data) not in CLAIM_SHAPES:
        raise GuidedError(
            f"{where}: a claim is {{ trick, winner }}, {{ trick, leader }} or "
            f"{{ team, points }}, not {sorted(data)}"
        )
    try:
        seats = {key: parse_seat(data[key]) for key in ("winner", "leader") if key in data}
    except EuchreError as error:
        raise GuidedError(f"{where}: {error}") from None
    if "team" in data and data["team"] not in ("NS", "EW"):
        raise GuidedError(f'{where}: team is "NS" or "EW", not {data["team"]!r}')
    if "trick" in data and not 1 <= data["trick"] <= 5:
        raise GuidedError(f"{where}: trick is 1 to 5, not {data['trick']}")
    return Claim(trick=data.get("trick"), team=data.get("team"), points=data.get("points"), **seats)


def _decision(where: str, data: dict[str, Any]) -> KeyDecision:
    check_keys(where, data, DECISION_KEYS, ("coach", "right", "why"))
    right = _choices(f"{where}: right", data["right"])
    if not right:
        raise GuidedError(f"{where}: right names at least one choice")
    wrong = []
    for i, item in enumerate(data.get("wrong", [])):
        spot = f"{where}: wrong {i + 1}"
        if not isinstance(item, dict):
            raise GuidedError(f'{spot}: write {{ choice = "play AD", says = "..." }}')
        check_keys(spot, item, WRONG_KEYS, ("choice", "says"))
        (choice,) = _choices(spot, [item["choice"]])
        if choice in right:
            raise GuidedError(f"{spot}: {item['choice']!r} is also a right choice")
        wrong.append((choice, item["says"]))
    claims = tuple(
        _claim(f"{where}: claim {i + 1}", c) for i, c in enumerate(data.get("claims", []))
    )
    return KeyDecision(
        data["coach"].strip(),
        right,
        data["why"].strip(),
        tuple(wrong),
        data.get("otherwise", "").strip(),
        claims,
    )


def load_guided_hand(path: Path) -> GuidedHand:
    """Read one guided hand and replay every way through it; raises GuidedError."""
    name = f"guided/{path.name}"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise GuidedError(f"{name}: not valid TOML: {error}") from None
    check_keys(name, data, HAND_KEYS, ("id", "title", "idea", "moves", "deal", "decisions"))
    rules = rules_from(name, data.get("rules"))
    decisions = []
    for i, item in enumerate(data["decisions"]):
        if not isinstance(item, dict):
            raise GuidedError(f"{name}: decision {i + 1} must be a table")
        decisions.append(_decision(f"{name}: decision {i + 1}", item))
    moves = _moves(name, data["moves"])
    if moves.count(None) != len(decisions):
        raise GuidedError(
            f'{name}: the moves hold {moves.count(None)} "S ?" and there are '
            f'{len(decisions)} decisions: one decision for each "S ?"'
        )
    lesson = data.get("lesson")
    if lesson is not None and lesson not in {item.id for item in load_all()}:
        raise GuidedError(
            f"{name}: lesson {lesson!r} is not a lesson: use one of "
            f"{', '.join(item.id for item in load_all())}"
        )
    hand = GuidedHand(
        data["id"],
        data["title"],
        data["idea"].strip(),
        rules,
        _deal(name, data["deal"], rules),
        moves,
        tuple(decisions),
        data.get("intro", "").strip(),
        lesson,
    )
    problem = script_problem(hand)
    if problem:
        raise GuidedError(f"{name}: {problem}")
    return hand


def _tried(state: HandState, seat: Seat, action: Action) -> tuple[HandState | None, str]:
    try:
        return apply(state, action, seat), ""
    except IllegalActionError as error:
        return None, error.message


def paths(hand: GuidedHand) -> list[tuple[Action, ...]]:
    """Every combination of right choices, one per decision (at most MAX_PATHS)."""
    return list(itertools.islice(itertools.product(*(d.right for d in hand.decisions)), MAX_PATHS))


def play_path(hand: GuidedHand, choices: tuple[Action, ...]) -> list[tuple[HandState, int]]:
    """The states at each key decision along ``choices``, with the decision's index, and
    the final state (index -1); raises ValueError naming a move the engine refuses."""
    state = hand.start()
    at = []
    decision = 0
    for number, move in enumerate(hand.moves, 1):
        if move is None:
            if state.turn is not LEARNER:
                raise ValueError(
                    f'move {number} is "S ?" but it is '
                    f"{state.turn.word if state.turn else 'nobody'}'s turn"
                )
            at.append((state, decision))
            seat, action = LEARNER, choices[decision]
            decision += 1
        else:
            seat, action = move
        after, refusal = _tried(state, seat, action)
        if after is None:
            raise ValueError(f"move {number} ({format_move(seat, action)}): {refusal}")
        state = after
    at.append((state, -1))
    return at


def script_problem(hand: GuidedHand) -> str | None:
    """What is wrong with the script, or None: every way through it replays, ends the
    hand, offers only legal right and named choices, explains every legal alternative,
    and every claim holds."""
    for choices in paths(hand):
        try:
            states = play_path(hand, choices)
        except ValueError as error:
            return str(error)
        final = states[-1][0]
        if not final.is_over:
            return "the moves stop before the hand is over: script it to the end"
        for state, index in states[:-1]:
            decision = hand.decisions[index]
            legal = legal_actions(state)
            where = f"decision {index + 1}"
            for action in decision.right:
                if action not in legal:
                    return f"{where}: the right choice {format_choice(action)!r} is not legal"
            for action, _ in decision.wrong:
                if action not in legal:
                    return (
                        f"{where}: the coach names {format_choice(action)!r}, which is "
                        "not legal: the engine explains illegal choices itself"
                    )
            unexplained = [a for a in legal if a not in decision.right and not decision.says(a)]
            if unexplained:
                return (
                    f"{where}: {format_choice(unexplained[0])!r} is legal and not "
                    "right: name it in wrong, or give otherwise"
                )
        for index, decision in enumerate(hand.decisions):
            for claim in decision.claims:
                problem = claim.problem(final)
                if problem:
                    return f"decision {index + 1}: {problem}"
    return None


@lru_cache(maxsize=1)
def load_guided() -> tuple[GuidedHand, ...]:
    """Every guided hand, in file order; raises GuidedError for the first problem."""
    hands = tuple(load_guided_hand(path) for path in sorted(GUIDED.glob("*.toml")))
    ids = [hand.id for hand in hands]
    twice = next((i for i in ids if ids.count(i) > 1), None)
    if twice:
        raise GuidedError(f"guided: the id {twice!r} is used twice")
    lessons = [hand.lesson for hand in hands if hand.lesson]
    twice = next((i for i in lessons if lessons.count(i) > 1), None)
    if twice:
        raise GuidedError(f"guided: lesson {twice!r} ends with two guided hands; pick one")
    return hands


def guided_hand(hand_id: str) -> GuidedHand | None:
    return next((hand for hand in load_guided() if hand.id == hand_id), None)


def hand_for_lesson(lesson_id: str) -> GuidedHand | None:
    """The guided hand that ends a lesson, if any."""
    return next((hand for hand in load_guided() if hand.lesson == lesson_id), None)
