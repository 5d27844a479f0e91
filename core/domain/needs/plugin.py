"""Demands and needs (IVASS Reg. 40/2018, art. 58; CAP art. 119-ter), registered through the
same hooks plugins use: the models, the admins' questionnaires, the office's and the
customer's answers. The answers' summary reaches open screens with the quote on the
``preventivi`` stream (``quote.esigenze``) and joins the quote's pre-contract set."""

from __future__ import annotations

from collections.abc import Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core.db import models as m
from core.domain.needs.office import (
    questionnaire_save,
    questionnaires_list,
    quote_needs,
    quote_needs_answer,
    quote_needs_pdf,
)
from core.domain.needs.public import public_needs, public_needs_answer
from core.hookspecs import hookimpl


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.NeedsQuestionnaire, m.NeedsAssessment]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [
        questionnaires_list, questionnaire_save, quote_needs, quote_needs_answer,
        quote_needs_pdf, public_needs, public_needs_answer,
    ]  # fmt: skip
