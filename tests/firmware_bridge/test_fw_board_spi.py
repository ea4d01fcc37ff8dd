"""Firmware under CPython with a fake ``machine`` module: the real board.py drives a
recording SPI bus, and the bytes clocked into the MAX7219 chips are checked against
the datasheet (register map, no-decode segment bits, daisy-chain word order)."""

from __future__ import annotations

import importlib.util
import os
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from firmware_bridge import protocol as p
from firmware_bridge.firmware import main

BOARD_PY = Path(main.__file__).with_name("board.py")

# MAX7219 datasheet, Table 6 (no-decode mode): D7..D0 = DP A B C D E F G.
SEGMENT_BIT = {
    "DP": 0x80,
    "A": 0x40,
    "B": 0x20,
    "C": 0x10,
    "D": 0x08,
    "E": 0x04,
    "F": 0x02,
    "G": 0x01,
}
# Which segments a reader expects lit for each character of the known text.
LIT = {"C": "ADEF", "A": "ABCEFG", "L": "DEF", " ": "", "9": "ABCDFG", "8": "ABCDEFG", "5": "ACDFG"}


def pattern(ch: str) -> int:
    return sum(SEGMENT_BIT[s] for s in LIT[ch])


class FakeMachine(types.ModuleType):
    """Just enough of MicroPython's ``machine`` to record pins and SPI traffic."""

    WDT_RESET = 3

    def __init__(self) -> None:
        super().__init__("machine")
        self.log: list[tuple[Any, ...]] = []
        log = self.log

        class Pin:
            OUT, IN, PULL_UP = 1, 0, 2

            def __init__(self, pin: int, mode: int = 0, pull: int | None = None, value: int = 1):
                self.pin, self.level = pin, value

            def value(self, v: int | None = None) -> int:
                if v is None:
                    return self.level
                self.level = v
                log.append(("cs", self.pin, v))
                return v

        class SPI:
            def __init__(self, bus: int, **settings: Any) -> None:
                log.append(("spi_init", bus, settings["baudrate"]))

            def write(self, buf: bytes) -> None:
                log.append(("spi", bytes(buf)))

        class WDT:
            def __init__(self, timeout: int) -> None:
                log.append(("wdt", timeout))

            def feed(self) -> None:
                log.append(("feed",))

        self.Pin, self.SPI, self.WDT = Pin, SPI, WDT

    @staticmethod
    def unique_id() -> bytes:
        return b"\xe6\x61\x41\x04\x03\x2b\x5c\x2d"

    @staticmethod
    def reset_cause() -> int:
        return 1


class FakeTime:
    now = 0

    @classmethod
    def ticks_ms(cls) -> int:
        return cls.now

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        return a - b


@pytest.fixture
def board_module(monkeypatch: pytest.MonkeyPatch) -> Any:
    machine = FakeMachine()
    neopixel = types.ModuleType("neopixel")

    class NeoPixel(list):  # type: ignore[type-arg]
        def __init__(self, pin: Any, n: int) -> None:
            super().__init__([(0, 0, 0)] * n)

        def write(self) -> None:
            machine.log.append(("pixels", tuple(self)))

    neopixel.NeoPixel = NeoPixel  # type: ignore[attr-defined]
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda c: machine.log.append(("kbd_intr", c))  # type: ignore[attr-defined]
    for name, mod in (("machine", machine), ("neopixel", neopixel), ("micropython", micropython)):
        monkeypatch.setitem(sys.modules, name, mod)
    spec = importlib.util.spec_from_file_location("pitboss_board_under_test", BOARD_PY)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.time = FakeTime  # MicroPython's ticks_* are not in CPython's time
    module.machine_log = machine.log
    return module


def transactions(log: list[tuple[Any, ...]], cs_pin: int) -> list[bytes]:
    """SPI writes framed by a low-then-high edge of ``cs_pin``."""
    out, active = [], False
    for entry in log:
        if entry[0] == "cs" and entry[1] == cs_pin:
            active = entry[2] == 0
        elif entry[0] == "spi" and active:
            out.append(entry[1])
    return out


def test_known_text_writes_datasheet_registers(board_module: Any) -> None:
    """SET_TEXT "CALL 985" on module 1 (chip 1 of chain 0, POT+BET, CS on GP17)."""
    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd, "rb", buffering=0) as host_to_board, open(os.devnull, "wb") as out:
        board = board_module.Board(stdin=host_to_board, stdout=out)
        fw = main.Firmware(board)
        fw.start()
        board_module.machine_log.clear()
        os.write(write_fd, p.encode_frame(p.SET_TEXT, 1, p.pack_set_text(1, "CALL 985")))
        fw.step()
        os.close(write_fd)
    words = transactions(board_module.machine_log, 17)
    # The last word of each transaction lands in chip 0 (nearest the Pico), the first
    # in chip 1. Chip 0 shows nothing new, so its word is the no-op 0x00 0x00.
    expected = []
    for position, ch in enumerate("CALL 985"):
        if pattern(ch) == 0:
            continue  # already blank since init: not rewritten
        register = 8 - position  # leftmost digit is DIG7 = register 0x08
        expected.append(bytes([register, pattern(ch), 0x00, 0x00]))
    assert words == expected
    assert transactions(board_module.machine_log, 20) == []  # seat chains untouched


def test_init_sequence_and_only_changed_digits(board_module: Any) -> None:
    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd, "rb", buffering=0) as host_to_board, open(os.devnull, "wb") as out:
        board = board_module.Board(stdin=host_to_board, stdout=out)
        fw = main.Firmware(board)
        fw.start()
        init = transactions(board_module.machine_log, 20)
        # seat chain 1 (5 chips): test off, no-decode, scan 8 digits, intensity, blank, on
        assert init[0] == bytes([0x0F, 0x00] * 5)
        assert init[1] == bytes([0x09, 0x00] * 5)
        assert init[2] == bytes([0x0B, 0x07] * 5)
        assert init[3] == bytes([0x0A, main.DEFAULT_LEVEL] * 5)
        assert init[-1] == bytes([0x0C, 0x01] * 5)
        os.write(write_fd, p.encode_frame(p.SET_TEXT, 1, p.pack_set_text(2, "1,250")))
        fw.step()
        board_module.machine_log.clear()
        os.write(write_fd, p.encode_frame(p.SET_TEXT, 2, p.pack_set_text(2, "1,280")))
        fw.step()
        os.close(write_fd)
    words = transactions(board_module.machine_log, 20)
    # 1,250 -> 1,280 changes one digit (5 -> 8, position 6 = register 0x02) of chip 0
    assert words == [bytes([0x00, 0x00] * 4 + [0x02, pattern("8")])]


def test_boot_window_then_serial_protected_and_watchdog(board_module: Any) -> None:
    """Ctrl-C (0x03) keeps working for BOOT_WINDOW_MS after a reset, then kbd_intr(-1)
    and the watchdog start together; each loop pass feeds it."""
    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd, "rb", buffering=0) as host_to_board, open(os.devnull, "wb") as out:
        board = board_module.Board(stdin=host_to_board, stdout=out)
        fw = main.Firmware(board)
        fw.start()
        fw.step()
        assert ("kbd_intr", -1) not in board_module.machine_log
        FakeTime.now = main.BOOT_WINDOW_MS
        fw.step()
        os.close(write_fd)
    log = board_module.machine_log
    assert ("kbd_intr", -1) in log
    assert ("wdt", main.WATCHDOG_MS) in log
    assert log[-1] == ("feed",) or ("feed",) in log
    FakeTime.now = 0
