"""The premium split over the socket: an offer priced on its net premium by ramo, its taxes
and gross; the policy issued from it with the company commission on the net premium; a
rectified gross derived; the tax table edited by admins only, checked, and used at once."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from core.domain.taxes.seed import seeded_table
from core.testing import CallFailed, Live, reload
from tests.realtime.policy_records import load_policy, new_quote

TENANT = "assicurapp"
ISSUE = {
    "number": "AZ-2026-0777", "startDate": "2026-03-01", "endDate": "2027-03-01",
    "paymentMethod": "bonifico", "confirmPastStart": True,
}  # fmt: skip


def _sum(values: list[Any]) -> Decimal:
    return sum((Decimal(str(v)) for v in values), Decimal(0))


async def test_an_offer_on_the_net_premium_and_the_policy_commission_on_it(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    quote_id = await new_quote(live.runtime, TENANT)
    answer = await admin.invoke("quotaPreventivo", {
        "pId": quote_id, "company": "Allianz", "frazionamento": "SEM",
        "lines": [{"ramo": "rca", "net": 500, "province": "mi"}, {"ramo": "cvt", "net": 120}],
    })  # fmt: skip
    offer = answer["price"]["company"]["Allianz"]
    # RC auto 500.00: provincial tax (Milano 16%) 80.00, SSN contribution 10.5% 52.50;
    # corpi veicoli terrestri 120.00 × 13.5% = 16.20; taxes 148.70; gross 620.00 + 148.70
    assert offer["taxes"] == [
        {"ramo": "rca", "label": "Imposta provinciale RC auto (MI)", "rate": 16, "base": 500,
         "amount": 80},
        {"ramo": "rca", "label": "Contributo SSN", "rate": 10.5, "base": 500, "amount": 52.5},
        {"ramo": "cvt", "label": "Imposta sulle assicurazioni (Corpi veicoli terrestri)",
         "rate": 13.5, "base": 120, "amount": 16.2},
    ]  # fmt: skip
    assert (offer["net"], offer["taxTotal"], offer["tot"]) == (620, 148.7, 768.7)
    assert offer["ramo"] == "rca"
    assert "derived" not in offer

    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    policy = await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE})
    assert (policy["premium"], policy["net"], policy["taxTotal"]) == (768.7, 620, 148.7)
    assert policy["taxes"] == offer["taxes"]
    assert (policy["ramo"], policy["taxDerived"]) == ("rca", False)
    # SEM: nets 310.00 + 310.00, taxes 74.35 + 74.35, totals 384.35 + 384.35
    assert [(r["price"]["net"], r["price"]["tax"], r["price"]["tot"]) for r in policy["rate"]] == [
        (310, 74.35, 384.35), (310, 74.35, 384.35),
    ]  # fmt: skip
    stored = await load_policy(live.runtime, TENANT, policy["_id"])
    # Allianz pays 8% on the net premium: 620.00 × 8% = 49.60 (on the gross it was 61.50);
    # the agent's 10% of it is 4.96
    assert stored.commission == Decimal("49.60")
    assert stored.agent_total == Decimal("4.96")
    assert policy["agentTotal"] == 4.96


async def test_a_rectified_gross_is_derived_over_the_offer_s_ramo(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    quote_id = await new_quote(live.runtime, TENANT)
    priced = await admin.invoke("quotaPreventivo", {
        "pId": quote_id, "company": "Allianz", "net": 400, "ramo": "infortuni",
    })  # fmt: skip
    assert priced["price"]["company"]["Allianz"]["tot"] == 410  # 400.00 + 2.5% (10.00)
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    await admin.invoke("premioEmissione", {"pId": quote_id, "action": "rettifica",
                                           "premium": 512.5})  # fmt: skip
    await agent.invoke("premioEmissione", {"pId": quote_id, "action": "conferma"})
    policy = await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE, "number": "INF-1"})
    # 512.50 / 1.025 = 500.00 net, 12.50 tax; flagged as derived
    assert (policy["premium"], policy["net"], policy["taxTotal"]) == (512.5, 500, 12.5)
    assert policy["taxDerived"] is True
    stored = await load_policy(live.runtime, TENANT, policy["_id"])
    assert stored.commission == Decimal("40.00")  # 500.00 × 8%
    assert _sum([r["price"]["tot"] for r in policy["rate"]]) == Decimal("512.50")


@pytest.mark.parametrize(
    ("body", "text"),
    [
        ({"lines": [{"ramo": "rca", "net": 500}]}, "Indica la provincia del contraente"),
        ({"lines": [{"ramo": "rca", "net": 500, "province": "ZZ"}]}, "Provincia sconosciuta"),
        ({"lines": [{"ramo": "nautica", "net": 500}]}, "Ramo sconosciuto: nautica"),
        ({"net": 500}, "Scegli il ramo dell'offerta"),
        ({"net": "500", "ramo": "furto"}, "Deve essere un numero"),
        ({"net": -1, "ramo": "furto"}, "Dati non validi"),
        ({"net": 10.001, "ramo": "furto"}, "Dati non validi"),
        (
            {
                "lines": [
                    {"ramo": "furto", "net": 9_000_000},
                    {"ramo": "incendio", "net": 9_000_000},
                ]
            },
            "supera il massimo",
        ),
        ({}, "Indica il premio netto dell'offerta"),
    ],
)
async def test_a_premium_that_cannot_be_split_is_refused_and_changes_nothing(
    live: Live, body: dict[str, Any], text: str
) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await new_quote(live.runtime, TENANT)
    with pytest.raises(CallFailed, match=text):
        await admin.invoke("quotaPreventivo", {"pId": quote_id, "company": "Allianz", **body})
    assert (await reload(live.runtime, TENANT, quote_id)).price in (None, {})


def _table(**changes: Any) -> dict[str, Any]:
    table = seeded_table()
    table["rami"] = [
        {**row, **changes} if row["ramo"] == "incendio" else row for row in table["rami"]
    ]
    return table


async def test_the_tax_table_is_edited_by_admins_and_applies_at_once(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    for who in ("agente", "responsabile"):
        other = await live.logged_in(TENANT, who)
        with pytest.raises(CallFailed, match="Solo gli amministratori"):
            await other.invoke("salvaImposte", _table(rate=1))
    table = _table(to="2019-12-31")
    table["rami"].append({"ramo": "incendio", "rate": 20, "from": "2020-01-01", "to": None,
                          "source": "Prova"})  # fmt: skip
    saved = await admin.invoke("salvaImposte", table)
    assert [r["rate"] for r in saved["imposte"]["rami"] if r["ramo"] == "incendio"] == [22.25, 20]
    settings = (await admin.invoke("tokenLogin", {}))["settings"]
    assert settings["imposte"] == saved["imposte"]
    quote_id = await new_quote(live.runtime, TENANT)
    priced = await admin.invoke(
        "quotaPreventivo", {"pId": quote_id, "company": "Allianz", "net": 100, "ramo": "incendio"}
    )
    assert priced["price"]["company"]["Allianz"]["taxTotal"] == 20  # 100.00 × 20%


@pytest.mark.parametrize(
    ("table", "text"),
    [
        (_table(rate=100.5), "Tabella imposte non valida"),
        (_table(rate=22.255), "Tabella imposte non valida"),
        (_table(rate="22"), "Deve essere un numero"),
        (_table(to="2011-01-01"), "precede l'inizio"),
        (
            {
                **seeded_table(),
                "rami": [
                    *seeded_table()["rami"],
                    {"ramo": "incendio", "rate": 1, "from": "2020-01-01"},
                ],
            },
            "Due aliquote di Incendio valgono insieme dal 01/01/2020",
        ),
        (
            {**seeded_table(), "rami": [{"ramo": "rca", "rate": 1, "from": "2020-01-01"}]},
            "L'RC auto si tassa per provincia",
        ),
        (
            {**seeded_table(), "province": [{"code": "ZZ", "rate": 1, "from": "2020-01-01"}]},
            "Provincia sconosciuta: ZZ",
        ),
        (
            {**seeded_table(), "rami": [{"ramo": "vita", "rate": 0, "from": "2020-01-01"}] * 201},
            "Tabella imposte non valida",
        ),
        ({"rami": []}, "Campo obbligatorio"),
    ],
)
async def test_a_bad_tax_table_is_refused_in_italian_and_changes_nothing(
    live: Live, table: dict[str, Any], text: str
) -> None:
    admin = await live.logged_in(TENANT, "admin")
    with pytest.raises(CallFailed, match=text):
        await admin.invoke("salvaImposte", table)
    settings = (await admin.invoke("tokenLogin", {}))["settings"]
    assert settings["imposte"] == seeded_table()
