"""Fail loudly when the PostgreSQL test server cannot be reached (never skip silently)."""

from __future__ import annotations

import sys

import psycopg
from sqlalchemy.engine import make_url


def main(url: str) -> int:
    target = make_url(url).set(drivername="postgresql")
    try:
        psycopg.connect(target.render_as_string(hide_password=False), connect_timeout=5).close()
    except psycopg.OperationalError as exc:
        bar = "!" * 78
        message = (
            f"\n{bar}\n PostgreSQL non raggiungibile: {target.render_as_string()}\n {exc}\n"
            " I test su PostgreSQL NON sono stati eseguiti: avvia il server o imposta\n"
            f" TEST_POSTGRES_URL, poi rilancia `make test`.\n{bar}\n"
        )
        print(message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
