"""Pre-contract documents (IVASS Reg. 40/2018, artt. 56, 58, 59; Allegati 3, 4, 4-ter),
registered through the same hooks plugins use: the models, the customer's routes behind the
quote link, the office's routes (receipts, override), the product documents' routes and the
tenant setting that turns the emission gate on. The receipt reaches open screens with the
quote on the ``preventivi`` stream (``quote.precontratto``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

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
from core.hookspecs import hookimpl


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
