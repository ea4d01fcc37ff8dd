"""Emulated display hardware: MAX7219 chips that decode the real SPI words, WS2812 lamps.

The emulator's board hands the firmware buses whose ``send`` clocks the words into
these models, so what the tests read back is what the chips would show, not what the
firmware meant to show.

>>> chain = Max7219Chain(2)
>>> chain.latch(bytes([0x0C, 0x01, 0x0C, 0x01]))   # both chips out of shutdown
>>> chain.latch(bytes([0x0B, 0x07, 0x0B, 0x07]))   # scan all eight digits
>>> chain.latch(bytes([0x00, 0x00, 0x08, 0x4E]))   # chip 0, DIG7 (leftmost) = 'C'
>>> chain.chips[0].visible().hex()
'4e00000000000000'
>>> chain.chips[1].visible().hex()
'0000000000000000'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firmware_bridge.fakeboard import FakeBoard

NOOP, DECODE_MODE, INTENSITY, SCAN_LIMIT, SHUTDOWN, DISPLAY_TEST = (
    0x00,
    0x09,
    0x0A,
    0x0B,
    0x0C,
    0x0F,
)


@dataclass
class Max7219:
    """One chip's registers, as at power-on: shut down, digits undefined (blank here)."""

    digits: list[int] = field(default_factory=lambda: [0] * 8)  # DIG0..DIG7 registers
    decode_mode: int = 0
    intensity: int = 0
    scan_limit: int = 0
    shutdown: bool = True
    display_test: bool = False
    writes: int = 0

    def write(self, register: int, value: int) -> None:
        self.writes += 1
        if 1 <= register <= 8:
            self.digits[register - 1] = value
        elif register == DECODE_MODE:
            self.decode_mode = value
        elif register == INTENSITY:
            self.intensity = value & 0x0F
        elif register == SCAN_LIMIT:
            self.scan_limit = value & 0x07
        elif register == SHUTDOWN:
            self.shutdown = not value & 1
        elif register == DISPLAY_TEST:
            self.display_test = bool(value & 1)

    def visible(self) -> bytes:
        """The eight digit patterns a person sees, leftmost (DIG7) first."""
        if self.display_test:
            return bytes([0xFF] * 8)
        if self.shutdown:
            return bytes(8)
        lit = [self.digits[d] if d <= self.scan_limit else 0 for d in range(8)]
        return bytes(reversed(lit))


class Max7219Chain:
    """Chips sharing one chip-select: a latch delivers one 16-bit word to each chip."""

    def __init__(self, count: int) -> None:
        self.chips = [Max7219() for _ in range(count)]
        self.transactions = 0

    def latch(self, buf: bytes) -> None:
        self.transactions += 1
        if len(buf) != 2 * len(self.chips):
            return  # a short or long shift leaves the words misaligned: ignore, as noise
        for index, chip in enumerate(self.chips):
            at = 2 * (len(self.chips) - 1 - index)
            register, value = buf[at], buf[at + 1]
            if register != NOOP:
                chip.write(register, value)


class ChainBus:
    """The firmware's view of a chain: ``send(buf)`` is one chip-select cycle."""

    def __init__(self, chain: Max7219Chain) -> None:
        self.chain = chain

    def send(self, buf: bytes | bytearray) -> None:
        self.chain.latch(bytes(buf))


class EmulatedBoard(FakeBoard):
    """The fake board with emulated chips and lamps; the emulator moves the bytes."""

    def __init__(
        self,
        chains: tuple[int, ...],
        lamps: int,
        boot_id: int,
        watchdog_reset: bool = False,
    ) -> None:
        super().__init__(chains, lamps, boot_id, watchdog_reset)
        self.hw_chains = [Max7219Chain(n) for n in chains]
        self.lamp_colours: list[tuple[int, int, int]] = [(0, 0, 0)] * lamps

    def chains(self) -> list[tuple[ChainBus, int]]:  # type: ignore[override]
        return [(ChainBus(c), len(c.chips)) for c in self.hw_chains]

    def show_lamps(self, colours: list[tuple[int, int, int]]) -> None:  # type: ignore[override]
        self.lamp_colours = [tuple(c) for c in colours]  # type: ignore[misc]

    def board_id(self) -> str:
        return f"emu-{self._boot_id:08x}"

    def modules(self) -> list[Max7219]:
        return [chip for chain in self.hw_chains for chip in chain.chips]
