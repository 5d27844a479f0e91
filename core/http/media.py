"""Media types of the built web files: browsers refuse module scripts served as octet-stream."""

from __future__ import annotations

import mimetypes
from pathlib import Path

KNOWN = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".map": "application/json",
    ".svg": "image/svg+xml",
    ".html": "text/html",
    ".woff2": "font/woff2",
    ".webmanifest": "application/manifest+json",
}


def media_type_for(path: Path) -> str:
    """The media type of a web asset, not depending on the system's mime tables for the basics."""
    suffix = path.suffix.lower()
    return KNOWN.get(suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
