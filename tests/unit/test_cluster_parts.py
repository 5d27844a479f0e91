"""The local cluster's parts without a cluster: a child's process group stopped whole (SIGKILL
for one that ignores SIGTERM), a one-shot step's failure with its log, and the generated nginx
configuration accepted by nginx itself with the shared locations file."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import pytest

from core.cluster import Cluster, ClusterError
from core.cluster.nginx import NGINX, TEMP_PATHS, config
from core.cluster.processes import STOP_TIMEOUT_S, Child
from core.settings import Settings


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone but for its parent's wait
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_a_stopped_worker_is_given_its_shutdown_grace_before_it_is_killed() -> None:
    """A worker's restart waits longer than SHUTDOWN_GRACE_S before SIGKILL: its calls in
    flight answer and its sockets get 1012, as on SIGTERM anywhere else."""
    assert Settings().app.shutdown_grace_s < STOP_TIMEOUT_S


def _child(tmp_path: Path, script: str) -> Child:
    return Child("prova", ["sh", "-c", script], os.environ, tmp_path / "prova.log", tmp_path)


def _pids(log: Path) -> list[int]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        lines = log.read_text().split() if log.exists() else []
        if len(lines) >= 2:
            return [int(x) for x in lines[:2]]
        time.sleep(0.05)
    raise AssertionError("the child never wrote its pids")


def test_stopping_a_child_ends_what_it_started(tmp_path: Path) -> None:
    child = _child(tmp_path, "sleep 60 & echo $!; echo $$; wait")
    child.start()
    grandchild, leader = _pids(child.log)
    child.stop(timeout=5)
    assert not _alive(leader)
    time.sleep(0.1)
    assert not _alive(grandchild)
    assert child.pid is None
    child.stop()  # a second stop touches nothing


def test_a_child_ignoring_sigterm_is_killed_after_the_timeout(tmp_path: Path) -> None:
    child = _child(tmp_path, "trap '' TERM; sleep 60 & echo $!; echo $$; wait")
    child.start()
    grandchild, leader = _pids(child.log)
    started = time.monotonic()
    child.stop(timeout=0.5)
    assert 0.5 <= time.monotonic() - started < 5
    assert not _alive(leader)
    time.sleep(0.1)
    assert not _alive(grandchild)


def test_a_failing_one_shot_step_says_so_with_its_log(tmp_path: Path) -> None:
    child = _child(tmp_path, "echo 'migrazione fallita'; exit 3")
    with pytest.raises(
        ClusterError, match=r"prova è uscito con codice 3[^\n]*\nmigrazione fallita"
    ):
        child.run(timeout=10)


@pytest.mark.skipif(not NGINX.exists(), reason="no nginx: `make nginx` installs it")
def test_nginx_accepts_the_generated_configuration(tmp_path: Path) -> None:
    for name in TEMP_PATHS:
        (tmp_path / name).mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(config(tmp_path, 18080, [18081, 18082]))
    result = subprocess.run(
        [str(NGINX), "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
         "-c", str(conf)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "server 127.0.0.1:18081 " in conf.read_text()
    assert "listen 127.0.0.1:18080 default_server;" in conf.read_text()


def test_a_cluster_on_a_busy_port_refuses_to_start(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        cluster = Cluster(port=port, data_dir=tmp_path / "data", run_dir=tmp_path / "run")
        with pytest.raises(ClusterError, match=f"La porta {port} è già in uso"):
            cluster.start()
    assert not (tmp_path / "data").exists()  # refused before anything was made
