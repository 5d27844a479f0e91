"""``scripts/s3_server.py``, the local cluster's object store: moto's S3 on loopback with the
bucket made, objects kept while it runs, gone with SIGTERM."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request

from core.cluster.processes import free_port
from core.settings import ROOT

BUCKET = "documenti"


def _request(url: str, method: str = "GET", data: bytes | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data, method=method)) as answer:
            return int(answer.status), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_bucket_is_there_and_keeps_an_object_until_sigterm() -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "s3_server.py"), "--port", str(port),
         "--bucket", BUCKET],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        ready = f"S3 su http://127.0.0.1:{port}, bucket {BUCKET}"
        lines = [server.stdout.readline().strip()]  # moto's request log comes first
        while ready not in lines and len(lines) < 5 and lines[-1]:
            lines.append(server.stdout.readline().strip())
        assert ready in lines, lines
        base = f"http://127.0.0.1:{port}"
        assert _request(f"{base}/{BUCKET}")[0] == 200
        assert _request(f"{base}/altro")[0] == 404
        assert _request(f"{base}/{BUCKET}/t1/a.txt", "PUT", b"ciao")[0] == 200
        status, listing = _request(f"{base}/{BUCKET}")
        assert status == 200
        assert b"<Key>t1/a.txt</Key>" in listing
        server.terminate()
        assert server.wait(30) == 0
    finally:
        server.kill()
        server.wait()
    time.sleep(0.1)
    try:
        _request(f"http://127.0.0.1:{port}/{BUCKET}")
    except urllib.error.URLError:
        return
    raise AssertionError("the S3 server still answers after SIGTERM")
