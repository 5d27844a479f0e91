"""How premiums may be paid: the tenant's payment methods, the legal cash limits and the day.

**Methods.** A payment is recorded with a code from :data:`METHODS`; the tenant keeps the
ones it accepts in its settings (``metodiPagamento``, every one by default), and screens show
the label. A method is read case-insensitively by code or label, so 'Bonifico' and
'bonifico' are one method.

**Cash** (``contanti``) on a premium:

* life policies: never (Regolamento IVASS n. 40/2018, art. 54 c. 7);
* other non-life policies: up to 750 € a year per contract (same article), the cash
  already collected on the policy in the same policy year counted;
* motor liability and its accessory guarantees on the same vehicle: no such cap (same
  article), only the general limit;
* every payment: under the general cash limit of art. 49 c. 1 D.Lgs. 231/2007, a transfer of
  5.000 € or more being forbidden since 1/1/2023 (c. 3-bis, as amended by art. 1 c. 384
  L. 197/2022).

A policy's ramo codes (``rca``, ``cvt``, ``vita``…) are read by :func:`ramos_of`; a policy
without them is treated as a non-life policy other than motor liability (the 750 € cap).

**The day.** A collection is dated today or earlier (Europe/Rome): a later day cannot be
closed in the cash sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.errors import ClientError
from core.i18n import today_in_rome
from core.lines import stored_settings
from core.money import euro_text

METHODS: dict[str, str] = {
    "bonifico": "Bonifico",
    "carta": "Carta",
    "contanti": "Contanti",
    "assegno": "Assegno",
    "sdd": "Addebito diretto SDD",
    "pos": "POS",
}
"""Every method's code and label, in the order screens list them."""
SETTING = "metodiPagamento"
CASH = "contanti"
GENERAL_CASH_LIMIT = Decimal(5000)
"""Art. 49 c. 1 and 3-bis D.Lgs. 231/2007: cash transfers of this much or more are forbidden."""
NON_LIFE_CASH_PER_YEAR = Decimal(750)
"""Reg. IVASS 40/2018 art. 54 c. 7: cash on a non-life contract, per year."""
MOTOR_LIABILITY = "rca"
LIFE = "vita"

UNKNOWN_METHOD = "Metodo di pagamento non previsto: «{value}». Metodi accettati: {known}"
NO_METHOD = "Scegli il metodo di pagamento: {known}"
FUTURE_DAY = "Un incasso non può avere una data futura: la data più lontana è oggi, {today}"
CASH_LIFE = (
    "Il premio di una polizza vita non si incassa in contanti "
    "(Regolamento IVASS n. 40/2018, art. 54 c. 7)"
)
CASH_OVER_GENERAL = (
    "Un pagamento in contanti deve essere inferiore a 5.000,00 € "
    "(art. 49 D.Lgs. 231/2007): usa un altro metodo"
)
CASH_OVER_YEAR = (
    "In contanti si incassano al massimo 750,00 € l'anno per contratto nei rami danni "
    "diversi dalla RC auto (Regolamento IVASS n. 40/2018, art. 54 c. 7): già incassati "
    "{done} quest'anno, questa rata è di {amount}"
)


def tenant_methods(settings: Mapping[str, Any] | None) -> list[str]:
    """The codes the tenant accepts, in :data:`METHODS` order (all when it keeps no list)."""
    chosen = (settings or {}).get(SETTING)
    if not isinstance(chosen, list) or not chosen:
        return list(METHODS)
    return [code for code in METHODS if code in chosen]


