"""Tables of four in a class, in the store (issue 23), on SQLite and PostgreSQL: a whole
game at a table of one learner and three bots, every hand valid for the referee; a
doubled or stale click refused and never applied twice; only the seat's learner (or a
bot, for an empty seat or an away learner) moves it; two processes moving the same bot
at once move it once; pause and end."""

from __future__ import annotations

import random
import subprocess
import threading
from datetime import timedelta

import pytest
from helpers.processes import PYTHON, ROOT, child_env
from sqlalchemy import update

from analysis import make_bot
from engine import HandRecord, Seat, legal_actions, seat_view
from tutorial_app.store import (
    ClassRuns,
    ClassTables,
    TableError,
    TableProblem,
    new_learner_token,
    open_store,
    seating_plan,
)
from tutorial_app.store.records import now
from tutorial_app.store.tables import class_table_seats, class_tables

BOT = make_bot("beginner")


@pytest.fixture
def seated(store_url):
    """A class of two learners at one table (N and S), East and West bots."""
    store = open_store(store_url)
    classes, tables = ClassRuns(store), ClassTables(store)
    code, key = classes.start_class()
    ann, ben = new_learner_token(), new_learner_token()
    classes.join(code, "Ann", ann)
    classes.join(code, "Ben", ben)
    (table,) = tables.make_tables(
        code, key, [[1, None, 2, None]], "cardsuite", True, "beginner", seed=3
    )
    return tables, table, code, key, {Seat.N: ann, Seat.S: ben}


def decide(view, seat, rng):
    state = view.game.replay()
    return BOT.decide(seat_view(state.hand, seat), rng)


def test_a_whole_game_is_played_and_every_hand_is_valid(seated):
    tables, table, _code, _key, tokens = seated
    rng = random.Random(5)
    while True:
        view = tables.table(table)
        state = view.game.replay()
        if state.is_over:
            break
        seat = state.hand.turn
        token = tokens.get(seat)
        after = tables.move(table, seat, decide(view, seat, rng), view.game.version, token)
        assert after.version == view.game.version + 1
    assert state.winner is not None and max(state.scores) >= state.rules.target_points
    for hand in state.finished:
        assert HandRecord.loads(HandRecord.from_state(hand).dumps()).replay().result == hand.result


def test_a_doubled_or_stale_click_is_refused_and_applied_once(seated):
    tables, table, _code, _key, tokens = seated
    view = tables.table(table)
    state = view.game.replay()
    seat = state.hand.turn
    action = decide(view, seat, random.Random(1))
    tables.move(table, seat, action, 0, tokens.get(seat))
    with pytest.raises(TableError) as refused:
        tables.move(table, seat, action, 0, tokens.get(seat))
    assert refused.value.problem is TableProblem.STALE
    assert tables.table(table).game.version == 1


def test_only_the_seats_player_moves_it_and_the_engine_refuses_in_words(seated):
    tables, table, _code, _key, tokens = seated
    rng = random.Random(2)
    view = tables.table(table)
    while (seat := view.game.replay().hand.turn) not in tokens:  # bots up to a learner
        tables.move(table, seat, decide(view, seat, rng), view.game.version)
        view = tables.table(table)
    other = Seat.S if seat is Seat.N else Seat.N
    action = decide(view, seat, rng)
    with pytest.raises(TableError) as wrong_learner:
        tables.move(table, seat, action, view.game.version, tokens[other])
    with pytest.raises(TableError) as bot_for_a_learner:
        tables.move(table, seat, action, view.game.version)
    assert wrong_learner.value.problem is bot_for_a_learner.value.problem is TableProblem.NOT_YOURS
    hand = view.game.replay().hand
    illegal = next((a for a in _all_actions(hand) if a not in legal_actions(hand)), None)
    if illegal is not None:
        with pytest.raises(TableError) as refused:
            tables.move(table, seat, illegal, view.game.version, tokens[seat])
        assert refused.value.problem is TableProblem.REFUSED and refused.value.message
    assert tables.table(table).game.version == view.game.version


