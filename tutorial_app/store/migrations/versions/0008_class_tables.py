"""Tables of four in a class: each table's game (preset, seed, first dealer, every move
and its version), who sits where (a member, or nobody: a bot plays the seat), and the
class's count of seatings (its learners' screens move on with it).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "classes", sa.Column("tables_round", sa.Integer, nullable=False, server_default="0")
    )
    op.add_column("classes", sa.Column("projected_table", sa.Integer))
    op.create_table(
        "class_tables",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column(
            "class_id",
            sa.Integer,
            sa.ForeignKey(
                "classes.id", ondelete="CASCADE", name="fk_class_tables_class_id_classes"
            ),
            nullable=False,
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("preset", sa.String(12), nullable=False),
        sa.Column("hints", sa.Boolean, nullable=False),
        sa.Column("bot_level", sa.String(10), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("first_dealer", sa.String(1), nullable=False),
        sa.Column("moves", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("paused", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("ended_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_class_tables"),
        sa.UniqueConstraint("class_id", "number", name="uq_class_tables_class_id_number"),
    )
    op.create_table(
        "class_table_seats",
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey(
                "class_tables.id",
                ondelete="CASCADE",
                name="fk_class_table_seats_table_id_class_tables",
            ),
            nullable=False,
        ),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column(
            "member_id",
            sa.Integer,
            sa.ForeignKey(
                "class_members.id",
                ondelete="SET NULL",
                name="fk_class_table_seats_member_id_class_members",
            ),
        ),
        sa.Column("last_seen_at", sa.DateTime(timezone=True)),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_class_table_seats"),
    )
    op.create_index("ix_class_table_seats_member_id", "class_table_seats", ["member_id"])


def downgrade() -> None:
    op.drop_index("ix_class_table_seats_member_id", "class_table_seats")
    op.drop_table("class_table_seats")
    op.drop_table("class_tables")
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("projected_table")
        batch.drop_column("tables_round")
