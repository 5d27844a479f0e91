"""The certificate's years from registered claims: which claims count, in which year, and the
paritaria share among the vehicles involved (figures worked out by hand)."""

from __future__ import annotations

from datetime import date

from plugins.rca.rules.claims_atr import RegisteredClaim, atr_years, equal_share
from plugins.rca.rules.cu import AtrYear, cu_class


def _claim(
    status: str = "liquidato", responsibility: str | None = "principale",
    settled_on: date | None = date(2025, 6, 1), vehicles: int = 2,
) -> RegisteredClaim:  # fmt: skip
    return RegisteredClaim(status, responsibility, settled_on, vehicles)


def test_the_equal_share_is_split_among_the_vehicles() -> None:
    # 100 / 2 = 50; 100 / 3 = 33.3 → 33; a claim with no counterparty named still has two
    assert [equal_share(n) for n in (2, 3, 4, 1, 0)] == [50, 33, 25, 50, 50]
    assert equal_share(150) == 1


def test_only_settled_claims_count_in_their_settlement_year() -> None:
    claims = [
        _claim(settled_on=date(2024, 12, 31)),
        _claim(settled_on=date(2025, 1, 2)),
        _claim(settled_on=date(2025, 3, 9)),
        _claim("liquidato", "paritaria", date(2025, 5, 5), vehicles=3),
        _claim(responsibility="nessuna"),
        _claim(responsibility=None),
        _claim(status="in_istruttoria"),  # reopened, or not settled yet
        _claim(status="respinto"),
        _claim(status="senza_seguito"),
        _claim(settled_on=None),
    ]
    assert atr_years(claims) == [AtrYear(2024, 1, ()), AtrYear(2025, 2, (33,))]


def test_no_claim_no_year() -> None:
    assert atr_years([]) == []
    assert atr_years([_claim(responsibility="nessuna")]) == []


def test_the_years_feed_the_cu_class() -> None:
    # from 14: 2024 one main claim → 16; 2025 two equal shares of 50 % sum 100 % ≥ 51 %,
    # one claim with main responsibility → 18
    years = atr_years([
        _claim(settled_on=date(2024, 2, 1)),
        _claim(responsibility="paritaria", settled_on=date(2025, 2, 1)),
        _claim(responsibility="paritaria", settled_on=date(2025, 9, 1)),
    ])  # fmt: skip
    assert cu_class(years).cu_class == 18
