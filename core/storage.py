"""Local file storage: every file lives under its tenant's folder and never leaves it."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
_DOTS = re.compile(r"\.{2,}")


class FileStorage:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _tenant_root(self, tenant_id: str) -> Path:
        return self.root / _SAFE.sub("_", tenant_id)

    def save(self, tenant_id: str, filename: str, content: bytes) -> str:
        """Store ``content``; return the storage key (relative to the tenant's folder)."""
        safe = _DOTS.sub(".", _SAFE.sub("_", filename)).strip(".")[-120:] or "file"
        key = f"{secrets.token_hex(8)}-{safe}"
        path = self._tenant_root(tenant_id) / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        return key

    def path(self, tenant_id: str, key: str) -> Path | None:
        """The file for ``key`` inside the tenant's folder, or ``None``."""
        root = self._tenant_root(tenant_id).resolve()
        candidate = (root / key).resolve()
        if not candidate.is_relative_to(root) or not candidate.is_file():
            return None
        return candidate

    def delete(self, tenant_id: str, key: str) -> None:
        """Remove the file for ``key`` if it exists inside the tenant's folder."""
        path = self.path(tenant_id, key)
        if path is not None:
            path.unlink(missing_ok=True)
