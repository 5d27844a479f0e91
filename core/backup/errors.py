"""The one error a backup or a restore raises."""

from __future__ import annotations


class BackupError(RuntimeError):
    """A backup or restore that cannot go on; the message says why, in Italian."""
