"""A learner's own mistakes: decisions graded a mistake or a blunder in their games, kept
to be asked again as puzzles (their hand and place, the review's verdict, the ladder).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mistakes",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column(
            "learner_id",
            sa.Integer,
            sa.ForeignKey(
                "learners.id", ondelete="CASCADE", name="fk_mistakes_learner_id_learners"
            ),
            nullable=False,
        ),
        sa.Column("source", sa.String(10), nullable=False),
        sa.Column("game", sa.String(80), nullable=False),
        sa.Column("hand", sa.Text, nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("chosen", sa.String(24), nullable=False),
        sa.Column("best", sa.String(24), nullable=False),
        sa.Column("grade", sa.String(12), nullable=False),
        sa.Column("cost", sa.Float, nullable=False),
        sa.Column("why", sa.Text, nullable=False),
        sa.Column("advice", sa.String(80), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("box", sa.Integer, nullable=False, server_default="0"),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rights", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wrongs", sa.Integer, nullable=False, server_default="0"),
        sa.Column("answered_at", sa.DateTime(timezone=True)),
        sa.Column("retired_at", sa.DateTime(timezone=True)),
        sa.PrimaryKeyConstraint("id", name="pk_mistakes"),
        sa.CheckConstraint("source IN ('play', 'guided')", name="ck_mistakes_source"),
        sa.UniqueConstraint("learner_id", "hand", "step", name="uq_mistakes_learner_id_hand_step"),
    )
    op.create_index("ix_mistakes_learner_id_due_at", "mistakes", ["learner_id", "due_at"])


def downgrade() -> None:
    op.drop_index("ix_mistakes_learner_id_due_at", "mistakes")
    op.drop_table("mistakes")
