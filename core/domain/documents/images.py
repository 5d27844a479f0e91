"""Images read with bounds: the pixel count from the header before any decoding, a few
decodes at once per process, off the event loop.

A 480 KB PNG can declare 13000 × 13000 pixels and take gigabytes once decoded: no image
larger than ``UPLOAD_MAX_IMAGE_PIXELS`` is decoded, and avatars must be real JPEG, PNG or
WebP files (read from their bytes, not from the name or the declared type).
"""

from __future__ import annotations

import asyncio
import io
import warnings
from dataclasses import dataclass
from typing import IO

from anyio import to_thread
from PIL import Image, ImageOps, UnidentifiedImageError

from core.errors import ClientError, TooLarge
from core.settings import UploadSettings

AVATAR_FORMATS = frozenset({"JPEG", "PNG", "WEBP"})
THUMB_SIZE = (240, 240)
NOT_AN_AVATAR = "La foto deve essere un'immagine JPEG, PNG o WebP"
TOO_MANY_PIXELS = "Immagine troppo grande: {w}×{h} pixel, al massimo {mp} milioni di pixel"
AVATAR_TOO_BIG = "La foto supera la dimensione massima di {mb} mega"


@dataclass(frozen=True, slots=True)
class Header:
    format: str
    width: int
    height: int


def header(source: IO[bytes]) -> Header | None:
    """Format and size from the file's header (nothing decoded), or ``None``: not an image."""
    source.seek(0)
    try:
        with warnings.catch_warnings():  # the size is judged below, against our own limit
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(source)
        with image:
            width, height = image.size
            return Header(str(image.format or ""), width, height)
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None
    finally:
        source.seek(0)


def fits(found: Header, limits: UploadSettings) -> bool:
    return found.width * found.height <= limits.max_image_pixels


def check_avatar(source: IO[bytes], size: int, limits: UploadSettings) -> None:
    """Refuse (4xx, in Italian) an avatar that is not a bounded JPEG, PNG or WebP."""
    if size > limits.avatar_max_bytes:
        raise TooLarge(AVATAR_TOO_BIG.format(mb=limits.avatar_max_bytes // (1024 * 1024)))
    found = header(source)
    if found is None or found.format not in AVATAR_FORMATS:
        raise ClientError(NOT_AN_AVATAR)
    if not fits(found, limits):
        mp = limits.max_image_pixels // 1_000_000
        raise ClientError(TOO_MANY_PIXELS.format(w=found.width, h=found.height, mp=mp))


class Thumbnailer:
    """Makes thumbnails, at most ``thumbnail_concurrency`` at once, in worker threads."""

    def __init__(self, limits: UploadSettings) -> None:
        self.limits = limits
        self._slots = asyncio.Semaphore(max(1, limits.thumbnail_concurrency))

    async def make(self, source: IO[bytes]) -> bytes | None:
        """A small JPEG of the image, or ``None`` (not an image, or too many pixels)."""
        found = header(source)
        if found is None or not fits(found, self.limits):
            return None
        async with self._slots:
            return await to_thread.run_sync(_thumbnail, source, self.limits.max_image_pixels)


def _thumbnail(source: IO[bytes], max_pixels: int) -> bytes | None:
    source.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(source)
        with image:
            if image.size[0] * image.size[1] > max_pixels:  # checked again: same file, no race
                return None
            image.draft("RGB", (THUMB_SIZE[0] * 2, THUMB_SIZE[1] * 2))
            small = ImageOps.exif_transpose(image)
            small.thumbnail(THUMB_SIZE)
            if small.mode not in ("RGB", "L"):
                background = Image.new("RGB", small.size, "white")
                rgba = small.convert("RGBA")
                background.paste(rgba, mask=rgba.getchannel("A"))
                small = background
            out = io.BytesIO()
            small.save(out, "JPEG", quality=80, optimize=True)
            return out.getvalue()
    except Exception:  # a broken image: no thumbnail, the file itself is still kept
        return None
    finally:
        source.seek(0)
