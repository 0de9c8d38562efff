"""Live classes: a class (its code, the teacher key's hash, the question on screen), its
members (a display name unique in the class, the learner behind it), the questions asked
(their source) and each member's answer to each.

Revision ID: 0003
Revises: 0002
"""

from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = False) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _key(table: str, column: str, target: str) -> sa.Column[int]:
    return sa.Column(
        column,
        sa.Integer,
        sa.ForeignKey(f"{target}.id", ondelete="CASCADE", name=f"fk_{table}_{column}_{target}"),
        nullable=False,
    )


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("teacher_key_hash", sa.String(64), nullable=False),
        _when("created_at"),
        _when("ended_at", nullable=True),
        sa.Column("current_question_id", sa.Integer),
        sa.Column("revealed", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_classes"),
        sa.UniqueConstraint("code", name="uq_classes_code"),
    )
    op.create_table(
        "class_members",
        sa.Column("id", sa.Integer, nullable=False),
        _key("class_members", "class_id", "classes"),
        sa.Column("display_name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False),
        _key("class_members", "learner_id", "learners"),
        _when("joined_at"),
        sa.PrimaryKeyConstraint("id", name="pk_class_members"),
        sa.UniqueConstraint("class_id", "name_key", name="uq_class_members_class_id_name_key"),
        sa.UniqueConstraint("class_id", "learner_id", name="uq_class_members_class_id_learner_id"),
    )
    op.create_table(
        "class_questions",
        sa.Column("id", sa.Integer, nullable=False),
        _key("class_questions", "class_id", "classes"),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("source", sa.JSON, nullable=False),
        _when("pushed_at"),
        _when("revealed_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_class_questions"),
        sa.UniqueConstraint("class_id", "position", name="uq_class_questions_class_id_position"),
    )
    op.create_table(
        "class_answers",
        _key("class_answers", "question_id", "class_questions"),
        _key("class_answers", "member_id", "class_members"),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        _when("answered_at"),
        sa.PrimaryKeyConstraint("question_id", "member_id", name="pk_class_answers"),
    )


def downgrade() -> None:
    for table in ("class_answers", "class_questions", "class_members", "classes"):
        op.drop_table(table)