def payment_methods_payload(settings: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Every method with its label and whether the tenant accepts it (screens offer those)."""
    accepted = set(tenant_methods(settings))
    return [{"code": c, "label": label, "active": c in accepted} for c, label in METHODS.items()]


def method_code(value: str | None) -> str | None:
    """The code a text names (a code or a label, any case and spacing), else ``None``."""
    text = " ".join((value or "").split()).lower()
    for code, label in METHODS.items():
        if text in (code, label.lower()):
            return code
    return None


def method_label(code: str | None) -> str:
    """The label screens show; a text stored before codes is shown as it is."""
    return METHODS.get(code or "", code or "—")


def checked_method_in(settings: Mapping[str, Any] | None, value: str | None) -> str:
    """The code of ``value`` if the tenant accepts it, else a :class:`ClientError`."""
    accepted = tenant_methods(settings)
    known = ", ".join(METHODS[code] for code in accepted)
    if not value or not value.strip():
        raise ClientError(NO_METHOD.format(known=known))
    code = method_code(value)
    if code is None or code not in accepted:
        raise ClientError(UNKNOWN_METHOD.format(value=value.strip()[:50], known=known))
    return code


async def checked_method(session: AsyncSession, value: str | None) -> str:
    """:func:`checked_method_in` with the current tenant's settings."""
    stored = await stored_settings(session)
    return checked_method_in(stored.data if stored else None, value)


def check_day(day: date) -> None:
    """Refuse a collection dated after today (Europe/Rome)."""
    today = today_in_rome()
    if day > today:
        raise ClientError(FUTURE_DAY.format(today=f"{today:%d/%m/%Y}"))


def ramos_of(policy: m.Policy) -> set[str]:
    """The policy's ramo codes: its ``ramo`` and each of its ``taxes`` lines' (a policy whose
    split was derived without a ramo has none)."""
    found: set[object] = {policy.ramo}
    taxes = policy.taxes
    if isinstance(taxes, list):
        found |= {line.get("ramo") for line in taxes if isinstance(line, Mapping)}
    return {str(code).lower() for code in found if isinstance(code, str) and code}


def cash_problem(ramos: set[str], amount: Decimal, cash_this_year: Decimal) -> str | None:
    """Why ``amount`` cannot be paid in cash on a policy of ``ramos`` that has already had
    ``cash_this_year`` in cash in its policy year; ``None`` when it can."""
    if any(code == LIFE or code.startswith(LIFE) for code in ramos):
        return CASH_LIFE
    if amount >= GENERAL_CASH_LIMIT:
        return CASH_OVER_GENERAL
    if MOTOR_LIABILITY in ramos:
        return None  # motor liability and its accessories on the same vehicle: no yearly cap
    if cash_this_year + amount > NON_LIFE_CASH_PER_YEAR:
        return CASH_OVER_YEAR.format(done=euro_text(cash_this_year), amount=euro_text(amount))
    return None


def policy_year(start: date | None, day: date) -> tuple[date, date]:
    """The policy year ``day`` falls in: from an anniversary of ``start`` to the day before
    the next one (the calendar year without a start date)."""
    if start is None:
        return date(day.year, 1, 1), date(day.year, 12, 31)
    years = day.year - start.year - ((day.month, day.day) < (start.month, start.day))
    following = _anniversary(start, start.year + years + 1)
    return _anniversary(start, start.year + years), following - timedelta(days=1)


def _anniversary(start: date, year: int) -> date:
    try:
        return start.replace(year=year)
    except ValueError:  # 29 February in a common year
        return date(year, 2, 28)


def check_cash(policy: m.Policy, target: m.Instalment | None, amount: Decimal) -> None:
    """Refuse a cash collection of ``amount`` (the instalment ``target``, or the single payment
    when ``None``) over the limits above."""
    due = target.cassa_date if target is not None else policy.start_date
    first, last = policy_year(policy.start_date, due or today_in_rome())
    done = sum(
        (r.total for r in policy.instalments
         if r is not target and r.paid and r.paid_method == CASH and r.cassa_date
         and first <= r.cassa_date <= last),
        Decimal(0),
    )  # fmt: skip
    problem = cash_problem(ramos_of(policy), amount, done)
    if problem:
        raise ClientError(problem)
