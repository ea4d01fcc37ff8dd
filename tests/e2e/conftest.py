"""Fixtures for the end-to-end tests: ``pitboss run`` as a subprocess (free port, its own
data folder), and a tablet talking to it over HTTP."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Run:
    """``pitboss run`` in a subprocess, and a tablet talking to it over HTTP."""

    def __init__(self, proc: subprocess.Popen[str], url: str, pin: str, banner: list[str],
                 data: Path) -> None:
        self.proc, self.url, self.pin, self.banner, self.data = proc, url, pin, banner, data
        self.http = httpx.Client(base_url=url, timeout=30)
        self.token = ""

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        r = self.http.request(method, path, json=body, headers=headers)
        assert r.status_code == 200, f"{method} {path} {body}: {r.status_code} {r.text}"
        return r.json()

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return self.call("POST", path, body or {})

    def dealer(self) -> dict[str, Any]:
        return self.call("GET", "/api/state/dealer")  # type: ignore[no-any-return]


@pytest.fixture
def pitboss_run(tmp_path: Path) -> Iterator[Run]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "PITBOSS_PIN"}
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    errors = (tmp_path / "stderr.txt").open("w")  # a file: a full pipe would stall it
    # a fixed seed: the same cards and the same frames every run
    command = [sys.executable, "-m", "controller.cli", "run", "--port", str(port),
               "--seed", "9"]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=errors, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}" in first and "dealer PIN: " in first, first
        banner = [first] + [proc.stdout.readline() for _ in range(4)]
        pin = first.rsplit("dealer PIN: ", 1)[1].strip()
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/sim", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert proc.poll() is None, (tmp_path / "stderr.txt").read_text()
            assert time.monotonic() < deadline, "pitboss run did not come up in 60 s"
            time.sleep(0.1)
        run = Run(proc, url, pin, banner, tmp_path / "data")
        yield run
        run.http.close()
    finally:
        proc.terminate()
        proc.wait(15)
        errors.close()
