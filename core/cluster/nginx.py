"""nginx in front of the local cluster: its configuration and its command line.

The locations are ``deploy/nginx/locations.conf``, the file compose.yaml's proxy includes: the
local cluster runs the production proxy rules (headers, socket upgrade, retry on the other
worker). Everything nginx writes (pid, logs, temporary files) stays in the run folder.
"""

from __future__ import annotations

import os
import pwd
from collections.abc import Sequence
from pathlib import Path

from core.settings import ROOT

NGINX = Path("/usr/sbin/nginx")
LOCATIONS = ROOT / "deploy" / "nginx" / "locations.conf"
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def config(run_dir: Path, port: int, upstreams: Sequence[int], locations: Path = LOCATIONS) -> str:
    """nginx.conf for a proxy on ``127.0.0.1:port`` to the workers on ``upstreams``' ports.

    As root (CI), the workers run as root too: the ``nobody`` nginx would pick could not write
    the private run folder; as anyone else, nginx keeps the user it was started by.
    """
    user = f"user {pwd.getpwuid(0).pw_name};" if os.geteuid() == 0 else ""
    temp = "\n".join(f"    {name}_temp_path {run_dir / name};" for name in TEMP_PATHS)
    servers = "\n".join(
        f"        server 127.0.0.1:{p} max_fails=3 fail_timeout=2s;" for p in upstreams
    )
    return f"""\
# written by `sportello cluster` (core/cluster/nginx.py)
{user}
worker_processes 1;
pid {run_dir / "nginx.pid"};
error_log {run_dir / "nginx-error.log"} warn;
events {{
    worker_connections 1024;
}}
http {{
    access_log {run_dir / "nginx-access.log"};
{temp}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        "" close;
    }}
    upstream sportello {{
{servers}
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{port} default_server;
        include {locations};
    }}
}}
"""


def command(run_dir: Path, conf: Path, nginx: Path = NGINX) -> list[str]:
    """nginx in the foreground, its prefix and first error log in the run folder."""
    return [
        str(nginx), "-p", str(run_dir), "-e", str(run_dir / "nginx-error.log"),
        "-c", str(conf), "-g", "daemon off;",
    ]  # fmt: skip
