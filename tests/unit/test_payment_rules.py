"""Payment rules as data: the tenant's methods, the cash limits on premiums with their legal
source (Reg. IVASS 40/2018 art. 54 c. 7; art. 49 D.Lgs. 231/2007), the policy year, and the
IBAN and tax profile checks."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from core.db import models as m
from core.domain.commissions.iban import is_iban
from core.domain.commissions.tax_profile import TaxProfileBody
from core.domain.policies.payment_rules import (
    CASH_LIFE,
    CASH_OVER_GENERAL,
    cash_problem,
    checked_method_in,
    method_code,
    policy_year,
    ramos_of,
    tenant_methods,
)
from core.errors import ClientError


@pytest.mark.parametrize(
    ("ramos", "amount", "before", "allowed"),
    [
        # motor liability and its accessories on the same vehicle: only the general limit
        ({"rca"}, "4999.99", "0", True),
        ({"rca", "cvt"}, "1200.00", "3000.00", True),
        ({"rca"}, "5000.00", "0", False),  # 5.000 € or more is forbidden (art. 49)
        # fire and theft alone: 750 € a year per contract
        ({"cvt"}, "750.00", "0", True),
        ({"cvt"}, "450.00", "300.00", True),  # 300 + 450 = 750
        ({"cvt"}, "450.01", "300.00", False),  # 300 + 450,01 = 750,01
        (set(), "800.00", "0", False),  # no ramo known: a non-life policy, the cap applies
        ({"vita"}, "10.00", "0", False),  # life: never in cash
        ({"rca", "vita"}, "10.00", "0", False),
    ],
)  # fmt: skip
def test_cash_limits(ramos: set[str], amount: str, before: str, allowed: bool) -> None:
    problem = cash_problem(ramos, Decimal(amount), Decimal(before))
    assert (problem is None) == allowed


def test_cash_messages_name_their_source() -> None:
    assert "art. 54 c. 7" in (cash_problem({"vita"}, Decimal(1), Decimal(0)) or "")
    assert cash_problem({"vita"}, Decimal(1), Decimal(0)) == CASH_LIFE
    assert cash_problem({"rca"}, Decimal(6000), Decimal(0)) == CASH_OVER_GENERAL
    assert "231/2007" in CASH_OVER_GENERAL


def test_ramos_are_the_policys_and_its_tax_lines() -> None:
    assert ramos_of(m.Policy(ramo=None, taxes=[])) == set()
    assert ramos_of(m.Policy(ramo="RCA", taxes=None)) == {"rca"}
    taxes = [{"ramo": "rca"}, {"ramo": "cvt"}, "x", {"other": 1}]
    assert ramos_of(m.Policy(ramo=None, taxes=taxes)) == {"rca", "cvt"}


def test_the_policy_year_runs_from_an_anniversary() -> None:
    start = date(2025, 3, 15)
    assert policy_year(start, date(2026, 3, 14)) == (date(2025, 3, 15), date(2026, 3, 14))
    assert policy_year(start, date(2026, 3, 15)) == (date(2026, 3, 15), date(2027, 3, 14))
    assert policy_year(date(2024, 2, 29), date(2025, 3, 1)) == (
        date(2025, 2, 28),
        date(2026, 2, 27),
    )
    assert policy_year(None, date(2026, 7, 1)) == (date(2026, 1, 1), date(2026, 12, 31))


def test_methods_are_codes_read_by_code_or_label() -> None:
    assert method_code("Bonifico") == method_code(" bonifico ") == "bonifico"
    assert method_code("addebito  diretto SDD") == "sdd"
    assert method_code("baratto") is None
    assert tenant_methods(None) == ["bonifico", "carta", "contanti", "assegno", "sdd", "pos"]
    assert tenant_methods({"metodiPagamento": ["pos", "bonifico"]}) == ["bonifico", "pos"]
    assert checked_method_in({"metodiPagamento": ["pos"]}, "POS") == "pos"
    with pytest.raises(ClientError, match="Metodi accettati: POS"):
        checked_method_in({"metodiPagamento": ["pos"]}, "contanti")
    with pytest.raises(ClientError, match="Scegli il metodo di pagamento"):
        checked_method_in(None, "  ")


@pytest.mark.parametrize(
    ("iban", "valid"),
    [
        ("IT60X0542811101000000123456", True),
        ("it60 x054 2811 1010 0000 0123 456", True),
        ("IT60X0542811101000000123457", False),  # a wrong check
        ("IT60X054281110100000012345", False),  # 26 characters: an Italian IBAN has 27
        ("DE89370400440532013000", True),
        ("GB82WEST12345698765432", True),
        ("XX00", False),
        ("IT6OX0542811101000000123456", False),  # a letter O for a zero
    ],
)  # fmt: skip
def test_iban(iban: str, valid: bool) -> None:
    assert is_iban(iban) is valid


def test_a_profile_normalises_its_codes() -> None:
    body = TaxProfileBody.model_validate({
        "base": "nessuna", "rate": 23, "vatNumber": "IT 123 456 789 03",
        "taxCode": "rssmra80a01h501u", "iban": "it60 x054 2811 1010 0000 0123 456",
    })  # fmt: skip
    assert (body.vatNumber, body.taxCode, body.iban) == (
        "12345678903", "RSSMRA80A01H501U", "IT60X0542811101000000123456",
    )  # fmt: skip


def test_the_pdf_and_messages_group_thousands() -> None:
    from core.money import euro_text

    euro = euro_text

    # 1050 → '1.050,00 €' (a point between thousands, a decimal comma)
    assert euro(Decimal("1050")) == "1.050,00 €"
    assert euro(Decimal("-1234567.5")) == "-1.234.567,50 €"
    assert euro_text(Decimal("750")) == "750,00 €"
