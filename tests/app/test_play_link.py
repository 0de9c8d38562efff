"""The game in the page address (``tutorial_app.features.play.game_link``): every game
round-trips through its code, every damaged code is refused with a sentence saying what
is wrong, and a code this server did not seal is refused before any bot is asked to replay it."""

from __future__ import annotations

import doctest
import random
from dataclasses import replace

import pytest

from engine import Action, IllegalActionError, legal_actions
from tutorial_app.features.play import game as play
from tutorial_app.features.play import game_link as play_link
from tutorial_app.features.play.game import DEAL, YOU
from tutorial_app.features.play.game_link import (
    CHOICES,
    MAX_CODE,
    GameLinkError,
    game_code,
    parse_game,
    read_game,
)


def random_game(
    seed: int, preset: str = "bga", moves: int | None = None, no_undo: bool = False
) -> play.BotGame:
    """A game with random legal choices: to the end, or ``moves`` choices long."""
    rng = random.Random(seed)
    played = play.new_bot_game(preset, "beginner", seed, no_undo=no_undo)
    while played.game.winner is None and (moves is None or len(played.choices) < moves):
        if played.game.hand is None:
            played = play.next_hand(played)
        else:
            legal = legal_actions(played.game.hand)
            played = play.learner_plays(played, legal[rng.randrange(len(legal))])
    return played


@pytest.mark.parametrize("seed", [1, 8, 17])
@pytest.mark.parametrize("preset", ["bga", "pagat", "cardsuite"])
def test_a_whole_game_round_trips_through_its_code(seed, preset):
    played = random_game(seed, preset)
    code = game_code(played)
    back = read_game(code)
    assert back.game == played.game and back.choices == played.choices
    assert (back.preset, back.level, back.seed, back.no_undo) == (preset, "beginner", seed, False)
    assert len(code) < MAX_CODE // 2, len(code)  # a whole game stays far below the limit


def test_the_code_says_the_set_up_and_one_character_a_choice():
    played = random_game(5, moves=7, no_undo=True)
    version, preset, flags, seed, check, seal, moves = game_code(played).split(".")
    assert (version, preset, flags, seed) == ("2", "bga", "bn", "5")
    assert len(check) == 4 and len(seal) == play_link.SEAL_LENGTH
    assert len(moves) == len(played.choices) == 7
    assert read_game(game_code(played)).no_undo
    expert = replace(played, level="expert", no_undo=False)
    assert game_code(expert).split(".")[2] == "e"


def test_sixty_four_choices_one_character_each():
    assert len(CHOICES) == 64 == len(set(CHOICES)) and CHOICES[0] == DEAL
    assert Action.PASS in CHOICES and all(isinstance(c, Action) for c in CHOICES[1:])


def test_a_game_too_long_for_a_link_gets_no_code():
    played = play.new_bot_game("bga", "beginner", 1)
    assert game_code(replace(played, choices=(Action.PASS,) * MAX_CODE)) is None


GOOD = None


def good_code() -> str:
    global GOOD
    if GOOD is None:
        GOOD = game_code(random_game(17, moves=12))
    return GOOD


def sealed(code: str) -> str:
    """A changed code sealed again with the server's key, as only the server could: what
    the replay and the check must then catch."""
    fields = code.split(".")
    fields[5] = play_link._seal(None, *fields[:5], fields[6])
    return ".".join(fields)


def old_code(played: play.BotGame) -> str:
    """The game's code as version 1 wrote it: no seal, the check alone."""
    version, preset, flags, seed, check, _, moves = game_code(played).split(".")
    return ".".join(("1", preset, flags, seed, check, moves))


def changed_move(code: str) -> str:
    """A game's code with its last move replaced by another that the engine allows there
    (a legal tamper): the game is cut after a decision that had an alternative."""
    choices = read_game(code).choices
    for length in range(len(choices), 0, -1):
        before = play.replay("bga", "beginner", 17, choices[: length - 1])
        if before.game.hand is None:
            continue
        others = [a for a in legal_actions(before.game.hand) if a != choices[length - 1]]
        if others:
            honest = game_code(play.learner_plays(before, choices[length - 1]))
            return honest[:-1] + play_link.ALPHABET[CHOICES.index(others[0])]
    raise AssertionError("no decision had an alternative")


