"""Question sets and timed questions: a teacher's prepared sets (kept under the owner's
learner row, shared by a public share code), a class's set in progress (a copy of its
questions, how far it has gone, the timer), a question's deadline, and the class's
leaderboard switch.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "question_sets",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column(
            "learner_id",
            sa.Integer,
            sa.ForeignKey(
                "learners.id", ondelete="CASCADE", name="fk_question_sets_learner_id_learners"
            ),
            nullable=False,
        ),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("share_code", sa.String(18), nullable=False),
        sa.Column("questions", sa.JSON, nullable=False),
        sa.Column("timer_seconds", sa.Integer),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_question_sets"),
        sa.UniqueConstraint("share_code", name="uq_question_sets_share_code"),
    )
    op.create_index("ix_question_sets_learner_id", "question_sets", ["learner_id"])
    op.add_column("class_questions", sa.Column("deadline", sa.DateTime(timezone=True)))
    op.add_column("classes", sa.Column("set_name", sa.String(60)))
    op.add_column("classes", sa.Column("set_questions", sa.JSON))
    op.add_column("classes", sa.Column("set_next", sa.Integer, nullable=False, server_default="0"))
    op.add_column("classes", sa.Column("timer_seconds", sa.Integer))
    op.add_column(
        "classes",
        sa.Column("leaderboard", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        for column in ("leaderboard", "timer_seconds", "set_next", "set_questions", "set_name"):
            batch.drop_column(column)
    with op.batch_alter_table("class_questions") as batch:
        batch.drop_column("deadline")
    op.drop_index("ix_question_sets_learner_id", "question_sets")
    op.drop_table("question_sets")
