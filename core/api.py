"""The plugin API: every name a product line imports from core, and nothing else.

A line's package imports core only from here (and its tests from :mod:`core.testing`); a
test fails when a plugin of this repository reaches past it. The names keep their meaning
within a major :data:`API_VERSION`; a line declares the version it was written for with a
module constant in its plugin module, ``REQUIRES_API = "2.1"``, and loading refuses it with
a message naming both versions when this core cannot serve it.

Grouped by what a line does with them:

* **Hooks**: :data:`hookimpl` marks an implementation of a hook of :mod:`core.hookspecs`;
  the value types they return (:class:`ProductLine`, :class:`MenuEntry`, :class:`WebModule`,
  :class:`MigrationSource`, :class:`Publication`, :class:`Call`, :class:`CommissionItem`,
  :class:`RecordKind` …) and the arguments they receive (:class:`DemoContext`);
  :func:`earned_on_emission` (a practice's commission, earned when emission is asked).
* **Models**: :class:`Base` and the mixins (:class:`TenantOwned` rows are scoped to the
  request's tenant on read and checked on write; :class:`InAgentTree` rows carry the agent
  tree; :class:`StoredPayload` rows keep their stream payload encoded, for a fast sync),
  core's own models as :mod:`models`, :func:`tenant_scope` for work off a request,
  :func:`enable_tenant_rls` for a migration's new table.
* **Who may do what**: :class:`Principal`, the role rules of :mod:`permissions`,
  :func:`require`, :func:`require_extra_product`, :func:`require_line_work`,
  :func:`logged_in`, :func:`in_agent_tree`, :func:`visible_quotes`, :func:`line_quote`,
  and the refusals (:class:`ClientError`, :class:`NotFound` …).
* **Streams and calls**: :class:`Publication`, :func:`rows_loader` (a stream's sync loader),
  :class:`SyncRequest`, :class:`CallContext`,
  :class:`Call`, :func:`parse` with :data:`StrictBool` / :data:`NumberOnly`.
* **Routes**: :func:`product_router`, :data:`PrincipalDep`, :data:`SessionDep`.
* **Money and days**: :func:`as_number`, :func:`cents`, :func:`decimal_or_none`, :func:`euro_text`,
  :func:`provv_rate`, :func:`rome_day`, :func:`rome_day_start`, :func:`utcnow`.
* **Clients**: :func:`clients_in_tree` (the agent tree's clients by fiscal code, made when
  missing, as quotes make them) with :class:`Customer`, :func:`valid_fiscal_code`.
* **Documents**: :func:`attach_document` (a file the line makes, among a record's documents),
  :func:`sections_pdf` (an A4 PDF of titled :data:`Section` rows of label and value).
* **Demo data**: :func:`new_demo_product`.
"""

from __future__ import annotations

from core import permissions
from core.auth.principal import Principal
from core.context import tenant_scope
from core.db import audit_kinds, models
from core.db.audit_kinds import AuditField, AuditPhrase, RecordKind
from core.db.base import Base, HasId, InAgentTree, TenantOwned, Timestamped
from core.db.locks import for_update
from core.db.rls import enable_tenant_rls
from core.db.stored_payload import StoredPayload
from core.db.types import utcnow
from core.demo.kit import new_demo_product
from core.domain.clients.derive import Customer
from core.domain.clients.owners import clients_in_tree, valid_fiscal_code
from core.domain.commissions.practice_items import earned_on_emission
from core.domain.documents.generated import attach_document
from core.domain.documents.pdf import Section, sections_pdf
from core.domain.quotes.queries import (
    in_agent_tree,
    line_quote,
    visible_quotes,
)
from core.domain.quotes.serialize import customer_name, quote_payload
from core.errors import ClientError, Conflict, Forbidden, NotAuthenticated, NotFound
from core.extensions import (
    Call,
    CallContext,
    CallHandler,
    CommissionItem,
    DemoContext,
    Host,
    Job,
    MenuEntry,
    MigrationSource,
    ProductLine,
    Publication,
    StatusDef,
    SyncRequest,
    WebModule,
)
from core.guards import product_router, require, require_extra_product, require_line_work
from core.hookspecs import hookimpl
from core.http.deps import PrincipalDep, SessionDep
from core.i18n import rome_day, rome_day_start
from core.messages import QUOTE_NOT_FOUND
from core.money import as_number, cents, decimal_or_none, euro_text, provv_rate
from core.plugins import API_VERSION
from core.realtime.guard import logged_in
from core.sync_loaders import rows_loader
from core.validation import NumberOnly, StrictBool, parse

__all__ = [
    "API_VERSION",
    "QUOTE_NOT_FOUND",
    "AuditField",
    "AuditPhrase",
    "Base",
    "Call",
    "CallContext",
    "CallHandler",
    "ClientError",
    "CommissionItem",
    "Conflict",
    "Customer",
    "DemoContext",
    "Forbidden",
    "HasId",
    "Host",
    "InAgentTree",
    "Job",
    "MenuEntry",
    "MigrationSource",
    "NotAuthenticated",
    "NotFound",
    "NumberOnly",
    "Principal",
    "PrincipalDep",
    "ProductLine",
    "Publication",
    "RecordKind",
    "Section",
    "SessionDep",
    "StatusDef",
    "StoredPayload",
    "StrictBool",
    "SyncRequest",
    "TenantOwned",
    "Timestamped",
    "WebModule",
    "as_number",
    "attach_document",
    "audit_kinds",
    "cents",
    "clients_in_tree",
    "customer_name",
    "decimal_or_none",
    "earned_on_emission",
    "enable_tenant_rls",
    "euro_text",
    "for_update",
    "hookimpl",
    "in_agent_tree",
    "line_quote",
    "logged_in",
    "models",
    "new_demo_product",
    "parse",
    "permissions",
    "product_router",
    "provv_rate",
    "quote_payload",
    "require",
    "require_extra_product",
    "require_line_work",
    "rome_day",
    "rome_day_start",
    "rows_loader",
    "sections_pdf",
    "tenant_scope",
    "utcnow",
    "valid_fiscal_code",
    "visible_quotes",
]
