"""The cash sheet over HTTP (admins only): the totals add up, the day close locks the day's
payments (a correction goes to an open day), the export holds the same rows."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from openpyxl import load_workbook

from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.commissions.helpers import WIDE, call, euros, unpaid

pytestmark = pytest.mark.usefixtures("seeded")


async def test_the_sheet_adds_up(clients: ClientFactory, seeded: Runtime) -> None:
    answer = await call(clients, seeded, "admin", "GET", f"/api/cassa?{WIDE}")
    assert answer.status_code == 200, answer.text
    sheet = answer.json()
    totals = sheet["totals"]
    assert sheet["rows"]
    assert euros(totals["due"]) == sum(euros(r["total"]) for r in sheet["rows"])
    assert euros(totals["collected"]) + euros(totals["outstanding"]) == euros(totals["due"])
    assert sum(euros(m["collected"]) for m in sheet["methods"]) == euros(totals["collected"])
    assert sum(euros(c["due"]) for c in sheet["companies"]) == euros(totals["due"])
    book = load_workbook(io.BytesIO(
        (await call(clients, seeded, "admin", "GET", f"/api/cassa/export?{WIDE}")).content
    ))  # fmt: skip
    rows = list(book["Cassa"].iter_rows(values_only=True))
    listed, sums = rows[1 : len(sheet["rows"]) + 1], rows[len(sheet["rows"]) + 1 :]
    assert len(listed) == len(sheet["rows"])
    assert sum(euros(r[5]) for r in listed) == euros(totals["due"])
    assert {r[0]: euros(r[5]) for r in sums} == {
        "Dovuto": euros(totals["due"]), "Incassato": euros(totals["collected"]),
        "Da incassare": euros(totals["outstanding"]),
        **{f"Incassato · {m['label']}": euros(m["collected"]) for m in sheet["methods"]},
    }  # fmt: skip


@pytest.mark.parametrize("who", ["agente", "subagente", "responsabile", "dipendente",
                                 "segnalatore"])  # fmt: skip
async def test_only_admins_see_and_close_the_cash(
    clients: ClientFactory, seeded: Runtime, who: str
) -> None:
    for method, path, body in (
        ("GET", "/api/cassa", None), ("GET", "/api/cassa/export", None),
        ("POST", "/api/cassa/chiusure", {"day": today_in_rome().isoformat()}),
    ):  # fmt: skip
        answer = await call(clients, seeded, who, method, path, body)
        assert answer.status_code == 403, (who, path)


async def test_a_closed_day_locks_its_payments(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id, n, _, _ = await unpaid(seeded, "agente")
    path = f"/api/polizze/{policy_id}/rate/{n}"
    today = today_in_rome()
    paid = await call(clients, seeded, "admin", "PUT", path, {"action": "paga"})
    assert paid.status_code == 200
    closed = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure",
                        {"day": today.isoformat()})  # fmt: skip
    assert closed.status_code == 201, closed.text
    assert euros(closed.json()["totals"]["collected"]) > 0
    again = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure",
                       {"day": today.isoformat()})  # fmt: skip
    assert again.status_code == 409
    assert "già chiusa" in again.json()["error"]["message"]
    undo = await call(clients, seeded, "admin", "PUT", path, {"action": "annulla"})
    assert undo.status_code == 400
    assert undo.json()["error"]["message"] == (
        f"La cassa del {today:%d/%m/%Y} è chiusa: registra la correzione in un giorno aperto"
    )
    other_id, other_n, _, _ = await unpaid(seeded, "subagente")
    other = f"/api/polizze/{other_id}/rate/{other_n}"
    refused = await call(clients, seeded, "admin", "PUT", other, {"action": "paga"})
    assert refused.status_code == 400
    tomorrow = (today + timedelta(days=1)).isoformat()
    future = await call(clients, seeded, "admin", "PUT", other,
                        {"action": "paga", "date": tomorrow})  # fmt: skip
    assert future.status_code == 400  # tomorrow cannot be closed, so it is not a cash day yet
    assert "data futura" in future.json()["error"]["message"]
    yesterday = (today - timedelta(days=1)).isoformat()
    moved = await call(clients, seeded, "admin", "PUT", other,
                       {"action": "paga", "date": yesterday})  # fmt: skip
    assert moved.status_code == 200, moved.text
    sheet = (await call(clients, seeded, "admin", "GET", f"/api/cassa?{WIDE}")).json()
    assert today.isoformat() in {d["day"] for d in sheet["closedDays"]}


async def test_a_future_or_bad_day_is_not_closed(clients: ClientFactory, seeded: Runtime) -> None:
    future = (today_in_rome() + timedelta(days=1)).isoformat()
    for body, status in (({"day": future}, 400), ({"day": "ieri"}, 400), ({}, 400),
                         ({"day": "2026-01-01", "x": 1}, 400)):  # fmt: skip
        answer = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure", body)
        assert answer.status_code == status, body
