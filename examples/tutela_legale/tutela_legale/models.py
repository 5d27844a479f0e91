"""Legal-protection cases ('pratiche'): a title, the client and a status, in the agent tree."""

from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from tutela_legale._core import Base, HasId, InAgentTree, TenantOwned, Timestamped


class Practice(Base, HasId, TenantOwned, InAgentTree, Timestamped):
    """A practice: scoped to its tenant, seen by its agent, the agent's parent and managers."""

    __tablename__ = "tutela_legale_pratiche"

    title: Mapped[str] = mapped_column(String(200))
    client: Mapped[str] = mapped_column(String(200), default="")
    """The insured person or company the case is about."""
    status: Mapped[str] = mapped_column(String(40), default="Aperta")
