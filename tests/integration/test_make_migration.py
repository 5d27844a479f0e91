"""``sportello make-migration`` for a product line outside core: the revision it writes is
named as the project's are, turns row-level security on for each new tenant table, runs after
the core revision its foreign keys need, passes the project's lint, and applies.

Each run is a child process on a database of its own (a SQLite file, or a PostgreSQL schema
made for it): the line's model must not join the models the other tests compare with the
migrations, and its revisions must not reach the suite's database.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

REPO = Path(__file__).resolve().parents[2]
RUFF = Path(sys.executable).with_name("ruff")

pytestmark = pytest.mark.database  # the revisions are made on the suite's database

PLUGIN = """
from pathlib import Path
from typing import Any

from core.extensions import MigrationSource
from core.hookspecs import hookimpl

from legal_line.models import Case


@hookimpl
def register_models():
    return [Case]


@hookimpl
def register_migrations():
    return MigrationSource("tutela_legale", Path(__file__).parent / "migrations")
"""

MODELS = """
from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped


class Case(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "tutela_legale_cases"

    title: Mapped[str] = mapped_column(String(200))
    client_id: Mapped[str | None] = mapped_column(
        ForeignKey("clients.id", ondelete="SET NULL"), index=True
    )
{extra}
"""

DRIVER = '''
"""Write a revision on the line's branch, apply it, then try once more (nothing to write)."""
import asyncio
import json
import sys

from sqlalchemy import inspect

from core.db.engine import make_engine, owner_url
from core.db.migrate import revision, upgrade
from core.plugins import load_plugins, new_manager
from core.settings import get_settings

import legal_line.plugin as line


async def main(message: str, branch: str) -> dict:
    pm = new_manager()
    pm.register(line, name="tutela_legale")
    load_plugins(pm)
    settings = get_settings()
    await upgrade(settings, pm)
    written = await revision(settings, pm, message, branch)
    await upgrade(settings, pm)
    engine = make_engine(owner_url(settings), settings)
    async with engine.connect() as conn:
        columns = await conn.run_sync(
            lambda c: [col["name"] for col in inspect(c).get_columns("tutela_legale_cases")]
        )
        rls = None
        if conn.dialect.name == "postgresql":
            rls = (await conn.exec_driver_sql(
                "SELECT relrowsecurity FROM pg_class WHERE relname = 'tutela_legale_cases'"
                " AND relnamespace = current_schema()::regnamespace"
            )).scalar()
    await engine.dispose()
    again = await revision(settings, pm, message + " again", branch)
    return {"written": str(written), "columns": columns, "rls": rls, "again": again}


print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2]))))
'''


def _write_line(root: Path, extra: str = "") -> None:
    package = root / "legal_line"
    (package / "migrations").mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "plugin.py").write_text(PLUGIN)
    (package / "models.py").write_text(MODELS.format(extra=extra))
    (root / "driver.py").write_text(DRIVER)
    # the line's own project: the repository's lint rules, core a first-party package
    (root / "pyproject.toml").write_text(
        f'[tool.ruff]\nextend = "{REPO / "pyproject.toml"}"\n'
        '[tool.ruff.lint.isort]\nknown-first-party = ["core", "legal_line"]\n'
    )


@pytest.fixture
def own_database(tmp_path: Path) -> Iterator[str]:
    """A database URL no other test uses: a SQLite file, or a new PostgreSQL schema."""
    suite_url = os.environ["DATABASE_URL"]
    if not suite_url.startswith("postgresql"):
        yield f"sqlite+aiosqlite:///{tmp_path / 'line.db'}"
        return
    import psycopg

    schema = f"make_migration_{secrets.token_hex(4)}"
    base = make_url(suite_url).set(query={})
    plain = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{base.render_as_string(hide_password=False)}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _revise(root: Path, url: str, message: str, branch: str) -> dict[str, Any]:
    """What the driver did: the file written, the table's columns, whether RLS is on
    (PostgreSQL) and what a second revision with nothing changed wrote."""
    result: dict[str, Any] = json.loads(_run(root, url, "driver.py", message, branch))
    return result


def _run(root: Path, url: str, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": f"{root}{os.pathsep}{REPO}"}
    env.pop("DATABASE_OWNER_URL", None)
    done = subprocess.run(
        [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def _core_head() -> str:
    numbers = [
        int(m.group(1))
        for path in (REPO / "core/db/migrations/versions").glob("*.py")
        if (m := re.search(r'^revision: str = "core_(\d+)"', path.read_text(), re.M))
    ]
    return f"core_{max(numbers):04d}"


def test_a_line_first_and_next_revisions(tmp_path: Path, own_database: str) -> None:
    _write_line(tmp_path)
    done = _revise(tmp_path, own_database, "cases", "tutela-legale")

    written = Path(done["written"])
    assert written.parent == tmp_path / "legal_line" / "migrations"
    first = written.read_text()
    assert 'revision: str = "tutela_legale_0001"' in first
    assert "down_revision: str | Sequence[str] | None = None" in first
    assert 'branch_labels: str | Sequence[str] | None = ("tutela_legale",)' in first
    # its foreign key points at core's clients: it runs after core's newest revision
    assert f'depends_on: str | Sequence[str] | None = "{_core_head()}"' in first
    assert "from core.api import enable_tenant_rls" in first  # a line imports core.api only
    assert 'enable_tenant_rls(op.get_bind(), "tutela_legale_cases")' in first
    lint = subprocess.run(
        [str(RUFF), "check", "--no-cache", str(written)], cwd=tmp_path, capture_output=True,
        text=True,
    )  # fmt: skip
    assert lint.returncode == 0, lint.stdout
    assert {"id", "tenant_id", "title", "client_id"} <= set(done["columns"])
    if own_database.startswith("postgresql"):
        assert done["rls"] is True  # the policy is on: RLS guards the line's rows too
    assert done["again"] is None  # applied, the models and the database agree: nothing written

    # a column added to the model: the branch's next number, nothing more to rely on
    _write_line(tmp_path, extra="    note: Mapped[str | None] = mapped_column(String(500))")
    done = _revise(tmp_path, own_database, "note", "tutela_legale")
    second = Path(done["written"]).read_text()
    assert 'revision: str = "tutela_legale_0002"' in second
    assert 'down_revision: str | Sequence[str] | None = "tutela_legale_0001"' in second
    assert "depends_on: str | Sequence[str] | None = None" in second
    assert "enable_tenant_rls" not in second
    assert "note" in done["columns"]
    assert done["again"] is None
    assert len(list(written.parent.glob("*.py"))) == 2


def test_an_unknown_branch_is_named_with_the_known_ones(tmp_path: Path, own_database: str) -> None:
    _write_line(tmp_path)
    env = {**os.environ, "DATABASE_URL": own_database}
    command = [str(Path(sys.executable).with_name("sportello")), "make-migration", "x"]
    done = subprocess.run(
        [*command, "--branch", "my-product"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    said = " ".join(done.stdout.split())  # the console wraps long lines
    assert "nessuna migrazione registrata per 'my-product': i rami sono core, noleggio_auto" in said
    assert "Traceback" not in done.stdout + done.stderr