def _all_actions(hand):
    from engine import Action

    return [Action.ORDER_UP, Action.PASS, Action.ALONE] + [
        Action.play(card) for card in hand.hand_of(hand.turn)
    ]


def test_an_away_learner_is_played_for_by_a_bot_and_takes_the_seat_back(seated):
    tables, table, _code, _key, tokens = seated
    long_ago = now() - timedelta(minutes=5)
    with tables.store.writing() as connection:
        connection.execute(update(class_table_seats).values(last_seen_at=long_ago))
    # Not while the table has just moved: a present learner's page runs (and is seen)
    # within a second or two of a move, so nobody is judged away until it is still.
    assert tables.table(table).away == frozenset()
    with tables.store.writing() as connection:
        connection.execute(update(class_tables).values(updated_at=now() - timedelta(seconds=11)))
    view = tables.table(table)
    assert view.away == {Seat.N, Seat.S} and view.bot_plays(Seat.N)
    tables.seen(table, Seat.N, tokens[Seat.N])
    assert tables.table(table).away == {Seat.S}


def test_two_processes_moving_the_same_bot_at_once_move_it_once(seated, store_url):
    tables, table, _code, _key, tokens = seated
    rng = random.Random(8)
    view = tables.table(table)
    while (seat := view.game.replay().hand.turn) in tokens:  # the learners, up to a bot
        tables.move(table, seat, decide(view, seat, rng), view.game.version, tokens[seat])
        view = tables.table(table)
    action = decide(view, seat, random.Random(9))
    outcomes, start = [], threading.Barrier(2)

    def mover():
        other = ClassTables(open_store(store_url))  # an engine (a process) of its own
        start.wait()
        try:
            other.move(table, seat, action, view.game.version)
            outcomes.append("moved")
        except TableError as error:
            outcomes.append(error.problem)

    threads = [threading.Thread(target=mover) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(map(str, outcomes)) == sorted(["moved", str(TableProblem.STALE)])
    assert tables.table(table).game.version == view.game.version + 1


def test_pause_and_end_stop_every_move(seated):
    tables, table, code, key, tokens = seated
    view = tables.table(table)
    seat = view.game.replay().hand.turn
    action = decide(view, seat, random.Random(4))
    tables.pause_all(code, key, True)
    with pytest.raises(TableError) as paused:
        tables.move(table, seat, action, 0, tokens.get(seat))
    assert paused.value.problem is TableProblem.PAUSED
    tables.pause_all(code, key, False)
    tables.end_all(code, key)
    with pytest.raises(TableError) as over:
        tables.move(table, seat, action, 0, tokens.get(seat))
    assert over.value.problem is TableProblem.OVER and tables.overview(code, key) == []


def test_ending_the_class_ends_its_tables_and_moves_the_learners_screens_on(seated):
    """A learner at a table played on after the teacher had ended the class: the class's
    end is its tables' end too, and the learners' screens are told (their round moves)."""
    tables, table, code, key, tokens = seated
    classes = ClassRuns(tables.store)
    view = tables.table(table)
    seat = view.game.replay().hand.turn
    action = decide(view, seat, random.Random(4))
    before = classes.status(code).tables_round
    classes.end(code, key)
    with pytest.raises(TableError) as over:
        tables.move(table, seat, action, 0, tokens.get(seat))
    assert over.value.problem is TableProblem.OVER
    assert tables.overview(code, key) == []
    status = classes.status(code)
    assert status.ended and status.tables_round == before + 1
    classes.end(code, key)  # ended twice: nothing more moves
    assert classes.status(code).tables_round == before + 1


def test_the_members_without_a_seat_are_named_until_the_tables_end(seated):
    """A late joiner and a learner the teacher's seating left out have no seat at the open
    tables; once the games end, nobody has a seat."""
    tables, _table, code, key, _tokens = seated
    classes = ClassRuns(tables.store)
    assert tables.unseated(code, key) == []
    classes.join(code, "Cid", new_learner_token())
    classes.join(code, "Dee", new_learner_token())
    assert tables.unseated(code, key) == ["Cid", "Dee"]
    tables.make_tables(code, key, [[1, 3, 2, None]], "bga", True, "beginner", seed=1)
    assert tables.unseated(code, key) == ["Dee"]  # the teacher's seating left her out
    tables.end_all(code, key)
    assert tables.unseated(code, key) == ["Ann", "Ben", "Cid", "Dee"]


def test_seating_by_join_order_or_at_random_puts_partners_opposite():
    # Nine learners: three tables of three, never a ninth alone with three bots.
    assert seating_plan(list(range(1, 10)), "join") == [
        [1, 2, 3, None],
        [4, 5, 6, None],
        [7, 8, 9, None],
    ]
    assert seating_plan(list(range(1, 9)), "join") == [[1, 2, 3, 4], [5, 6, 7, 8]]
    # Two a table, an odd class: one table of three, the others partners.
    assert seating_plan([1, 2, 3, 4, 5], "join", per_table=2) == [
        [1, 2, 3, None],
        [4, None, 5, None],
    ]
    shuffled = seating_plan(list(range(1, 9)), "random", seed=1)
    assert sorted(n for table in shuffled for n in table) == list(range(1, 9))
    assert shuffled == seating_plan(list(range(1, 9)), "random", seed=1)
    with pytest.raises(ValueError):
        seating_plan([1], "by size")


RACER = """
import random, sys
from analysis import make_bot
from engine import seat_view
from tutorial_app.store import ClassTables, TableError, open_store

url, table, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
tables, bot = ClassTables(open_store(url)), make_bot("beginner")
print("ready", flush=True)  # then wait for the go: both racers start together
sys.stdin.readline()
moved = stale = 0
while True:
    view = tables.table(table)
    state = view.game.replay()
    if state.is_over or len(state.finished) >= hands:
        break
    seat = state.hand.turn
    rng = random.Random(f"{view.game.seed}-{view.game.version}")  # both racers agree
    action = bot.decide(seat_view(state.hand, seat), rng)
    try:
        tables.move(table, seat, action, view.game.version)
        moved += 1
    except TableError:
        stale += 1
print(moved, stale)
"""


RACED_HANDS = 2  # a hand's every kind of move, its end and the next deal


def test_two_processes_racing_every_bot_move_of_two_hands_move_each_once(store_url):
    """A table of four bots, every move of its first two hands raced by two processes on
    one database: each move is applied once (the moves made add up to the game's), each
    hand is whole. (A whole game is played above, in one process; racing every hand of
    it only repeated the same kinds of move, at several times the time.)"""
    store = open_store(store_url)
    code, key = ClassRuns(store).start_class()
    (table,) = ClassTables(store).make_tables(
        code, key, [[None] * 4], "cardsuite", False, "beginner", seed=5
    )
    racers = [
        subprocess.Popen(
            [PYTHON, "-c", RACER, store_url, str(table), str(RACED_HANDS)],
            cwd=ROOT,
            env=child_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    # Both started (a busy machine can take seconds to start one), then both let go at
    # once: otherwise the first could play the whole game before the second began.
    for racer in racers:
        if (line := racer.stdout.readline()) != "ready\n":
            racer.kill()
            pytest.fail(f"a racer said {line!r} before starting: {racer.communicate()[1]}")
    for racer in racers:
        racer.stdin.write("go\n")
        racer.stdin.flush()
    counts = []
    for racer in racers:
        out, err = racer.communicate(timeout=300)
        assert racer.returncode == 0, err
        counts.append(tuple(map(int, out.split())))
    game = ClassTables(store).table(table).game
    state = game.replay()
    assert len(state.finished) == RACED_HANDS and sum(moved for moved, _ in counts) == game.version
    for hand in state.finished:
        assert HandRecord.loads(HandRecord.from_state(hand).dumps()).replay().result == hand.result
    # Both took part: each moved, or kept finding the other had moved first (one racer can
    # fall into step just behind the other, waiting on its row lock, for every move).
    assert all(moved or stale for moved, stale in counts), counts
