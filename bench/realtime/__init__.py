"""Realtime benchmark: fan-out latency and throughput against python-socketio, session sync,
and cross-process delivery through Redis.

Everything runs as real processes on this machine: ``sportello serve`` (uvicorn) on a fresh
database seeded with the demo data plus a large portfolio for the demo agent, the
python-socketio reference server, the load-generator process(es) holding the sockets, and
for the cross-process part two ``sportello serve`` on PostgreSQL sharing a private
redis-server. ``python -m bench.realtime --help`` lists the options.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import traceback
from collections.abc import Sequence

from bench.realtime.procs import Children
from bench.realtime.runner import Options, new_folder, remove_folder, run


def parse(argv: Sequence[str] | None = None) -> Options:
    d = Options()
    p = argparse.ArgumentParser(prog="python -m bench.realtime", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("--sockets", type=int, default=d.sockets, help="load sockets (%(default)s)")
    p.add_argument("--memory-sockets", type=int, default=d.memory_sockets,
                   help="idle sockets the memory per socket is measured over; 0: not "
                   "measured (%(default)s)")  # fmt: skip
    p.add_argument("--memory-warm", type=int, default=d.memory_warm,
                   help="of those, opened before measuring (%(default)s)")  # fmt: skip
    p.add_argument("--changes", type=int, default=d.changes, help="changes per phase")
    p.add_argument("--rate", type=float, default=d.rate,
                   help="latency phase: changes per second; 0 (default): each change once "
                   "the previous one reached every socket")  # fmt: skip
    p.add_argument("--batch", type=int, default=d.batch, help="sockets opened at once")
    p.add_argument("--quotes", type=int, default=d.quotes, help="bench agent's quotes")
    p.add_argument("--policies", type=int, default=d.policies, help="bench agent's policies")
    p.add_argument("--sync-runs", type=int, default=d.sync_runs, help="cold syncs measured")
    p.add_argument("--resync-runs", type=int, default=d.resync_runs, help="resyncs measured")
    p.add_argument("--client-processes", type=int, default=d.client_processes,
                   help="load-generator processes (%(default)s)")  # fmt: skip
    p.add_argument("--compression", choices=("deflate", "none"), default=d.compression,
                   help="permessage-deflate, as browsers offer (%(default)s)")  # fmt: skip
    p.add_argument("--db", choices=("sqlite", "postgres"), default=d.db,
                   help="database of the single-process part (%(default)s)")  # fmt: skip
    p.add_argument("--postgres", default=d.postgres,
                   help="PostgreSQL server for --db postgres and the cross-process part; "
                   "a schema is created and dropped (%(default)s)")  # fmt: skip
    p.add_argument("--patience", type=float, default=d.patience,
                   help="seconds with no new delivery before the rest count as lost")  # fmt: skip
    p.add_argument("--no-single", dest="single", action="store_false",
                   help="skip the single-process part (fan-out, comparison, sync)")  # fmt: skip
    p.add_argument("--no-cross", dest="cross", action="store_false",
                   help="skip the cross-process part")  # fmt: skip
    p.add_argument("--no-burst", dest="burst", action="store_false",
                   help="skip the throughput phase")  # fmt: skip
    args = p.parse_args(argv)
    return Options(**vars(args))


def main(argv: Sequence[str] | None = None) -> None:
    from bench.realtime.report import render

    options = parse(argv)
    folder = new_folder()
    children = Children(folder)
    try:
        results = asyncio.run(run(options, children, folder))
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("realtime bench interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    except Exception as exc:
        traceback.print_exc()
        print(f"realtime bench failed: {exc!r}", file=sys.stderr)
        raise SystemExit(1) from exc
    finally:
        children.kill_all()
        remove_folder(folder)
    print(render(results))
