"""A policy change's details in its payload: as an instance holds them or as a sync reads them
(raw JSON text), a refund's lines cut to what they show."""

from __future__ import annotations

import msgspec

from core.domain.policy_changes.serialize import _details

STORED = {"refund": [{"id": "r1", "n": 1, "net": 10.0, "agentShare": 3.0}], "note": "x"}
SHOWN = {"refund": [{"id": "r1", "n": 1, "net": 10.0}], "note": "x"}


def test_details_as_an_instance_holds_them() -> None:
    assert _details(STORED) == SHOWN


def test_details_as_a_sync_reads_them() -> None:
    assert _details(msgspec.Raw(msgspec.json.encode(STORED))) == SHOWN
    assert _details(msgspec.Raw(b"[]")) == {}
