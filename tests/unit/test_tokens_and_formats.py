"""Tokens, Italian dates, file storage: small pure pieces."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import jwt
import pytest

from core.auth import tokens
from core.errors import NotAuthenticated
from core.i18n import short_datetime
from core.storage import FileStorage

KEY = "k" * 40


def test_a_token_round_trips_with_its_tenant() -> None:
    token = tokens.mint(KEY, tenant_id="a", subject="u1", kind=tokens.ACCESS, ttl=timedelta(1))
    claims = tokens.verify(KEY, token, tenant_id="a", kind=tokens.ACCESS)
    assert (claims.tenant_id, claims.subject, claims.kind) == ("a", "u1", tokens.ACCESS)


@pytest.mark.parametrize(
    ("tenant", "kind", "key", "ttl"),
    [
        ("b", tokens.ACCESS, KEY, timedelta(1)),
        ("a", tokens.RESET, KEY, timedelta(1)),
        ("a", tokens.ACCESS, "z" * 40, timedelta(1)),
        ("a", tokens.ACCESS, KEY, timedelta(seconds=-5)),
    ],
    ids=["other-tenant", "other-kind", "forged", "expired"],
)
def test_a_token_is_refused(tenant: str, kind: str, key: str, ttl: timedelta) -> None:
    token = tokens.mint(key, tenant_id="a", subject="u1", kind=tokens.ACCESS, ttl=ttl)
    with pytest.raises(NotAuthenticated, match=r"^Non autorizzato: "):
        tokens.verify(KEY, token, tenant_id=tenant, kind=kind)


def test_an_unsigned_token_is_refused() -> None:
    no_key: Any = None  # the "none" algorithm signs with no key
    token = jwt.encode({"tid": "a", "sub": "u", "typ": "access", "exp": 2**40}, no_key, "none")
    with pytest.raises(NotAuthenticated, match=r"^Non autorizzato: token non valido$"):
        tokens.verify(KEY, token, tenant_id="a", kind=tokens.ACCESS)


def test_a_token_checked_before_still_expires_and_stays_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The signature's check is kept per process; the expiry, tenant and kind are not."""
    token = tokens.mint(KEY, tenant_id="a", subject="u1", kind=tokens.ACCESS, ttl=timedelta(1))
    assert tokens.verify(KEY, token, tenant_id="a", kind=tokens.ACCESS).subject == "u1"
    with pytest.raises(NotAuthenticated, match="per questo sito"):
        tokens.verify(KEY, token, tenant_id="b", kind=tokens.ACCESS)
    with pytest.raises(NotAuthenticated, match=r"token non valido$"):
        tokens.verify("z" * 40, token, tenant_id="a", kind=tokens.ACCESS)  # another key
    later = datetime.now(UTC) + timedelta(days=2)
    monkeypatch.setattr(time, "time", later.timestamp)
    with pytest.raises(tokens.TokenExpired):
        tokens.verify(KEY, token, tenant_id="a", kind=tokens.ACCESS)


@pytest.mark.parametrize("exp", ["2099-01-01", True, None])
def test_an_expiry_that_is_no_number_is_refused(exp: object) -> None:
    claims = {"tid": "a", "sub": "u", "typ": tokens.ACCESS, "exp": exp}
    token = jwt.encode(claims, KEY, tokens.ALGORITHM)
    with pytest.raises(NotAuthenticated, match=r"^Non autorizzato: token non valido$"):
        tokens.verify(KEY, token, tenant_id="a", kind=tokens.ACCESS)


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        (datetime(2026, 11, 3, 13, 5, tzinfo=UTC), "3 nov 26 14:05"),
        (datetime(2026, 7, 31, 22, 30, tzinfo=UTC), "1 ago 26 00:30"),
    ],
)
def test_short_datetime_is_italian_in_rome_time(moment: datetime, expected: str) -> None:
    assert short_datetime(moment) == expected


def test_storage_keeps_files_inside_their_tenant(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    key = storage.save("a", "../../etc/passwd", b"x")
    assert storage.path("a", key) is not None
    assert storage.path("b", key) is None
    assert storage.path("a", "../b/" + key) is None
    assert ".." not in key
