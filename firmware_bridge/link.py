"""The host end of the display cable (pyserial): a picture that always gets through.

Threading model: one background thread owns the serial port; the table loop only
touches an in-memory *picture* (key -> latest :mod:`~firmware_bridge.messages`
command) under a short lock. So :meth:`DisplayLink.set` never blocks, never does I/O
and is safe to call from an asyncio task; the ``wait_*`` helpers block at most their
``timeout`` (and :meth:`DisplayLink.wait_synced_async` awaits without blocking the
loop).

The thread sends each command whose wanted value differs from what the board has
acknowledged, one frame at a time (stop-and-wait: a retransmit can never overtake a
newer frame), retransmits on a missing ACK, and gives up the session after
``retries``; then it reopens the port with exponential backoff (the cable was kicked
out). Every session starts with HELLO; every HELLO, ACK and PONG carries the board's
boot id, and a new boot id (a brown-out, a watchdog reset) makes the whole picture
dirty, so the display is repainted in full.

The port is named by path (``/dev/ttyACM0``), by a stable ``/dev/serial/by-id/...``
symlink, or by USB ids ``usb:2E8A:0005[:serial]`` looked up afresh on every reconnect
(the node moves from ttyACM0 to ttyACM1 after a replug). It is opened exclusively.

>>> from firmware_bridge.messages import SetText
>>> link = DisplayLink("/dev/does-not-exist")
>>> link.set(SetText(0, "1,250"))
>>> link.status().dirty
1
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field

import serial
from serial.tools import list_ports

from firmware_bridge import protocol
from firmware_bridge.messages import (
    Ack,
    BoardInfo,
    BoardStatus,
    Command,
    Nak,
    Pong,
    Reply,
    SetLamp,
    decode_reply,
)

log = logging.getLogger(__name__)

_USB_ID = re.compile(r"(?:usb:)?([0-9a-fA-F]{4}):([0-9a-fA-F]{4})(?::(.+))?")


class _LinkDown(Exception):
    """The board stopped answering: end this session and reconnect."""


@dataclass
class LinkStatus:
    """A snapshot of the link, for the tablet's hardware page and for tests."""

    connected: bool = False
    device: str | None = None
    board: BoardInfo | None = None
    sessions: int = 0
    resets_seen: int = 0
    frames_sent: int = 0
    retransmits: int = 0
    acks: int = 0
    naks: int = 0
    bytes_sent: int = 0
    bytes_received: int = 0
    dirty: int = 0
    rejected: list[str] = field(default_factory=list)
    last_error: str = ""


@dataclass
class _Query:
    kind: int
    payload: bytes
    expect: type
    done: threading.Event = field(default_factory=threading.Event)
    result: Reply | None = None


def resolve_port(spec: str) -> str | None:
    """The device to open for a port spec: a path as given, or the node of a USB id.

    >>> resolve_port("/dev/serial/by-id/usb-pitboss_display-if00")
    '/dev/serial/by-id/usb-pitboss_display-if00'
    >>> resolve_port("usb:FFFF:FFFE") is None   # no such board plugged in
    True
    """
    match = _USB_ID.fullmatch(spec)
    if match is None:
        return spec
    vid, pid, serial_number = int(match[1], 16), int(match[2], 16), match[3]
    for info in list_ports.comports():
        wanted = serial_number is None or info.serial_number == serial_number
        if info.vid == vid and info.pid == pid and wanted:
            return str(info.device)
    return None


