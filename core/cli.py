"""The ``sportello`` command: serve, cluster, migrate, new-line, seed-demo, create-admin,
tenants check, import (the portfolio), backup and restore."""

from __future__ import annotations

import asyncio
import getpass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from core.serving import uvicorn_options
from core.settings import Settings, get_settings

app = typer.Typer(help="Sportello: back-office multi-tenant per broker assicurativi e creditizi.")
tenants_app = typer.Typer(help="Deployments served by this instance.")
app.add_typer(tenants_app, name="tenants")
console = Console()


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default HOST)")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default PORT)")] = None,
    reload: Annotated[bool, typer.Option(help="Restart on code changes")] = False,
    workers: Annotated[int, typer.Option(help="Worker processes")] = 1,
    prepare: Annotated[
        bool,
        typer.Option(
            "--prepare/--no-prepare",
            help="Migrate, refresh the stored payloads and seed (where SEED_DEMO asks) first; "
            "--no-prepare when a one-shot `sportello migrate` did it (a restarted worker "
            "is then back in seconds)",
        ),
    ] = True,
) -> None:
    """Serve every tenant; migrations and demo data run once, before the workers start."""
    import os

    import uvicorn

    settings = get_settings()
    if workers > 1 and settings.bus.url.startswith("memory://"):
        console.print(
            f"[red]Con {workers} worker serve un bus condiviso: imposta BROADCAST_URL a un "
            "server Redis (redis://…), altrimenti ogni worker avviserebbe solo i propri client."
            "[/red]"
        )
        raise typer.Exit(2)
    if prepare:
        asyncio.run(_prepare(settings))
    os.environ.update(MIGRATE_ON_START="false", SEED_DEMO="false")  # done: workers skip it
    uvicorn.run(
        "core.asgi:app",
        host=host or settings.app.host,
        port=port or settings.app.port,
        reload=reload,
        workers=workers,
        **uvicorn_options(settings),
    )


async def _prepare(settings: Settings) -> None:
    from core.db.migrate import upgrade
    from core.db.stored_payload import refresh_stored_payloads
    from core.demo.seed import seed_demo as run_seed
    from core.domain.commissions.line_keeper import backfill
    from core.runtime import Runtime

    runtime = Runtime.build(settings)
    try:
        await upgrade(settings, runtime.pm)
        if settings.seeds_demo:
            await run_seed(runtime)
        await refresh_stored_payloads(
            runtime.write_session, [tenant.id for tenant in runtime.tenants]
        )
        await backfill(runtime.write_session, runtime.pm, runtime.tenant_ids())
        from core.domain.portfolio.jobs import fail_unfinished

        await fail_unfinished(runtime.write_session, runtime.tenant_ids())  # a stopped process's
    finally:
        await runtime.db.dispose()


@app.command()
def cluster(
    port: Annotated[int, typer.Option(help="The proxy's port")] = 8000,
    workers: Annotated[int, typer.Option(help="Worker processes behind the proxy")] = 2,
    database_url: Annotated[
        str, typer.Option(help="PostgreSQL database (created when missing)")
    ] = "postgresql+psycopg://postgres@127.0.0.1:5432/sportello_cluster",
    bus_url: Annotated[str, typer.Option(help="Redis shared by the workers")] = (
        "redis://127.0.0.1:6379/0"
    ),
    demo: Annotated[bool, typer.Option(help="Create the demo accounts and data")] = True,
    object_store: Annotated[
        bool, typer.Option(help="Documents in an S3 bucket (moto on loopback)")
    ] = False,
) -> None:
    """The production topology as local processes: nginx on PORT in front of WORKERS
    `sportello serve`, on PostgreSQL and Redis, after a one-shot migration; Ctrl-C stops all."""
    from core.cluster import Cluster, ClusterError
    from core.cluster.run import run_until_stopped

    local = Cluster(
        database_url=database_url, bus_url=bus_url, port=port, workers=workers, demo=demo,
        object_store=object_store,
    )  # fmt: skip
    try:
        run_until_stopped(local, console)
    except ClusterError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc


