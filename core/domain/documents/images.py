"""Images read with bounds: the pixel count from the header before any decoding, a memory
budget for the work of all requests at once, off the event loop, shrunk while read.

A 480 KB PNG can declare 13000 × 13000 pixels and take gigabytes once decoded: no image
larger than ``UPLOAD_MAX_IMAGE_PIXELS`` is decoded, and avatars must be real JPEG, PNG or
WebP files (read from their bytes, not from the name or the declared type). Pillow is
imported where an image is read, not with the app (a share of every process's start).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from typing import IO

import pyvips
from anyio import to_thread

from core.domain.documents.image_budget import ImageBudget, give_memory_back, working_memory
from core.errors import ClientError, TooLarge
from core.settings import UploadSettings

pyvips.cache_set_max(0)  # no decoded image kept for a later call
pyvips.concurrency_set(1)  # one thread per image: images run side by side within the budget
pyvips.block_untrusted_set(True)  # only the loaders meant for untrusted input

MB = 1024 * 1024
STREAMED_FORMATS = frozenset({"JPEG", "PNG", "GIF", "WEBP"})
TRIM_AFTER_BYTES = 16 * MB

AVATAR_FORMATS = frozenset({"JPEG", "PNG", "WEBP"})
PHOTO_FORMATS = AVATAR_FORMATS
"""What a customer may send as a photo (the browsers' and phones' own formats)."""
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
    from PIL import Image, UnidentifiedImageError

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


def bounded_image(
    source: IO[bytes], limits: UploadSettings, formats: frozenset[str], not_an_image: str
) -> Header:
    """The header of an image of one of ``formats`` within the pixel bound; a 400 in Italian
    otherwise (``not_an_image`` for another format or no image at all)."""
    found = header(source)
    if found is None or found.format not in formats:
        raise ClientError(not_an_image)
    if not fits(found, limits):
        mp = limits.max_image_pixels // 1_000_000
        raise ClientError(TOO_MANY_PIXELS.format(w=found.width, h=found.height, mp=mp))
    if not _whole(source):
        raise ClientError(not_an_image)
    return found


def _whole(source: IO[bytes]) -> bool:
    """Whether the file's structure reads to its end (a PNG's chunks and their checksums, the
    markers of a JPEG's header): a file cut short or damaged is not kept as an image. Nothing
    is decoded."""
    from PIL import Image, UnidentifiedImageError

    source.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(source) as image:
                image.verify()
        return True
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return False
    finally:
        source.seek(0)


def check_avatar(source: IO[bytes], size: int, limits: UploadSettings) -> None:
    """Refuse (4xx, in Italian) an avatar that is not a bounded JPEG, PNG or WebP."""
    if size > limits.avatar_max_bytes:
        raise TooLarge(AVATAR_TOO_BIG.format(mb=limits.avatar_max_bytes // (1024 * 1024)))
    bounded_image(source, limits, AVATAR_FORMATS, NOT_AN_AVATAR)


class Thumbnailer:
    """Makes thumbnails in worker threads, within the process's image memory budget.

    JPEG, PNG, GIF and WebP go through libvips, which shrinks while it reads (a 40-megapixel
    PNG takes tens of MB, not the 160 MB of the whole picture); other images (BMP) through
    Pillow. After a large image the freed memory is handed back to the system.
    """

    def __init__(self, limits: UploadSettings) -> None:
        self.limits = limits
        self.budget = ImageBudget(limits.image_memory_mb * MB, limits.image_wait_s)

    async def make(self, source: IO[bytes]) -> bytes | None:
        """A small JPEG of the image, or ``None`` (not an image, or too many pixels);
        :class:`~core.errors.TooManyAttempts` when the budget stays full too long."""
        found = header(source)
        if found is None or not fits(found, self.limits):
            return None
        cost = working_memory(found.width, found.height)
        async with self.budget.hold(cost):
            return await to_thread.run_sync(_thumbnail_and_trim, source, found, cost)


def _thumbnail_and_trim(source: IO[bytes], found: Header, cost: int) -> bytes | None:
    try:
        if found.format in STREAMED_FORMATS:
            return _streamed_thumbnail(source)
        return _thumbnail(source, found)
    finally:
        if cost >= TRIM_AFTER_BYTES:
            give_memory_back()


def _streamed_thumbnail(source: IO[bytes]) -> bytes | None:
    """libvips' thumbnail: decoded a strip at a time and shrunk on the way, EXIF-rotated."""
    source.seek(0)
    try:
        small = pyvips.Image.thumbnail_buffer(
            source.read(), THUMB_SIZE[0], height=THUMB_SIZE[1], size="down"
        )
        if small.hasalpha():
            small = small.flatten(background=[255] * (small.bands - 1))
        if small.interpretation not in ("srgb", "b-w"):
            small = small.colourspace("srgb")
        data: bytes = small.write_to_buffer(".jpg", Q=80, optimize_coding=True, keep="none")
        return data
    except pyvips.Error:  # a broken image: no thumbnail, the file itself is still kept
        return None
    finally:
        source.seek(0)


def _thumbnail(source: IO[bytes], found: Header) -> bytes | None:
    """Pillow's thumbnail, for the formats libvips is not given (BMP)."""
    from PIL import Image, ImageOps

    source.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(source)
        with image:
            if image.size != (found.width, found.height):  # the same file: never, but cheap
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
