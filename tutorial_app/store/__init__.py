"""The progress store: everything a learner does, kept in one database.

SQLite in a per-user data directory by default (no set-up), or any SQLAlchemy URL in
``$EUCHRE_TUTORIAL_DB`` / ``open_store(url)``: ``postgresql+psycopg://...`` for a school
that runs several app processes. No Streamlit here: pages call these verbs.

>>> store = open_store("sqlite://")            # a throwaway in-memory database
>>> token = new_learner_token()
>>> store.learner(token) is None
True
>>> _ = store.record_answer(token, lesson="bowers", item_kind="single",
...                         generator="trick_order", answer="JD", correct=True)
>>> len(store.answers(token)), store.learner("forged") is None
(1, True)
"""

from __future__ import annotations

from sqlalchemy.engine import make_url

from tutorial_app.store.class_codes import ClassError, Reason, parse_class_code
from tutorial_app.store.class_runs import (
    LEADERBOARD_ROWS,
    AskedQuestion,
    ClassGrid,
    ClassRuns,
    MyAnswer,
    SetProgress,
)
from tutorial_app.store.class_tables import (
    AWAY_SECONDS,
    ClassTables,
    MySeat,
    TableError,
    TableProblem,
    TableView,
    seating_plan,
)
from tutorial_app.store.classes import (
    MAX_CLASS_MEMBERS,
    REPORT_KEPT,
    REPORT_PAGE_ROWS,
    TEACHER_LINK_LIFETIME,
    AnswerTally,
    ClassNews,
    ClassReport,
    ClassStatus,
    LiveClasses,
    LiveQuestion,
    Member,
)
from tutorial_app.store.database import (
    DEFAULT_BUSY_TIMEOUT_MS,
    ENV_VAR,
    database_url,
    default_sqlite_path,
    dispose_engines,
    engine_for,
)
from tutorial_app.store.errors import StoreUnavailable
from tutorial_app.store.mistakes import GRADES_KEPT as MISTAKE_GRADES
from tutorial_app.store.mistakes import WHY_MAX as MISTAKE_WHY_MAX
from tutorial_app.store.mistakes import KeptMistake, MistakeError, NewMistake, OwnMistakes
from tutorial_app.store.mistakes_csv import export_csv as export_mistakes_csv
from tutorial_app.store.mistakes_csv import import_csv as import_mistakes_csv
from tutorial_app.store.mistakes_csv import is_mistakes_csv
from tutorial_app.store.question_sets import QuestionSet, QuestionSets
from tutorial_app.store.records import ImportReport, PlayedHand, QuizPosition
from tutorial_app.store.store import ANSWER_COLUMNS, Store
from tutorial_app.store.table_game import TableGame
from tutorial_app.store.table_reviews import (
    DECISIONS_MOST,
    REVIEW_GRADES,
    REVIEW_WHY_MAX,
    ReviewedDecision,
    SeatReview,
    TableReviews,
)
from tutorial_app.store.tokens import (
    LearnerId,
    MalformedTokenError,
    is_well_formed_token,
    new_learner_token,
)
from tutorial_app.store.transfers import TransferCodes, TransferProblem, TransferRefused

SUPPORTED_BACKENDS = ("sqlite", "postgresql")


def open_store(url: str | None = None, *, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Store:
    """The progress store at ``url``, else ``$EUCHRE_TUTORIAL_DB``, else the per-user SQLite
    file; made and brought to the newest schema on first use. Raises ValueError for a
    database other than SQLite or PostgreSQL, StoreUnavailable when it cannot be reached."""
    url = database_url(url)
    backend = make_url(url).get_backend_name()
    if backend not in SUPPORTED_BACKENDS:
        raise ValueError(
            f"the progress store runs on SQLite or PostgreSQL, not {backend!r} ({ENV_VAR} or --db)"
        )
    return Store(engine_for(url, busy_timeout_ms))


def open_classes(url: str | None = None) -> ClassRuns:
    """The live classes kept in the progress store at ``url`` (as ``open_store``), with
    their sets, timers and reports."""
    return ClassRuns(open_store(url))


def open_question_sets(url: str | None = None) -> QuestionSets:
    """The teachers' question sets kept in the progress store at ``url``."""
    return QuestionSets(open_store(url))


def open_mistakes(url: str | None = None) -> OwnMistakes:
    """The learners' own mistakes kept in the progress store at ``url``."""
    return OwnMistakes(open_store(url))


__all__ = [
    # opening
    "open_store",
    "Store",
    "database_url",
    "default_sqlite_path",
    "dispose_engines",
    "ENV_VAR",
    # who the learner is
    "new_learner_token",
    "is_well_formed_token",
    "LearnerId",
    "MalformedTokenError",
    # progress links (one-time transfer codes)
    "TransferCodes",
    "TransferProblem",
    "TransferRefused",
    # what comes back
    "QuizPosition",
    "PlayedHand",
    "ImportReport",
    "ANSWER_COLUMNS",
    # live classes
    "open_classes",
    "LiveClasses",
    "ClassStatus",
    "ClassNews",
    "LiveQuestion",
    "Member",
    "AnswerTally",
    "ClassReport",
    "parse_class_code",
    # sets, timers and the report grid
    "ClassRuns",
    "SetProgress",
    "AskedQuestion",
    "ClassGrid",
    "MyAnswer",
    "LEADERBOARD_ROWS",
    # tables of four
    "ClassTables",
    "TableView",
    "TableGame",
    "MySeat",
    "TableError",
    "TableProblem",
    "AWAY_SECONDS",
    "seating_plan",
    "TableReviews",
    "ReviewedDecision",
    "SeatReview",
    "REVIEW_GRADES",
    "REVIEW_WHY_MAX",
    "DECISIONS_MOST",
    "open_question_sets",
    "QuestionSets",
    # a learner's own mistakes, asked again
    "open_mistakes",
    "OwnMistakes",
    "NewMistake",
    "KeptMistake",
    "MistakeError",
    "MISTAKE_GRADES",
    "MISTAKE_WHY_MAX",
    "export_mistakes_csv",
    "import_mistakes_csv",
    "is_mistakes_csv",
    "QuestionSet",
    "MAX_CLASS_MEMBERS",
    "REPORT_KEPT",
    "REPORT_PAGE_ROWS",
    "TEACHER_LINK_LIFETIME",
    # errors
    "StoreUnavailable",
    "ClassError",
    "Reason",
]