@app.command()
def migrate() -> None:
    """Apply every pending migration (core and plugins) and what follows one: the stored
    payloads refreshed, kept figures filled in, the demo data where SEED_DEMO asks. The
    one-shot step before workers started with `sportello serve --no-prepare`."""
    asyncio.run(_prepare(get_settings()))
    console.print("[green]Database aggiornato.[/green]")


@app.command("make-migration")
def make_migration(
    message: Annotated[str, typer.Argument(help="What the revision does")],
    branch: Annotated[
        str, typer.Option(help="core, a plugin branch (noleggio_auto) or its line (noleggio-auto)")
    ] = "core",
) -> None:
    """Autogenerate a revision from the models (for developers): the project's revision id,
    RLS on new tenant tables, ``depends_on`` core's head where a plugin's tables rely on it,
    lint-clean."""
    from core.db.migrate import branch_of, revision, upgrade
    from core.plugins import load_plugins

    pm = load_plugins()
    try:
        branch_of(pm, branch)
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    asyncio.run(upgrade(get_settings(), pm))
    written = asyncio.run(revision(get_settings(), pm, message, branch))
    if written is None:
        console.print("Nessuna modifica ai modelli: nessuna migrazione scritta.")
    else:
        console.print(f"[green]Migrazione scritta:[/green] {written}")


@app.command("new-line")
def new_line(
    name: Annotated[str, typer.Argument(help="The line's id: lowercase words joined by '-'")],
    directory: Annotated[
        Path | None, typer.Option("--dir", help="Folder to write (default ./<package>)")
    ] = None,
    label: Annotated[str | None, typer.Option(help="What users read (default from NAME)")] = None,
    icon: Annotated[str, typer.Option(help="The menu's icon")] = "file-text",
) -> None:
    """Write a complete product line: package, entry point, model and first migration, stream,
    call, route, menu entry, demo data, web module, translations and tests."""
    from core.scaffold import ScaffoldError
    from core.scaffold import new_line as write_line

    try:
        written = write_line(name, directory, label=label, icon=icon)
    except ScaffoldError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    console.print(f"[green]Linea {name} scritta in {written}[/green]")
    console.print("Poi: docs/new-line.md (installazione, tenants.yaml, modulo web, test).")


@app.command("seed-demo")
def seed_demo() -> None:
    """Create the demo accounts and data in every tenant not seeded yet."""
    from core.db.migrate import upgrade
    from core.demo.seed import seed_demo as run_seed
    from core.runtime import Runtime

    runtime = Runtime.build(get_settings())

    async def main() -> None:
        await upgrade(runtime.settings, runtime.pm)
        with Progress(console=console) as progress:
            task = progress.add_task("Dati demo", total=len(runtime.tenants))
            await run_seed(runtime, progress=lambda _: progress.advance(task))
        await runtime.db.dispose()

    asyncio.run(main())
    console.print("[green]Dati demo pronti.[/green] Password degli account demo: demo1234")


@app.command("create-admin")
def create_admin(
    tenant: Annotated[str, typer.Option(help="Tenant id")],
    email: Annotated[str, typer.Option(help="Admin email")],
    name: Annotated[str, typer.Option(help="Full name")] = "Amministratore",
    password: Annotated[str | None, typer.Option(help="Password (asked if omitted)")] = None,
) -> None:
    """Create an admin account in one tenant."""
    from core.auth.accounts import create_user
    from core.runtime import Runtime

    runtime = Runtime.build(get_settings())
    if runtime.tenants.get(tenant) is None:
        console.print(f"[red]Tenant sconosciuto: {tenant}[/red]")
        raise typer.Exit(2)
    secret = password or getpass.getpass("Password: ")

    async def main() -> None:
        from core.db.migrate import upgrade

        try:
            await upgrade(runtime.settings, runtime.pm)
            await create_user(
                runtime, tenant, email=email, name=name, password=secret, role={"admin": True}
            )
        finally:
            await runtime.db.dispose()

    try:
        asyncio.run(main())
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    console.print(f"[green]Amministratore {email} creato in {tenant}.[/green]")


