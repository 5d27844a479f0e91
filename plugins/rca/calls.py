"""The register's realtime calls, the functions the routes call too:
``rca.targhe.cerca {q, limit}``, ``rca.targhe.dettaglio {_id}``, ``rca.targhe.salva`` (a new
plate without ``_id``, the changes to one with it), ``rca.targhe.ritira {_id}``,
``rca.targhe.importa {csv, dryRun, aId?}``, ``rca.targhe.famiglia {cf}`` and
``rca.classe {atr, classeIniziale?, bersani?}``."""

from __future__ import annotations

from typing import Any

from core.api import Call, CallContext, logged_in
from plugins.rca import service
from plugins.rca.classe import cu_answer
from plugins.rca.family import owner_plates
from plugins.rca.payload import PRODUCT_ID


async def search_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``rca.targhe.cerca`` → ``{targhe, more}``."""
    return await service.search(ctx.session, logged_in(ctx), data)


async def detail_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``rca.targhe.dettaglio`` → the plate with ``preventivi``."""
    return await service.detail(ctx.session, logged_in(ctx), service.plate_id(data))


async def save_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``rca.targhe.salva`` → the plate as saved."""
    return await service.save(ctx.session, logged_in(ctx), data)


async def retire_call(ctx: CallContext, data: Any) -> dict[str, str]:
    """``rca.targhe.ritira`` → ``{_id}``."""
    plate = service.plate_id(data)
    await service.retire(ctx.session, logged_in(ctx), plate)
    return {"_id": plate}


async def import_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``rca.targhe.importa`` → ``{righe, errori, importate}``."""
    return await service.import_csv(ctx.session, logged_in(ctx), data)


async def family_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``rca.targhe.famiglia`` → ``{targhe: [{targa, tipo}]}``."""
    return await owner_plates(ctx.session, logged_in(ctx), data)


async def class_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``rca.classe`` → ``{classe, classeAtr, passi, bersani?}``."""
    return cu_answer(logged_in(ctx), data)


CALLS: dict[str, Call] = {
    name: Call(handler, product=PRODUCT_ID)
    for name, handler in (
        ("rca.targhe.cerca", search_call),
        ("rca.targhe.dettaglio", detail_call),
        ("rca.targhe.salva", save_call),
        ("rca.targhe.ritira", retire_call),
        ("rca.targhe.importa", import_call),
        ("rca.targhe.famiglia", family_call),
        ("rca.classe", class_call),
    )
}