def illegal_move(code: str) -> str:
    """A move appended that the engine refuses: a card South does not hold."""
    played = read_game(code)
    held = set(play.current_hand(played).hand_of(YOU))
    card = next(c for c in (a.card for a in CHOICES[1:] if a.card is not None) if c not in held)
    return code + play_link.ALPHABET[CHOICES.index(Action.play(card))]


DAMAGED = [
    ("empty", lambda code: "", "holds no game"),
    ("oversized", lambda code: code + "A" * MAX_CODE, "more than a game ever needs"),
    ("outdated", lambda code: "0" + code[1:], "another version of the app (version 0"),
    ("not a code", lambda code: "hello", "does not start with a version number"),
    ("cut short", lambda code: code[: code.rindex(".")], "has 6 parts, not 7"),
    ("unknown rules", lambda code: code.replace("bga", "bgx", 1), "'bgx' is not a rule set"),
    ("unknown level", lambda code: code.replace(".b.", ".z.", 1), "'z' is not a bot level"),
    ("bad seed", lambda code: code.replace(".17.", ".-17.", 1), "the seed '-17'"),
    ("huge seed", lambda code: code.replace(".17.", ".99999999999.", 1), "below 1,000,000,000"),
    ("bad character", lambda code: code + "!", "'!' (character 13 of the moves) is not a move"),
    ("moves cut short", lambda code: code[:-2], "changed, or made by another server"),
    ("a move changed", changed_move, "changed, or made by another server"),
    ("another seed", lambda code: code.replace(".17.", ".18.", 1), "changed, or made by"),
    ("no undo added", lambda code: code.replace(".b.", ".bn.", 1), "changed, or made by"),
    (
        "another server's",
        lambda code: game_code(read_game(code), key=b"elsewhere"),
        "changed, or made by another server",
    ),
    ("sealed, moves cut short", lambda code: sealed(code[:-2]), "do not add up"),
    ("sealed, a move changed", lambda code: sealed(changed_move(code)), "do not add up"),
    (
        "sealed, an illegal move",
        lambda code: sealed(illegal_move(code)),
        "your move 13 cannot be made there",
    ),
    (
        "sealed, a move after the game",
        lambda code: sealed(code[: code.rindex(".") + 1] + "A"),
        "your move 1",
    ),
    (
        "version 1, expert bots",
        lambda code: old_code(replace(read_game(code), level="expert")),
        "an older version of the app",
    ),
]


@pytest.mark.parametrize("name, damage, words", DAMAGED, ids=[d[0] for d in DAMAGED])
def test_a_damaged_code_is_refused_saying_what_is_wrong(name, damage, words):
    with pytest.raises(GameLinkError) as error:
        read_game(damage(good_code()))
    assert words in str(error.value)


def test_an_illegal_move_is_refused_in_the_engines_words():
    code = illegal_move(good_code())
    played = read_game(code[:-1])
    action = CHOICES[play_link.ALPHABET.index(code[-1])]
    with pytest.raises(IllegalActionError) as engine_says:
        play.learner_plays(played, action)
    with pytest.raises(GameLinkError) as error:
        read_game(sealed(code))
    assert str(error.value).endswith(f"cannot be made there: {engine_says.value.message}")


@pytest.mark.parametrize(
    "junk",
    [
        None,
        17,
        ["1"],
        "1." * 600,
        "1.bga.b.1.AAAA.\u00e9",
        "1.bga.b.\u0661.AAAA.",
        " ",
        "1.bga..1.AAAA.",
    ],
)
def test_junk_of_any_kind_is_a_link_error_never_another_error(junk):
    with pytest.raises(GameLinkError):
        read_game(junk)


def test_the_examples_in_the_docstring():
    failures, tried = doctest.testmod(play_link)
    assert tried and not failures


def counting_bots(monkeypatch) -> list:
    """Count the bots' decisions that the game module asks for."""
    asked = []
    real = play.make_bot

    class Counting:
        def __init__(self, level):
            self.bot = real(level)

        def decide(self, view, rng):
            asked.append(view.seat)
            return self.bot.decide(view, rng)

    monkeypatch.setattr(play, "make_bot", Counting)
    return asked


