"""``/api/settings/taxes``: admins read and replace the tax table; other roles and other
tenants cannot; a bad table is a 400 in Italian and changes nothing."""

from __future__ import annotations

import pytest

from core.domain.taxes.seed import seeded_table
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.people.helpers import call, message

pytestmark = pytest.mark.usefixtures("seeded")
PATH = "/api/settings/taxes"


async def test_an_admin_replaces_the_table_and_only_in_its_tenant(
    clients: ClientFactory, seeded: Runtime
) -> None:
    first = await call(clients, seeded, "admin", "GET", PATH)
    assert first.status_code == 200
    assert first.json()["imposte"] == seeded_table()
    table = seeded_table()
    table["province"] = [
        {**row, "rate": 12.5} if row["code"] == "AO" else row for row in table["province"]
    ]
    saved = await call(clients, seeded, "admin", "PUT", PATH, table)
    assert saved.status_code == 200, saved.text
    aosta = [r for r in saved.json()["imposte"]["province"] if r["code"] == "AO"]
    assert [r["rate"] for r in aosta] == [12.5]
    tenant = await call(clients, seeded, "admin", "GET", PATH)
    assert tenant.json() == saved.json()
    other = await call(clients, seeded, "admin", "GET", PATH, tenant="rcadealer")
    assert other.json()["imposte"] == seeded_table()


@pytest.mark.parametrize("who", ["agente", "responsabile", "subagente", "dipendente"])
async def test_other_roles_may_not_read_or_save(
    clients: ClientFactory, seeded: Runtime, who: str
) -> None:
    assert (await call(clients, seeded, who, "GET", PATH)).status_code == 403
    assert (await call(clients, seeded, who, "PUT", PATH, seeded_table())).status_code == 403


@pytest.mark.parametrize(
    ("body", "text"),
    [
        (
            {
                **seeded_table(),
                "ssn": [{"rate": 10.5, "from": "2012-01-01"}, {"rate": 11, "from": "2020-01-01"}],
            },
            "Due aliquote di contributo SSN valgono insieme dal 01/01/2020",
        ),
        ({**seeded_table(), "ssn": [{"rate": -1, "from": "2012-01-01"}]}, "Tabella imposte"),
        ({**seeded_table(), "ssn": [{"rate": 10, "from": "2012-13-01"}]}, "Tabella imposte"),
        ({**seeded_table(), "extra": 1}, "Campo non previsto"),
        ([], "Tabella imposte"),
    ],
)
async def test_a_bad_table_is_a_400_and_changes_nothing(
    clients: ClientFactory, seeded: Runtime, body: object, text: str
) -> None:
    response = await call(clients, seeded, "admin", "PUT", PATH, body)
    assert response.status_code == 400, response.text
    assert text in message(response)
    after = await call(clients, seeded, "admin", "GET", PATH)
    assert after.json()["imposte"] == seeded_table()
