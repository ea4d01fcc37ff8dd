"""The soak's hardware and clients: the controller process, the shoe, WebSocket listeners.

Each part is the real thing seen from outside the controller (issue 12):

* :class:`Controller`: ``pitboss serve`` as a child process on the hand log, with
  its LED display link on the emulator's stable tty symlink; it can be SIGKILLed and
  started again on the same log;
* :class:`Shoe`: the synthetic shoe's frames read by the real
  :class:`~vision.reader.ShoeReader` in this process (a shoe running beside the
  controller, reporting through ``POST /api/shoe``); its camera can be lost;
* :class:`Listener`: a WebSocket client that reads a stream the whole evening;
* :class:`StalledSocket`: a WebSocket client (a raw socket, a tiny receive buffer)
  that reads the first picture and then stops reading.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from controller.cards import Card

ROOT = Path(__file__).resolve().parents[2]
PIN = "2468"
CARD = re.compile(r"^(?:[2-9TJQKA][shdc]|Jk)$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kb(pid: int) -> tuple[int, int]:
    """(resident now, peak resident) of a process in kB, from /proc."""
    values = {"VmRSS": 0, "VmHWM": 0}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in values:
                values[key] = int(rest.split()[0])
    return values["VmRSS"], values["VmHWM"]


class Refused(Exception):
    """The controller refused a request (4xx): ``code`` is its stable error code."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code = status, code


class Controller:
    """``pitboss serve`` in a child process; :meth:`start` again after :meth:`kill`."""

    def __init__(self, db: str, display: str, folder: Path,
                 argv: list[str] | None = None) -> None:
        self.db, self.display, self.folder = db, display, folder
        self.argv = argv  # another way to start it (a test that removes a recovery)
        self.proc: subprocess.Popen[bytes] | None = None
        self.http: httpx.Client | None = None
        self.port = 0
        self.token = ""
        self.lives = 0

    def start(self, timeout: float = 60.0) -> None:
        self.port = free_port()
        env = dict(os.environ, XDG_DATA_HOME=str(self.folder / "data"), PYTHONPATH=str(ROOT))
        env.pop("PITBOSS_PIN", None)
        argv = self.argv or [sys.executable, "-m", "controller.cli", "serve"]
        errors = (self.folder / f"controller-{self.lives}.err").open("wb")
        self.proc = subprocess.Popen(
            [*argv, "--db", self.db, "--port", str(self.port), "--pin", PIN,
             "--display", self.display], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
            stderr=errors)
        errors.close()
        self.lives += 1
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=30)
        deadline = time.monotonic() + timeout
        while True:
            assert self.proc.poll() is None, self.stderr()
            with contextlib.suppress(httpx.TransportError):
                if self.http.get("/api/state").status_code == 200:
                    break
            assert time.monotonic() < deadline, "the controller did not come up"
            time.sleep(0.05)
        self.token = self.http.post("/api/auth/token", json={"pin": PIN}).json()["token"]
        self.http.headers["Authorization"] = f"Bearer {self.token}"

    def stderr(self) -> str:
        path = self.folder / f"controller-{self.lives - 1}.err"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def kill(self) -> None:
        """SIGKILL: the laptop's power cable is pulled."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self._drop_client()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._drop_client()

    def _drop_client(self) -> None:
        if self.http is not None:
            self.http.close()
            self.http = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """POST as the dealer's tablet; :class:`Refused` for a 4xx answer."""
        assert self.http is not None
        return _answer(self.http.post(path, json=body or {}))

    def get(self, path: str) -> dict[str, Any]:
        assert self.http is not None
        return _answer(self.http.get(path))

    def fire(self, path: str, body: dict[str, Any]) -> httpx.Response | None:
        """A request on its own connection (a second tap, or one in flight at a crash)."""
        with httpx.Client(base_url=self.url, timeout=30,
                          headers={"Authorization": f"Bearer {self.token}"}) as client:
            try:
                return client.post(path, json=body)
            except httpx.HTTPError:
                return None


def _answer(r: httpx.Response) -> dict[str, Any]:
    if 400 <= r.status_code < 500:
        error = r.json().get("error", {})
        raise Refused(r.status_code, str(error.get("code", "")), str(error.get("message", "")))
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


class CameraLost(Exception):
    """The shoe's camera is gone (unplugged, its driver crashed)."""


