"""``Range: bytes=…`` read against a file's size: one range served, anything odd ignored (the
whole file), nothing in the file unsatisfiable."""

from __future__ import annotations

import pytest

from core.http.ranges import ByteRange, Unsatisfiable, requested_range


@pytest.mark.parametrize(
    ("header", "size", "expected"),
    [
        ("bytes=0-9", 100, ByteRange(0, 10)),
        ("bytes=10-", 100, ByteRange(10, 100)),
        ("bytes=-5", 100, ByteRange(95, 100)),
        ("bytes=-500", 100, ByteRange(0, 100)),
        ("bytes=90-1000", 100, ByteRange(90, 100)),
        ("bytes=99-99", 100, ByteRange(99, 100)),
        (" bytes = 1 - 2 ", 100, ByteRange(1, 3)),
    ],
)
def test_a_single_range_is_served(header: str, size: int, expected: ByteRange) -> None:
    assert requested_range(header, size) == expected


@pytest.mark.parametrize(
    "header",
    [
        None, "", "bytes=", "bytes=-", "bytes=5-2", "bytes=0-1,3-4", "items=0-1", "bytes=a-b",
        "bytes=0x10-", "bytes=" + "9" * 30 + "-", "bytes=0-" + "1" * 300, "bytes=½-1",
    ],
)  # fmt: skip
def test_anything_else_is_the_whole_file(header: str | None) -> None:
    assert requested_range(header, 100) is None


@pytest.mark.parametrize(("header", "size"), [("bytes=100-", 100), ("bytes=-0", 100),
                                              ("bytes=0-", 0), ("bytes=-1", 0)])  # fmt: skip
def test_a_range_past_the_end_is_unsatisfiable(header: str, size: int) -> None:
    with pytest.raises(Unsatisfiable):
        requested_range(header, size)


def test_an_if_range_gets_the_whole_file() -> None:
    assert requested_range("bytes=0-1", 100, if_range=True) is None
    assert ByteRange(5, 10).content_range(100) == "bytes 5-9/100"
