"""Migrations: applied from nothing on both databases, and in step with the models."""

from __future__ import annotations

import json
import secrets
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from core.db.base import Base, tenant_owned_tables
from core.db.engine import make_engine, owner_url
from core.db.migrate import alembic_config, upgrade
from core.db.search_indexes import is_search_index
from core.plugins import load_plugins
from core.settings import Settings


def _diff(conn: Connection) -> list[object]:
    def include_object(obj: object, name: str | None, type_: str, *_: object) -> bool:
        return not is_search_index(name, type_)

    opts = {"compare_type": True, "include_object": include_object}
    context = MigrationContext.configure(conn, opts=opts)
    return list(compare_metadata(context, Base.metadata))


async def test_models_and_migrations_agree(settings: Settings, migrated: None) -> None:
    load_plugins().hook.register_models()
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(_diff)
            tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
    finally:
        await engine.dispose()
    assert diff == [], f"models differ from migrations: {diff}"
    assert set(tenant_owned_tables()) <= tables
    assert "rca_plates" in tables  # a plugin's version folder was applied too


def _with_ancestors(script: ScriptDirectory, revisions: set[str]) -> set[str]:
    """``revisions`` and every revision they follow or depend on."""
    seen: set[str] = set()
    waiting = list(revisions)
    while waiting:
        revision = script.get_revision(waiting.pop())
        if revision is None or revision.revision in seen:
            continue
        seen.add(revision.revision)
        for below in (revision.down_revision, revision.dependencies):
            waiting += [below] if isinstance(below, str) else list(below or ())
    return seen


async def test_upgrade_is_idempotent(settings: Settings, migrated: None) -> None:
    async def versions() -> set[str]:
        engine = make_engine(owner_url(settings), settings)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(text("SELECT version_num FROM alembic_version"))
                return {row[0] for row in rows}
        finally:
            await engine.dispose()

    pm = load_plugins()
    script = ScriptDirectory.from_config(alembic_config(pm))
    heads = set(script.get_heads())
    before = await versions()
    await upgrade(settings, pm)
    assert await versions() == before  # nothing left to run
    # every branch at its head, core's and lines': a head is stored, or under a stored one
    # (a line's revision that depends on core's newest stands for both)
    assert heads <= _with_ancestors(script, before)
    assert {"rca_0002", "noleggio_auto_0001"} <= heads
    assert any(head.startswith("core_") for head in heads)


