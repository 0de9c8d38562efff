"""Teacher keys and teacher links: extra teacher keys of a class (one per device opened
by a teacher link) and the one-time teacher-link codes (hashed, short-lived, deleted
when used).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _class_key(table: str) -> sa.Column[int]:
    return sa.Column(
        "class_id",
        sa.Integer,
        sa.ForeignKey("classes.id", ondelete="CASCADE", name=f"fk_{table}_class_id_classes"),
        nullable=False,
    )


def upgrade() -> None:
    op.create_table(
        "class_teacher_keys",
        sa.Column("id", sa.Integer, nullable=False),
        _class_key("class_teacher_keys"),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_class_teacher_keys"),
        sa.UniqueConstraint("key_hash", name="uq_class_teacher_keys_key_hash"),
    )
    op.create_table(
        "class_teacher_passes",
        sa.Column("id", sa.Integer, nullable=False),
        _class_key("class_teacher_passes"),
        sa.Column("pass_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_class_teacher_passes"),
        sa.UniqueConstraint("pass_hash", name="uq_class_teacher_passes_pass_hash"),
    )


def downgrade() -> None:
    for table in ("class_teacher_passes", "class_teacher_keys"):
        op.drop_table(table)
