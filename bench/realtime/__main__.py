"""``python -m bench.realtime``: run the realtime benchmark and print its table."""

from __future__ import annotations

from bench.realtime import main

if __name__ == "__main__":
    main()
