"""chat rooms follow their quote's agent tree and keep their newest message

Revision ID: core_0010
Revises: core_0009
Create Date: 2026-11-26 11:00:00.000000

A quote's room is seen by whoever sees the quote: it carries the quote's agent and parent
agent. Each room keeps its newest message (id, sender, first 300 characters) for the room
list. Both are filled from the existing rows.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "core_0010"
down_revision: str | Sequence[str] | None = "core_0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("chats") as batch_op:  # SQLite: migrations run without cascades
        for column in ("agent_id", "parent_agent_id"):
            batch_op.add_column(sa.Column(column, sa.String(32), nullable=True))
            batch_op.create_foreign_key(
                f"fk_chats_{column}_users", "users", [column], ["id"], ondelete="SET NULL"
            )
            batch_op.create_index(f"ix_chats_{column}", [column], unique=False)
        batch_op.add_column(sa.Column("last_message_id", sa.String(32), nullable=True))
        batch_op.add_column(sa.Column("last_sender_id", sa.String(32), nullable=True))
        batch_op.add_column(sa.Column("last_text", sa.String(300), nullable=True))
    op.execute(
        "UPDATE chats SET "
        "agent_id = (SELECT q.agent_id FROM quotes q WHERE q.id = chats.quote_id), "
        "parent_agent_id = (SELECT q.parent_agent_id FROM quotes q WHERE q.id = chats.quote_id)"
    )
    newest = (
        "(SELECT {column} FROM chat_messages cm WHERE cm.chat_id = chats.id "
        "ORDER BY cm.at DESC, cm.id DESC LIMIT 1)"
    )
    op.execute(
        "UPDATE chats SET "
        f"last_message_id = {newest.format(column='cm.id')}, "
        f"last_sender_id = {newest.format(column='cm.sender_id')}, "
        f"last_text = {newest.format(column='substr(cm.text, 1, 300)')}"
    )


def downgrade() -> None:
    with op.batch_alter_table("chats") as batch_op:
        for column in ("last_text", "last_sender_id", "last_message_id"):
            batch_op.drop_column(column)
        for column in ("parent_agent_id", "agent_id"):
            batch_op.drop_index(f"ix_chats_{column}")
            batch_op.drop_constraint(f"fk_chats_{column}_users", type_="foreignkey")
            batch_op.drop_column(column)
