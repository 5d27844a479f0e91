"""Creating accounts outside a request (CLI, demo)."""

from __future__ import annotations

from core.auth.passwords import hash_password, password_problem
from core.auth.service import normalise_email, user_by_email
from core.context import tenant_scope
from core.db import models as m
from core.messages import EMAIL_TAKEN
from core.runtime import Runtime


async def create_user(
    runtime: Runtime,
    tenant_id: str,
    *,
    email: str,
    name: str,
    password: str,
    role: dict[str, object],
) -> str:
    """Create a user with a password; raise ``ValueError`` with an Italian message if refused."""
    problem = password_problem(password, (email, name))
    if problem:
        raise ValueError(problem)
    with tenant_scope(tenant_id):
        async with runtime.db.session() as session:
            if await user_by_email(session, email):
                raise ValueError(EMAIL_TAKEN)
            user = m.User(
                email=normalise_email(email),
                name=name,
                role=role,
                password_hash=hash_password(password),
            )
            session.add(user)
            await session.flush()
            return user.id
