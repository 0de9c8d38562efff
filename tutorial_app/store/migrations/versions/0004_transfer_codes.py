"""Progress links: one-time transfer codes (kept as hashes), each bound to a learner and
carrying that learner's token sealed with the code, for 15 minutes.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "transfer_codes",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column(
            "learner_id",
            sa.Integer,
            sa.ForeignKey(
                "learners.id", ondelete="CASCADE", name="fk_transfer_codes_learner_id_learners"
            ),
            nullable=False,
        ),
        sa.Column("sealed_token", sa.String(48)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("spent_at", sa.DateTime(timezone=True)),
        sa.PrimaryKeyConstraint("id", name="pk_transfer_codes"),
        sa.UniqueConstraint("code_hash", name="uq_transfer_codes_code_hash"),
    )
    op.create_index("ix_transfer_codes_learner_id", "transfer_codes", ["learner_id"])


def downgrade() -> None:
    op.drop_index("ix_transfer_codes_learner_id", table_name="transfer_codes")
    op.drop_table("transfer_codes")