class Shoe:
    """Synthetic frames of each card read by the real shoe reader, in this process.

    ``lose(seconds)`` pulls the camera: frames stop (mid-card, if a card is passing)
    until the time is up. ``reopen`` is the recovery: a camera that comes back is
    opened afresh with a new reader, so a card half-seen before the loss cannot be
    merged with the next one.
    """

    def __init__(self, seed: int, reopen: bool = True) -> None:
        from vision.reader import ShoeReader
        from vision.synthetic import Degrade, SyntheticShoe

        # a brisk dealer and a well-lit shoe, as the demo deals
        self.synthetic = SyntheticShoe(seed=seed, deck_style="jumbo",
                                       degrade=Degrade(level=0.3, speed=(90.0, 110.0)))
        self.make_reader = ShoeReader
        self.reader = ShoeReader()
        self.reopen = reopen
        self.lost_until = 0.0
        self._was_lost = False
        self.frame_no = 0
        self.read = 0

    @property
    def lost(self) -> bool:
        return time.monotonic() < self.lost_until

    def lose(self, seconds: float) -> None:
        self.lost_until = time.monotonic() + seconds
        self._was_lost = True

    def read_card(self, card: Card, cut: float = 1.0) -> list[Any]:
        """The vision events for ``card`` leaving the shoe (``cut`` < 1: the camera is
        lost after that share of the card's frames; raises :class:`CameraLost`)."""
        if self.lost:
            raise CameraLost("the shoe camera is lost")
        if self._was_lost:
            self._was_lost = False
            if self.reopen:
                self.reader = self.make_reader()
        frames = self.synthetic.deal(card)
        keep = frames[:max(1, int(len(frames) * cut))] if cut < 1 else frames
        events: list[Any] = []
        for frame in keep:
            self.frame_no += 1
            events += self.reader.feed(self.frame_no, self.frame_no / 60.0, frame)
        if cut < 1:
            raise CameraLost(f"the shoe camera was lost while {card} was passing")
        self.read += 1
        return events


class Listener:
    """A WebSocket client reading one stream all evening; ``on_message`` gets each view."""

    def __init__(self, url: str, on_message: Callable[[dict[str, Any]], None]) -> None:
        self.url = url
        self.on_message = on_message
        self.received = 0
        self.last_version = -1
        self.ws: Any = None
        self.error = ""
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="listener")
        self.thread.start()
        assert self._ready.wait(15) and self.ws is not None, f"no stream: {self.error}"

    def _run(self) -> None:
        from websockets.sync.client import connect

        try:
            with connect(self.url, open_timeout=10, max_size=None) as ws:
                self.ws = ws
                self._ready.set()
                for text in ws:
                    message = json.loads(text)
                    self.received += 1
                    self.last_version = int(message.get("version", -1))
                    self.on_message(message)
        except Exception as err:  # the controller was killed: the stream ends here
            self.error = repr(err)
        finally:
            self._ready.set()

    def wait_version(self, version: int, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        while self.last_version < version and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.last_version >= version

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        self.thread.join(5)


class StalledSocket:
    """A WebSocket client that stops reading after the handshake (a phone gone to sleep
    with its socket open): a raw TCP socket with a 4 kB receive buffer, so the
    server's sends back up at once."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            assert chunk, "the server closed the WebSocket handshake"
            head += chunk
        assert head.startswith(b"HTTP/1.1 101"), head[:80]

    def catch_up(self, version: int, timeout: float = 20.0) -> str:
        """Read again: ``caught_up`` once a picture of ``version`` or newer arrives,
        ``closed`` if the server had dropped the dead client (also a recovery),
        ``stuck`` otherwise."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                opcode, data = self._frame()
                if opcode == 8:
                    return "closed"
                if opcode == 1 and int(json.loads(data).get("version", -1)) >= version:
                    return "caught_up"
        except (ConnectionError, EOFError):
            return "closed"
        except TimeoutError:
            return "stuck"
        return "stuck"

    def _exact(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise EOFError
            out += chunk
        return out

    def _frame(self) -> tuple[int, bytes]:
        b0, b1 = self._exact(2)
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(self._exact(2), "big")
        elif n == 127:
            n = int.from_bytes(self._exact(8), "big")
        return b0 & 0x0F, self._exact(n)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()
