#!/usr/bin/env python3
"""Measures what uploads and idle connections cost a running `larder serve`.

Usage: scripts/upload-memory.py [LARDER_BINARY] [--uploads N] [--mib M] [--idle N]

Starts the binary on a scratch database and a free port, then:
1. opens N connections that each send all but the last MiB of an M-MiB body to
   POST /api/v1/import, and reads the server's resident memory (VmRSS) while they are held;
2. opens --idle idle connections from 127.0.0.1 and asks /api/v1/health once from 127.0.0.1 and
   once from 127.0.0.2 (another client).
Prints one JSON object. Only the server it started is stopped.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return None


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def health(port, source):
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as s:
            s.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            reply = s.recv(64)
        status = reply.split(b" ")[1].decode() if reply else "closed without an answer"
    except OSError as error:
        status = f"error: {error}"
    return {"from": source, "status": status, "ms": round((time.monotonic() - started) * 1000, 1)}


def main():
    args = sys.argv[1:]
    binary = args.pop(0) if args and not args[0].startswith("--") else ".build/debug/larder"
    options = {"--uploads": 8, "--mib": 60, "--idle": 300}
    while args:
        name = args.pop(0)
        options[name] = int(args.pop(0))
    uploads, mib, idle = options["--uploads"], options["--mib"], options["--idle"]

    scratch = tempfile.mkdtemp(prefix="larder-upload-memory-")
    port = free_port()
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch,
        "XDG_CONFIG_HOME": scratch, "LARDER_DB": os.path.join(scratch, "db.sqlite"),
        "LARDER_STARTER_RECIPES": "0", "TMPDIR": scratch,
    }
    server = subprocess.Popen(
        [binary, "serve", "--port", str(port)], env=environment,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for line in server.stderr:
            if "Press Ctrl-C" in line:
                break
        threading.Thread(target=lambda: server.stderr.read(), daemon=True).start()
        idle_rss = rss_mib(server.pid)

        body = b"x" * (1 << 20)
        held = []

        def upload():
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            s.sendall(
                f"POST /api/v1/import?filename=export.json HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Content-Length: {mib << 20}\r\n\r\n".encode())
            for _ in range(mib - 1):
                s.sendall(body)
            held.append(s)

        threads = [threading.Thread(target=upload) for _ in range(uploads)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        time.sleep(1)  # let the server read what the kernel buffered
        uploading_rss = rss_mib(server.pid)
        for s in held:
            s.close()
        time.sleep(2)  # until the server has let go of them, or they would count against the client

        idle_connections = []
        for _ in range(idle):
            try:
                idle_connections.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            except OSError:
                break
        time.sleep(0.5)
        checks = [health(port, "127.0.0.1"), health(port, "127.0.0.2")]
        for s in idle_connections:
            s.close()

        print(json.dumps({
            "binary": binary, "uploads_in_flight": uploads, "upload_mib": mib,
            "rss_mib_idle": idle_rss, "rss_mib_while_uploading": uploading_rss,
            "idle_connections_from_127.0.0.1": len(idle_connections), "health": checks,
        }, indent=2))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