@tenants_app.command("check")
def tenants_check(
    path: Annotated[
        Path | None, typer.Argument(help="File to check (default TENANTS_FILE)")
    ] = None,
) -> None:
    """Validate tenants.yaml (products and menu keys included) and list the tenants."""
    from core.runtime import Runtime
    from tenants.loader import TenantsConfigError

    settings = get_settings()
    if path is not None:
        app_settings = settings.app.model_copy(update={"tenants_file": path})
        settings = settings.model_copy(update={"app": app_settings})
    try:
        runtime = Runtime.build(settings)
    except TenantsConfigError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    for tenant in runtime.tenants:
        console.print(
            f"[bold]{tenant.id}[/bold] ({tenant.wording.agent}) {', '.join(tenant.domains)} "
            f"→ {', '.join(tenant.products) or 'nessun prodotto'}"
        )


@app.command("otp-request")
def otp_request(
    tenant: Annotated[str, typer.Option(help="Tenant id")],
    company: Annotated[str, typer.Option(help="The company whose integration needs the code")],
    wait: Annotated[
        float, typer.Option(help="Seconds to wait for an admin's code (0: only ask)")
    ] = 0,
) -> None:
    """Ask the tenant's admins for a company's one-time code (the dialog of SPEC §9); with
    --wait, wait for the code an admin gives and print it (through the shared bus)."""
    from core.context import tenant_scope
    from core.domain.otp.ask import NO_CODE, OtpTimeout, ask_otp, request_otp
    from core.errors import SportelloError
    from core.runtime import Runtime

    runtime = Runtime.build(get_settings())
    if runtime.tenants.get(tenant) is None:
        console.print(f"[red]Tenant sconosciuto: {tenant}[/red]")
        raise typer.Exit(2)
    if wait and runtime.bus.kind == "memory":
        console.print("[red]Per attendere il codice serve il bus condiviso del server: "
                      "imposta BROADCAST_URL=redis://… come il server.[/red]")  # fmt: skip
        raise typer.Exit(1)

    async def main() -> str:
        if runtime.bus.kind != "memory":  # the open apps hear it through the shared bus
            await runtime.bus.connect()
            await runtime.hub.start()
        try:
            if wait:
                return await ask_otp(runtime.hub, runtime.db, tenant, company, wait)
            with tenant_scope(tenant):
                async with runtime.db.session() as session:
                    asked = await request_otp(session, company)
            return f"Codice OTP chiesto per {asked['company']} alle {asked['at']}."
        finally:
            if runtime.bus.connected:
                await runtime.hub.stop()
                await runtime.bus.disconnect()
            await runtime.db.dispose()

    try:
        console.print(asyncio.run(main()))
    except OtpTimeout as exc:
        console.print(f"[red]{NO_CODE}[/red]")
        raise typer.Exit(1) from exc
    except SportelloError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    if runtime.bus.kind == "memory":
        console.print("Con BROADCAST_URL=memory:// le app aperte lo vedono al prossimo accesso.")


@app.command("app-event")
def app_event(
    event: Annotated[str, typer.Argument(help="restartApp or closePopUp")],
    tenant: Annotated[str | None, typer.Option(help="Tenant id (default: every tenant)")] = None,
) -> None:
    """Send restartApp or closePopUp to every open app, through the bus (BROADCAST_URL)."""
    from core.realtime.app_events import APP_EVENTS
    from core.runtime import Runtime

    runtime = Runtime.build(get_settings())
    if event not in APP_EVENTS:
        console.print(f"[red]Evento sconosciuto: {event} (usa {' o '.join(APP_EVENTS)})[/red]")
        raise typer.Exit(2)
    if tenant is not None and runtime.tenants.get(tenant) is None:
        console.print(f"[red]Tenant sconosciuto: {tenant}[/red]")
        raise typer.Exit(2)
    if runtime.bus.kind == "memory":
        console.print(
            "[red]Con BROADCAST_URL=memory:// il bus vive dentro il server: imposta "
            "BROADCAST_URL=redis://… come il server, oppure usa la chiamata sendAppEvent "
            "da un amministratore.[/red]"
        )
        raise typer.Exit(1)

    async def main() -> None:
        await runtime.bus.connect()
        try:
            await runtime.hub.send_event(tenant, event)
        finally:
            await runtime.bus.disconnect()
            await runtime.db.dispose()

    asyncio.run(main())
    console.print(f"[green]{event} inviato a {tenant or 'tutti i tenant'}.[/green]")


