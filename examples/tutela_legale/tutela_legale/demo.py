"""Demo data where the tenant offers the line: practices of the demo agent and sub-agent."""

from __future__ import annotations

from sqlalchemy import select

from tutela_legale._core import DemoContext
from tutela_legale.models import Practice
from tutela_legale.practices import LINE

# demo account, title, client, status
PRACTICES = (
    ("agente", "Prima pratica di prova", "Luca Bianchi", "Aperta"),
    ("agente", "Seconda pratica di prova", "Officine Rossi S.r.l.", "In corso"),
    ("subagente", "Pratica del subagente", "Anna Verdi", "Aperta"),
)


async def seed_practices(ctx: DemoContext) -> None:
    if LINE not in ctx.tenant.products:
        return
    if (await ctx.session.execute(select(Practice.id).limit(1))).first() is not None:
        return
    agent = ctx.accounts["agente"]
    for account, title, client, status in PRACTICES:
        parent = agent if account == "subagente" else None
        ctx.session.add(
            Practice(
                agent_id=ctx.accounts[account],
                parent_agent_id=parent,
                title=title,
                client=client,
                status=status,
            )
        )
