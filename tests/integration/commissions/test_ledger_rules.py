"""The balance ledger's postings on hand-built policies (no app, no demo data): who is
credited for a collection and how much after withholding, the reversal when a payment is
undone, a new cycle when it is collected again, posting once, and the hand-posted entries.
The amounts are worked out by hand in the comments."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.domain.commissions.ledger import collaborator_of, dues, post_manual, settle
from core.runtime import Runtime

TENANT = "assicurapp"
PAID_AT = datetime(2026, 3, 4, 10, 30, tzinfo=UTC)


@dataclass(frozen=True)
class Tree:
    session: AsyncSession
    top: m.User
    sub: m.User
    referrer: m.User
    admin: m.User


@pytest.fixture
async def tree(runtime: Runtime) -> AsyncIterator[Tree]:
    """A top agent withholding 23 % on half, its sub-agent, a flat-rate referrer, an admin."""
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            admin = m.User(email="admin@prova.it", name="Ada", role={"admin": True})
            top = m.User(email="top@prova.it", name="Tina", role={"a": {}},
                         ritenuta=Decimal(23), withholding_base="50")  # fmt: skip
            referrer = m.User(email="seg@prova.it", name="Sergio", role={"segnalatore": True},
                              ritenuta=Decimal(23), withholding_base="nessuna")  # fmt: skip
            session.add_all([admin, top, referrer])
            await session.flush()
            sub = m.User(email="sub@prova.it", name="Susi", role={"a": {"aId": top.id}},
                         ritenuta=Decimal(20), withholding_base="20")  # fmt: skip
            session.add(sub)
            await session.flush()
            yield Tree(session, top, sub, referrer, admin)


def _policy(tree: Tree, *, paid: tuple[bool, ...] = (True, False), number: str | None = "POL-1",
            referrer: str | None = None) -> m.Policy:  # fmt: skip
    """Instalments of 10,00 to the sub-agent, 2,50 to its parent and 1,25 to the referrer."""
    return m.Policy(
        number=number, agent_id=tree.sub.id, parent_agent_id=tree.top.id,
        referrer_id=referrer or tree.referrer.id, frequency="SEM", instalments=[
            m.Instalment(number=n, total=Decimal(100), agent_total=Decimal("10.00"),
                         parent_total=Decimal("2.50"), referrer_total=Decimal("1.25"),
                         paid=done, paid_at=PAID_AT if done else None)
            for n, done in enumerate(paid, start=1)
        ],
    )  # fmt: skip


async def _added(tree: Tree, policy: m.Policy) -> m.Policy:
    tree.session.add(policy)
    await tree.session.flush()
    return policy


def _view(entry: m.BalanceEntry) -> tuple[str, str, Decimal, Decimal, Decimal, str]:
    return (entry.kind, entry.user_id, entry.amount, entry.gross, entry.withholding,
            entry.description)  # fmt: skip


async def test_a_collection_credits_the_tree_and_the_referrer_net_of_withholding(
    tree: Tree,
) -> None:
    policy = await _added(tree, _policy(tree))
    posted = await settle(tree.session, policy, by=tree.admin.id)
    first = policy.instalments[0]
    # the tree's 12,50 to the top agent: 23 % on half of it is 1,4375, so 1,44 withheld
    assert [_view(e) for e in posted] == [
        ("provvigione", tree.top.id, Decimal("11.06"), Decimal("12.50"), Decimal("1.44"),
         "Provvigione rata 1 polizza POL-1"),
        ("provvigione", tree.referrer.id, Decimal("1.25"), Decimal("1.25"), Decimal("0.00"),
         "Segnalazione rata 1 polizza POL-1"),
    ]  # fmt: skip
    assert [e.posting_key for e in posted] == [
        f"provvigione:{first.id}:{tree.top.id}:0",
        f"provvigione:{first.id}:{tree.referrer.id}:0",
    ]
    for entry in posted:
        assert (entry.policy_id, entry.instalment_id) == (policy.id, first.id)
        assert entry.created_by == tree.admin.id
        assert entry.tenant_id == TENANT
        assert entry.at != PAID_AT  # dated when posted
    assert await settle(tree.session, policy) == []  # posted once


async def test_undoing_a_collection_reverses_the_credit_and_collecting_again_recredits(
    tree: Tree,
) -> None:
    policy = await _added(tree, _policy(tree, paid=(True,)))
    await settle(tree.session, policy)
    rata = policy.instalments[0]
    rata.paid, rata.paid_at = False, None
    undone = await settle(tree.session, policy, by=tree.admin.id)
    assert [_view(e) for e in undone] == [
        ("storno", tree.top.id, Decimal("-11.06"), Decimal("-12.50"), Decimal("-1.44"),
         "Storno provvigione rata 1 polizza POL-1"),
        ("storno", tree.referrer.id, Decimal("-1.25"), Decimal("-1.25"), Decimal("0.00"),
         "Storno segnalazione rata 1 polizza POL-1"),
    ]  # fmt: skip
    assert undone[0].posting_key == f"storno:{rata.id}:{tree.top.id}:0"
    assert undone[0].created_by == tree.admin.id
    assert await settle(tree.session, policy) == []
    # collected again, after the top agent's rate went to 20 %: 12,50 × 50 % × 20 % = 1,25
    tree.top.ritenuta = Decimal(20)
    rata.paid, rata.paid_at = True, PAID_AT
    again = await settle(tree.session, policy)
    assert [(e.kind, e.amount, e.posting_key) for e in again] == [
        ("provvigione", Decimal("11.25"), f"provvigione:{rata.id}:{tree.top.id}:1"),
        ("provvigione", Decimal("1.25"), f"provvigione:{rata.id}:{tree.referrer.id}:1"),
    ]
    rata.paid, rata.paid_at = False, None
    second_undo = await settle(tree.session, policy)
    # the latest credit is the one reversed
    assert [(e.kind, e.amount, e.posting_key) for e in second_undo] == [
        ("storno", Decimal("-11.25"), f"storno:{rata.id}:{tree.top.id}:1"),
        ("storno", Decimal("-1.25"), f"storno:{rata.id}:{tree.referrer.id}:1"),
    ]
    stmt = select(m.BalanceEntry.amount).where(m.BalanceEntry.user_id == tree.top.id)
    assert sum((await tree.session.execute(stmt)).scalars()) == 0


async def test_an_instalments_entries_do_not_answer_for_another(tree: Tree) -> None:
    policy = await _added(tree, _policy(tree, paid=(True, False)))
    await settle(tree.session, policy)
    policy.instalments[1].paid = True
    posted = await settle(tree.session, policy)
    second = policy.instalments[1]
    assert [(e.user_id, e.instalment_id, e.description) for e in posted] == [
        (tree.top.id, second.id, "Provvigione rata 2 polizza POL-1"),
        (tree.referrer.id, second.id, "Segnalazione rata 2 polizza POL-1"),
    ]


async def test_backdated_credits_are_dated_on_their_payment(tree: Tree) -> None:
    policy = await _added(tree, _policy(tree, paid=(True,)))
    posted = await settle(tree.session, policy, backdate=True)
    assert [e.at for e in posted] == [PAID_AT, PAID_AT]


async def test_a_single_payment_policy_is_credited_once_paid(tree: Tree) -> None:
    policy = await _added(tree, m.Policy(
        number=None, agent_id=tree.top.id, frequency="UNICO", paid=False,
        agent_total=Decimal("40.00"), parent_total=Decimal(0), referrer_total=Decimal(0),
        referrer_id=tree.referrer.id,
    ))  # fmt: skip
    assert await settle(tree.session, policy) == []
    policy.paid, policy.paid_at = True, PAID_AT
    posted = await settle(tree.session, policy)
    # 40,00 × 50 % × 23 % = 4,60; no referrer's share, no entry for them
    assert [_view(e) for e in posted] == [
        ("provvigione", tree.top.id, Decimal("35.40"), Decimal("40.00"), Decimal("4.60"),
         f"Provvigione pagamento unico polizza {policy.id}"),
    ]  # fmt: skip
    assert posted[0].instalment_id is None
    assert posted[0].posting_key == f"provvigione:{policy.id}:{tree.top.id}:0"


async def test_nothing_is_credited_on_nothing_or_to_a_deleted_user(tree: Tree) -> None:
    nothing = _policy(tree, paid=(True,), referrer="no-longer-there")
    nothing.instalments[0].agent_total = nothing.instalments[0].parent_total = Decimal(0)
    policy = await _added(tree, nothing)
    assert await settle(tree.session, policy) == []


def test_the_collaborator_is_the_top_agent_of_the_tree(tree: Tree) -> None:
    sub_policy = m.Policy(agent_id=tree.sub.id, parent_agent_id=tree.top.id)
    own_policy = m.Policy(agent_id=tree.top.id, parent_agent_id=None)
    assert collaborator_of(sub_policy) == tree.top.id
    assert collaborator_of(own_policy) == tree.top.id
    orphan = m.Policy(agent_id=None, parent_agent_id=None, referrer_id=tree.referrer.id,
                      agent_total=Decimal(0), parent_total=Decimal(0),
                      referrer_total=Decimal(5), paid=True, id="p1")  # fmt: skip
    assert [(d.user_id, d.gross, d.label) for d in dues(orphan)] == [
        (tree.referrer.id, Decimal(5), "Segnalazione pagamento unico polizza p1")
    ]


def test_dues_carry_each_items_payment(tree: Tree) -> None:
    policy = _policy(tree, paid=(True, False))
    found = list(dues(policy))
    assert [(d.user_id, d.paid, d.paid_at, d.gross) for d in found] == [
        (tree.top.id, True, PAID_AT, Decimal("12.50")),
        (tree.referrer.id, True, PAID_AT, Decimal("1.25")),
        (tree.top.id, False, None, Decimal("12.50")),
        (tree.referrer.id, False, None, Decimal("1.25")),
    ]


@pytest.mark.parametrize(
    ("kind", "value", "moved"),
    [("pagamento", "300.00", "-300.00"), ("anticipo", "50.00", "-50.00"),
     ("rettifica", "-20.00", "-20.00"), ("rettifica", "20.00", "20.00")],
)  # fmt: skip
async def test_hand_posted_entries_move_the_balance_once(
    tree: Tree, kind: str, value: str, moved: str
) -> None:
    entry = await post_manual(tree.session, tree.top, kind, Decimal(value), "Bonifico marzo",
                              tree.admin.id, "richiesta-0001")  # fmt: skip
    assert entry is not None
    assert (entry.kind, entry.amount, entry.gross, entry.withholding) == (
        kind,
        Decimal(moved),
        Decimal(moved),
        Decimal(0),
    )
    assert (entry.user_id, entry.description, entry.created_by, entry.posting_key) == (
        tree.top.id,
        "Bonifico marzo",
        tree.admin.id,
        "manuale:richiesta-0001",
    )
    assert entry.tenant_id == TENANT
    again = await post_manual(tree.session, tree.top, kind, Decimal(value), "Bonifico marzo",
                              tree.admin.id, "richiesta-0001")  # fmt: skip
    assert again is None
