"""GDPR (privacy), registered through the same hooks plugins use: the notice's routes (the
public ``/privacy`` page reads one of them), consents, export, erasure, the processing log, the
quote link's consent routes and the models."""

from __future__ import annotations

from collections.abc import Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core.db import models as m
from core.domain.privacy.controllers import (
    client_consent_change,
    client_consents,
    client_erasure,
    client_export,
    client_export_zip,
    notice_save,
    notices_list,
    processing_log,
    public_notice,
)
from core.domain.privacy.links import public_consents, public_consents_save
from core.hookspecs import hookimpl


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        public_notice, notices_list, notice_save, client_consents, client_consent_change,
        client_export, client_export_zip,
        client_erasure, processing_log, public_consents, public_consents_save,
    ]  # fmt: skip


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.PrivacyNotice, m.PrivacyConsent, m.PrivacyLogEntry]
