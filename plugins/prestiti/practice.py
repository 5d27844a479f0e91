"""A loan practice: what a new loan quote takes (``createQuote``), the lender's offer an admin
or responsabile enters (``prestiti.quotazione``) with its instalment, TAEG and the checks of
law, the consultancy an emission request carries, and what the practice earns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import (
    CallContext,
    ClientError,
    NumberOnly,
    Principal,
    as_number,
    cents,
    decimal_or_none,
    line_quote,
    logged_in,
    parse,
    provv_rate,
    require,
    rome_day,
    utcnow,
)
from core.api import models as m
from core.api import permissions as perm
from plugins.prestiti.money.amortisation import Schedule, schedule
from plugins.prestiti.money.cessione import check_cessione, check_duration, check_fifth
from plugins.prestiti.money.consultancy import consultancy_bounds, first_instalment
from plugins.prestiti.money.italian import euro_text, percent_text, rate_text
from plugins.prestiti.money.kinds import LoanKind
from plugins.prestiti.money.taeg import Costs, taeg_of
from plugins.prestiti.money.usury import category_of, check_usury
from plugins.prestiti.secci import store_secci
from plugins.prestiti.tegm import PRODUCT_ID, covering_row

BASE_KEYS = frozenset({"pId", "aId", "usrData"})
INVALID_LOAN = "Dati del finanziamento non validi"
INVALID_OFFER = "Offerta del finanziamento non valida"
NET_PAY_NEEDED = "{kind}: indica il netto mensile, la rata non può superarne un quinto"
NOT_QUOTED = "Il preventivo non è ancora quotato: manca la rata"
NO_BOUNDS = "Limiti di consulenza non configurati per l'istituto {company}"
OUT_OF_RANGE = "Consulenza fuori dai limiti dell'istituto ({low} – {high})"
USURY_WITH_FEE = (
    "Con la consulenza di {fee} il TAEG sale a {taeg}, pari o superiore alla soglia d'usura "
    "{threshold}: scegli una consulenza più bassa"
)
EMISSION_REQUESTED = "Emissione già richiesta: la quotazione non è più modificabile"
YEARS_FOR = frozenset({LoanKind.MUTUO})
"""Kinds whose Durata is entered in years (SPEC §2: 'Durata in months (none for mutuo)')."""

Euro = Annotated[Decimal, NumberOnly, Field(ge=0, le=10_000_000, max_digits=10, decimal_places=2)]
Positive = Annotated[
    Decimal, NumberOnly, Field(gt=0, le=10_000_000, max_digits=10, decimal_places=2)
]
Tan = Annotated[Decimal, NumberOnly, Field(ge=0, le=50, max_digits=6, decimal_places=3)]
Name = Annotated[str, Field(min_length=1, max_length=120)]


class NewLoan(BaseModel):
    """The extras of ``createQuote`` for a loan product."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    type: LoanKind
    Importo_richiesto: Positive
    Durata: int = Field(strict=True, ge=1, le=480)
    """Months; years for a mortgage."""
    Netto_mensile: Positive | None = None
    """The net monthly salary or pension: required for a loan repaid from pay."""
    Istituto: Name | None = None
    Importo_rata: Positive | None = None
    """The instalment the customer asks for (kept as ``Rata_richiesta``): for a loan repaid
    from pay, checked against the fifth as soon as it is entered; the lender's offer sets
    ``Importo_rata``."""

    @model_validator(mode="after")
    def _pay_given(self) -> NewLoan:
        if self.type.on_pay and self.Netto_mensile is None:
            raise ValueError(NET_PAY_NEEDED.format(kind=self.type.label))
        return self


class Offer(BaseModel):
    """The lender's offer for a practice."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    Istituto: Name
    TAN: Tan
    Importo_finanziato: Positive
    Istruttoria: Euro = Decimal(0)
    Perizia: Euro = Decimal(0)
    Polizza: Euro = Decimal(0)
    """The premium of the policy the credit requires (life and employment for a cessione)."""
    Spese_incasso: Euro = Decimal(0)
    """Charged with each instalment."""


class Quotation(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    offer: Offer


def months_of(kind: LoanKind, durata: int) -> int:
    return durata * 12 if kind in YEARS_FOR else durata


async def prepare_loan(
    _session: AsyncSession, product: m.Product, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """A new loan practice: its kind, the amount asked, the duration and the net pay; the
    lender's figures come with the quotation ('In attesa di quotazione')."""
    extras = {key: value for key, value in payload.items() if key not in BASE_KEYS}
    body = parse(NewLoan, extras, INVALID_LOAN)
    months = months_of(body.type, body.Durata)
    if body.type.on_pay:
        check_duration(months, body.type)
        if body.Importo_rata is not None:
            check_fifth(body.Importo_rata, body.Netto_mensile or Decimal(0), body.type)
    return {
        "prodotto": {
            "type": body.type.value, "Prodotto": body.type.label,
            "Istituto": body.Istituto or "", "Importo_richiesto": as_number(body.Importo_richiesto),
            "Durata": body.Durata,
            **({"Netto_mensile": as_number(body.Netto_mensile)} if body.Netto_mensile else {}),
            **({"Rata_richiesta": as_number(body.Importo_rata)} if body.Importo_rata else {}),
        }
    }  # fmt: skip


