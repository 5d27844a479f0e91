"""The customer's policy pages, without login: purchase and extension (SPEC §2).

``createLinkPolizza {policyId}`` → ``{link, extensionLink}``: ``/acquisto-polizza/{id}?c=…``
and ``/extension-policy?p={id}&c=…``, one code for both — a JWT of purpose ``polizza`` naming
the policy and the tenant, valid 30 days, refused like the quote links ('Link non valido',
'Il link è scaduto').

* The purchase page shows what the customer buys and the amount due now (the unpaid
  instalments already due, else the next one; UNICO: the premium), and takes one of the
  tenant's payment methods (``pagamenti``: bank transfer with IBAN and reason, or payment at
  the agency — no card processor). The declaration lands on the policy (``purchase``), live
  for the agent and admins.
* The extension page turns the customer's request (another driver or vehicle, a longer
  period, a higher limit) into a quote linked to the policy (``quote.extensionOf``) in the
  status that alerts admins; at most :data:`MAX_EXTENSIONS` a policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

from litestar import Request, get, post
from litestar.params import FromPath, JSONBody
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import utcnow
from core.domain.clients.derive import record_customer
from core.domain.policies.schedule import FREQUENCY_NAMES
from core.domain.quotes import statuses
from core.domain.quotes.links import limit_public, linked_record, mint_code, open_code
from core.domain.quotes.queries import in_agent_tree
from core.domain.settings.payload import tenant_data
from core.errors import ClientError, NotFound
from core.extensions import CallContext, Host
from core.http.deps import RuntimeDep, SessionDep, TenantDep
from core.http.origin import default_origin
from core.i18n import today_in_rome
from core.messages import POLICY_NOT_FOUND
from core.money import ZERO, as_number
from core.realtime.guard import logged_in
from core.validation import parse

PURPOSE = "polizza"
MAX_EXTENSIONS = 5
METHOD_NOT_OFFERED = "Metodo di pagamento non disponibile"
TOO_MANY_EXTENSIONS = "Hai già inviato il numero massimo di richieste per questa polizza"
EXTENSION_KINDS = {
    "conducente": "Aggiunta di un conducente",
    "veicolo": "Cambio o aggiunta di un veicolo",
    "periodo": "Estensione del periodo di copertura",
    "massimale": "Aumento del massimale",
    "altro": "Altra richiesta",
}


class LinkBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    policyId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)


class PurchaseBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    method: Literal["bonifico", "agenzia"]


class ExtensionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["conducente", "veicolo", "periodo", "massimale", "altro"]
    note: str = Field(min_length=1, max_length=2000)


async def create_link_polizza(ctx: CallContext, data: Any) -> dict[str, str]:
    """``{policyId}`` → the purchase and extension links of a policy the caller may see."""
    principal = logged_in(ctx)
    body = parse(LinkBody, data)
    stmt = select(m.Policy.id).where(
        m.Policy.id == body.policyId, in_agent_tree(principal, m.Policy)
    )
    if (await ctx.session.execute(stmt)).first() is None:
        raise NotFound(POLICY_NOT_FOUND)
    code = mint_code(ctx.host.settings, ctx.tenant, body.policyId, principal.id, PURPOSE)
    origin = ctx.origin or default_origin(ctx.tenant, ctx.host.settings)
    return {
        "link": f"{origin}/acquisto-polizza/{body.policyId}?c={code}",
        "extensionLink": f"{origin}/extension-policy?p={body.policyId}&c={code}",
    }


@dataclass(frozen=True, slots=True)
class Totals:
    """What a customer has paid, still owes, and owes now, in euros."""

    paid: Decimal
    unpaid: Decimal
    due: Decimal


@dataclass(frozen=True, slots=True)
class Row:
    total: Decimal
    cassa: date | None
    paid: bool
    suspended: bool


def totals(rows: list[Row], premium: Decimal, policy_paid: bool, today: date) -> Totals:
    """Paid, unpaid and due now: the unpaid, unsuspended instalments already due, else the
    next unpaid one; without instalments (UNICO) the premium until it is paid."""
    if not rows:
        return Totals(premium, ZERO, ZERO) if policy_paid else Totals(ZERO, premium, premium)
    unpaid = [r for r in rows if not r.paid]
    open_ = [r for r in unpaid if not r.suspended]
    overdue = sum((r.total for r in open_ if r.cassa is not None and r.cassa <= today), ZERO)
    return Totals(
        sum((r.total for r in rows if r.paid), ZERO),
        sum((r.total for r in unpaid), ZERO),
        overdue or (open_[0].total if open_ else ZERO),
    )


def due_now(policy: m.Policy, today: date) -> Decimal:
    """What the customer pays now (see :func:`totals`)."""
    rows = [
        Row(r.total, r.cassa_date, r.paid, bool((r.info or {}).get("SOSP")))
        for r in policy.instalments
    ]
    return totals(rows, policy.premium, policy.paid, today).due


def payment_methods(settings: Mapping[str, Any], policy: m.Policy, customer: str) -> list[Any]:
    """The tenant's payment methods: a transfer when an IBAN is set, the agency when on."""
    terms = settings.get("pagamenti")
    terms = terms if isinstance(terms, Mapping) else {}
    methods: list[dict[str, Any]] = []
    transfer = terms.get("bonifico")
    if isinstance(transfer, Mapping) and str(transfer.get("iban") or "").strip():
        methods.append({
            "id": "bonifico", "iban": str(transfer["iban"]).strip(),
            "intestatario": str(transfer.get("intestatario") or ""),
            "causale": f"Polizza {policy.number or policy.id} - {customer}".strip(" -"),
        })  # fmt: skip
    if terms.get("agenzia", True):
        methods.append({"id": "agenzia"})
    return methods


