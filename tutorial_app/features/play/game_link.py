"""A game of Play in the page address, ``?game=<code>``, so a reload finds the game again.

The code holds the set-up and the learner's choices only; the game is rebuilt by replay
(``game.replay``: the bots are seeded, so they move again as they moved). Fields
are separated by dots::

    2.bga.bn.123456789.Qk3x.s3Al9xQe.FAnpr
    | |   |  |         |    |        the learner's choices, one base64url character each
    | |   |  |         |    the seal: this server's HMAC of every other field
    | |   |  |         a check of the deals and every move, the bots' included
    | |   |  the seed
    | |   bot level (b beginner, e expert), then n if the game is played without undo
    | rule set (a preset)
    version of the code

Each choice is one of 64 small numbers (``CHOICES``): deal the next hand, pass, order
up, alone, with partner, call a suit or no trump, name a suit, discard or play one of
25 cards.

Reading never trusts the address, and costs nothing until the link is known to be this
server's: ``parse_game`` checks the size, each field and the seal (an HMAC keyed by
``link_key.game_link_key``, the same on every replica and after a restart), so a forged
or changed link is refused before any bot is asked. ``rebuild`` then replays it (the
engine judges every choice) and compares the check, which catches a link made with other
computer players (an older version of the bots). Every failure is a ``GameLinkError``
whose message says what is wrong, in words for the learner. Replay asks the bots again
(expert bots take seconds for a whole game): ``RecentGames`` keeps where each hand
started, so a reload on the same server replays the current hand only, and the Play page
sends a slow replay to the worker pool.

Version 1 codes (no seal: the check alone, which needs the replay) are still read when
the bots are beginners, whose replay costs milliseconds; with expert bots they are refused.

>>> from tutorial_app.features.play.game import learner_plays, new_bot_game
>>> from engine import Action
>>> played = learner_plays(new_bot_game("bga", "beginner", 17), Action.PASS)
>>> code = game_code(played, key=b"k")
>>> code.startswith("2.bga.b.17.")
True
>>> read_game(code, key=b"k").game == played.game
True
>>> parse_game(code, key=b"another server's")
Traceback (most recent call last):
...
tutorial_app.features.play.game_link.GameLinkError: it was changed, or made by another server
"""

from __future__ import annotations

import hashlib
import hmac
import re
import string
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine import ALL_CARDS, NO_TRUMP, PRESETS, Action, Do, Suit
from lessons.quizzes import SEED_LIMIT
from tutorial_app.card_table.table_moves import action_id
from tutorial_app.features.play.game import (
    BOT_LEVELS,
    DEAL,
    BotGame,
    ReplayStep,
    at_hand_start,
    replay,
    resume,
)
from tutorial_app.limits.link_numbers import parse_seed
from tutorial_app.limits.numbers import BoundError
from tutorial_app.shell.addresses import LinkError
from tutorial_app.shell.link_key import game_link_key

__all__ = [
    "CHOICES",
    "MAX_CODE",
    "OLD_VERSION",
    "VERSION",
    "GameLink",
    "GameLinkError",
    "RecentGames",
    "game_code",
    "parse_game",
    "read_game",
    "rebuild",
]

VERSION = "2"
OLD_VERSION = "1"  # no seal: read for beginner bots only (see the module's docstring)
MAX_CODE = 1000  # characters: a whole game to 11 needs a few hundred at most
SEAL_LENGTH = 8  # base64url characters: 48 bits of HMAC, far past guessing by hand
ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"  # base64url
CHOICES: tuple = (
    DEAL,
    Action.PASS,
    Action.ORDER_UP,
    Action.ALONE,
    Action.WITH_PARTNER,
    *(Action.call(suit) for suit in (*Suit, NO_TRUMP)),
    *(Action.name_trump(suit) for suit in Suit),
    *(Action.discard(card) for card in ALL_CARDS),
    *(Action.play(card) for card in ALL_CARDS),
)
assert len(CHOICES) == len(ALPHABET) == len(set(CHOICES)), "one character per choice"
assert {choice.do for choice in CHOICES if choice != DEAL} == set(Do), "every kind of action"
_CHARACTER = {choice: ALPHABET[i] for i, choice in enumerate(CHOICES)}
_LEVEL_LETTERS: dict[str, str] = {level.value: level[0] for level in BOT_LEVELS}
_LEVELS = {letter: level for level, letter in _LEVEL_LETTERS.items()}
_FIELDS = {VERSION: 7, OLD_VERSION: 6}
_QUOTED = 20  # characters of a bad field quoted back


class GameLinkError(LinkError):
    """A game code that cannot be read: the message says what is wrong."""


@dataclass(frozen=True)
class GameLink:
    """A game code read and its seal checked, not yet replayed."""

    preset: str
    level: str
    seed: int
    no_undo: bool
    check: str
    choices: tuple


def game_code(played: BotGame, key: bytes | None = None) -> str | None:
    """The code of this game, sealed with ``key`` (the server's by default); None if it
    has grown past MAX_CODE characters."""
    flags = _LEVEL_LETTERS[played.level] + ("n" if played.no_undo else "")
    moves = "".join(_CHARACTER[choice] for choice in played.choices)
    fields = (VERSION, played.preset, flags, str(played.seed), _check(played))
    code = ".".join((*fields, _seal(key, *fields, moves), moves))
    return code if len(code) <= MAX_CODE else None


def read_game(code: object, recent: RecentGames | None = None, key: bytes | None = None) -> BotGame:
    """The game a code holds, rebuilt by replay (from the latest hand start ``recent``
    holds for it, if any); raises GameLinkError saying what is wrong."""
    link = parse_game(code, key)
    return rebuild(
        link,
        recent.latest(link.preset, link.level, link.seed, link.choices)
        if recent is not None
        else None,
    )


