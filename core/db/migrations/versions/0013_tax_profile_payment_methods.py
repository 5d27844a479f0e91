"""collaborators' tax profile; payment methods stored as codes

Revision ID: core_0013
Revises: core_0012
Create Date: 2026-11-27 17:00:00.000000

Each user gets a withholding base (``50``, ``20`` or ``nessuna``), a codice fiscale, a
partita IVA and an IBAN. Existing users get base ``50``: art. 25-bis c. 2 DPR 600/1973
withholds on half the commissions unless the collaborator declares otherwise, so their
figures are right from the first statement (before, the rate applied to the whole
commission); an admin sets ``20`` or ``nessuna`` for those who declared it.

Payment methods written as free text that name a known method ('Bonifico', 'bonifico ',
'CONTANTI', 'Addebito diretto SDD'…) become its code, so one method is one line in the cash
sheet; any other text is kept as it was. The policies touched drop their stored wire payload
(stale: it is stored again before serving).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "core_0013"
down_revision: str | Sequence[str] | None = "core_0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

METHODS = {
    "bonifico": ("bonifico", "bonifico bancario"),
    "carta": ("carta", "carta di credito", "carta di debito"),
    "contanti": ("contanti", "contante"),
    "assegno": ("assegno",),
    "sdd": ("sdd", "addebito diretto sdd", "addebito diretto", "rid"),
    "pos": ("pos",),
}


def upgrade() -> None:
    with op.batch_alter_table("users") as batch_op:
        batch_op.add_column(
            sa.Column("withholding_base", sa.String(10), nullable=False, server_default="50")
        )
        batch_op.add_column(sa.Column("tax_code", sa.String(16), nullable=True))
        batch_op.add_column(sa.Column("vat_number", sa.String(11), nullable=True))
        batch_op.add_column(sa.Column("iban", sa.String(34), nullable=True))
    named = "lower(trim({column})) IN :names AND {column} <> :code"
    statements = (
        "UPDATE policies SET wire = NULL WHERE id IN (SELECT policy_id FROM policy_instalments"
        f" WHERE {named.format(column='paid_method')})",
        f"UPDATE policy_instalments SET paid_method = :code, wire = NULL"
        f" WHERE {named.format(column='paid_method')}",
        f"UPDATE policies SET payment_method = :code, wire = NULL"
        f" WHERE {named.format(column='payment_method')}",
    )
    for code, spellings in METHODS.items():
        for statement in statements:
            op.execute(
                sa.text(statement)
                .bindparams(sa.bindparam("names", expanding=True))
                .bindparams(names=list(spellings), code=code)
            )


def downgrade() -> None:
    with op.batch_alter_table("users") as batch_op:
        for column in ("iban", "vat_number", "tax_code", "withholding_base"):
            batch_op.drop_column(column)
