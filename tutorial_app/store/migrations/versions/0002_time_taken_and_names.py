"""Time taken per answer, an optional display name, and an index for a learner's answers
by time (the progress page and the scheduler read them in that order).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("answers", sa.Column("time_taken_ms", sa.Integer))
    op.add_column("learners", sa.Column("display_name", sa.String(40)))
    op.create_index("ix_answers_learner_id_answered_at", "answers", ["learner_id", "answered_at"])


def downgrade() -> None:
    op.drop_index("ix_answers_learner_id_answered_at", table_name="answers")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("display_name")
    with op.batch_alter_table("answers") as batch:
        batch.drop_column("time_taken_ms")
