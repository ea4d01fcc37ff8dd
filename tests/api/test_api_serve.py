"""``pitboss serve`` (issue 6 item 5): binds 127.0.0.1 unless told otherwise, and prints a
generated dealer PIN that logs in."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _local_address() -> str | None:
    """This machine's address on its network, if it has one (to show we do not listen there)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent, it only picks a route
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def test_serve_binds_localhost_and_prints_a_pin_that_works(tmp_path: Path) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "PITBOSS_PIN"}
    proc = subprocess.Popen([sys.executable, "-m", "controller.cli", "serve", "--port",
                             str(port), "--db", str(tmp_path / "log.sqlite3")], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}" in line and "dealer PIN: " in line
        pin = line.rsplit("dealer PIN: ", 1)[1].strip()
        assert pin.isdigit() and len(pin) == 6
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{url}/api/state", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "server did not come up"
                time.sleep(0.05)
        assert httpx.post(f"{url}/api/auth/token", json={"pin": pin}).status_code == 200
        assert httpx.post(f"{url}/api/auth/token",
                          json={"pin": "x" + pin}).json()["error"]["code"] == "bad_pin"
        lan = _local_address()
        if lan is not None:
            with socket.socket() as s:
                s.settimeout(1)
                assert s.connect_ex((lan, port)) != 0  # not reachable from the LAN
    finally:
        proc.terminate()
        proc.wait(10)
