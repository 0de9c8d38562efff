"""The progress tables at the newest migration, for SQLAlchemy Core queries.

The migrations in ``migrations/versions`` build these tables; they are written out
there by hand (a migration never changes once shipped), and a test checks that the
newest migration gives exactly these columns.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

# Named constraints, so a later migration can drop or alter them on every database.
metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)


def _learner_key() -> Column[int]:
    return Column(
        "learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False
    )


def _when(name: str) -> Column[datetime]:
    return Column(name, DateTime(timezone=True), nullable=False)


learners = Table(
    "learners",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),  # SHA-256, never the token
    Column("display_name", String(40)),
    _when("created_at"),
)

# One attempt at a lesson's quiz: its answers replayed give the stars and the mastery.
quiz_runs = Table(
    "quiz_runs",
    metadata,
    Column("id", Integer, primary_key=True),
    _learner_key(),
    Column("lesson", String(80), nullable=False),
    Column("seed", BigInteger),
    Column("length", Integer, nullable=False),
    _when("started_at"),
    Index(None, "learner_id", "lesson"),
)

answers = Table(
    "answers",
    metadata,
    Column("id", Integer, primary_key=True),
    _learner_key(),
    Column("lesson", String(80), nullable=False),  # a lesson id or a Practise topic
    Column("item_kind", String(20), nullable=False),  # single, multi, order, points, yesno
    Column("generator", String(80), nullable=False),  # the skill: a generator or curated item
    Column("seed", BigInteger),
    Column("answer", Text, nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("time_taken_ms", Integer),
    Column("quiz_run_id", Integer, ForeignKey("quiz_runs.id", ondelete="CASCADE")),
    _when("answered_at"),
    Index(None, "learner_id", "answered_at"),
)

lesson_steps = Table(
    "lesson_steps",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("lesson", String(80), primary_key=True),
    Column("step", String(80), primary_key=True),
    _when("finished_at"),
)

HAND_KINDS = ("play", "guided")

hands = Table(
    "hands",
    metadata,
    Column("id", Integer, primary_key=True),
    _learner_key(),
    Column("kind", String(10), nullable=False),
    Column("code", Text, nullable=False),  # the hand's or game's link code
    Column("result", JSON, nullable=False),  # a summary: score, tricks, who won
    _when("finished_at"),
    CheckConstraint("kind IN ('play', 'guided')", name="kind"),
)

quiz_positions = Table(
    "quiz_positions",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("lesson", String(80), primary_key=True),
    Column("seed", BigInteger, nullable=False),
    Column("state", JSON, nullable=False),
    _when("updated_at"),
)

# ---- live classes (migration 0003) ---------------------------------------------------------
# A class is found by its short code; the teacher's key is kept only as its SHA-256. The
# class row holds what every learner's page polls (one indexed read): the question on
# screen and whether it is revealed.

classes = Table(
    "classes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("code", String(8), nullable=False, unique=True),
    Column("teacher_key_hash", String(64), nullable=False),
    _when("created_at"),
    Column("ended_at", DateTime(timezone=True)),
    Column("current_question_id", Integer),  # class_questions.id; None: none asked yet
    Column("revealed", Boolean, nullable=False),
    # migration 0006: the set the class runs through (a copy), the timer, the leaderboard
    Column("set_name", String(60)),
    Column("set_questions", JSON),  # question sources (dicts), in order; None: no set
    Column("set_next", Integer, nullable=False, server_default="0"),  # set questions asked
    Column("timer_seconds", Integer),  # each question's time; None: the teacher reveals
    Column("leaderboard", Boolean, nullable=False, server_default=false()),
    # migration 0008: counts the teacher's seatings at tables (and their ends): news
    Column("tables_round", Integer, nullable=False, server_default="0"),
    Column("projected_table", Integer),  # class_tables.id on the projector; None: the class
)

class_members = Table(
    "class_members",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("display_name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False),  # casefolded: "Sam" and "sam" clash
    _learner_key(),  # the learner's token, through learners
    _when("joined_at"),
    UniqueConstraint("class_id", "name_key"),
    UniqueConstraint("class_id", "learner_id"),
)

class_questions = Table(
    "class_questions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("position", Integer, nullable=False),  # 1, 2, ... in the order asked
    Column("source", JSON, nullable=False),  # lessons.question_source, as a dict
    _when("pushed_at"),
    Column("revealed_at", DateTime(timezone=True)),
    Column("deadline", DateTime(timezone=True)),  # migration 0006: revealed by itself then
    UniqueConstraint("class_id", "position"),
)

class_answers = Table(
    "class_answers",
    metadata,
    Column(
        "question_id",
        Integer,
        ForeignKey("class_questions.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column(
        "member_id", Integer, ForeignKey("class_members.id", ondelete="CASCADE"), primary_key=True
    ),
    Column("answer", Text, nullable=False),  # option keys joined by ","
    Column("correct", Boolean, nullable=False),  # Question.check, when answered
    _when("answered_at"),
)

# ---- progress links (migration 0004) -------------------------------------------------------
# A one-time transfer code, kept only as its SHA-256, bound to a learner. The learner's
# token is sealed with a key made from the code (so the row hands out no token without
# the code) and wiped when the code is spent; a code lives 15 minutes.

transfer_codes = Table(
    "transfer_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("code_hash", String(64), nullable=False, unique=True),
    _learner_key(),
    Column("sealed_token", String(48)),  # hex; None once spent
    _when("created_at"),
    _when("expires_at"),
    Column("spent_at", DateTime(timezone=True)),
    Index(None, "learner_id"),
)

# ---- teacher keys and teacher links (migration 0005) ---------------------------------------
# A class's teacher may hold several keys (one per device opened by a teacher link);
# classes.teacher_key_hash is the first. Rotating the key replaces it and drops these.
# A teacher link carries a one-time code (kept as its SHA-256), spent on use.

class_teacher_keys = Table(
    "class_teacher_keys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("key_hash", String(64), nullable=False, unique=True),
    _when("created_at"),
)

class_teacher_passes = Table(
    "class_teacher_passes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("pass_hash", String(64), nullable=False, unique=True),
    _when("created_at"),
    _when("expires_at"),
)

# ---- question sets (migration 0006) --------------------------------------------------------
# A teacher's prepared set: its questions (sources, in order) kept under the owner's
# learner row (the browser's private token is the key to change it); anyone with its
# share code may copy it, never change it.

question_sets = Table(
    "question_sets",
    metadata,
    Column("id", Integer, primary_key=True),
    _learner_key(),
    Column("name", String(60), nullable=False),
    Column("share_code", String(18), nullable=False, unique=True),
    Column("questions", JSON, nullable=False),  # lessons.question_source dicts, in order
    Column("timer_seconds", Integer),
    _when("created_at"),
    _when("updated_at"),
    Index(None, "learner_id"),
)

# ---- a learner's own mistakes (migration 0007) ---------------------------------------------
# A decision graded a mistake or a blunder in one of the learner's Play hands, kept as the
# hand (its link code: it opens in Teach) and the decision's place in it; the learner is
# asked it again from their own seat (lessons.mistake_schedule's ladder: box, due, retired).

MISTAKE_SOURCES = ("play", "guided")

mistakes = Table(
    "mistakes",
    metadata,
    Column("id", Integer, primary_key=True),
    _learner_key(),
    Column("source", String(10), nullable=False),  # play or guided
    Column("game", String(80), nullable=False),  # the game it came from: "bga.expert.123"
    Column("hand", Text, nullable=False),  # the hand's link code (shell.hand_links)
    Column("step", Integer, nullable=False),  # the decision's index in the hand's moves
    Column("seat", String(1), nullable=False),  # whose decision it was
    Column("phase", String(16), nullable=False),  # the kind of decision (engine Phase)
    Column("chosen", String(24), nullable=False),  # the action taken: "play AS", "pass"
    Column("best", String(24), nullable=False),  # the best action, as the review named it
    Column("grade", String(12), nullable=False),  # mistake or blunder
    Column("cost", Float, nullable=False),  # expected points given up
    Column("why", Text, nullable=False),  # the review's reason
    Column("advice", String(80), nullable=False),  # the evaluation's seed: judged the same
    _when("made_at"),
    Column("box", Integer, nullable=False, server_default="0"),
    _when("due_at"),
    Column("rights", Integer, nullable=False, server_default="0"),
    Column("wrongs", Integer, nullable=False, server_default="0"),
    Column("answered_at", DateTime(timezone=True)),
    Column("retired_at", DateTime(timezone=True)),
    CheckConstraint("source IN ('play', 'guided')", name="source"),
    UniqueConstraint("learner_id", "hand", "step"),
    Index(None, "learner_id", "due_at"),
)

# ---- tables of four in a class (migration 0008) --------------------------------------------
# A table plays one game (table_game.TableGame: preset, seed, first dealer, every move); its
# version is the count of moves, so a move is applied only on the version its player saw.
# A seat holds a class member, or nobody (a bot plays it); a member away longer than
# class_tables.AWAY_SECONDS is played for by a bot until they come back.

class_tables = Table(
    "class_tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),  # table 1, 2, ... of the class
    Column("preset", String(12), nullable=False),
    Column("hints", Boolean, nullable=False),
    Column("bot_level", String(10), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("first_dealer", String(1), nullable=False),
    Column("moves", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("paused", Boolean, nullable=False, server_default=false()),
    Column("ended_at", DateTime(timezone=True)),
    _when("created_at"),
    _when("updated_at"),
    UniqueConstraint("class_id", "number"),
)

class_table_seats = Table(
    "class_table_seats",
    metadata,
    Column(
        "table_id", Integer, ForeignKey("class_tables.id", ondelete="CASCADE"), primary_key=True
    ),
    Column("seat", String(1), primary_key=True),
    Column("member_id", Integer, ForeignKey("class_members.id", ondelete="SET NULL")),
    Column("last_seen_at", DateTime(timezone=True)),
    Index(None, "member_id"),
)

# ---- each learner's decisions at a table, graded (migration 0009) ---------------------------
# One row per finished hand and seated learner: the review's grade of each decision they
# made themselves (table_reviews.ReviewedDecision as JSON; a bot's moves for them while
# they were away are left out), written by the worker pool once the hand is over.

class_table_reviews = Table(
    "class_table_reviews",
    metadata,
    Column(
        "table_id", Integer, ForeignKey("class_tables.id", ondelete="CASCADE"), primary_key=True
    ),
    Column("hand", Integer, primary_key=True),  # 0, 1, ... in the table's game
    Column("seat", String(1), primary_key=True),
    Column("decisions", JSON, nullable=False),
    _when("made_at"),
)
