"""The installed app's icons (192 and 512 px PNG) drawn from the tenant's branding: its logo
fitted on a square of its main colour when the logo is a picture (PNG, JPEG, WebP), else the
initials of its title on that square. Drawn once per look and size, kept in a bounded cache."""

from __future__ import annotations

import io
import warnings
from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

ICON_SIZES = (192, 512)
MAX_LOGO_PIXELS = 4096 * 4096
"""A logo declaring more pixels than this is not decoded (the initials are drawn instead)."""
MAX_LOGO_BYTES = 5 * 1024 * 1024
CACHE_SIZE = 32
DEFAULT_COLOUR = "#1565c0"


@dataclass(frozen=True, slots=True)
class Look:
    """What an icon is drawn from; ``logo_ref`` names the logo's bytes (a stored key or path)
    in the tenant's own files."""

    tenant_id: str
    title: str
    colour: str
    logo_ref: str | None


def initials(title: str) -> str:
    """The first letters of the first two words, or the first two letters of a single word."""
    words = [word for word in title.replace("_", " ").replace("-", " ").split() if word]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[1][0]).upper()


def _hex_colour(value: str) -> tuple[int, int, int]:
    value = value.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    try:
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    except ValueError:
        return _hex_colour(DEFAULT_COLOUR)


def _text_colour(background: tuple[int, int, int]) -> tuple[int, int, int]:
    red, green, blue = background
    light = 0.299 * red + 0.587 * green + 0.114 * blue > 160
    return (17, 24, 39) if light else (255, 255, 255)


def _logo(data: bytes | None) -> Image.Image | None:
    """The logo decoded, or ``None``: no logo, too large, or not a picture Pillow reads."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    if not data or len(data) > MAX_LOGO_BYTES:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
        if image.format not in ("PNG", "JPEG", "WEBP"):
            return None
        if image.width * image.height > MAX_LOGO_PIXELS:
            return None
        image.load()
        return ImageOps.exif_transpose(image).convert("RGBA")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None


def draw_icon(look: Look, logo: bytes | None, size: int) -> bytes:
    """A ``size`` × ``size`` PNG: the logo within a margin, or the initials, on the colour."""
    from PIL import Image, ImageDraw, ImageFont

    background = _hex_colour(look.colour)
    canvas = Image.new("RGB", (size, size), background)
    picture = _logo(logo)
    if picture is not None:
        inner = round(size * 0.8)  # inside the safe zone of masked icons
        picture.thumbnail((inner, inner))
        plate = Image.new("RGBA", (inner, inner), (255, 255, 255, 255))
        plate.alpha_composite(
            picture, ((inner - picture.width) // 2, (inner - picture.height) // 2)
        )
        canvas.paste(plate.convert("RGB"), ((size - inner) // 2, (size - inner) // 2))
    else:
        font = ImageFont.load_default(size=round(size * 0.42))
        ImageDraw.Draw(canvas).text(
            (size / 2, size / 2),
            initials(look.title),
            fill=_text_colour(background),
            font=font,
            anchor="mm",
        )
    out = io.BytesIO()
    canvas.save(out, format="PNG", optimize=True)
    return out.getvalue()


class IconCache:
    """Drawn icons by look and size, the least recently used dropped beyond ``capacity``."""

    def __init__(self, capacity: int = CACHE_SIZE) -> None:
        self._capacity = capacity
        self._items: OrderedDict[tuple[Look, int], bytes] = OrderedDict()
        self._lock = Lock()

    def get(self, look: Look, size: int) -> bytes | None:
        with self._lock:
            found = self._items.get((look, size))
            if found is not None:
                self._items.move_to_end((look, size))
            return found

    def put(self, look: Look, size: int, png: bytes) -> None:
        with self._lock:
            self._items[(look, size)] = png
            self._items.move_to_end((look, size))
            while len(self._items) > self._capacity:
                self._items.popitem(last=False)


ICONS = IconCache()
