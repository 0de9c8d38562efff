"""A game of Play in the page address, ``?game=<code>``, so a reload finds the game again.

The code holds the set-up and the learner's choices only; the game is rebuilt by replay
(``play_session.replay``: the bots are seeded, so they move again as they moved). Fields
are separated by dots::

    1.bga.bn.123456789.Qk3x.FAnpr
    | |   |  |         |    the learner's choices, one base64url character each
    | |   |  |         a check of the deals and every move, the bots' included
    | |   |  the seed
    | |   bot level (b beginner, e expert), then n if the game is played without undo
    | rule set (a preset)
    version of the code

Each choice is one of 64 small numbers (``CHOICES``): deal the next hand, pass, order
up, alone, with partner, call a suit or no trump, name a suit, discard or play one of
25 cards. The check (a 3-byte hash of the deals and moves) turns a code changed by hand,
cut short, or made by other computer players into a "damaged" link instead of a
different game.

Reading never trusts the address: size first, then each field, then the replay, in
which the engine judges every choice. Every failure is a ``GameLinkError`` whose
message says what is wrong, in words for the learner. Replay asks the bots again
(expert bots take seconds for a whole game): ``RecentGames`` keeps where each hand
started, so a reload on the same server replays the current hand only.

>>> from tutorial_app.play_session import learner_plays, new_session
>>> from engine import Action
>>> session = learner_plays(new_session("bga", "beginner", 17), Action.PASS)
>>> code = game_code(session)
>>> code.startswith("1.bga.b.17.")
True
>>> read_game(code).game == session.game
True
"""

from __future__ import annotations

import hashlib
import re
import string
import threading
from collections import OrderedDict
from dataclasses import replace

from engine import ALL_CARDS, NO_TRUMP, PRESETS, Action, Do, Suit
from lessons.quizzes import SEED_LIMIT
from tutorial_app.play_session import (BOT_LEVELS, DEAL, PlaySession, ReplayStep, at_hand_start,
                                       replay, resume)
from tutorial_app.widgets.table_moves import action_id

__all__ = ["CHOICES", "MAX_CODE", "VERSION", "GameLinkError", "RecentGames", "game_code",
           "read_game"]

VERSION = "1"
MAX_CODE = 1000      # characters: a whole game to 11 needs a few hundred at most
ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"  # base64url
CHOICES: tuple = (
    DEAL, Action.PASS, Action.ORDER_UP, Action.ALONE, Action.WITH_PARTNER,
    *(Action.call(suit) for suit in (*Suit, NO_TRUMP)),
    *(Action.name_trump(suit) for suit in Suit),
    *(Action.discard(card) for card in ALL_CARDS),
    *(Action.play(card) for card in ALL_CARDS),
)
assert len(CHOICES) == len(ALPHABET) == len(set(CHOICES)), "one character per choice"
assert {choice.do for choice in CHOICES if choice != DEAL} == set(Do), "every kind of action"
_CHARACTER = {choice: ALPHABET[i] for i, choice in enumerate(CHOICES)}
_LEVEL_LETTERS = {level: level[0] for level in BOT_LEVELS}
_LEVELS = {letter: level for level, letter in _LEVEL_LETTERS.items()}
_SHOWN = 20          # characters of a bad field quoted back


class GameLinkError(ValueError):
    """A game code that cannot be read: the message says what is wrong."""


def game_code(session: PlaySession) -> str | None:
    """The code of this game; None if it has grown past MAX_CODE characters."""
    flags = _LEVEL_LETTERS[session.level] + ("n" if session.no_undo else "")
    moves = "".join(_CHARACTER[choice] for choice in session.choices)
    code = ".".join((VERSION, session.preset, flags, str(session.seed), _check(session), moves))
    return code if len(code) <= MAX_CODE else None