async def _check_link(
    request: Request[Any, Any, Any],
    runtime: RuntimeDep,
    tenant: TenantDep,
    policy_id: str,
    code: str,
) -> datetime:
    """Count the request against the per-address limit, then open the code (its expiry)."""
    await limit_public(request, runtime, tenant)
    return open_code(runtime.settings, tenant, policy_id, code, PURPOSE)


async def _policy(
    session: AsyncSession, runtime: Host, tenant_id: str, policy_id: str, *, lock: bool = False
) -> m.Policy:
    """The link's policy; with ``lock`` held until the request ends (it is about to change)."""
    return await linked_record(
        session, runtime, tenant_id, m.Policy, policy_id, POLICY_NOT_FOUND, lock=lock
    )


def public_policy(policy: m.Policy, today: date) -> dict[str, Any]:
    """What the customer sees: no agent, no commissions."""
    customer = record_customer(policy)
    return {
        "_id": policy.id,
        "number": policy.number,
        "company": policy.company,
        "customer": customer.name if customer else "",
        "startDate": policy.start_date.isoformat() if policy.start_date else None,
        "endDate": policy.end_date.isoformat() if policy.end_date else None,
        "frequency": FREQUENCY_NAMES.get(policy.frequency, policy.frequency),
        "premium": as_number(policy.premium),
        "dueNow": as_number(due_now(policy, today)),
        "paid": policy.paid,
        "rate": [
            {
                "n": r.number,
                "cassa": r.cassa_date.isoformat() if r.cassa_date else None,
                "tot": as_number(r.total),
                "paid": r.paid,
                "sospesa": bool((r.info or {}).get("SOSP")),
            }
            for r in policy.instalments
        ],
        "purchase": policy.purchase or {},
    }


@get(
    "/api/public/policies/{policy_id:str}/{code:str}",
    summary="A policy as its customer sees it (link code, no login)",
    tags=["public"],
)
async def public_policy_page(
    request: Request[Any, Any, Any],
    policy_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    expires = await _check_link(request, runtime, tenant, policy_id, code)
    policy = await _policy(db_session, runtime, tenant.id, policy_id)
    page = public_policy(policy, today_in_rome())
    settings = await tenant_data(db_session, runtime)
    return {
        "policy": page,
        "methods": payment_methods(settings, policy, page["customer"]),
        "extensionKinds": EXTENSION_KINDS,
        "expiresAt": expires.isoformat(),
    }


@post(
    "/api/public/policies/{policy_id:str}/{code:str}/purchase",
    summary="The customer declares how they pay (link code, no login)",
    tags=["public"],
    status_code=200,
)
async def public_purchase(
    request: Request[Any, Any, Any],
    policy_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
    data: JSONBody[dict[str, Any]],
) -> dict[str, Any]:
    await _check_link(request, runtime, tenant, policy_id, code)
    body = parse(PurchaseBody, data)
    policy = await _policy(db_session, runtime, tenant.id, policy_id, lock=True)
    page = public_policy(policy, today_in_rome())
    offered = payment_methods(await tenant_data(db_session, runtime), policy, page["customer"])
    if body.method not in {method["id"] for method in offered}:
        raise ClientError(METHOD_NOT_OFFERED)
    policy.purchase = {"method": body.method, "at": utcnow().isoformat(),
                       "amount": page["dueNow"]}  # fmt: skip
    await db_session.flush()
    return {"purchase": policy.purchase}


@post(
    "/api/public/policies/{policy_id:str}/{code:str}/extension",
    summary="The customer asks to extend the policy (link code, no login)",
    tags=["public"],
    status_code=200,
)
async def public_extension(
    request: Request[Any, Any, Any],
    policy_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
    data: JSONBody[dict[str, Any]],
) -> dict[str, Any]:
    """The request becomes a quote linked to the policy, alerting admins."""
    await _check_link(request, runtime, tenant, policy_id, code)
    body = parse(ExtensionBody, data)
    # locked: two requests at once must not both read four requests and each add a fifth
    policy = await _policy(db_session, runtime, tenant.id, policy_id, lock=True)
    asked = list((policy.quote or {}).get("extensions") or [])
    if len(asked) >= MAX_EXTENSIONS:
        raise ClientError(TOO_MANY_EXTENSIONS)
    origin = await db_session.get(m.Quote, policy.quote_id) if policy.quote_id else None
    quote = m.Quote(
        type=None,
        product_id=origin.product_id if origin else None,
        agent_id=policy.agent_id,
        parent_agent_id=policy.parent_agent_id,
        client_id=policy.client_id,
        status=statuses.name_of(runtime.statuses, statuses.INITIAL_ID),
        usr_data=list(origin.usr_data) if origin else [],
        quote={"extensionOf": policy.id,
               "extension": {"kind": body.kind, "label": EXTENSION_KINDS[body.kind],
                             "note": body.note.strip()}},
    )  # fmt: skip
    db_session.add(quote)
    await db_session.flush()
    policy.quote = {**(policy.quote or {}), "extensions": [*asked, quote.id]}
    await db_session.flush()
    return {"requested": True, "at": quote.at.isoformat()}
