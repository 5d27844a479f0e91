"""Sportello's test kit (:mod:`core.testing`) as this line's tests use it, every import of it
in this one module (loaded after the kit's fixtures, see conftest.py), and a tenants file of
the tests' own in which ``OFFERS`` offers the line and ``ELSEWHERE`` does not.
"""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from core.testing import (
    CallFailed,
    Live,
    ScClient,
    Settings,
    heard_before_sentinel,
    login,
    model_differences,
)

from tutela_legale.practices import LINE

OFFERS = "assicurapp"
ELSEWHERE = "rcadealer"


def _tenants_offering_the_line() -> Path:
    """A copy of the tenants file in which ``OFFERS`` offers the line."""
    config = yaml.safe_load(Settings().app.tenants_file.read_text())
    for tenant in config["tenants"]:
        if tenant["id"] == OFFERS and LINE not in tenant["products"]:
            tenant["products"].append(LINE)
    path = Path(os.environ["DATA_DIR"]) / "tenants-tutela_legale.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False))
    return path


os.environ["TENANTS_FILE"] = str(_tenants_offering_the_line())

__all__ = [
    "ELSEWHERE", "OFFERS", "CallFailed", "Live", "ScClient", "Settings", "heard_before_sentinel",
    "login", "model_differences",
]  # fmt: skip