def _costs(fields: Mapping[str, Any], broker: Decimal) -> Costs:
    """The costs of credit the TAEG counts, from a practice's stored figures."""

    def euro(key: str) -> Decimal:
        return decimal_or_none(fields.get(key)) or Decimal(0)

    polizza = euro("Polizza")
    return Costs(
        upfront=euro("Istruttoria") + euro("Perizia"), insurance=polizza,
        insurance_required=polizza > 0, monthly=euro("Spese_incasso"), broker=broker,
    )  # fmt: skip


def plan_of(fields: Mapping[str, Any]) -> Schedule:
    """The French plan of a quoted practice, from its stored offer."""
    financed = decimal_or_none(fields.get("Importo_finanziato")) or Decimal(0)
    tan = decimal_or_none(fields.get("TAN")) or Decimal(0)
    return schedule(financed, tan, int(fields.get("Mesi") or 0))


def taeg_within_threshold(fields: Mapping[str, Any], broker: Decimal) -> Decimal:
    """The practice's TAEG with the consultancy ``broker`` among its costs (a fee to the
    intermediary is a cost of credit, Dir. 2008/48/EC art. 3 g), refused at the usury
    threshold stored with the offer."""
    found = taeg_of(plan_of(fields), _costs(fields, broker))
    threshold = Decimal(str(fields["Soglia_usura"]))
    if found.rate >= threshold:
        raise ClientError(USURY_WITH_FEE.format(
            taeg=percent_text(found.rate), fee=euro_text(broker), threshold=rate_text(threshold)
        ))  # fmt: skip
    return found.rate


async def priced(
    session: AsyncSession, product: m.Product | None, prodotto: Mapping[str, Any], offer: Offer
) -> dict[str, Any]:
    """The practice's fields of SPEC §3 the offer comes to: its instalment, TAEG and totals,
    checked against the law: the fifth of pay and the 120 months of a cessione, the usury
    threshold of the loan's category for the day.
    The TAEG counts the consultancy at the institute's midpoint, as emission would ask."""
    kind = LoanKind(str(prodotto.get("type")))
    months = months_of(kind, int(prodotto.get("Durata") or 0))
    plan = schedule(offer.Importo_finanziato, offer.TAN, months)
    rata = plan.rows[0].instalment
    fields: dict[str, Any] = {
        "Istituto": offer.Istituto, "TAN": str(offer.TAN), "Mesi": months,
        "Importo_finanziato": as_number(offer.Importo_finanziato),
        "Importo_erogato": as_number(offer.Importo_finanziato),
        "Importo_rata": as_number(rata), "importo": as_number(rata),
        "Istruttoria": as_number(offer.Istruttoria), "Perizia": as_number(offer.Perizia),
        "Polizza": as_number(offer.Polizza), "Spese_incasso": as_number(offer.Spese_incasso),
        "Importo_totale_del_credito": as_number(offer.Importo_finanziato),
    }  # fmt: skip
    if kind.on_pay:
        net_pay = decimal_or_none(prodotto.get("Netto_mensile")) or Decimal(0)
        check_cessione(rata, net_pay, months, kind)
    bounds = consultancy_bounds(product.companies if product else {}, offer.Istituto, rata)
    broker = bounds.midpoint if bounds else Decimal(0)
    costs = _costs(fields, broker)
    found = taeg_of(plan, costs)
    row = await covering_row(
        session, category_of(kind), offer.Importo_finanziato, rome_day(utcnow())
    )
    check_usury(found.rate, row)
    net = offer.Importo_finanziato - costs.upfront - offer.Polizza
    if net <= 0:
        raise ClientError(f"{INVALID_OFFER}: i costi iniziali superano l'importo finanziato")
    due = plan.total_paid + costs.at_start() + offer.Spese_incasso * months + broker
    return {
        **fields, "TAEG": str(found.rate), "Consulenza_TAEG": str(broker),
        "Soglia_usura": str(row.threshold), "Netto_erogato": as_number(net),
        "Importo_totale_dovuto": as_number(due),
    }  # fmt: skip


async def visible_loan(
    session: AsyncSession, principal: Principal, quote_id: str, *, lock: bool = False
) -> m.Quote:
    """A loan practice of the principal's agent tree, or :class:`NotFound`."""
    return await line_quote(session, principal, PRODUCT_ID, quote_id, lock=lock)


