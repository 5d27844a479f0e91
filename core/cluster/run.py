"""``sportello cluster`` in the foreground: start, say where, wait for Ctrl-C, stop."""

from __future__ import annotations

import signal
import time
from types import FrameType

from rich.console import Console

from core.cluster.cluster import Cluster
from core.cluster.processes import ClusterError

POLL_S = 1.0


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def run_until_stopped(cluster: Cluster, console: Console) -> None:
    """Run ``cluster`` until Ctrl-C or SIGTERM (then stop everything), or until one of its
    parts exits by itself (then stop the rest and raise :class:`ClusterError`)."""
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        try:
            with console.status("Avvio del cluster (migrazione, worker, nginx)…"):
                cluster.start()  # interrupted, it stops what it had started
        except KeyboardInterrupt:
            console.print("Avvio interrotto: cluster fermato.")
            return
        try:
            _announce(cluster, console)
            while not (exited := cluster.exited()):
                time.sleep(POLL_S)
            raise ClusterError(f"Terminato da solo: {', '.join(exited)} (log: {cluster.run_dir})")
        except KeyboardInterrupt:
            console.print("Arresto del cluster…")
        finally:
            cluster.stop()
        console.print("[green]Cluster fermato.[/green]")
    finally:
        signal.signal(signal.SIGTERM, previous)


def _announce(cluster: Cluster, console: Console) -> None:
    from tenants.loader import load_tenants

    console.print(f"[green]Cluster pronto su {cluster.url}[/green] (nginx → "
                  f"{', '.join(cluster.worker_urls)})")  # fmt: skip
    tenants = load_tenants(cluster.tenants_file).tenants
    for tenant in tenants:
        hosts = [h for h in tenant.domains if "." in h and not h[0].isdigit()]
        if hosts:
            console.print(f"  {tenant.id}: http://{hosts[0]}:{cluster.port}")
    console.print(f"Log in {cluster.run_dir / 'logs'}. Ctrl-C ferma tutto.")
