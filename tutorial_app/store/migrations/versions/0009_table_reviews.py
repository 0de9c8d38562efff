"""Each learner's decisions at a class table, graded hand by hand (Play's review).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_table_reviews",
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey(
                "class_tables.id",
                ondelete="CASCADE",
                name="fk_class_table_reviews_table_id_class_tables",
            ),
            nullable=False,
        ),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("decisions", sa.JSON, nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "hand", "seat", name="pk_class_table_reviews"),
    )


def downgrade() -> None:
    op.drop_table("class_table_reviews")
