"""The line's migrations create exactly what its models declare (a model changed without a
migration fails here: write one with ``sportello make-migration MESSAGE --branch rca``)."""

from __future__ import annotations

from core.testing import Settings, model_differences
from plugins.rca.models import Plate, PlateWord


async def test_the_migrations_match_the_models(settings: Settings, migrated: None) -> None:
    tables = (Plate.__tablename__, PlateWord.__tablename__)
    assert await model_differences(settings, Plate.metadata, *tables) == []
