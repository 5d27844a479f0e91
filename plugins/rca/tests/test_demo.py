"""The demo register where the tenant offers RCA: plates of every kind, each valid for its
kind, owned by the demo clients of the demo agent's tree; seeding again adds nothing."""

from __future__ import annotations

from sqlalchemy import select

from core.api import DemoContext, tenant_scope
from core.api import models as m
from core.testing import Runtime, user_ids
from plugins.rca.demo import seed_plates
from plugins.rca.models import Plate, PlateWord
from plugins.rca.rules.plates import VehicleKind, validate_plate
from plugins.rca.tests.records import DEMO_PLATES, TENANTS


async def _plates(runtime: Runtime, tenant: str) -> list[Plate]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(Plate).order_by(Plate.plate))
            return list(found.scalars())


async def test_the_demo_register(seeded: Runtime) -> None:
    for tenant in TENANTS:
        ids = await user_ids(seeded, tenant)
        plates = await _plates(seeded, tenant)
        assert tuple(p.plate for p in plates) == DEMO_PLATES
        assert {p.kind for p in plates} == set(VehicleKind)
        for plate in plates:
            assert validate_plate(plate.plate, VehicleKind(plate.kind)) == plate.plate
            assert (plate.parent_agent_id or plate.agent_id) == ids["agente"]
        with tenant_scope(tenant):
            async with seeded.db.session() as session:
                for plate in plates:
                    owner = await session.get(m.Client, plate.client_id)
                    assert owner is not None
                    assert owner.owner_agent_id == ids["agente"]
                    assert (owner.name, owner.fiscal_code) == (plate.owner_name, plate.owner_code)
                words = await session.execute(select(PlateWord.word))
                assert {"AB123CD", "BIANCHI", "BNCLCU80A01H501Q"} <= set(words.scalars())
    assert await _plates(seeded, "assicurapp") == []


async def test_seeding_again_adds_nothing(seeded: Runtime) -> None:
    for tenant in (*TENANTS, "assicurapp"):
        before = [(p.id, p.updated_at) for p in await _plates(seeded, tenant)]
        with tenant_scope(tenant):
            async with seeded.db.session() as session:
                ids = await user_ids(seeded, tenant)
                config = seeded.tenants.get(tenant)
                assert config is not None
                await seed_plates(DemoContext(config, session, ids, seeded.settings))
        assert [(p.id, p.updated_at) for p in await _plates(seeded, tenant)] == before