@app.command("renewals")
def renewals(
    tenant: Annotated[str | None, typer.Option(help="Tenant id (default: every tenant)")] = None,
) -> None:
    """Create the renewal quotes of policies nearing their end now (a second run adds none)."""
    from core.db.migrate import upgrade
    from core.domain.policies.renewals import renew_tenant
    from core.i18n import today_in_rome
    from core.runtime import Runtime

    runtime = Runtime.build(get_settings())
    if tenant is not None and runtime.tenants.get(tenant) is None:
        console.print(f"[red]Tenant sconosciuto: {tenant}[/red]")
        raise typer.Exit(2)
    chosen = [tenant] if tenant else runtime.tenant_ids()

    async def main() -> dict[str, int | None]:
        await upgrade(runtime.settings, runtime.pm)
        await runtime.bus.connect()  # with Redis, open screens see the new quotes live
        try:
            return {t: await renew_tenant(runtime, t, today_in_rome(), claim=False) for t in chosen}
        finally:
            await runtime.bus.disconnect()
            await runtime.db.dispose()

    for tenant_id, created in asyncio.run(main()).items():
        made = created or 0
        noun = "preventivo di rinnovo creato" if made == 1 else "preventivi di rinnovo creati"
        console.print(f"{tenant_id}: {made} {noun}")


