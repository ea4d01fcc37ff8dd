"""Typed host-side messages over the shared codec in :mod:`firmware_bridge.protocol`.

Commands (host -> board) are frozen values with a ``key``: the part of the display
they set. Two commands with the same key overwrite each other (last writer wins), which
is what lets the link keep one wanted picture and resend it whole after a reset.

>>> SetText(3, "CALL 985")
SetText(module=3, text='CALL 985')
>>> SetText(3, "CALL 985").key, SetLamp(4, 0, 40, 0).key
(('digits', 3), ('lamp', 4))
>>> decode_reply(protocol.ACK, protocol.pack_ack(7, 0xCAFE))
Ack(seq=7, boot_id=51966)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from controller.errors import PitbossError
from firmware_bridge import protocol


class DisplayError(PitbossError):
    """Bad input for the display (a text it cannot show, a module it does not have)."""

    code = "display_error"


def _check(ok: bool, code: str, message: str) -> None:
    if not ok:
        raise DisplayError(message, code)


@dataclass(frozen=True)
class SetText:
    """Show ``text`` on a module (right justified; '.' or ',' lights the digit's point)."""

    module: int
    text: str
    kind: ClassVar[int] = protocol.SET_TEXT

    def __post_init__(self) -> None:
        _check(0 <= self.module < protocol.ALL, "bad_module", f"no module {self.module}")
        try:
            protocol.pack_set_text(self.module, self.text)
        except protocol.ProtocolError as e:
            raise DisplayError(e.message, "bad_text") from e

    def payload(self) -> bytes:
        return protocol.pack_set_text(self.module, self.text)

    @property
    def key(self) -> tuple[str, int]:
        return ("digits", self.module)


@dataclass(frozen=True)
class SetSegments:
    """Raw digit patterns (MAX7219 no-decode bits), leftmost digit first."""

    module: int
    segments: bytes
    kind: ClassVar[int] = protocol.SET_SEGMENTS

    def __post_init__(self) -> None:
        _check(0 <= self.module < protocol.ALL, "bad_module", f"no module {self.module}")
        _check(len(self.segments) <= protocol.MAX_TEXT, "bad_segments", "too many digits")

    def payload(self) -> bytes:
        return protocol.pack_set_segments(self.module, self.segments)

    @property
    def key(self) -> tuple[str, int]:
        return ("digits", self.module)


@dataclass(frozen=True)
class Clear:
    """Blank a module (or every module with ``protocol.ALL``) and stop its blinking."""

    module: int
    kind: ClassVar[int] = protocol.CLEAR

    def payload(self) -> bytes:
        return protocol.pack_clear(self.module)

    @property
    def key(self) -> tuple[str, int] | None:
        return None if self.module == protocol.ALL else ("digits", self.module)


@dataclass(frozen=True)
class Brightness:
    """MAX7219 intensity 0..15 for a module (or ``protocol.ALL``)."""

    module: int
    level: int
    kind: ClassVar[int] = protocol.BRIGHTNESS

    def __post_init__(self) -> None:
        _check(0 <= self.level <= protocol.MAX_LEVEL, "bad_level", "brightness must be 0..15")

    def payload(self) -> bytes:
        return protocol.pack_brightness(self.module, self.level)

    @property
    def key(self) -> tuple[str, int] | None:
        return None if self.module == protocol.ALL else ("brightness", self.module)


@dataclass(frozen=True)
class Blink:
    """Blink a module with this period in ms (0 = steady)."""

    module: int
    period_ms: int
    kind: ClassVar[int] = protocol.BLINK

    def __post_init__(self) -> None:
        _check(0 <= self.period_ms <= 0xFFFF, "bad_period", "blink period must be 0..65535 ms")

    def payload(self) -> bytes:
        return protocol.pack_blink(self.module, self.period_ms)

    @property
    def key(self) -> tuple[str, int] | None:
        return None if self.module == protocol.ALL else ("blink", self.module)


@dataclass(frozen=True)
class SetLamp:
    """Colour of a WS2812 lamp (two per seat: status, then button), optionally blinking."""

    lamp: int
    red: int
    green: int
    blue: int
    blink: bool = False
    kind: ClassVar[int] = protocol.SET_LAMP

    def __post_init__(self) -> None:
        for c in (self.red, self.green, self.blue):
            _check(0 <= c <= 255, "bad_colour", "colour components must be 0..255")

    def payload(self) -> bytes:
        return protocol.pack_set_lamp(self.lamp, self.red, self.green, self.blue, self.blink)

    @property
    def key(self) -> tuple[str, int] | None:
        return None if self.lamp == protocol.ALL else ("lamp", self.lamp)


Command = SetText | SetSegments | Clear | Brightness | Blink | SetLamp


# ---- board -> host


@dataclass(frozen=True)
class BoardInfo:
    """The board's HELLO: what it has and which boot this is."""

    version: int
    modules: int
    digits: int
    lamps: int
    boot_id: int
    firmware: str
    board_id: str


@dataclass(frozen=True)
class Ack:
    seq: int
    boot_id: int


@dataclass(frozen=True)
class Nak:
    seq: int
    reason: int
    boot_id: int

    @property
    def reason_name(self) -> str:
        return protocol.NAK_NAMES.get(self.reason, f"reason_{self.reason}")


@dataclass(frozen=True)
class Pong:
    boot_id: int
    token: bytes


@dataclass(frozen=True)
class BoardStatus:
    boot_id: int
    uptime_ms: int
    counters: dict[str, int]


@dataclass(frozen=True)
class BoardError:
    code: int
    detail: str


Reply = BoardInfo | Ack | Nak | Pong | BoardStatus | BoardError


def decode_reply(kind: int, payload: bytes) -> Reply:
    """A board frame as a typed value; ProtocolError for a kind the host never expects."""
    if kind == protocol.HELLO:
        return BoardInfo(*protocol.unpack_hello(payload))
    if kind == protocol.ACK:
        return Ack(*protocol.unpack_ack(payload))
    if kind == protocol.NAK:
        return Nak(*protocol.unpack_nak(payload))
    if kind == protocol.PONG:
        return Pong(*protocol.unpack_pong(payload))
    if kind == protocol.STATUS:
        boot_id, uptime, counters = protocol.unpack_status(payload)
        return BoardStatus(boot_id, uptime, dict(zip(protocol.COUNTERS, counters, strict=True)))
    if kind == protocol.ERROR:
        return BoardError(*protocol.unpack_error(payload))
    raise protocol.ProtocolError("unexpected_kind", f"{protocol.kind_name(kind)} from the board")
