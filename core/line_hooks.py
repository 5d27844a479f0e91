"""Per-line hooks, called for their line only: the one typed way domain code reaches them.

``prepare_quote``, ``emission_request`` and ``quote_commissions`` act on one line's records
(:data:`core.plugins.PER_LINE_HOOKS`). Each is called on the plugin that declares the record's
line in ``product_lines`` and on no other; a plain quote (no line) is answered by core's own
areas. So a plugin needs no ``if product.line != …`` guard, and a line's bug stays its own:

* a :class:`~core.errors.SportelloError` the plugin raises (an Italian refusal) reaches the
  user unchanged;
* anything else is logged with the line and the hook, and the user of that line gets
  :class:`LineFailed` (503, the line's name in Italian) — other lines never call its code;
* a database that is busy is load, not a bug: it passes through to be retried.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pluggy
import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.engine import is_busy
from core.errors import SportelloError
from core.extensions import Host, ProductLine
from core.plugins import await_me_maybe, is_core, line_owners

log = structlog.get_logger(__name__)

LINE_FAILED = "«{name}» non è al momento disponibile per un errore interno: riprova più tardi"


class LineFailed(SportelloError):
    """A product line's plugin failed unexpectedly (logged); only that line's users see it."""

    status_code = 503
    name = "LineUnavailable"


def _caller(
    pm: pluggy.PluginManager, hook: str, line: str | None, owner: tuple[object, ProductLine] | None
) -> Any:
    """``hook`` restricted to ``line``'s plugin ``owner`` (core's areas for no line);
    ``None`` when no installed plugin declares the line."""
    if line is None:
        keep = [plugin for plugin in pm.get_plugins() if is_core(pm, plugin)]
    else:
        if owner is None:
            return None
        keep = [owner[0]]
    others = [plugin for plugin in pm.get_plugins() if plugin not in keep]
    return pm.subset_hook_caller(hook, remove_plugins=others)


async def call_for_line(
    pm: pluggy.PluginManager, hook: str, line: str | None, /, **kwargs: Any
) -> list[Any]:
    """The answers of ``line``'s implementations of ``hook`` (awaited, ``None`` left out)."""
    owner = line_owners(pm).get(line) if line is not None else None
    caller = _caller(pm, hook, line, owner)
    if caller is None:
        return []
    try:
        answers = [await await_me_maybe(result) for result in caller(**kwargs)]
    except SportelloError:
        raise
    except Exception as exc:
        if line is None or is_busy(exc):
            raise
        log.exception("line.hook_failed", line=line, hook=hook)
        raise LineFailed(LINE_FAILED.format(name=owner[1].name if owner else line)) from exc
    return [answer for answer in answers if answer is not None]


async def prepare_quote(
    pm: pluggy.PluginManager, session: AsyncSession, product: m.Product, payload: Mapping[str, Any]
) -> list[Mapping[str, Any]]:
    """The column values ``product``'s line makes of a new quote's payload (first wins)."""
    answers = await call_for_line(
        pm, "prepare_quote", product.line, session=session, product=product, payload=payload
    )
    return [answer for answer in answers if answer]


async def emission_request(
    host: Host,
    session: AsyncSession,
    quote: m.Quote,
    product: m.Product | None,
    payload: Mapping[str, Any],
    undo: bool,
) -> None:
    """Let ``quote``'s line check (or complete) an emission request or its undo."""
    await call_for_line(
        host.pm, "emission_request", quote.type, session=session, quote=quote,
        product=product, payload=payload, undo=undo, host=host,
    )  # fmt: skip


def _lines_of(pm: pluggy.PluginManager, plugin: object) -> list[str]:
    return [line for line, (owner, _decl) in line_owners(pm).items() if owner is plugin]


async def policy_issued(
    host: Host, session: AsyncSession, policy: m.Policy, quote: m.Quote
) -> None:
    """Tell each plugin (core's areas aside) that ``policy`` was issued from ``quote``.

    A plugin whose lines are all off for the tenant is not told. Each answers in a savepoint:
    its Italian refusal refuses the issue; its bug is logged and undone, and the policy is
    issued without it (the policy is the broker's record, a follower's bug must not stop it).
    """
    pm = host.pm
    for impl in pm.hook.policy_issued.get_hookimpls():
        plugin = impl.plugin
        lines = _lines_of(pm, plugin)
        if is_core(pm, plugin) or not await _any_on(host, session, policy.tenant_id, lines):
            continue
        others = [other for other in pm.get_plugins() if other is not plugin]
        caller = pm.subset_hook_caller("policy_issued", remove_plugins=others)
        try:
            async with session.begin_nested():
                for result in caller(session=session, policy=policy, quote=quote, host=host):
                    await await_me_maybe(result)
        except SportelloError:
            raise
        except Exception as exc:
            if is_busy(exc):
                raise
            log.exception("plugin.policy_issued_failed", plugin=pm.get_name(plugin))


async def _any_on(host: Host, session: AsyncSession, tenant_id: str, lines: list[str]) -> bool:
    """Whether a plugin declaring ``lines`` follows this tenant (one with no line: always)."""
    if not lines:
        return True
    for line in lines:
        if await host.lines.is_on(session, tenant_id, line):
            return True
    return False