def parse_game(code: object, key: bytes | None = None) -> GameLink:
    """A code read field by field and its seal checked against ``key`` (the server's by
    default); nothing is replayed. Raises GameLinkError saying what is wrong."""
    if not isinstance(code, str) or not code.strip():
        raise GameLinkError("it holds no game")
    if len(code) > MAX_CODE:
        raise GameLinkError(
            f"it is {len(code):,} characters long, more than a game ever needs ({MAX_CODE:,})"
        )
    fields = code.strip().split(".")
    version = fields[0]
    if version not in _FIELDS:
        if version.isascii() and version.isdigit():
            raise GameLinkError(
                f"it was made by another version of the app (version "
                f"{version[:_QUOTED]}; this one reads version {VERSION})"
            )
        raise GameLinkError("it does not start with a version number")
    if len(fields) != _FIELDS[version]:
        raise GameLinkError(
            f"it has {len(fields)} parts, not {_FIELDS[version]} (it was "
            "perhaps cut short when copied)"
        )
    if version == VERSION:
        _, preset, flags, seed_text, check, seal, moves = fields
    else:
        _, preset, flags, seed_text, check, moves = fields
    if preset not in PRESETS:
        raise GameLinkError(f"{_shown(preset)} is not a rule set (one of {', '.join(PRESETS)})")
    match = re.fullmatch(r"([a-z])(n?)", flags)
    if match is None or match.group(1) not in _LEVELS:
        raise GameLinkError(
            f"{_shown(flags)} is not a bot level ({' or '.join(_LEVELS)}, then n for no undo)"
        )
    try:  # the one seed parser; a code holds no spaces, so none are stripped here
        seed = parse_seed(seed_text) if seed_text == seed_text.strip() else -1
    except BoundError:
        seed = -1
    if seed < 0:
        raise GameLinkError(
            f"the seed {_shown(seed_text)} is not a whole number below {SEED_LIMIT:,}"
        )
    choices = []
    for place, character in enumerate(moves, 1):
        index = ALPHABET.find(character)
        if index < 0:
            raise GameLinkError(
                f"{_shown(character)} (character {place} of the moves) is not a move"
            )
        choices.append(CHOICES[index])
    # Every field is well formed: now whether this server made it, before any replay.
    if version == VERSION and not hmac.compare_digest(seal, _seal(key, *fields[:5], moves)):
        raise GameLinkError("it was changed, or made by another server")
    level = _LEVELS[match.group(1)]
    if version == OLD_VERSION and level != "beginner":
        raise GameLinkError(
            "it was made by an older version of the app, whose links to "
            "games against expert bots cannot be checked quickly"
        )
    return GameLink(preset, level, seed, bool(match.group(2)), check, tuple(choices))


def rebuild(
    link: GameLink,
    start: BotGame | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> BotGame:
    """The game of a read link, replayed from ``start`` (a hand start this game passed
    through, from ``RecentGames.latest``) or from the first deal; ``on_progress(done,
    total)`` after each choice. Raises GameLinkError if a choice cannot be made or the
    game does not match the link's check."""
    try:
        if start is None:
            played = replay(
                link.preset,
                link.level,
                link.seed,
                link.choices,
                no_undo=link.no_undo,
                on_progress=on_progress,
            )
        else:
            played = resume(
                replace(start, no_undo=link.no_undo),
                link.choices[len(start.choices) :],
                on_progress,
            )
    except ReplayStep as error:
        raise GameLinkError(
            f"your move {error.number} cannot be made there: {error.reason}"
        ) from None
    if _check(played) != link.check:
        raise GameLinkError(
            "its moves do not add up (it was changed, or made with other computer players)"
        )
    return played


def _seal(key: bytes | None, *fields: str) -> str:
    """SEAL_LENGTH base64url characters of the HMAC-SHA256 of ``fields`` under ``key``."""
    text = ".".join(fields).encode("ascii", "replace")
    digest = hmac.new(game_link_key() if key is None else key, text, hashlib.sha256).digest()
    number = int.from_bytes(digest[: SEAL_LENGTH * 6 // 8], "big")
    return "".join(
        ALPHABET[(number >> shift) & 63] for shift in range(6 * (SEAL_LENGTH - 1), -1, -6)
    )


def _check(played: BotGame) -> str:
    """Four base64url characters hashing the game: every deal and every move, the bots'
    included."""
    hands = played.game.finished + ((played.game.hand,) if played.game.hand else ())
    text = "/".join(
        "".join(card.code for cards in hand.deal.hands for card in cards)
        + hand.upcard.code
        + ":"
        + " ".join(f"{seat.value}{action_id(action)}" for seat, action in hand.actions)
        for hand in hands
    )
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
        self._games: OrderedDict[tuple, BotGame] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def keep(self, played: BotGame) -> None:
        """Remember where ``played``'s current hand started (once per hand)."""
        dealt = len(played.choices)
        while dealt and played.choices[dealt - 1] != DEAL:
            dealt -= 1
        key = (played.preset, played.level, played.seed, played.choices[:dealt])
        with self._lock:
            if key in self._games:
                self._games.move_to_end(key)
                return
        start = at_hand_start(played)
        with self._lock:
            self._games[key] = start
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def latest(self, preset: str, level: str, seed: int, choices) -> BotGame | None:
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
    return repr(text[:_QUOTED] + ("..." if len(text) > _QUOTED else ""))
