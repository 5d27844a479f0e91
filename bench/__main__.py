"""Run every benchmark and print its table."""

from __future__ import annotations

import asyncio

from bench import http_core


def main() -> None:
    asyncio.run(http_core.run())


if __name__ == "__main__":
    main()