async def test_a_table_copy_keeps_the_rows_that_refer_to_it(tmp_path: Path) -> None:
    """On SQLite a batch migration copies ``chats`` and drops the original: its messages,
    which cascade from it, are still there after the upgrade."""
    settings = Settings(db={"url": f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"})
    await upgrade(settings, load_plugins(), target="core_0009")
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:
            await conn.exec_driver_sql(
                "INSERT INTO chats (id, tenant_id, room, created_at, updated_at) "
                "VALUES ('c1', 't', '/support/u', '2026-01-01', '2026-01-01')"
            )
            await conn.exec_driver_sql(
                "INSERT INTO chat_messages (id, tenant_id, chat_id, at, text, attachments) "
                "VALUES ('m1', 't', 'c1', '2026-01-02', 'Ciao', '[]')"
            )
        await upgrade(settings, load_plugins())
        async with engine.connect() as conn:
            text_ = (await conn.exec_driver_sql("SELECT text FROM chat_messages")).scalars().all()
            last = (await conn.exec_driver_sql("SELECT last_text FROM chats")).scalar_one()
            keys = (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar_one()
    finally:
        await engine.dispose()
    assert text_ == ["Ciao"]
    assert last == "Ciao"
    assert keys == 1  # a new connection has its foreign keys on again


def _fresh_database(tmp_path: Path, is_postgres: bool) -> tuple[Settings, str | None]:
    """A database of its own: a new SQLite file, or a new PostgreSQL schema (returned, to drop)."""
    if not is_postgres:
        return Settings(db={"url": f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"}), None
    import psycopg

    base = Settings().database_url.split("?")[0]
    schema = f"sportello_mig_{secrets.token_hex(4)}"
    with psycopg.connect(base.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return Settings(db={"url": f"{base}?options=-csearch_path%3D{schema}"}), schema


def _drop_schema(schema: str | None) -> None:
    if schema is None:
        return
    import psycopg

    base = Settings().database_url.split("?")[0]
    with psycopg.connect(base.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


async def test_existing_policies_keep_their_gross_and_get_a_derived_split(
    tmp_path: Path, is_postgres: bool
) -> None:
    """core_0012, on SQLite and PostgreSQL: a policy's gross and commission stay; its ramo
    being unknown, the derived split has no tax (net = gross) and is flagged as derived; its
    instalments' net is their total."""
    settings, schema = _fresh_database(tmp_path, is_postgres)
    try:
        await upgrade(settings, load_plugins(), target="core_0011")
        engine = make_engine(owner_url(settings), settings)
        stamp = "'2026-01-01', '2026-01-01'"
        try:
            async with engine.begin() as conn:
                await conn.exec_driver_sql(
                    "INSERT INTO policies (id, tenant_id, premium, agent_total, commission,"
                    " parent_total, referrer_total, rates, frequency, prepaid, paid, pr, quote,"
                    " allegati, purchase, created_at, updated_at) VALUES ('p1', 't', 1222.50, 8,"
                    " 97.80, 0, 0, '{}', 'SEM', FALSE, FALSE, '{}', '{}', '{}', '{}',"
                    f" {stamp})"
                )
                for number in (1, 2):
                    await conn.exec_driver_sql(
                        "INSERT INTO policy_instalments (id, tenant_id, policy_id, number, total,"
                        " agent_total, commission, parent_total, referrer_total, paid, info,"
                        f" created_at, updated_at) VALUES ('i{number}', 't', 'p1', {number},"
                        f" 611.25, 4, 48.90, 0, 0, FALSE, '{{}}', {stamp})"
                    )
            await upgrade(settings, load_plugins())
            async with engine.connect() as conn:
                found = await conn.exec_driver_sql(
                    "SELECT premium, net_premium, tax_total, taxes, tax_derived, ramo, commission"
                    " FROM policies"
                )
                policy: tuple[Any, ...] = tuple(found.one())
                rows = (
                    await conn.exec_driver_sql(
                        "SELECT total, net, tax FROM policy_instalments ORDER BY number"
                    )
                ).all()
        finally:
            await engine.dispose()
    finally:
        _drop_schema(schema)
    premium, net, tax, taxes, derived, ramo, commission = policy
    assert [Decimal(str(v)) for v in (premium, net, tax)] == [
        Decimal("1222.50"), Decimal("1222.50"), Decimal(0),
    ]  # fmt: skip
    assert (json.loads(taxes) if isinstance(taxes, str) else taxes) == []
    assert (bool(derived), ramo, Decimal(str(commission))) == (True, None, Decimal("97.80"))
    assert [tuple(Decimal(str(v)) for v in row) for row in rows] == [
        (Decimal("611.25"), Decimal("611.25"), Decimal(0))
    ] * 2


def _row(conn: Connection, table: str, **given: object) -> None:
    """Insert a row into ``table`` with ``given`` and a plain value in every other required
    column (the schema as it stands at the revision, whatever its columns)."""
    values: dict[str, object] = dict(given)
    for column in inspect(conn).get_columns(table):
        name, kind = column["name"], str(column["type"]).upper()
        if name in values or column["nullable"] or column.get("default") is not None:
            continue
        if "JSON" in kind:
            values[name] = "{}" if name not in ("extra_products", "referred_user_ids") else "[]"
        elif "BOOL" in kind or any(word in kind for word in ("INT", "NUMERIC", "DECIMAL")):
            values[name] = 0
        elif "DATETIME" in kind or "TIMESTAMP" in kind:
            values[name] = "2026-01-01 00:00:00"
        elif "DATE" in kind:
            values[name] = "2026-01-01"
        else:
            values[name] = f"{name[:8]}-1"
    names = ", ".join(values)
    marks = ", ".join(f":{k}" for k in values)
    conn.execute(text(f"INSERT INTO {table} ({names}) VALUES ({marks})"), values)


def _instalments(conn: Connection, rows: list[dict[str, object]]) -> None:
    for row in rows:
        _row(conn, "policy_instalments", **row)


async def test_existing_users_get_base_50_and_methods_become_codes(tmp_path: Path) -> None:
    """core_0013 keeps every row: existing users withhold on 50 % of their commissions (the
    legal default), 'Bonifico' and ' bonifico ' become the code 'bonifico', other texts stay."""
    settings = Settings(db={"url": f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"})
    await upgrade(settings, load_plugins(), target="core_0011")
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(
                lambda c: _row(c, "users", id="u1", tenant_id="t", email="a@b.it", ritenuta=23)
            )
            await conn.run_sync(
                lambda c: _row(
                    c, "policies", id="p1", tenant_id="t", payment_method="Bonifico", wire="stale"
                )
            )
            rows = [
                {"id": f"r{n}", "tenant_id": "t", "policy_id": "p1", "number": n,
                 "paid_method": method}
                for n, method in enumerate((" bonifico ", "CONTANTI", "Satispay"), start=1)
            ]  # fmt: skip
            await conn.run_sync(_instalments, rows)
        await upgrade(settings, load_plugins())
        async with engine.connect() as conn:
            user = (await conn.exec_driver_sql(
                "SELECT withholding_base, ritenuta, tax_code, iban FROM users"
            )).one()  # fmt: skip
            policy = (await conn.exec_driver_sql(
                "SELECT payment_method, wire FROM policies"
            )).one()  # fmt: skip
            methods = (await conn.exec_driver_sql(
                "SELECT paid_method FROM policy_instalments ORDER BY number"
            )).scalars().all()  # fmt: skip
    finally:
        await engine.dispose()
    assert tuple(user) == ("50", 23, None, None)
    assert policy == ("bonifico", None)  # its stored payload is stale now
    assert methods == ["bonifico", "contanti", "Satispay"]


async def test_duplicate_policy_numbers_do_not_stop_the_upgrade(
    tmp_path: Path, is_postgres: bool
) -> None:
    """Two policies of one company already share a number (in other case and spacing): the
    upgrade to core_0014 keeps both, the first issued keeps the key, the later has none, and
    from then on the index refuses a third."""
    if is_postgres:
        import os
        import secrets

        import psycopg

        schema = f"sportello_mig_{secrets.token_hex(4)}"
        base = os.environ["TEST_DATABASE_URL"]
        plain = base.replace("postgresql+psycopg", "postgresql")
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        joiner = "&" if "?" in base else "?"
        settings = Settings(db={"url": f"{base}{joiner}options=-csearch_path%3D{schema}"})
    else:
        settings = Settings(db={"url": f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"})
    await upgrade(settings, load_plugins(), target="core_0011")
    engine = make_engine(owner_url(settings), settings)
    insert = (
        "INSERT INTO policies (id, tenant_id, company, number, frequency, prepaid, paid, pr, "
        "quote, allegati, created_at, updated_at) VALUES (:id, :tenant, :company, :number, "
        "'ANN', false, false, '{}', '{}', '{}', :at, :at)"
    )
    rows = [
        ("p1", "t", "Allianz", "AZ 0001", "2026-01-01"),
        ("p2", "t", "Allianz", "az0001", "2026-02-01"),  # the same key, later: no key
        ("p3", "t", "Generali", "AZ 0001", "2026-03-01"),  # another company: its own key
        ("p4", "u", "Allianz", "AZ0001", "2026-04-01"),  # another tenant: its own key
        ("p5", "t", "Allianz", None, "2026-05-01"),
    ]
    try:
        async with engine.begin() as conn:
            for row_id, tenant, company, number, at in rows:
                await conn.execute(
                    text(insert),
                    {"id": row_id, "tenant": tenant, "company": company, "number": number,
                     "at": at},
                )  # fmt: skip
        await upgrade(settings, load_plugins())
        async with engine.connect() as conn:
            found = await conn.execute(text("SELECT id, number, number_key FROM policies"))
            keys = {row_id: (number, key) for row_id, number, key in found}
        assert keys == {
            "p1": ("AZ 0001", "AZ0001"), "p2": ("az0001", None), "p3": ("AZ 0001", "AZ0001"),
            "p4": ("AZ0001", "AZ0001"), "p5": (None, None),
        }  # fmt: skip
        with pytest.raises(IntegrityError):
            async with engine.begin() as conn:
                await conn.execute(
                    text(
                        insert.replace("frequency,", "number_key, frequency,").replace(
                            "'ANN',", "'AZ0001', 'ANN',"
                        )
                    ),
                    {"id": "p6", "tenant": "t", "company": "Allianz", "number": "AZ-0001",
                     "at": "2026-06-01"},
                )  # fmt: skip
    finally:
        await engine.dispose()
        if is_postgres:
            with psycopg.connect(plain, autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


async def test_existing_plates_are_kept_by_the_register(tmp_path: Path, is_postgres: bool) -> None:
    """rca_0002, on SQLite and PostgreSQL: the plates of before stay, as cars in the register
    with no owner; an Agev plate's text reads as the flag set; nothing is retired."""
    settings, schema = _fresh_database(tmp_path, is_postgres)
    try:
        await upgrade(settings, load_plugins(), target="rca_0001")
        engine = make_engine(owner_url(settings), settings)
        try:
            async with engine.begin() as conn:
                for number, agev in (
                    ("AB123CD", "'AG0001'"),
                    ("EF456GH", "NULL"),
                    ("XY12345", "''"),
                ):
                    await conn.exec_driver_sql(
                        "INSERT INTO rca_plates (id, tenant_id, plate, tipo_bersani, targa_agev,"
                        f" created_at, updated_at) VALUES ('{number}', 't', '{number}', 'auto',"
                        f" {agev}, '2026-01-01', '2026-01-01')"
                    )
            await upgrade(settings, load_plugins())
            async with engine.connect() as conn:
                found = await conn.exec_driver_sql(
                    "SELECT plate, kind, targa_agev, active, brand, owner_name, agent_id, wire"
                    " FROM rca_plates ORDER BY plate"
                )
                rows = [tuple(row) for row in found]
        finally:
            await engine.dispose()
    finally:
        _drop_schema(schema)
    assert [(p, k, bool(agev), bool(on), b, o, a, w) for p, k, agev, on, b, o, a, w in rows] == [
        ("AB123CD", "autovettura", True, True, "", "", None, None),
        ("EF456GH", "autovettura", False, True, "", "", None, None),
        ("XY12345", "autovettura", False, True, "", "", None, None),
    ]
