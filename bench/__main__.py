"""Run the benchmarks and print their tables: ``python -m bench [name ...]`` (default: all)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Sequence

from bench import (
    chat,
    dunning,
    http_core,
    loans,
    login,
    plates,
    policies,
    portfolio_import,
    realtime,
    remittances,
    search,
    soak,
    sync_fairness,
)

BENCHES: dict[str, Callable[[], None]] = {
    "http_core": lambda: asyncio.run(http_core.run()),
    "realtime": lambda: realtime.main([]),
    "soak": lambda: soak.main([]),
    "login": lambda: login.main([]),
    "policies": policies.main,
    "dunning": dunning.main,
    "chat": chat.main,
    "sync_fairness": sync_fairness.main,
    "loans": loans.main,
    "plates": lambda: plates.main([]),
    "remittances": remittances.main,
    "search": search.main,
    "portfolio_import": portfolio_import.main,
}


def main(argv: Sequence[str] | None = None) -> None:
    names = list(sys.argv[1:] if argv is None else argv) or list(BENCHES)
    unknown = [name for name in names if name not in BENCHES]
    if unknown:
        raise SystemExit(f"unknown benchmark {', '.join(unknown)}; known: {', '.join(BENCHES)}")
    for name in names:
        BENCHES[name]()


if __name__ == "__main__":
    main()