class DisplayLink:
    """Keeps the board showing the wanted picture; see the module docstring."""

    def __init__(
        self,
        port: str,
        *,
        baudrate: int = 115200,
        ack_timeout: float = 0.1,
        retries: int = 4,
        keepalive: float = 1.0,
        backoff: tuple[float, float] = (0.05, 2.0),
    ) -> None:
        self.port_spec = port
        self.baudrate = baudrate
        self.ack_timeout = ack_timeout
        self.retries = retries
        self.keepalive = keepalive
        self.backoff = backoff
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._synced = threading.Condition(self._lock)
        self._picture: dict[tuple[str, int], Command] = {}
        self._acked: dict[tuple[str, int], Command] = {}
        self._oneshots: deque[Command] = deque()
        self._queries: deque[_Query] = deque()
        self._status = LinkStatus()
        self._thread: threading.Thread | None = None
        self._port: serial.Serial | None = None
        self._reader = protocol.LineReader()
        self._seq = 0
        self._last_traffic = 0.0

    # ---- the table loop's side (never blocks)

    def set(self, *commands: Command) -> None:
        """Want these on the display. Returns at once; the thread sends what changed."""
        with self._lock:
            for command in commands:
                key = command.key
                if key is None:
                    # An ALL command overwrites every module of its kind: the picture
                    # must say so too, or a later resend would bring old values back.
                    for k in self._picture:
                        if k[0] == _family(command):
                            self._picture[k] = _retarget(command, k[1])
                    self._oneshots.append(command)
                else:
                    self._picture[key] = command
        self._wake.set()

    def status(self) -> LinkStatus:
        with self._lock:
            snapshot = LinkStatus(**vars(self._status))
            snapshot.rejected = list(self._status.rejected)
            snapshot.dirty = self._dirty_count()
        return snapshot

    def start(self) -> DisplayLink:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="display-link", daemon=True)
        self._thread.start()
        return self

    def close(self, timeout: float = 2.0) -> None:
        """Stop the thread (waits at most ``timeout``) and release the port."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def __enter__(self) -> DisplayLink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- bounded waits

    def wait_synced(self, timeout: float) -> bool:
        """True once connected and everything wanted is acknowledged; False at timeout."""
        deadline = time.monotonic() + timeout
        with self._synced:
            while not (self._status.connected and not self._dirty_count() and not self._oneshots):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._synced.wait(min(left, 0.05))
        return True

    async def wait_synced_async(self, timeout: float) -> bool:
        """:meth:`wait_synced` for an asyncio loop (runs in a worker thread)."""
        return await asyncio.to_thread(self.wait_synced, timeout)

    def ping(self, timeout: float = 1.0) -> Pong | None:
        """Round trip to the board; None if no answer within ``timeout``."""
        reply = self._ask(_Query(protocol.PING, b"ping", Pong), timeout)
        return reply if isinstance(reply, Pong) else None

    def board_status(self, timeout: float = 1.0) -> BoardStatus | None:
        """The board's counters (frames, bad CRCs, duplicates...); None on timeout."""
        reply = self._ask(_Query(protocol.STATUS, b"", BoardStatus), timeout)
        return reply if isinstance(reply, BoardStatus) else None

    def _ask(self, query: _Query, timeout: float) -> Reply | None:
        with self._lock:
            self._queries.append(query)
        self._wake.set()
        if not query.done.wait(timeout):
            with self._lock, contextlib.suppress(ValueError):
                self._queries.remove(query)  # nobody waits for it any more
        return query.result

    # ---- the thread

    def _dirty_count(self) -> int:
        return sum(1 for k, c in self._picture.items() if self._acked.get(k) != c)

    def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            port = self._open()
            if port is None:
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff[1])
                continue
            delay = self.backoff[0]
            try:
                self._session(port)
            except (_LinkDown, serial.SerialException, OSError) as e:
                log.info("display link down: %s", e)
                with self._lock:
                    self._status.last_error = str(e) or type(e).__name__
            except Exception as e:  # a bug here must not leave the display dead
                log.exception("display link session failed")
                with self._lock:
                    self._status.last_error = f"{type(e).__name__}: {e}"
                self._stop.wait(self.backoff[1])
            finally:
                self._disconnect(port)

    def _open(self) -> serial.Serial | None:
        device = resolve_port(self.port_spec)
        if device is None:
            return None
        try:
            port = serial.Serial(
                device, self.baudrate, timeout=0.005, write_timeout=0.5, exclusive=True
            )
        except (serial.SerialException, OSError, ValueError) as e:
            with self._lock:
                self._status.last_error = str(e)
            return None
        with self._lock:
            self._status.device = device
        return port

    def _disconnect(self, port: serial.Serial) -> None:
        with contextlib.suppress(Exception):
            port.close()
        self._port = None
        with self._lock:
            self._status.connected = False

    def _session(self, port: serial.Serial) -> None:
        self._port = port
        self._reader = protocol.LineReader()
        port.reset_input_buffer()  # stale HELLOs and ACKs from before we opened
        info = self._transact(protocol.HELLO, protocol.pack_hello_request(), BoardInfo)
        assert isinstance(info, BoardInfo)
        with self._lock:
            self._status.sessions += 1
            self._status.connected = True
            self._acked.clear()  # a new session cannot know what the board kept
            self._status.board = info
        while not self._stop.is_set():
            if not self._work_once():
                self._wake.wait(0.02)
                self._wake.clear()
                self._drain(0.0)

    def _work_once(self) -> bool:
        """Do one job (query, one-shot, one dirty key, keepalive); False if idle."""
        with self._lock:
            query = self._queries.popleft() if self._queries else None
            oneshot = self._oneshots[0] if (query is None and self._oneshots) else None
            dirty = None
            if query is None and oneshot is None:
                dirty = next(
                    ((k, c) for k, c in self._picture.items() if self._acked.get(k) != c), None
                )
        if query is not None:
            query.result = self._transact(query.kind, query.payload, query.expect)
            query.done.set()
            return True
        command = oneshot if oneshot is not None else (dirty[1] if dirty else None)
        if command is None:
            if time.monotonic() - self._last_traffic >= self.keepalive:
                self._transact(protocol.PING, b"ka", Pong)
                return True
            return False
        reply = self._transact(command.kind, command.payload(), Ack)
        with self._synced:
            if oneshot is not None:
                self._oneshots.popleft()
                for k, c in self._picture.items():
                    if k[0] == _family(oneshot) and c == _retarget(oneshot, k[1]):
                        self._acked[k] = c
            elif dirty is not None:
                self._acked[dirty[0]] = command
            if isinstance(reply, Nak):
                self._status.rejected.append(f"{command!r}: {reply.reason_name}")
                log.warning("display refused %r: %s", command, reply.reason_name)
            self._synced.notify_all()
        return True

    def _transact(self, kind: int, payload: bytes, expect: type) -> Reply:
        """Send one frame and wait for its answer, retransmitting; _LinkDown if none."""
        assert self._port is not None
        seq = self._seq = (self._seq + 1) & 0xFFFF
        line = protocol.encode_frame(kind, seq, payload)
        for attempt in range(self.retries + 1):
            self._port.write(line)
            with self._lock:
                self._status.frames_sent += 1
                self._status.bytes_sent += len(line)
                self._status.retransmits += 1 if attempt else 0
            self._last_traffic = time.monotonic()
            reply = self._await(seq, expect, time.monotonic() + self.ack_timeout)
            if reply is not None:
                return reply
            if self._stop.is_set():
                break
        raise _LinkDown(f"no answer to {protocol.kind_name(kind)} #{seq}")

    def _await(self, seq: int, expect: type, deadline: float) -> Reply | None:
        while True:
            for reply in self._drain(max(0.0, deadline - time.monotonic())):
                if expect is Ack and isinstance(reply, (Ack, Nak)) and reply.seq == seq:
                    return reply
                if expect is not Ack and isinstance(reply, expect):
                    return reply
            if time.monotonic() >= deadline:
                return None

    def _drain(self, wait: float) -> list[Reply]:
        """Read what has arrived (waiting up to ``wait`` for the first byte); decode it."""
        assert self._port is not None
        data = self._port.read(max(1, self._port.in_waiting))
        if not data and wait > 0:
            end = time.monotonic() + wait
            while not data and time.monotonic() < end:
                data = self._port.read(max(1, self._port.in_waiting))
        replies = []
        for line in self._reader.feed(data):
            reply = self._decode(line)
            if reply is not None:
                replies.append(reply)
                self._note_boot(reply)
        with self._lock:
            self._status.bytes_received += len(data)
        return replies

    def _decode(self, line: bytes) -> Reply | None:
        try:
            kind, _seq, payload = protocol.decode_frame(line)
            return decode_reply(kind, payload)
        except protocol.ProtocolError as e:
            if e.code != "noise" or line.strip():
                log.debug("dropped line from board (%s): %r", e.code, line[:60])
            return None

    def _note_boot(self, reply: Reply) -> None:
        """A boot id we have not seen before: the board restarted; repaint everything."""
        boot_id = getattr(reply, "boot_id", None)
        with self._synced:
            if isinstance(reply, Ack):
                self._status.acks += 1
            elif isinstance(reply, Nak):
                self._status.naks += 1
            known = self._status.board
            if boot_id is None or known is None:
                return
            if boot_id != known.boot_id:
                self._status.resets_seen += 1
                self._acked.clear()
                self._status.board = (
                    reply if isinstance(reply, BoardInfo) else _with_boot(known, boot_id)
                )
                log.warning("display board restarted (boot id %08x): repainting", boot_id)
            self._synced.notify_all()


def _with_boot(info: BoardInfo, boot_id: int) -> BoardInfo:
    return BoardInfo(
        info.version, info.modules, info.digits, info.lamps, boot_id, info.firmware, info.board_id
    )


def _retarget(command: Command, index: int) -> Command:
    """The single-module (or single-lamp) form of an ALL command."""
    if isinstance(command, SetLamp):
        return dataclasses.replace(command, lamp=index)
    return dataclasses.replace(command, module=index)


def _family(command: Command) -> str:
    key = _retarget(command, 0).key
    assert key is not None
    return key[0]
