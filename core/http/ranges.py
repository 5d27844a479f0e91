"""One ``Range: bytes=…`` request header read against a file's size (RFC 9110 §14).

Only a single range is served; several ranges, another unit, a malformed header or an
``If-Range`` (not checked here) get the whole file, as the RFC lets a server do. A range
that starts past the end, or asks for the last zero bytes, cannot be satisfied (416).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SINGLE = re.compile(r"bytes=(\d{0,19})-(\d{0,19})")
MAX_HEADER = 200


class Unsatisfiable(Exception):
    """No byte of the file is in the range asked for."""


@dataclass(frozen=True, slots=True)
class ByteRange:
    start: int
    end: int
    """Exclusive."""

    @property
    def length(self) -> int:
        return self.end - self.start

    def content_range(self, size: int) -> str:
        return f"bytes {self.start}-{self.end - 1}/{size}"


def requested_range(header: str | None, size: int, *, if_range: bool = False) -> ByteRange | None:
    """The part of a ``size``-byte file to send, ``None`` for all of it, or
    :class:`Unsatisfiable`."""
    if header is None or if_range or len(header) > MAX_HEADER:
        return None
    found = _SINGLE.fullmatch(header.strip().replace(" ", ""))
    if found is None:
        return None
    first, last = found.groups()
    if not first:
        if not last:
            return None
        suffix = int(last)
        if suffix == 0 or size == 0:
            raise Unsatisfiable
        return ByteRange(max(size - suffix, 0), size)
    start = int(first)
    if last and int(last) < start:
        return None  # invalid: ignored
    if start >= size:
        raise Unsatisfiable
    end = min(int(last) + 1, size) if last else size
    return ByteRange(start, end)
