"""What the endorsement and cancellation calls accept (the HTTP routes take the same)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from core.domain.policy_changes.reasons import Reason, Subtype
from core.validation import NumberOnly

MAX_PREMIUM = Decimal("10000000")
Premium = Annotated[Decimal, NumberOnly, Field(ge=0, lt=MAX_PREMIUM, decimal_places=2)]
Difference = Annotated[
    Decimal, NumberOnly, Field(gt=-MAX_PREMIUM, lt=MAX_PREMIUM, decimal_places=2)
]
ONE_OF = "Indica il nuovo premio annuo oppure la differenza annua, non entrambi"


class Details(BaseModel):
    """What an endorsement changes (all optional, each bounded)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    oldPlate: str = Field(default="", max_length=12)  # noqa: N815 (wire names)
    newPlate: str = Field(default="", max_length=12)  # noqa: N815
    vehicle: str = Field(default="", max_length=120)
    driver: str = Field(default="", max_length=120)
    address: str = Field(default="", max_length=200)
    guarantees: str = Field(default="", max_length=400)


class EndorsementBody(BaseModel):
    """``annualPremium`` (the new yearly gross) or ``annualDifference`` (its change, signed);
    neither: a change that moves no premium. ``preview``: compute, save nothing."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    policyId: str = Field(min_length=1, max_length=32)  # noqa: N815
    subtype: Subtype
    effectiveOn: date  # noqa: N815
    annualPremium: Premium | None = None  # noqa: N815
    annualDifference: Difference | None = None  # noqa: N815
    description: str = Field(default="", max_length=2000)
    details: Details = Field(default_factory=Details)
    preview: bool = False

    @model_validator(mode="after")
    def _one_premium(self) -> EndorsementBody:
        if self.annualPremium is not None and self.annualDifference is not None:
            raise ValueError(ONE_OF)
        return self


class CancellationBody(BaseModel):
    """``refundedOn``: the day the refund is given back (default today); ``method``: how
    (default the policy's). ``preview``: compute, save nothing."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    policyId: str = Field(min_length=1, max_length=32)  # noqa: N815
    cancelledOn: date  # noqa: N815
    reason: Reason
    description: str = Field(default="", max_length=2000)
    refundedOn: date | None = None  # noqa: N815
    method: str | None = Field(default=None, min_length=1, max_length=50)
    preview: bool = False
