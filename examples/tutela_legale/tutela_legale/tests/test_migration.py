"""The line's migrations create exactly what its model declares (a model changed without a
migration fails here: write one with `sportello make-migration MESSAGE --branch tutela-legale`)."""

from __future__ import annotations

from tutela_legale.models import Practice
from tutela_legale.tests.kit import Settings, model_differences


async def test_the_migration_matches_the_model(settings: Settings, migrated: None) -> None:
    assert await model_differences(settings, Practice.metadata, Practice.__tablename__) == []