def read_game(code: object, recent: RecentGames | None = None) -> PlaySession:
    """The game a code holds, rebuilt by replay (from the latest hand start ``recent``
    holds for it, if any); raises GameLinkError saying what is wrong."""
    if not isinstance(code, str) or not code.strip():
        raise GameLinkError("it holds no game")
    if len(code) > MAX_CODE:
        raise GameLinkError(f"it is {len(code):,} characters long, more than a game ever "
                            f"needs ({MAX_CODE:,})")
    fields = code.strip().split(".")
    version = fields[0]
    if version != VERSION:
        if version.isdigit():
            raise GameLinkError(f"it was made by another version of the app (version "
                                f"{version}; this one reads version {VERSION})")
        raise GameLinkError("it does not start with a version number")
    if len(fields) != 6:
        raise GameLinkError(f"it has {len(fields)} parts, not 6 (it was perhaps cut short "
                            "when copied)")
    _, preset, flags, seed_text, check, moves = fields
    if preset not in PRESETS:
        raise GameLinkError(f"{_shown(preset)} is not a rule set (one of {', '.join(PRESETS)})")
    match = re.fullmatch(r"([a-z])(n?)", flags)
    if match is None or match.group(1) not in _LEVELS:
        raise GameLinkError(f"{_shown(flags)} is not a bot level "
                            f"({' or '.join(_LEVELS)}, then n for no undo)")
    if not (seed_text.isascii() and seed_text.isdigit()) or int(seed_text) >= SEED_LIMIT:
        raise GameLinkError(f"the seed {_shown(seed_text)} is not a whole number below "
                            f"{SEED_LIMIT:,}")
    choices = []
    for place, character in enumerate(moves, 1):
        index = ALPHABET.find(character)
        if index < 0:
            raise GameLinkError(f"{_shown(character)} (character {place} of the moves) is "
                                "not a move")
        choices.append(CHOICES[index])
    level, seed, no_undo = _LEVELS[match.group(1)], int(seed_text), bool(match.group(2))
    start = recent.latest(preset, level, seed, choices) if recent is not None else None
    try:
        if start is None:
            session = replay(preset, level, seed, choices, no_undo=no_undo)
        else:
            session = resume(replace(start, no_undo=no_undo), choices[len(start.choices):])
    except ReplayStep as error:
        raise GameLinkError(f"your move {error.number} cannot be made there: "
                            f"{error.reason}") from None
    if _check(session) != check:
        raise GameLinkError("its moves do not add up (it was changed, or made with other "
                            "computer players)")
    return session


def _check(session: PlaySession) -> str:
    """Four base64url characters hashing the game: every deal and every move, the bots'
    included."""
    hands = session.game.finished + ((session.game.hand,) if session.game.hand else ())
    text = "/".join(
        "".join(card.code for cards in hand.deal.hands for card in cards) + hand.upcard.code
        + ":" + " ".join(f"{seat.value}{action_id(action)}" for seat, action in hand.actions)
        for hand in hands)
    digest = hashlib.blake2s(text.encode("ascii"), digest_size=3).digest()
    number = int.from_bytes(digest, "big")
    return "".join(ALPHABET[(number >> shift) & 63] for shift in (18, 12, 6, 0))


class RecentGames:
    """Hand starts of the games this server played lately, so that a reload replays the
    current hand only.

    Replay asks every bot again, and an expert bot takes about a tenth of a second a
    decision: a whole game is seconds of work. The page ``keep``s each game it shows;
    this stores the game as it was when the current hand was dealt, and ``read_game``
    resumes from the latest stored point its code reaches. Shared by all users of the
    server: it holds values, and a code names one game whoever plays it; the code's
    check still guards what comes back. Bounded (oldest first out) and thread-safe.
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._games: OrderedDict[tuple, PlaySession] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def keep(self, session: PlaySession) -> None:
        """Remember where ``session``'s current hand started (once per hand)."""
        dealt = len(session.choices)
        while dealt and session.choices[dealt - 1] != DEAL:
            dealt -= 1
        key = (session.preset, session.level, session.seed, session.choices[:dealt])
        with self._lock:
            if key in self._games:
                self._games.move_to_end(key)
                return
        start = at_hand_start(session)
        with self._lock:
            self._games[key] = start
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def latest(self, preset: str, level: str, seed: int, choices) -> PlaySession | None:
        """The latest stored hand start that these choices pass through, if any."""
        choices = tuple(choices)
        cuts = [i + 1 for i, choice in enumerate(choices) if choice == DEAL][::-1] + [0]
        with self._lock:
            for cut in cuts:
                found = self._games.get((preset, level, seed, choices[:cut]))
                if found is not None:
                    return found
        return None


def _shown(text: str) -> str:
    return repr(text[:_SHOWN] + ("..." if len(text) > _SHOWN else ""))

