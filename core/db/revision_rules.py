"""What a generated revision must say beyond Alembic's autogenerate: the project's revision
ids, row-level security on each new tenant table, and the core revision a plugin's tables
rely on.

Without these a plugin's first migration named itself with a random id, left its tables open
to every tenant on PostgreSQL (RLS is the second wall behind the ORM scoping) and could run
before the core tables its foreign keys point at.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from alembic.autogenerate import renderers
from alembic.autogenerate.api import AutogenContext
from alembic.operations import ops
from alembic.script import ScriptDirectory

CORE = "core"
RLS_SOURCE = {CORE: "core.db.rls"}
"""Where a branch's revision takes ``enable_tenant_rls``: core's from its module, a line's
from the plugin API (:mod:`core.api`), the only part of core a line imports."""


class EnableTenantRLSOp(ops.MigrateOperation):
    """Row-level security on a new table holding ``tenant_id`` (see :mod:`core.db.rls`)."""

    def __init__(self, table: str, branch: str) -> None:
        self.table = table
        self.source = RLS_SOURCE.get(branch, "core.api")


@renderers.dispatch_for(EnableTenantRLSOp)
def _render_rls(autogen_context: AutogenContext, op: EnableTenantRLSOp) -> str:
    autogen_context.imports.add(f"from {op.source} import enable_tenant_rls")
    return f"enable_tenant_rls(op.get_bind(), {op.table!r})"


def next_revision_id(script: ScriptDirectory, branch: str) -> str:
    """``<branch>_<n>``, n one past the branch's highest number (``rca_0002`` after
    ``rca_0001``), the form every revision in this repository has."""
    pattern = re.compile(rf"^{re.escape(branch)}_(\d+)$")
    numbers = [
        int(match.group(1))
        for rev in script.walk_revisions()
        if (match := pattern.match(rev.revision))
    ]
    return f"{branch}_{max(numbers, default=0) + 1:04d}"


def core_head(script: ScriptDirectory) -> str | None:
    """The revision core's branch is at now (what a plugin's new tables may rely on)."""
    heads = [rev for rev in script.get_revisions(f"{CORE}@head") if rev is not None]
    return heads[0].revision if heads else None


def created_tables(upgrade: ops.UpgradeOps) -> list[ops.CreateTableOp]:
    """The tables the revision creates, in order."""
    return [op for op in upgrade.ops if isinstance(op, ops.CreateTableOp)]


def _has_tenant_id(table: ops.CreateTableOp) -> bool:
    return any(getattr(column, "name", None) == "tenant_id" for column in table.columns)


def _references_outside(tables: Iterable[ops.CreateTableOp], own: set[str]) -> bool:
    """Whether a new table's foreign key points at a table the branch does not own."""
    for table in tables:
        for constraint in table.to_table().foreign_key_constraints:
            if constraint.referred_table.name not in own:
                return True
    return False


def shape_revision(
    script: ScriptDirectory,
    directives: list[Any],
    *,
    branch: str,
    first: bool,
    own_tables: set[str],
) -> None:
    """Give the generated revision its id, its RLS calls and (a plugin's branch) its
    ``depends_on`` core's head when it is the branch's first or refers to core's tables;
    no revision at all when the models did not change."""
    migration = directives[0]
    if migration.upgrade_ops.is_empty():
        directives.clear()
        return
    migration.rev_id = next_revision_id(script, branch)
    upgrade = migration.upgrade_ops
    new_tables = created_tables(upgrade)
    for table in new_tables:
        if _has_tenant_id(table):
            upgrade.ops.insert(
                upgrade.ops.index(table) + 1, EnableTenantRLSOp(table.table_name, branch)
            )
    if branch != CORE and (first or _references_outside(new_tables, own_tables)):
        migration.depends_on = core_head(script)