@app.command("import")
def import_portfolio(
    file: Annotated[Path, typer.Argument(help="The portfolio file: CSV or XLSX")],
    tenant: Annotated[str, typer.Option(help="Tenant id")],
    source: Annotated[str, typer.Option(help="The source's name, e.g. 'Portale Compagnia X'")],
    user: Annotated[
        str,
        typer.Option(
            help="Email of the user the import runs as (an admin, a responsabile or a top agent)"
        ),
    ],
    mapping: Annotated[
        str | None,
        typer.Option(
            help='Column mapping as JSON {"field": "header"}; default: the source\'s '
            "saved mapping, else guessed from the headers"
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run/--run", help="Only check and count (default), or import")
    ] = True,
    report: Annotated[
        Path | None, typer.Option(help="Write the bad rows and counts here (.csv or .xlsx)")
    ] = None,
) -> None:
    """Import clients, policies and instalments from a CSV or XLSX file, as the web's import
    does (same engine, same checks, same keys: a second run of the same file changes
    nothing). Bad rows are listed by line, column and reason; --run writes the good ones."""
    import json

    from sqlalchemy import select

    from core.auth.principal import Principal
    from core.context import acting_as, tenant_scope
    from core.db import models as m
    from core.db.migrate import upgrade
    from core.domain.portfolio.controllers import find_source, save_source
    from core.domain.portfolio.engine import check_allowed, check_mapping
    from core.domain.portfolio.export import report as report_bytes
    from core.domain.portfolio.fields import guess
    from core.domain.portfolio.jobs import run_import
    from core.domain.portfolio.reader import read_table
    from core.errors import ClientError
    from core.runtime import Runtime

    runtime = Runtime.build(get_settings())
    if runtime.tenants.get(tenant) is None:
        console.print(f"[red]Tenant sconosciuto: {tenant}[/red]")
        raise typer.Exit(2)
    try:
        table = read_table(file.read_bytes(), file.name)
    except (OSError, ClientError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc

    async def main() -> tuple[object, list[object]]:
        await upgrade(runtime.settings, runtime.pm)
        try:
            with tenant_scope(tenant):
                async with runtime.db.session() as session:
                    found = (await session.execute(
                        select(m.User).where(m.User.email == user.strip().lower())
                    )).scalar_one_or_none()  # fmt: skip
                    if found is None:
                        raise ClientError(f"Utente sconosciuto: {user}")
                    principal = Principal(id=found.id, tenant_id=tenant, roles=found.role or {},
                                          email=found.email)  # fmt: skip
                    check_allowed(principal)
                    saved = await find_source(session, source)
                    chosen = (json.loads(mapping) if mapping else None) or (
                        saved.mapping if saved and saved.mapping else guess(table.header)
                    )
                    chosen = check_mapping(table.header, chosen)
                    kept = await save_source(session, source, chosen)
                    source_id = kept.id
                with acting_as(principal.id):
                    counts, errors = await run_import(
                        runtime.db.session, principal, source_id, table, chosen,
                        dry_run=dry_run,
                    )  # fmt: skip
                if report is not None:
                    job = m.ImportJob(dry_run=dry_run, counts=counts.wire(),
                                      errors=[e.wire() for e in errors])  # fmt: skip
                    fmt = "xlsx" if report.suffix.lower() == ".xlsx" else "csv"
                    report.write_bytes(report_bytes(job, fmt))
                return counts, list(errors)
        finally:
            await runtime.db.dispose()

    try:
        counts, errors = asyncio.run(main())
    except (ClientError, ValueError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    for error in errors:
        row, column, value, reason = error.wire()  # type: ignore[attr-defined]
        console.print(f"riga {row}, «{column}» «{value}»: {reason}")
    title = "Simulazione" if dry_run else "Importazione"
    numbers = ", ".join(f"{k} {v}" for k, v in counts.wire().items())  # type: ignore[attr-defined]
    console.print(f"[green]{title} completata:[/green] {numbers}")


@app.command()
def backup(
    to: Annotated[
        Path | None, typer.Option("--to", help="Archive to write (default DATA_DIR/backups/…)")
    ] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar, only the archive's path")] = False,
) -> None:
    """Write one tar archive with the database (SQLite's online backup or pg_dump), the
    documents store and a manifest; safe while the server runs."""
    from core.backup import BackupError, default_path
    from core.backup import backup as write_backup
    from core.backup.progress import steps
    from core.storage import StorageUnavailable

    settings = get_settings()
    target = to or default_path(settings)
    try:
        with steps(console, quiet=quiet) as step:
            manifest = write_backup(settings, target, step)
    except (BackupError, StorageUnavailable) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    if quiet:
        print(target)
    else:
        console.print(
            f"[green]Backup scritto:[/green] {target} "
            f"({manifest.database}, {manifest.files} documenti)"
        )


@app.command()
def restore(
    path: Annotated[Path, typer.Argument(help="Archive written by `sportello backup`")],
    yes: Annotated[
        bool, typer.Option("--yes", help="Do not ask (the target must still be empty)")
    ] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar")] = False,
) -> None:
    """Restore an archive into an EMPTY database and an EMPTY documents store: a target with
    tables or files is refused, --yes included. Then run `sportello migrate` if the archive
    comes from an older version."""
    from core.backup import BackupError, known_revisions
    from core.backup import restore as read_backup
    from core.backup.progress import steps
    from core.storage import StorageUnavailable

    settings = get_settings()
    if not yes and not typer.confirm(f"Ripristinare {path} nel database configurato?"):
        raise typer.Exit(1)
    try:
        with steps(console, quiet=quiet) as step:
            manifest = read_backup(settings, path, step, known_revisions)
    except (BackupError, StorageUnavailable) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    if not quiet:
        console.print(
            f"[green]Ripristino completato:[/green] {manifest.database} del "
            f"{manifest.created_at}, {manifest.files} documenti"
        )
