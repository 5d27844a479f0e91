"""An S3 API on loopback for the local cluster: moto's server with one bucket, until SIGTERM.

``python scripts/s3_server.py --port P --bucket B`` (run by ``sportello cluster
--object-store``); moto keeps the objects in memory, so they last as long as the process.
"""

from __future__ import annotations

import argparse
import signal
import threading
import urllib.request

from moto.server import ThreadedMotoServer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--bucket", required=True)
    args = parser.parse_args()
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    signal.signal(signal.SIGINT, lambda *_: stopped.set())
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=args.port, verbose=False)
    server.start()
    try:
        # moto checks no signature: a plain CreateBucket (us-east-1, no body) makes it
        create = urllib.request.Request(f"http://127.0.0.1:{args.port}/{args.bucket}", method="PUT")
        urllib.request.urlopen(create, timeout=10).close()
        print(f"S3 su http://127.0.0.1:{args.port}, bucket {args.bucket}", flush=True)
        stopped.wait()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