def test_a_reload_on_the_same_server_replays_only_the_current_hand(monkeypatch):
    played = random_game(17, moves=25)  # in hand 4, after a decision of yours
    assert len(played.game.finished) == 3 and played.game.hand is not None
    recent = play_link.RecentGames()
    recent.keep(played)
    asked = counting_bots(monkeypatch)
    fast = read_game(game_code(played), recent)
    again = len(asked)
    slow = read_game(game_code(played))
    assert fast.game == slow.game == played.game and fast.choices == played.choices
    hand = played.game.hand
    first = next(i for i, (seat, _) in enumerate(hand.actions) if seat is YOU)
    assert again == sum(1 for seat, _ in hand.actions[first:] if seat is not YOU)
    assert len(asked) - again > again  # the whole game asks the bots far more


def test_the_recent_games_hold_hand_starts_and_forget_the_oldest():
    recent = play_link.RecentGames(size=2)
    games = [random_game(seed, moves=12) for seed in (1, 2, 3)]
    for played in games:
        recent.keep(played)
        recent.keep(played)  # once per hand
    assert len(recent) == 2
    first, last = games[0], games[-1]
    assert recent.latest(first.preset, first.level, first.seed, first.choices) is None
    start = recent.latest(last.preset, last.level, last.seed, last.choices)
    assert start == play.at_hand_start(last)


def test_a_damaged_code_is_refused_even_from_a_recent_hand_start():
    played = random_game(17, moves=25)
    recent = play_link.RecentGames()
    recent.keep(played)
    with pytest.raises(GameLinkError, match="do not add up"):
        read_game(sealed(game_code(played)[:-1]), recent)
    assert read_game(game_code(played), recent).no_undo is False
    strict = replace(played, no_undo=True)
    assert read_game(game_code(strict), recent).no_undo is True  # the code's mode wins


FORGED = [
    ("a move changed", changed_move),
    ("a move added", lambda code: code + "B"),
    ("the seed changed", lambda code: code.replace(".17.", ".18.", 1)),
    ("expert bots", lambda code: code.replace(".b.", ".e.", 1)),
    ("another server's", lambda code: game_code(read_game(code), key=b"elsewhere")),
]


@pytest.mark.parametrize("name, forge", FORGED, ids=[f[0] for f in FORGED])
def test_a_forged_link_is_refused_before_any_bot_is_asked(monkeypatch, name, forge):
    code = forge(good_code())
    asked = counting_bots(monkeypatch)
    with pytest.raises(GameLinkError, match="changed, or made by another server"):
        read_game(code, play_link.RecentGames())
    assert asked == []


def test_a_link_the_server_made_is_read_after_a_restart(monkeypatch):
    """The key is kept (here beside the test's SQLite database), not new each process."""
    from tutorial_app.shell import link_key

    played = random_game(17, moves=12)
    link_key.game_link_key.cache_clear()
    try:
        code = game_code(played)
        link_key.game_link_key.cache_clear()  # as after a restart
        assert read_game(code).game == played.game
        monkeypatch.setenv(link_key.ENV_VAR, "a key the operator chose")
        link_key.game_link_key.cache_clear()
        with pytest.raises(GameLinkError, match="made by another server"):
            read_game(code)
    finally:
        monkeypatch.delenv(link_key.ENV_VAR)
        link_key.game_link_key.cache_clear()


def test_a_version_1_link_with_beginner_bots_still_reads():
    played = random_game(17, moves=25)
    assert read_game(old_code(played)).game == played.game
    with pytest.raises(GameLinkError, match="do not add up"):
        read_game(old_code(played)[:-1])


def test_parse_game_reads_the_fields_without_replaying(monkeypatch):
    played = random_game(8, moves=10, no_undo=True)
    asked = counting_bots(monkeypatch)
    link = parse_game(game_code(played))
    assert (link.preset, link.level, link.seed, link.no_undo) == ("bga", "beginner", 8, True)
    assert link.choices == played.choices and asked == []
    progress = []
    rebuilt = play_link.rebuild(link, on_progress=lambda done, total: progress.append(done))
    assert rebuilt.game == played.game
    assert progress == list(range(1, len(played.choices) + 1))


