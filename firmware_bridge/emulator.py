"""Run the real display firmware on this machine behind a pseudo-terminal.

The firmware (``firmware/main.py``) runs unchanged on an :class:`EmulatedBoard`
(emulated MAX7219 chips and lamps) in a background thread; its serial port is the
master side of ``os.openpty()``, so the host opens the slave tty path with real
pyserial exactly as it would open ``/dev/ttyACM0``. Like a USB board, it can be
unplugged and plugged back in, on a new tty path, with an optional stable symlink
that plays ``/dev/serial/by-id/...``.

Fault switches (OctoPrint's virtual printer has the same idea): ``drop_rate`` and
``flip_rate`` corrupt bytes in both directions, :meth:`Emulator.reset` reboots the
board (new boot id), :meth:`Emulator.hang` stops the firmware loop (the watchdog then
reboots it), :meth:`Emulator.unplug` / :meth:`Emulator.replug` pull the cable.

Traffic log lines: ``>>>`` is what reached the board, ``<<<`` what it answered,
``!!!`` an injected fault or a board event. Frames are decoded for reading.

>>> with Emulator(chains=(1, 1), lamps=2) as emu:
...     emu.tty.startswith("/dev/")
True
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import threading
import time
import tty as tty_mode
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from firmware_bridge import protocol
from firmware_bridge.chips import EmulatedBoard
from firmware_bridge.firmware import main as firmware
from firmware_bridge.render import ascii_art, draw_png, read_text, text_view

LogSink = Callable[[str], None]


def describe(line: bytes) -> str:
    """One traffic-log entry for a line: decoded frame, or why it is not one."""
    try:
        kind, seq, payload = protocol.decode_frame(line)
    except protocol.ProtocolError as e:
        return f"{line[:60]!r} ({e.code})"
    name = protocol.kind_name(kind)
    if kind == protocol.SET_TEXT and payload:
        return f"{name} #{seq} module={payload[0]} text={payload[1:].decode('ascii', 'replace')!r}"
    return f"{name} #{seq} {payload.hex()}"


class Emulator:
    """The firmware on an emulated board, served on a pty. Start with ``with`` or start()."""

    def __init__(
        self,
        chains: tuple[int, ...] = (2, 5, 5),
        lamps: int = 20,
        *,
        link: str | Path | None = None,
        log: LogSink | None = None,
        seed: int | None = None,
        speed: float = 1.0,
    ) -> None:
        self.chains = tuple(chains)
        self.lamp_count = lamps
        self.link = Path(link) if link else None
        self.log_sink = log
        self.rng = random.Random(seed)
        self.speed = speed
        self.drop_rate = 0.0
        self.flip_rate = 0.0
        self.boots = 0
        self.tty = ""
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._master = -1
        self._slave = -1
        self._hung_until: float | None = None
        self._t0 = time.monotonic()
        self._rx_line = bytearray()
        self._tx_line = bytearray()
        self.board: EmulatedBoard
        self.firmware: firmware.Firmware
        self._boot(watchdog_reset=False)

    # ---- life cycle

    def start(self) -> Emulator:
        self._plug()
        self._thread = threading.Thread(target=self._loop, name="display-emulator", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        self._unplug_fds()

    def __enter__(self) -> Emulator:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ---- fault switches

    def reset(self) -> None:
        """Reboot the board now (a brown-out): chips power up blank, new boot id."""
        with self._lock:
            self._note("!!! board reset")
            self._boot(watchdog_reset=False)

    def hang(self, seconds: float | None = None) -> None:
        """Stop the firmware loop (for ``seconds``, or until the watchdog reboots it)."""
        with self._lock:
            self._note("!!! firmware hangs")
            self._hung_until = time.monotonic() + seconds if seconds else float("inf")

    def unplug(self) -> None:
        """Pull the USB cable: the tty disappears (and the symlink with it)."""
        with self._lock:
            self._note(f"!!! unplugged {self.tty}")
            self._unplug_fds()

    def replug(self, power_cycle: bool = True) -> None:
        """Plug back in on a new tty; a USB-powered board reboots (``power_cycle``)."""
        with self._lock:
            if power_cycle:
                self._boot(watchdog_reset=False)
            self._plug()
            self._note(f"!!! plugged in as {self.tty}")

    # ---- what the display shows (read from the emulated chips)

    def module_patterns(self) -> list[bytes]:
        with self._lock:
            return [chip.visible() for chip in self.board.modules()]

    def module_texts(self) -> list[str]:
        return [read_text(p) for p in self.module_patterns()]

    def levels(self) -> list[int]:
        with self._lock:
            return [chip.intensity for chip in self.board.modules()]

    def lamps(self) -> list[tuple[int, int, int]]:
        with self._lock:
            return list(self.board.lamp_colours)

    @property
    def boot_id(self) -> int:
        return self.firmware.boot_id

    def counters(self) -> dict[str, int]:
        with self._lock:
            return dict(zip(protocol.COUNTERS, self.firmware.counters, strict=True))

    def labels(self) -> list[str]:
        count = sum(self.chains)
        return ["POT", "BET"][:count] + [f"SEAT {i}" for i in range(1, count - 1)]

    def text(self) -> str:
        """The display as terminal text: one line per module with its seat's lamps."""
        return text_view(self.module_patterns(), self.labels(), self.lamps())

    def art(self) -> str:
        """The display as 7-segment ASCII art, three rows per module."""
        blocks = []
        for label, patterns in zip(self.labels(), self.module_patterns(), strict=True):
            rows = ascii_art(patterns).split("\n")
            blocks.append(
                "\n".join(f"{label if i == 1 else '':>7}  {row}" for i, row in enumerate(rows))
            )
        return "\n".join(blocks)

    def png(self, path: Path | str) -> Path:
        return draw_png(path, self.module_patterns(), self.labels(), self.lamps(), self.levels())

    # ---- internals

    def _boot(self, watchdog_reset: bool) -> None:
        self.boots += 1
        boot_id = self.rng.getrandbits(32)
        self.board = EmulatedBoard(self.chains, self.lamp_count, boot_id, watchdog_reset)
        self.board.now = self._ticks()
        self.firmware = firmware.Firmware(self.board)
        self.firmware.start()
        self._hung_until = None
        self._rx_line.clear()
        self._note(f"!!! boot #{self.boots}, boot id {boot_id:08x}")

    def _ticks(self) -> int:
        return int((time.monotonic() - self._t0) * 1000 * self.speed)

    def _plug(self) -> None:
        master, slave = os.openpty()
        if self.tty and os.ttyname(slave) == self.tty:
            # Like a USB board after a replug, come back on a different node.
            spare = (master, slave)
            master, slave = os.openpty()
            for fd in spare:
                os.close(fd)
        tty_mode.setraw(slave)  # no echo, no newline translation: a clean 8-bit line
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self.tty = os.ttyname(slave)
        if self.link is not None:
            tmp = self.link.with_name(self.link.name + ".tmp")
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            tmp.symlink_to(self.tty)
            os.replace(tmp, self.link)

    def _unplug_fds(self) -> None:
        for fd in (self._master, self._slave):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = -1
        if self.link is not None:
            with contextlib.suppress(FileNotFoundError):
                self.link.unlink()

    def _loop(self) -> None:
        while not self._stop.is_set():
            master = self._master
            if master < 0:
                time.sleep(0.005)
                continue
            try:
                ready, _, _ = select.select([master], [], [], 0.002)
            except (OSError, ValueError):
                continue
            with self._lock:
                data = self._read(master) if ready else b""
                self._step(data)

    def _read(self, master: int) -> bytes:
        try:
            return os.read(master, 4096)
        except OSError:
            return b""  # nobody has the tty open: nothing arrives

    def _step(self, data: bytes) -> None:
        self.board.now = self._ticks()
        if self._hung_until is not None:
            if time.monotonic() < self._hung_until:
                if self.board.watchdog_expired():
                    self._note("!!! watchdog bites")
                    self._boot(watchdog_reset=True)
                return  # a hung loop reads nothing; the bytes are lost
            self._hung_until = None
        data = self._corrupt(data)
        self._trace(">>>", self._rx_line, data)
        self.board.inbox.extend(data)
        self.firmware.step()
        out = self._corrupt(self.board.take_output())
        if out:
            self._trace("<<<", self._tx_line, out)
            self._write(out)

    def _write(self, data: bytes) -> None:
        if self._master < 0:
            return
        # A full buffer or nobody listening: a real UART loses the bytes too.
        with contextlib.suppress(OSError):
            os.write(self._master, data)

    def _corrupt(self, data: bytes) -> bytes:
        if not data or (self.drop_rate <= 0 and self.flip_rate <= 0):
            return data
        out = bytearray()
        for b in data:
            if self.rng.random() < self.drop_rate:
                continue
            if self.rng.random() < self.flip_rate:
                b ^= 1 << self.rng.randrange(8)
            out.append(b)
        return bytes(out)

    def _trace(self, arrow: str, pending: bytearray, data: bytes) -> None:
        if self.log_sink is None:
            return
        pending.extend(data)
        while b"\n" in pending:
            cut = pending.index(b"\n")
            line = bytes(pending[:cut])
            del pending[: cut + 1]
            if line.strip():
                self.log_sink(f"{arrow} {describe(line)}")
        if len(pending) > protocol.MAX_LINE * 2:
            pending.clear()

    def _note(self, text: str) -> None:
        if self.log_sink is not None:
            self.log_sink(text)
