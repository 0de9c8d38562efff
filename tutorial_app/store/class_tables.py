"""Tables of four in a live class (issue 23): the teacher seats the class at tables,
each table plays one game, and every move goes through the engine on the version of the
game its player saw. No Streamlit here.

- ``make_tables`` seats the class (a plan of member numbers per table, seats N, E, S, W:
  partners opposite); a seat without a member is played by a bot. Earlier tables of the
  class end.
- ``move`` applies one move for a seat: in one transaction the table's row is read (and
  locked on PostgreSQL), the version compared with the one the player saw (a doubled or
  stale click is refused with ``TableProblem.STALE``, never applied twice), the seat's
  player checked (the learner sitting there, or a bot for an empty seat or one whose
  learner is away), the engine's check made (its sentence if refused), and the row
  written only ``WHERE version = seen``: of two processes moving the same bot at once,
  exactly one succeeds.
- ``seen`` keeps a learner's seat alive; one away longer than ``AWAY_SECONDS`` (at a
  table still for ``STILL_SECONDS``) is played for by a bot until they come back (their
  next ``seen``).

>>> from tutorial_app.store import ClassRuns, new_learner_token, open_store
>>> store = open_store("sqlite://")
>>> classes, tables = ClassRuns(store), ClassTables(store)
>>> code, key = classes.start_class()
>>> ann = new_learner_token()
>>> _ = classes.join(code, "Ann", ann)
>>> [table] = tables.make_tables(code, key, [[1, None, None, None]], "bga", True, "beginner")
>>> mine = tables.my_seat(code, ann)
>>> (mine.seat, mine.table.number, mine.table.seats)
(Seat.N, 1, {Seat.N: 'Ann', Seat.E: None, Seat.S: None, Seat.W: None})
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from sqlalchemy import Connection, Row, func, insert, select, update

from engine import PRESETS, Action, EuchreError, GameError, IllegalActionError, Seat
from tutorial_app.store.class_codes import parse_class_code
from tutorial_app.store.classes import LiveClasses, shown_name
from tutorial_app.store.records import inserted_id, now, utc
from tutorial_app.store.table_game import (
    TableGame,
    bots_from_json,
    moves_from_json,
    moves_to_json,
)
from tutorial_app.store.tables import class_members, class_table_seats, class_tables, classes

__all__ = [
    "AWAY_SECONDS",
    "BOT_LEVELS",
    "SEATS_AT_A_TABLE",
    "ClassTables",
    "MySeat",
    "TableError",
    "TableProblem",
    "TableView",
    "seating_plan",
]

SEATS_AT_A_TABLE = (Seat.N, Seat.E, Seat.S, Seat.W)  # partners opposite: N-S, E-W
AWAY_SECONDS = 60  # a learner not seen this long is played for by a bot
# ... once the table has been still this long: a learner's page runs only when the table
# moves, so a present learner at a table that waited a minute is seen again within a
# second or two of the next move, before any bot may take their turn
STILL_SECONDS = 10
SEEN_EVERY_SECONDS = 5  # a seat's "seen" is written at most this often
BOT_LEVELS = ("beginner", "expert")
MAX_TABLES = 25  # 100 learners


class TableProblem(Enum):
    STALE = "stale"  # the table moved on since the player saw it
    NOT_YOURS = "not yours"  # not this player's seat, or not its turn
    REFUSED = "refused"  # the engine refuses the move
    PAUSED = "paused"
    OVER = "over"  # the game, or the class's tables, ended
    NO_TABLE = "no table"


class TableError(ValueError):
    """A move or a read that cannot be done: ``problem`` says which, the message why."""

    def __init__(self, problem: TableProblem, words: str) -> None:
        super().__init__(words)
        self.problem = problem
        self.message = words


@dataclass(frozen=True, slots=True)
class TableView:
    """A table as everyone may know it (the game itself is the engine's to show)."""

    id: int
    number: int
    preset: str
    hints: bool
    bot_level: str
    game: TableGame
    seats: dict[Seat, str | None]  # the learner's name, or None: a bot
    away: frozenset[Seat]  # seats whose learner is away: a bot plays for them
    paused: bool
    ended: bool
    # seats whose learner was last seen over SEEN_EVERY_SECONDS ago: their page writes
    # ``seen`` (the others need not, so most runs of a seat write nothing)
    seen_due: frozenset[Seat] = frozenset()

    def bot_plays(self, seat: Seat) -> bool:
        return self.seats[seat] is None or seat in self.away


@dataclass(frozen=True, slots=True)
class MySeat:
    seat: Seat
    table: TableView


# The seats learners take at a table of ``n`` learners (a bot in each other seat): two
# sit as partners, three leave West to a bot, one (a class of one) sits North.
LEARNER_SEATS = {
    4: (Seat.N, Seat.E, Seat.S, Seat.W),
    3: (Seat.N, Seat.E, Seat.S),
    2: (Seat.N, Seat.S),
    1: (Seat.N,),
}


def table_sizes(learners: int, per_table: int) -> list[int]:
    """How many learners sit at each table: at most ``per_table``, as evenly as can be,
    so that nobody plays alone with three bots while the class has two learners or
    more (two a table with an odd class: one table of three).

    >>> table_sizes(5, 4), table_sizes(5, 2), table_sizes(4, 3), table_sizes(8, 4)
    ([3, 2], [3, 2], [2, 2], [4, 4])
    >>> table_sizes(1, 4), table_sizes(0, 4)
    ([1], [])
    """
    if learners <= 0:
        return []
    tables = -(-learners // per_table)
    if per_table == 2 and learners % 2 and learners > 1:
        tables = learners // 2  # the odd learner makes one table of three
    base, extra = divmod(learners, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def seating_plan(
    members: Sequence[int], how: str, seed: int | None = None, per_table: int = 4
) -> list[list[int | None]]:
    """Tables from members (in join order): "join" keeps that order, "random" shuffles
    (by ``seed``); ``per_table`` learners at each table (4, 3, or 2 as partners), in the
    seats of ``LEARNER_SEATS`` (four: N, E, S, W in turn, so the first and third are
    partners). Each list holds a table's seats N, E, S, W: a member, or None (a bot).

    >>> seating_plan([1, 2, 3, 4, 5], "join")  # spread out: nobody alone with bots
    [[1, 2, 3, None], [4, None, 5, None]]
    >>> seating_plan([1, 2, 3, 4], "join", per_table=2)
    [[1, None, 2, None], [3, None, 4, None]]
    """
    order = list(members)
    if how == "random":
        random.Random(seed).shuffle(order)
    elif how != "join":
        raise ValueError(f"tables are made in join order or at random, not {how!r:.20}")
    if per_table not in (2, 3, 4):
        raise ValueError("a table seats 2, 3 or 4 learners")
    tables = []
    start = 0
    for size in table_sizes(len(order), per_table):
        learners = order[start : start + size]
        seats: dict[Seat, int] = dict(zip(LEARNER_SEATS[size], learners, strict=True))
        tables.append([seats.get(seat) for seat in SEATS_AT_A_TABLE])
        start += size
    return tables or [[None] * 4]


class ClassTables(LiveClasses):
    """The tables of the live classes in one progress store."""

    def make_tables(
        self,
        code: str,
        key: str,
        plan: Sequence[Sequence[int | None]],
        preset: str,
        hints: bool,
        bot_level: str,
        seed: int | None = None,
    ) -> list[int]:
        """Seat the class: ``plan`` holds, per table, four member numbers (their order
        in the class, from 1) or None for a bot, in the order N, E, S, W. Earlier tables
        end. Returns the tables' ids. Raises ClassError, ValueError for a bad plan."""
        if preset not in PRESETS:
            raise ValueError(
                f"no rules preset {preset!r:.20}; the presets are {', '.join(PRESETS)}"
            )
        if bot_level not in BOT_LEVELS:
            raise ValueError(f"bots are {' or '.join(BOT_LEVELS)}, not {bot_level!r:.20}")
        if not 1 <= len(plan) <= MAX_TABLES or any(len(seats) != 4 for seats in plan):
            raise ValueError(f"a class plays at 1 to {MAX_TABLES} tables of four seats")
        rng = random.Random(seed)
        moment = now()
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, lock=True)
            members = self._member_ids(connection, row.id)
            wanted = [number for seats in plan for number in seats if number is not None]
            if len(set(wanted)) != len(wanted) or any(not 1 <= n <= len(members) for n in wanted):
                raise ValueError("each learner of the class sits at one seat at most")
            connection.execute(
                update(class_tables)
                .where(class_tables.c.class_id == row.id, class_tables.c.ended_at.is_(None))
                .values(ended_at=moment, updated_at=moment)
            )
            self._next_round(connection, row.id)
            first = 1 + max(
                connection.scalars(
                    select(class_tables.c.number).where(class_tables.c.class_id == row.id)
                ),
                default=0,
            )
            made = []
            for offset, seats in enumerate(plan):
                table = inserted_id(
                    connection.execute(
                        insert(class_tables).values(
                            class_id=row.id,
                            number=first + offset,
                            preset=preset,
                            hints=bool(hints),
                            bot_level=bot_level,
                            seed=rng.randrange(2**31),
                            first_dealer=rng.choice("NESW"),
                            moves=[],
                            version=0,
                            paused=False,
                            created_at=moment,
                            updated_at=moment,
                        )
                    )
                )
                connection.execute(
                    insert(class_table_seats),
                    [
                        {
                            "table_id": table,
                            "seat": seat.value,
                            "member_id": None if number is None else members[number - 1],
                            "last_seen_at": None if number is None else moment,
                        }
                        for seat, number in zip(SEATS_AT_A_TABLE, seats, strict=True)
                    ],
                )
                made.append(table)
        return made

    @staticmethod
    def _member_ids(connection: Connection, class_id: int) -> list[int]:
        """The class's members in join order (their numbers are 1, 2, ... in it)."""
        return list(
            connection.scalars(
                select(class_members.c.id)
                .where(class_members.c.class_id == class_id)
                .order_by(class_members.c.joined_at, class_members.c.id)
            )
        )

    # ---- reading ---------------------------------------------------------------------------

    def _view(self, connection: Connection, row: Row[Any]) -> TableView:
        seats = connection.execute(
            select(
                class_table_seats.c.seat,
                class_table_seats.c.last_seen_at,
                class_members.c.display_name,
            )
            .select_from(
                class_table_seats.outerjoin(
                    class_members, class_members.c.id == class_table_seats.c.member_id
                )
            )
            .where(class_table_seats.c.table_id == row.id)
        ).all()
        moment = now()
        cutoff = moment - timedelta(seconds=AWAY_SECONDS)
        names = {
            Seat(s.seat): shown_name(s.display_name) if s.display_name else None for s in seats
        }
        still = moment - utc(row.updated_at) >= timedelta(seconds=STILL_SECONDS)
        away = frozenset(
            Seat(s.seat)
            for s in seats
            if still and s.display_name and (s.last_seen_at is None or utc(s.last_seen_at) < cutoff)
        )
        try:
            game = TableGame(
                row.preset,
                row.seed,
                row.first_dealer,
                moves_from_json(row.moves),
                bots_from_json(row.moves),
            )
        except (ValueError, EuchreError) as error:
            raise TableError(
                TableProblem.NO_TABLE, f"Table {row.number} cannot be read: {error}"
            ) from None
        due = moment - timedelta(seconds=SEEN_EVERY_SECONDS)
        return TableView(
            row.id,
            row.number,
            row.preset,
            bool(row.hints),
            row.bot_level,
            game,
            {seat: names.get(seat) for seat in SEATS_AT_A_TABLE},
            away,
            bool(row.paused),
            row.ended_at is not None,
            frozenset(
                Seat(s.seat)
                for s in seats
                if s.display_name and (s.last_seen_at is None or utc(s.last_seen_at) < due)
            ),
        )

    def table(self, table_id: int) -> TableView:
        with self.store.reading() as connection:
            row = connection.execute(
                select(class_tables).where(class_tables.c.id == table_id)
            ).first()
            if row is None:
                raise TableError(TableProblem.NO_TABLE, "There is no such table.")
            return self._view(connection, row)

    def stamp(self, code: str, table_id: int) -> str:
        """What changes with every move, pause or end of the class's table ``table_id``
        (one read by primary key). Raises TableError for a table not of that class."""
        with self.store.reading() as connection:
            row = connection.execute(
                select(class_tables.c.version, class_tables.c.paused, class_tables.c.ended_at)
                .join(classes, classes.c.id == class_tables.c.class_id)
                .where(class_tables.c.id == table_id, classes.c.code == parse_class_code(code))
            ).first()
        if row is None:
            raise TableError(TableProblem.NO_TABLE, "There is no such table in this class.")
        return f"{row.version}.{int(bool(row.paused))}.{int(row.ended_at is not None)}"

    def overview(self, code: str, key: str) -> list[TableView]:
        """The class's open tables, by number (the teacher's view). Raises ClassError."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            rows = connection.execute(
                select(class_tables)
                .where(class_tables.c.class_id == row.id, class_tables.c.ended_at.is_(None))
                .order_by(class_tables.c.number)
            ).all()
            return [self._view(connection, table) for table in rows]

    def unseated(self, code: str, key: str) -> list[str]:
        """The names of the members with no seat at the class's open tables (they joined
        after the seating, or the teacher's own seating left them out), in join order.
        Raises ClassError."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            seated = (
                select(class_table_seats.c.member_id)
                .join(class_tables, class_tables.c.id == class_table_seats.c.table_id)
                .where(
                    class_tables.c.class_id == row.id,
                    class_tables.c.ended_at.is_(None),
                    class_table_seats.c.member_id.is_not(None),
                )
            )
            names = connection.scalars(
                select(class_members.c.display_name)
                .where(class_members.c.class_id == row.id, class_members.c.id.not_in(seated))
                .order_by(class_members.c.joined_at, class_members.c.id)
            )
            return [shown_name(name) for name in names]

    def last_seating(self, code: str, key: str) -> list[TableView]:
        """The tables of the class's last seating, playing or ended, by number: what the
        teacher looks back on after the games. Raises ClassError."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            latest = (
                select(func.max(class_tables.c.created_at))
                .where(class_tables.c.class_id == row.id)
                .scalar_subquery()
            )
            rows = connection.execute(
                select(class_tables)
                .where(class_tables.c.class_id == row.id, class_tables.c.created_at == latest)
                .order_by(class_tables.c.number)
            ).all()
            return [self._view(connection, table) for table in rows]

    def my_seat(self, code: str, token: str) -> MySeat | None:
        """Where this learner sits at the class's open tables, or None."""
        with self.store.reading() as connection:
            row = self._class_row(connection, code)
            member = self._member_of(connection, row.id, token)
            if member is None:
                return None
            found = connection.execute(
                select(class_table_seats.c.seat, class_tables)
                .join(class_tables, class_tables.c.id == class_table_seats.c.table_id)
                .where(
                    class_table_seats.c.member_id == member,
                    class_tables.c.ended_at.is_(None),
                )
            ).first()
            if found is None:
                return None
            table = connection.execute(
                select(class_tables).where(class_tables.c.id == found.id)
            ).one()
            return MySeat(Seat(found.seat), self._view(connection, table))

    def learners_at(self, table_id: int) -> dict[Seat, int]:
        """The learners (by number) seated at the table: whose decisions its review keeps."""
        with self.store.reading() as connection:
            rows = connection.execute(
                select(class_table_seats.c.seat, class_members.c.learner_id)
                .join(class_members, class_members.c.id == class_table_seats.c.member_id)
                .where(class_table_seats.c.table_id == table_id)
            ).all()
        return {Seat(row.seat): row.learner_id for row in rows}

    def _member_of(self, connection: Connection, class_id: int, token: str) -> int | None:
        learner = self.store.find_learner_id(connection, token)
        if learner is None:
            return None
        member: int | None = connection.scalar(
            select(class_members.c.id).where(
                class_members.c.class_id == class_id, class_members.c.learner_id == learner
            )
        )
        return member

    # ---- moving ----------------------------------------------------------------------------

    def move(
        self, table_id: int, seat: Seat, action: Action, seen: int, token: str | None = None
    ) -> TableGame:
        """Apply ``action`` for ``seat`` on the version ``seen``: the learner ``token``
        sitting there, or (``token`` None) a bot for a seat without a learner or whose
        learner is away. Raises TableError saying why nothing was applied."""
        with self.store.writing() as connection:
            query = select(class_tables).where(class_tables.c.id == table_id)
            if connection.dialect.name == "postgresql":
                query = query.with_for_update()
            row = connection.execute(query).first()
            if row is None:
                raise TableError(TableProblem.NO_TABLE, "There is no such table.")
            view = self._view(connection, row)
            if view.ended:
                raise TableError(TableProblem.OVER, "The teacher has ended the games.")
            if view.paused:
                raise TableError(TableProblem.PAUSED, "The teacher has paused the games.")
            if view.game.version != seen:
                raise TableError(
                    TableProblem.STALE, "The table has moved on since you saw it: look again."
                )
            self._check_player(connection, row, view, seat, token)
            try:
                after = view.game.with_move(
                    seat, action, for_away=token is None and view.seats[seat] is not None
                )
            except IllegalActionError as error:
                raise TableError(TableProblem.REFUSED, error.message) from None
            except GameError as error:
                raise TableError(TableProblem.OVER, str(error)) from None
            moment = now()
            written = connection.execute(
                update(class_tables)
                .where(class_tables.c.id == table_id, class_tables.c.version == seen)
                .values(moves=moves_to_json(after), version=after.version, updated_at=moment)
            )
            if written.rowcount != 1:  # another process moved first (SQLite: no row lock)
                raise TableError(
                    TableProblem.STALE, "The table has moved on since you saw it: look again."
                )
            if token is not None:
                self._seen_now(connection, table_id, seat, moment)
        return after

    def _check_player(
        self, connection: Connection, row: Row[Any], view: TableView, seat: Seat, token: str | None
    ) -> None:
        state = view.game.replay()
        turn = state.hand.turn if state.hand is not None else None
        if turn is not seat:
            raise TableError(TableProblem.NOT_YOURS, f"It is not {seat.word}'s turn.")
        if token is None:
            if not view.bot_plays(seat):
                raise TableError(TableProblem.NOT_YOURS, f"A learner plays {seat.word}.")
            return
        member = self._member_of(connection, row.class_id, token)
        sitting = connection.scalar(
            select(class_table_seats.c.member_id).where(
                class_table_seats.c.table_id == row.id, class_table_seats.c.seat == seat.value
            )
        )
        if member is None or sitting != member:
            raise TableError(TableProblem.NOT_YOURS, f"You do not sit {seat.word} at this table.")

    def seen(self, table_id: int, seat: Seat, token: str) -> None:
        """The learner at ``seat`` is here (written at most every SEEN_EVERY_SECONDS)."""
        with self.store.writing() as connection:
            row = connection.execute(
                select(class_tables.c.class_id).where(class_tables.c.id == table_id)
            ).first()
            if row is None:
                return
            member = self._member_of(connection, row.class_id, token)
            moment = now()
            connection.execute(
                update(class_table_seats)
                .where(
                    class_table_seats.c.table_id == table_id,
                    class_table_seats.c.seat == seat.value,
                    class_table_seats.c.member_id == member,
                    (class_table_seats.c.last_seen_at.is_(None))
                    | (
                        class_table_seats.c.last_seen_at
                        < moment - timedelta(seconds=SEEN_EVERY_SECONDS)
                    ),
                )
                .values(last_seen_at=moment)
            )

    @staticmethod
    def _seen_now(connection: Connection, table_id: int, seat: Seat, moment: datetime) -> None:
        connection.execute(
            update(class_table_seats)
            .where(class_table_seats.c.table_id == table_id, class_table_seats.c.seat == seat.value)
            .values(last_seen_at=moment)
        )

    # ---- the teacher's controls ------------------------------------------------------------

    def project(self, code: str, key: str, table_id: int | None) -> None:
        """Put the class's table ``table_id`` on the projector, face up (None: the class's
        questions again). Raises ClassError, TableError for a table not of the class."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key)
            if (
                table_id is not None
                and connection.scalar(
                    select(class_tables.c.id).where(
                        class_tables.c.id == table_id, class_tables.c.class_id == row.id
                    )
                )
                is None
            ):
                raise TableError(TableProblem.NO_TABLE, "There is no such table in this class.")
            connection.execute(
                update(classes).where(classes.c.id == row.id).values(projected_table=table_id)
            )

    def projected(self, code: str, key: str) -> TableView | None:
        """The open table on the class's projector, if any (the teacher's key holds it)."""
        with self.store.reading() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            if row.projected_table is None:
                return None
            table = connection.execute(
                select(class_tables).where(
                    class_tables.c.id == row.projected_table, class_tables.c.ended_at.is_(None)
                )
            ).first()
            return None if table is None else self._view(connection, table)

    def pause_all(self, code: str, key: str, paused: bool) -> None:
        """Pause (or resume) every open table of the class. Raises ClassError."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key)
            connection.execute(
                update(class_tables)
                .where(class_tables.c.class_id == row.id, class_tables.c.ended_at.is_(None))
                .values(paused=bool(paused), updated_at=now())
            )

    def end_all(self, code: str, key: str) -> None:
        """End every open table of the class (their games stay readable)."""
        with self.store.writing() as connection:
            row = self._teacher_row(connection, code, key, must_be_open=False)
            self._end_open_tables(connection, row.id, now())
            self._next_round(connection, row.id)
