"""``sportello import``: the portfolio import from the command line, the web's engine (SQLite
pass only)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.cli.processes import flat, once, sportello
from tests.integration.portfolio_import.helpers import BAD, GOOD, MAPPING, csv_file


@once
def test_import_from_the_command_line(tmp_path: Path) -> None:
    made = sportello(tmp_path, "create-admin", "--tenant", "assicurapp", "--email", "boss@x.it",
                     "--password", "lunga-password-1")  # fmt: skip
    assert made.returncode == 0, made.stderr
    file = tmp_path / "portafoglio.csv"
    file.write_bytes(csv_file(GOOD + [row for row, _c, _r in BAD.values()]))
    args = ("import", str(file), "--tenant", "assicurapp", "--source", "Portale X",
            "--user", "boss@x.it")  # fmt: skip

    dry = sportello(tmp_path, *args, "--mapping", json.dumps(MAPPING), "--report",
                    str(tmp_path / "rapporto.csv"))  # fmt: skip
    assert dry.returncode == 0, dry.stderr
    out = flat(dry.stdout)
    assert "Simulazione completata" in out
    assert "scartate 7" in out
    assert "polizzeNuove 3" in out
    assert "riga 8, «Prodotto»" in out
    assert "prodotto sconosciuto" in (tmp_path / "rapporto.csv").read_text("utf-8-sig")
    with sqlite3.connect(tmp_path / "x.db") as conn:
        assert conn.execute("SELECT count(*) FROM policies").fetchone() == (0,)

    real = sportello(tmp_path, *args, "--run")  # the mapping saved for the source
    assert real.returncode == 0, real.stderr
    assert "polizzeNuove 3" in flat(real.stdout)
    again = sportello(tmp_path, *args, "--run")
    assert "polizzeNuove 0" in flat(again.stdout)
    assert "polizzeInvariate 3" in flat(again.stdout)
    with sqlite3.connect(tmp_path / "x.db") as conn:
        assert conn.execute("SELECT count(*) FROM policies").fetchone() == (3,)

    unknown = sportello(tmp_path, *args[:-1], "nessuno@x.it")
    assert unknown.returncode == 2
    assert "Utente sconosciuto" in flat(unknown.stdout)
