"""``sportello new-line NAME``: write a complete, working product line from the template
beside this module (``template/``: each ``*.tmpl`` file, its ``@@TOKEN@@`` names filled in)."""

from __future__ import annotations

import keyword
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from core.icons import UNKNOWN_ICON, tabler_icons
from core.plugins import API_VERSION

TEMPLATE = Path(__file__).resolve().parent / "template"
SHELL_WEB = Path(__file__).resolve().parents[2] / "web"
"""Sportello's web folder in a checkout: the line's web module builds with its packages."""
LINE_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
RESERVED = frozenset({"core", "tenants", "plugins", "tests", "web", "api", "rca", "prestiti"})

BAD_NAME = (
    "Nome della linea non valido: {name!r}. Usa lettere minuscole, cifre e trattini, "
    "iniziando con una lettera (es. tutela-legale), al massimo 40 caratteri."
)
RESERVED_NAME = "Nome della linea riservato: {name!r} è già usato da Sportello."
FOLDER_EXISTS = "La cartella {path} esiste già: scegli un altro nome o un'altra --dir."


class ScaffoldError(ValueError):
    """A name or a destination the scaffold refuses (the message is for the user)."""


@dataclass(frozen=True, slots=True)
class LineNames:
    """Every spelling of one line's name the template uses."""

    line: str
    """The line's id (``tutela-legale``): tenants.yaml, routes, the menu key."""
    package: str
    """The Python package (``tutela_legale``): also the migration branch and web module."""
    camel: str
    """The calls' prefix (``tutelaLegale``)."""
    label: str
    """What users read (``Tutela legale``)."""

    @classmethod
    def of(cls, name: str, label: str | None = None) -> LineNames:
        if len(name) > 40 or not LINE_ID.match(name):
            raise ScaffoldError(BAD_NAME.format(name=name))
        package = name.replace("-", "_")
        if name in RESERVED or package in RESERVED or keyword.iskeyword(package):
            raise ScaffoldError(RESERVED_NAME.format(name=name))
        first, *rest = name.split("-")
        camel = first + "".join(part.capitalize() for part in rest)
        return cls(name, package, camel, label or name.replace("-", " ").capitalize())


def core_head() -> str:
    """The revision core's migrations are at: the line's first one runs after it."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from core.db.migrate import MIGRATIONS_DIR
    from core.db.revision_rules import core_head as head_of

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    head = head_of(ScriptDirectory.from_config(config))
    assert head is not None, "core has no migrations"
    return head


def tokens(names: LineNames, destination: Path, icon: str) -> dict[str, str]:
    web = destination / names.package / "web"
    return {
        "@@LINE@@": names.line,
        "@@PKG@@": names.package,
        "@@CAMEL@@": names.camel,
        "@@LABEL@@": names.label,
        "@@ICON@@": icon,
        "@@DIST@@": f"sportello-{names.line}",
        "@@DIR@@": str(destination),
        "@@CORE_HEAD@@": core_head(),
        "@@API@@": API_VERSION,
        "@@DATE@@": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "@@SHELL_WEB@@": Path(os.path.relpath(SHELL_WEB, web)).as_posix(),
    }


def _fill(text: str, values: dict[str, str]) -> str:
    for token, value in values.items():
        text = text.replace(token, value)
    return text


def new_line(
    name: str, directory: Path | None = None, *, label: str | None = None, icon: str = "file-text"
) -> Path:
    """Write line ``name`` into ``directory`` (default ``./<package>``); the folder written."""
    names = LineNames.of(name, label)
    if icon not in tabler_icons():
        raise ScaffoldError(UNKNOWN_ICON.format(where="--icon", name=icon))
    destination = (directory or Path.cwd() / names.package).resolve()
    if destination.exists():
        raise ScaffoldError(FOLDER_EXISTS.format(path=destination))
    values = tokens(names, destination, icon)
    for source in sorted(TEMPLATE.rglob("*.tmpl")):
        relative = source.relative_to(TEMPLATE).with_suffix("")
        target = destination / _fill(str(relative).replace("_pkg_", "@@PKG@@"), values)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_fill(source.read_text(), values))
    _format(destination)
    return destination


def _format(destination: Path) -> None:
    """``ruff format`` the Python written (names of any length stay lint-clean), where ruff is
    installed beside this Python, as make-migration does."""
    ruff = Path(sys.executable).with_name("ruff")
    if ruff.is_file():
        subprocess.run([str(ruff), "format", "--quiet", str(destination)], check=True)
