"""The first schema: learners, answers, quiz runs and positions, lesson steps, hands.

Revision ID: 0001
Revises:
"""

from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _learner_key(table: str) -> sa.Column[int]:
    return sa.Column(
        "learner_id",
        sa.Integer,
        sa.ForeignKey("learners.id", ondelete="CASCADE", name=f"fk_{table}_learner_id_learners"),
        nullable=False,
    )


def _when(name: str) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False)


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        _when("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_learners"),
        sa.UniqueConstraint("token_hash", name="uq_learners_token_hash"),
    )
    op.create_table(
        "quiz_runs",
        sa.Column("id", sa.Integer, nullable=False),
        _learner_key("quiz_runs"),
        sa.Column("lesson", sa.String(80), nullable=False),
        sa.Column("seed", sa.BigInteger),
        sa.Column("length", sa.Integer, nullable=False),
        _when("started_at"),
        sa.PrimaryKeyConstraint("id", name="pk_quiz_runs"),
    )
    op.create_index("ix_quiz_runs_learner_id_lesson", "quiz_runs", ["learner_id", "lesson"])
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer, nullable=False),
        _learner_key("answers"),
        sa.Column("lesson", sa.String(80), nullable=False),
        sa.Column("item_kind", sa.String(20), nullable=False),
        sa.Column("generator", sa.String(80), nullable=False),
        sa.Column("seed", sa.BigInteger),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column(
            "quiz_run_id",
            sa.Integer,
            sa.ForeignKey(
                "quiz_runs.id", ondelete="CASCADE", name="fk_answers_quiz_run_id_quiz_runs"
            ),
        ),
        _when("answered_at"),
        sa.PrimaryKeyConstraint("id", name="pk_answers"),
    )
    op.create_table(
        "lesson_steps",
        _learner_key("lesson_steps"),
        sa.Column("lesson", sa.String(80), nullable=False),
        sa.Column("step", sa.String(80), nullable=False),
        _when("finished_at"),
        sa.PrimaryKeyConstraint("learner_id", "lesson", "step", name="pk_lesson_steps"),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, nullable=False),
        _learner_key("hands"),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        _when("finished_at"),
        sa.PrimaryKeyConstraint("id", name="pk_hands"),
        sa.CheckConstraint("kind IN ('play', 'guided')", name="ck_hands_kind"),
    )
    op.create_table(
        "quiz_positions",
        _learner_key("quiz_positions"),
        sa.Column("lesson", sa.String(80), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        _when("updated_at"),
        sa.PrimaryKeyConstraint("learner_id", "lesson", name="pk_quiz_positions"),
    )


def downgrade() -> None:
    for table in ("quiz_positions", "hands", "lesson_steps", "answers", "quiz_runs", "learners"):
        op.drop_table(table)
