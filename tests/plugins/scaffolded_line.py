"""A line written by ``sportello new-line``, installed and offered the way its author does it,
for the browser journey over it (``web/e2e/scaffolded-line.test.mjs``), which runs this once:

    .venv/bin/python -m tests.plugins.scaffolded_line FOLDER NAME

Into ``FOLDER``: the line (``line/``), an environment layered over the project's with the line
installed editable (``venv/``: the project's own stays as it is, see
:mod:`tests.plugins.installed`) and a copy of core's tests' tenants file in which ``OFFERS``
offers it (``tenants.yaml``). Prints what the journey needs as JSON. The web module is built
by the journey (``npm run build`` in the line's ``web/`` folder), beside the server's start.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from tests.plugins.installed import REPO, layered_venv, pip_install

OFFERS = "assicurapp"
SPORTELLO = Path(sys.executable).with_name("sportello")


def offering(tenants: Path, line: str, into: Path) -> Path:
    """A copy of ``tenants`` in which ``OFFERS`` offers ``line``; its path."""
    config = yaml.safe_load(tenants.read_text())
    [tenant] = [tenant for tenant in config["tenants"] if tenant["id"] == OFFERS]
    tenant["products"] = [*tenant["products"], line]
    into.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False))
    return into


def set_up(folder: Path, name: str) -> dict[str, str]:
    """Scaffold, install and offer line ``name`` in ``folder``; what the journey needs."""
    line = folder / "line"
    written = [str(SPORTELLO), "new-line", name, "--dir", str(line)]
    subprocess.run(written, check=True, stdout=sys.stderr)  # stdout carries the answer
    python = layered_venv(folder / "venv")
    pip_install(python, "--editable", str(line))
    package = name.replace("-", "_")
    return {
        "line": name,
        "sportello": str(python.with_name("sportello")),
        "tenants": str(offering(REPO / "tests" / "tenants.yaml", name, folder / "tenants.yaml")),
        "web": str(line / package / "web"),
    }


if __name__ == "__main__":
    folder, name = sys.argv[1:]
    print(json.dumps(set_up(Path(folder).resolve(), name)))
