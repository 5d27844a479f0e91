"""Images made for tests, byte by byte: PNGs of any size whose pixel data compresses to a
few hundred KB (one colour), as an attacker would send them."""

from __future__ import annotations

import struct
import zlib

RGBA = 6
RED = bytes([200, 30, 30, 255])


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def flat_png(width: int, height: int) -> bytes:
    """A valid RGBA PNG of ``width`` × ``height`` red pixels."""
    squeeze = zlib.compressobj(9)
    row = b"\x00" + RED * width  # filter type 0, then the pixels
    data = b"".join(squeeze.compress(row) for _ in range(height)) + squeeze.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, RGBA, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )
