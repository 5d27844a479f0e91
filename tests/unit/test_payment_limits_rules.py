"""How a premium may be paid, case by case: the tenant's methods and their labels, the day of
a collection, the cash limits on a policy with the cash it already had in its policy year,
and the Italian messages that say why (their amounts written out by hand)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from core.db import models as m
from core.domain.policies.payment_rules import (
    cash_problem,
    check_cash,
    check_day,
    checked_method_in,
    method_code,
    method_label,
    payment_methods_payload,
    policy_year,
    ramos_of,
    tenant_methods,
)
from core.errors import ClientError
from core.i18n import today_in_rome

ALL = "Bonifico, Carta, Contanti, Assegno, Addebito diretto SDD, POS"


def test_the_screens_list_every_method_and_whether_the_tenant_takes_it() -> None:
    assert payment_methods_payload({"metodiPagamento": ["sdd", "contanti"]}) == [
        {"code": "bonifico", "label": "Bonifico", "active": False},
        {"code": "carta", "label": "Carta", "active": False},
        {"code": "contanti", "label": "Contanti", "active": True},
        {"code": "assegno", "label": "Assegno", "active": False},
        {"code": "sdd", "label": "Addebito diretto SDD", "active": True},
        {"code": "pos", "label": "POS", "active": False},
    ]
    assert all(method["active"] for method in payment_methods_payload(None))


@pytest.mark.parametrize("kept", [None, [], "contanti", {"contanti": True}])
def test_a_tenant_without_a_list_takes_every_method(kept: object) -> None:
    assert tenant_methods({"metodiPagamento": kept}) == [
        "bonifico", "carta", "contanti", "assegno", "sdd", "pos"
    ]  # fmt: skip


def test_labels_of_codes_and_of_texts_stored_before_codes() -> None:
    assert method_label("sdd") == "Addebito diretto SDD"
    assert method_label("vaglia postale") == "vaglia postale"
    assert method_label(None) == "—"
    assert method_label("") == "—"
    assert method_code(None) is None
    assert method_code("  Addebito\tdiretto   sdd ") == "sdd"


def test_a_method_the_tenant_dropped_is_refused_with_the_ones_it_takes() -> None:
    settings = {"metodiPagamento": ["carta", "bonifico"]}
    with pytest.raises(ClientError) as refused:
        checked_method_in(settings, "  Contanti ")
    assert refused.value.message == (
        "Metodo di pagamento non previsto: «Contanti». Metodi accettati: Bonifico, Carta"
    )
    with pytest.raises(ClientError) as unknown:
        checked_method_in(None, "x" * 80)
    assert unknown.value.message == (
        f"Metodo di pagamento non previsto: «{'x' * 50}». Metodi accettati: {ALL}"
    )
    with pytest.raises(ClientError) as missing:
        checked_method_in(settings, None)
    assert missing.value.message == "Scegli il metodo di pagamento: Bonifico, Carta"
    assert checked_method_in(settings, "CARTA") == "carta"


def test_a_collection_may_be_dated_today_but_not_tomorrow() -> None:
    today = today_in_rome()
    check_day(today)
    check_day(today - timedelta(days=400))
    with pytest.raises(ClientError) as later:
        check_day(today + timedelta(days=1))
    assert later.value.message == (
        "Un incasso non può avere una data futura: la data più lontana è oggi, "
        f"{today.day:02d}/{today.month:02d}/{today.year}"
    )


@pytest.mark.parametrize(
    ("ramos", "amount", "before", "problem"),
    [({"vita"}, "0.01", "0", "life"),
     ({"vita-mista"}, "0.01", "0", "life"),  # a life ramo by its prefix
     ({"rca"}, "4999.99", "0", None),
     ({"rca"}, "5000.00", "0", "general"),
     ({"cvt"}, "5000.00", "0", "general"),  # the general limit comes first
     ({"rca"}, "4999.99", "9000.00", None),  # no yearly cap on motor liability
     ({"cvt"}, "750.00", "0", None),
     ({"cvt"}, "0.01", "750.00", "year"),
     ({"infortuni"}, "749.99", "0.01", None)],
)  # fmt: skip
def test_the_cash_limit_that_applies(
    ramos: set[str], amount: str, before: str, problem: str | None
) -> None:
    found = cash_problem(ramos, Decimal(amount), Decimal(before))
    expected = {
        None: None,
        "life": "Il premio di una polizza vita non si incassa in contanti "
        "(Regolamento IVASS n. 40/2018, art. 54 c. 7)",
        "general": "Un pagamento in contanti deve essere inferiore a 5.000,00 € "
        "(art. 49 D.Lgs. 231/2007): usa un altro metodo",
        "year": "In contanti si incassano al massimo 750,00 € l'anno per contratto nei rami "
        "danni diversi dalla RC auto (Regolamento IVASS n. 40/2018, art. 54 c. 7): già "
        f"incassati {'750,00' if before == '750.00' else '0,01'} € quest'anno, questa rata "
        f"è di {'0,01' if amount == '0.01' else amount.replace('.', ',')} €",
    }[problem]
    assert found == expected


def test_a_ramo_is_read_from_the_policy_and_its_tax_lines_whatever_the_case() -> None:
    policy = m.Policy(ramo="Incendio", taxes=[{"ramo": "VITA"}, {"ramo": None}, {"ramo": 3},
                                              {"ramo": ""}])  # fmt: skip
    assert ramos_of(policy) == {"incendio", "vita"}
    assert ramos_of(m.Policy(ramo="rca", taxes={"ramo": "vita"})) == {"rca"}


@pytest.mark.parametrize(
    ("start", "day", "year"),
    [(date(2025, 3, 15), date(2025, 3, 15), (date(2025, 3, 15), date(2026, 3, 14))),
     (date(2025, 3, 15), date(2027, 3, 16), (date(2027, 3, 15), date(2028, 3, 14))),
     (date(2025, 3, 15), date(2027, 2, 15), (date(2026, 3, 15), date(2027, 3, 14))),
     (date(2025, 3, 15), date(2027, 3, 14), (date(2026, 3, 15), date(2027, 3, 14))),
     (date(2024, 2, 29), date(2028, 2, 29), (date(2028, 2, 29), date(2029, 2, 27))),
     (date(2024, 2, 29), date(2027, 6, 1), (date(2027, 2, 28), date(2028, 2, 28))),
     (None, date(2026, 1, 1), (date(2026, 1, 1), date(2026, 12, 31)))],
)  # fmt: skip
def test_the_policy_year_a_day_falls_in(
    start: date | None, day: date, year: tuple[date, date]
) -> None:
    assert policy_year(start, day) == year


def _rata(n: int, cassa: date, total: str, *, paid: bool, method: str | None) -> m.Instalment:
    return m.Instalment(number=n, cassa_date=cassa, total=Decimal(total), paid=paid,
                        paid_method=method, paid_at=datetime(2026, 1, 1, tzinfo=UTC))  # fmt: skip


def _policy(*instalments: m.Instalment, ramo: str = "cvt") -> m.Policy:
    return m.Policy(start_date=date(2026, 1, 1), ramo=ramo, taxes=[],
                    instalments=list(instalments))  # fmt: skip


def test_the_cash_of_the_same_policy_year_counts() -> None:
    # cash 400,00 already this year; 300,00 by card and 500,00 last year do not count
    policy = _policy(
        _rata(1, date(2026, 1, 1), "400.00", paid=True, method="contanti"),
        _rata(2, date(2026, 4, 1), "300.00", paid=True, method="carta"),
        _rata(3, date(2025, 12, 31), "500.00", paid=True, method="contanti"),
        _rata(4, date(2026, 7, 1), "350.00", paid=False, method=None),
        _rata(5, date(2026, 10, 1), "351.00", paid=False, method=None),
        _rata(6, date(2027, 1, 1), "751.00", paid=False, method=None),
    )
    fourth, fifth, sixth = policy.instalments[3:]
    check_cash(policy, fourth, Decimal("350.00"))  # 400 + 350 = 750
    over = r"già incassati 400,00 € quest'anno, questa rata è di 351,00 €"
    with pytest.raises(ClientError, match=over):
        check_cash(policy, fifth, Decimal("351.00"))
    next_year = r"già incassati 0,00 € quest'anno, questa rata è di 751,00 €"
    with pytest.raises(ClientError, match=next_year):
        check_cash(policy, sixth, Decimal("751.00"))  # the next policy year: nothing yet


def test_an_instalment_paid_in_cash_again_is_not_counted_twice() -> None:
    policy = _policy(_rata(1, date(2026, 2, 1), "700.00", paid=True, method="contanti"))
    check_cash(policy, policy.instalments[0], Decimal("700.00"))


def test_an_undated_instalment_counts_nothing() -> None:
    policy = _policy(
        m.Instalment(number=1, cassa_date=None, total=Decimal("700.00"), paid=True,
                     paid_method="contanti"),
        _rata(2, date(2026, 6, 1), "100.00", paid=False, method=None),
    )  # fmt: skip
    check_cash(policy, policy.instalments[1], Decimal("100.00"))


def test_a_single_payment_is_checked_in_its_first_policy_year() -> None:
    with pytest.raises(ClientError, match=r"^Il premio di una polizza vita"):
        check_cash(_policy(ramo="vita"), None, Decimal("10.00"))
    with pytest.raises(ClientError, match=r"questa rata è di 750,01 €"):
        check_cash(_policy(), None, Decimal("750.01"))
    check_cash(_policy(), None, Decimal("750.00"))
    undated = m.Policy(start_date=None, ramo="rca", taxes=[], instalments=[])
    check_cash(undated, None, Decimal("4999.99"))


def test_the_policy_year_is_the_policys_not_the_calendars() -> None:
    # from 01/07/2025: 400,00 in cash on 01/12/2025 is in the same policy year as 01/03/2026
    policy = m.Policy(start_date=date(2025, 7, 1), ramo="cvt", taxes=[], instalments=[
        _rata(1, date(2025, 12, 1), "400.00", paid=True, method="contanti"),
        _rata(2, date(2026, 3, 1), "400.00", paid=False, method=None),
    ])  # fmt: skip
    with pytest.raises(ClientError, match=r"già incassati 400,00 € quest'anno"):
        check_cash(policy, policy.instalments[1], Decimal("400.00"))


def test_cash_on_the_last_day_of_the_policy_year_counts() -> None:
    policy = _policy(
        _rata(1, date(2026, 12, 31), "400.00", paid=True, method="contanti"),
        _rata(2, date(2026, 6, 1), "400.00", paid=False, method=None),
    )
    with pytest.raises(ClientError, match=r"già incassati 400,00 € quest'anno"):
        check_cash(policy, policy.instalments[1], Decimal("400.00"))