async def quotation_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``prestiti.quotazione {pId, offer}`` (admin, responsabile) → ``{prodotto}``."""
    principal = logged_in(ctx)
    require(perm.can_edit, principal)
    body = parse(Quotation, data, INVALID_OFFER)
    quote = await visible_loan(ctx.session, principal, body.pId, lock=True)
    if quote.emission_requested_at is not None:
        raise ClientError(EMISSION_REQUESTED)
    product = await ctx.session.get(m.Product, quote.product_id) if quote.product_id else None
    figures = await priced(ctx.session, product, quote.prodotto or {}, body.offer)
    quote.prodotto = {**(quote.prodotto or {}), **figures}
    await store_secci(ctx.host, ctx.session, quote, by=principal.id)
    await ctx.session.flush()
    return {"prodotto": quote.prodotto}


def check_emission(
    quote: m.Quote, product: m.Product | None, payload: Mapping[str, Any], undo: bool
) -> None:
    """A loan emission needs the lender's instalment and a consultancy in euro within the
    institute's qMin..qMax percent of it (the midpoint when none is given), kept as
    ``quote.qFattura``."""
    if undo:
        return
    prodotto = quote.prodotto or {}
    rata = decimal_or_none(prodotto.get("Importo_rata"))
    if not rata or "Soglia_usura" not in prodotto:  # the lender's offer is not in yet
        raise ClientError(NOT_QUOTED)
    company = prodotto.get("Istituto")
    bounds = consultancy_bounds(product.companies if product else {}, company, rata)
    if bounds is None:
        raise ClientError(NO_BOUNDS.format(company=company or "—"))
    chosen = payload.get("quote")
    q_fattura = bounds.midpoint if chosen is None else decimal_or_none(chosen)
    if q_fattura is None or q_fattura != cents(q_fattura) or not bounds.admits(q_fattura):
        raise ClientError(OUT_OF_RANGE.format(low=f"{bounds.low} €", high=f"{bounds.high} €"))
    taeg = taeg_within_threshold(prodotto, q_fattura)
    quote.prodotto = {**prodotto, "TAEG": str(taeg), "Consulenza_TAEG": str(q_fattura)}
    quote.quote = {**(quote.quote or {}), "qFattura": as_number(q_fattura)}


@dataclass(frozen=True, slots=True)
class Earnings:
    """What a practice earns: its istruttoria and consultancy, the collaborator's share of
    each (``provvIstruttoria``, ``provvConsulenza`` % of the agent's rates), the platform's rest."""

    istruttoria: Decimal
    consulenza: Decimal
    agent_istruttoria: Decimal
    agent_consulenza: Decimal
    first_instalment: Decimal

    @property
    def total(self) -> Decimal:
        """'Tuo guadagno totale'."""
        return self.agent_istruttoria + self.agent_consulenza

    @property
    def commission(self) -> Decimal:
        return self.istruttoria + self.consulenza

    @property
    def platform(self) -> Decimal:
        return self.commission - self.total


def earnings(
    prodotto: Mapping[str, Any], q_fattura: Decimal, provv: Mapping[str, Any], product_id: str
) -> Earnings | None:
    rata = decimal_or_none(prodotto.get("Importo_rata"))
    if rata is None:
        return None
    istruttoria = decimal_or_none(prodotto.get("Istruttoria")) or Decimal(0)
    keys = (product_id, PRODUCT_ID)
    share_i = provv_rate(provv, "provvIstruttoria", keys)
    share_c = provv_rate(provv, "provvConsulenza", keys)
    return Earnings(
        istruttoria=istruttoria, consulenza=q_fattura,
        agent_istruttoria=cents(istruttoria * share_i / 100),
        agent_consulenza=cents(q_fattura * share_c / 100),
        first_instalment=first_instalment(rata, q_fattura),
    )  # fmt: skip


async def practice_earnings(session: AsyncSession, quote: m.Quote) -> Earnings | None:
    """What the practice earns at its consultancy (asked, else the institute's midpoint)."""
    prodotto = quote.prodotto or {}
    rata = decimal_or_none(prodotto.get("Importo_rata"))
    product = await session.get(m.Product, quote.product_id) if quote.product_id else None
    agent = await session.get(m.User, quote.agent_id) if quote.agent_id else None
    if rata is None or agent is None:
        return None
    asked = decimal_or_none((quote.quote or {}).get("qFattura"))
    bounds = consultancy_bounds(
        product.companies if product else {}, prodotto.get("Istituto"), rata
    )
    q_fattura = asked if asked is not None else (bounds.midpoint if bounds else None)
    if q_fattura is None:
        return None
    return earnings(prodotto, q_fattura, agent.provv or {}, quote.product_id or PRODUCT_ID)