# ---- the Play page: a reload of a game link ---------------------------------------------


@pytest.fixture
def pool(monkeypatch):
    from fake_pool import FakePool

    from tutorial_app.work import pool as work_pool

    fake = FakePool()
    monkeypatch.setattr(work_pool, "shared_pool", lambda: fake)
    return fake


def reloaded(code: str):
    from app_driver import open_page

    return open_page("features/play/page.py", timeout=60, game=code)


def expert_game() -> play.BotGame:
    played = play.new_bot_game("bga", "expert", 4)
    while len(played.choices) < 3:
        played = (
            play.next_hand(played)
            if played.game.hand is None
            else play.learner_plays(played, legal_actions(played.game.hand)[0])
        )
    return played


@pytest.mark.app
def test_an_expert_game_is_replayed_in_the_pool_with_a_progress_bar(pool, monkeypatch):
    from tutorial_app.features.play import jobs

    played = expert_game()
    code = game_code(played)
    asked = counting_bots(monkeypatch)
    at = reloaded(code)
    assert not at.exception and asked == []  # no bot in the page's thread
    ((key, function, args),) = pool.asked
    assert key == ("game", code) and function is jobs.replay_game
    assert args == (parse_game(code), None)
    assert "Setting the game back up" in at.get("progress")[0].proto.text
    assert "play-game" not in at.session_state
    pool.finish(key, played)
    at.run()
    assert not at.exception and not at.get("progress") and not at.warning
    assert at.session_state["play-game"].game == played.game and asked == []


@pytest.mark.app
def test_a_forged_expert_link_never_reaches_the_pool(pool):
    code = game_code(expert_game()).replace(".4.", ".5.", 1)
    at = reloaded(code)
    assert not at.exception and pool.asked == []
    shown = at.warning[0].value.replace("\\", "")  # escaped: it quotes the link
    assert shown == (
        "This game link is damaged: it was changed, or made by another server. Starting a new game."
    )


@pytest.mark.app
def test_a_busy_pool_keeps_the_link_and_says_so(pool):
    pool.busy = True
    code = game_code(expert_game())
    at = reloaded(code)
    assert not at.exception
    assert at.warning[0].value == "The server is busy, try again in a minute."
    assert at.query_params["game"] == code and "play-game" not in at.session_state
    pool.busy = False
    at.button(key="pool-try-again").click().run()
    assert pool.asked[-1][0] == ("game", code) and at.get("progress")


@pytest.mark.app
def test_a_link_that_does_not_add_up_in_the_pool_is_said_in_words(pool):
    played = expert_game()
    code = game_code(played)
    at = reloaded(code)
    pool.fail(
        ("game", code),
        GameLinkError(
            "its moves do not add up (it was changed, or made with other computer players)"
        ),
    )
    at.run()
    assert not at.exception
    assert (
        at.warning[0]
        .value.replace("\\", "")
        .startswith("This game link is damaged: its moves do not add up")
    )
    assert at.session_state["play-game"].choices == ()


def test_the_kept_key_is_private_and_beside_the_database(tmp_path, monkeypatch):
    from tutorial_app.shell import link_key

    monkeypatch.delenv(link_key.ENV_VAR, raising=False)
    monkeypatch.setenv("EUCHRE_TUTORIAL_DB", f"sqlite:///{tmp_path / 'data' / 'p.sqlite3'}")
    link_key.game_link_key.cache_clear()
    try:
        key = link_key.game_link_key()
        kept = tmp_path / "data" / link_key.KEY_FILE
        assert kept.stat().st_mode & 0o777 == 0o600
        link_key.game_link_key.cache_clear()
        assert link_key.game_link_key() == key  # read back, not made again
        monkeypatch.setenv("EUCHRE_TUTORIAL_DB", "postgresql://nowhere/x")
        link_key.game_link_key.cache_clear()
        assert link_key.game_link_key() != key  # no file: this process's own
    finally:
        link_key.game_link_key.cache_clear()
