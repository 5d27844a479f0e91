"""Pre-contract documents (IVASS Reg. 40/2018, artt. 56, 58, 59; Allegati 3, 4, 4-ter),
registered through the same hooks plugins use: the models, the customer's routes behind the
quote link, the office's routes (receipts, override), the product documents' routes and the
tenant setting that turns the emission gate on. The receipt reaches open screens with the
quote on the ``preventivi`` stream (``quote.precontratto``); the products' current documents
reach those who edit products on the ``documentiProdotto`` stream."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy import ColumnElement
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.precontract.gate import SETTING
from core.domain.precontract.office import (
    precontract_file,
    precontract_make,
    precontract_override,
    precontract_receipt_pdf,
    precontract_receipts,
)
from core.domain.precontract.product_documents import (
    document_payload,
    product_document_file,
    product_document_upload,
    product_documents_list,
)
from core.domain.precontract.public import (
    public_confirm,
    public_document_file,
    public_documents,
    public_request_code,
)
from core.extensions import Publication
from core.hookspecs import hookimpl
from core.sync_loaders import rows_loader


def _every_document(_principal: Principal, _document: Mapping[str, Any]) -> bool:
    return True


def _current(_principal: Principal) -> ColumnElement[bool]:
    return m.ProductDocument.current.is_(True)


PRODUCT_DOCUMENTS = Publication(
    "documentiProdotto", perm.sees_products, _every_document, m.ProductDocument, "p",
    document_payload, sync=rows_loader(m.ProductDocument, document_payload, _current),
)  # fmt: skip
"""The products' current documents, for those who edit products (who see every product, the
inactive ones too, as ``GET /api/products/{id}/documents`` shows them): an upload reaches every
open product page. A replaced document is not sent again; the newest of a kind is current."""


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [PRODUCT_DOCUMENTS]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.ProductDocument, m.PrecontractSet]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        public_documents, public_document_file, public_request_code, public_confirm,
        precontract_receipts, precontract_make, precontract_override, precontract_file,
        precontract_receipt_pdf,
        product_documents_list, product_document_upload, product_document_file,
    ]  # fmt: skip


@hookimpl
def default_settings() -> Mapping[str, Any]:
    return {SETTING: False}
