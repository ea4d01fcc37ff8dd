"""The app on a real uvicorn server in a thread of this process, on a loopback port.

For the tests, the benchmarks and anything else that wants the real HTTP and
WebSocket stack without a second process. ``restart`` serves the same app on
the same port again, as a controller that comes back does (pages reconnect).

>>> from fastapi import FastAPI
>>> import httpx
>>> app = FastAPI()
>>> _ = app.get("/ping")(lambda: {"pong": True})
>>> with LocalServer(app) as srv:
...     httpx.get(f"{srv.url}/ping", trust_env=False).json()
{'pong': True}
"""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType
from typing import Any

import uvicorn

__all__ = ["LocalServer", "free_port"]

HOST = "127.0.0.1"


def free_port(host: str = HOST) -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class LocalServer:
    """``app`` served by uvicorn in a daemon thread until :meth:`stop`."""

    def __init__(self, app: Any, port: int | None = None, log_level: str = "warning",
                 start_timeout: float = 20.0) -> None:
        self.app, self.port = app, port or free_port()
        self.log_level, self.start_timeout = log_level, start_timeout
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    def start(self) -> LocalServer:
        # sans-io websockets: the same WebSocket implementation `pitboss run` gets
        config = uvicorn.Config(self.app, host=HOST, port=self.port, log_level=self.log_level,
                                ws="websockets-sansio")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True, name="uvicorn")
        self.thread.start()
        deadline = time.monotonic() + self.start_timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"uvicorn did not start on {self.url}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(10)
        self.server = self.thread = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
