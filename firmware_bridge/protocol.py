"""The display wire protocol: framing, CRC-16/CCITT, message types and payloads.

This one file is shared by the host (CPython) and the board (MicroPython 1.27):
it is copied to the board as ``protocol.py`` next to the firmware. So it uses only
what both interpreters have: plain functions and classes, ``bytes``, ``binascii``
and no ``typing`` import, dataclasses, ``from __future__`` or step slices.
The spec with byte layouts is ``hardware_docs/display-protocol.md``.

A frame is one printable line::

    b":" + base64(body) + b"\\n"
    body = kind (1) | seq (2, big-endian) | payload (0..48) | crc16 (2, big-endian)

Printable lines mean byte 0x03 (Ctrl-C, a KeyboardInterrupt on MicroPython's USB
serial) never appears in a well-formed frame, and anything the board prints that is
not a frame (a traceback, the REPL banner) is noise the host skips.

>>> line = encode_frame(SET_TEXT, 7, pack_set_text(2, "CALL 985"))
>>> line
b':EAAHAkNBTEwgOTg1Txw=\\n'
>>> kind, seq, payload = decode_frame(line)
>>> kind == SET_TEXT, seq, unpack_set_text(payload)
(True, 7, (2, 'CALL 985'))
"""

import binascii

PROTOCOL_VERSION = 1

# Message kinds. Host -> board: HELLO (request), PING, STATUS (request), SET_*, BRIGHTNESS,
# BLINK, CLEAR. Board -> host: HELLO (identity), PONG, STATUS (report), ERROR, ACK, NAK.
HELLO = 0x01
PING = 0x02
PONG = 0x03
STATUS = 0x04
ERROR = 0x05
ACK = 0x06
NAK = 0x07
SET_TEXT = 0x10
SET_SEGMENTS = 0x11
BRIGHTNESS = 0x12
BLINK = 0x13
CLEAR = 0x14
SET_LAMP = 0x15

KIND_NAMES = {
    HELLO: "HELLO",
    PING: "PING",
    PONG: "PONG",
    STATUS: "STATUS",
    ERROR: "ERROR",
    ACK: "ACK",
    NAK: "NAK",
    SET_TEXT: "SET_TEXT",
    SET_SEGMENTS: "SET_SEGMENTS",
    BRIGHTNESS: "BRIGHTNESS",
    BLINK: "BLINK",
    CLEAR: "CLEAR",
    SET_LAMP: "SET_LAMP",
}

ALL = 0xFF  # module / lamp index meaning "every module" / "every lamp"
MAX_PAYLOAD = 48
MAX_TEXT = 16  # bytes of SET_TEXT text (dots and commas ride on the digit before them)
MAX_LEVEL = 15  # MAX7219 intensity register range 0..15
MAX_LINE = 1 + 4 * ((3 + 2 + MAX_PAYLOAD + 2) // 3) + 1  # ':' + base64 + '\n' = 74
START = 0x3A  # ':'
END = 0x0A  # '\n'

# NAK reasons: why a frame with a good CRC was refused (nothing was applied).
NAK_UNKNOWN_KIND = 1
NAK_BAD_LENGTH = 2
NAK_BAD_MODULE = 3
NAK_BAD_VALUE = 4
NAK_BAD_VERSION = 5
NAK_NAMES = {
    NAK_UNKNOWN_KIND: "unknown_kind",
    NAK_BAD_LENGTH: "bad_length",
    NAK_BAD_MODULE: "bad_module",
    NAK_BAD_VALUE: "bad_value",
    NAK_BAD_VERSION: "bad_version",
}

# ERROR codes: things the board reports on its own.
ERR_WATCHDOG_RESET = 1  # the last boot was caused by the watchdog (the board hung)
ERR_INTERNAL = 2  # the firmware caught an exception while handling a frame

# STATUS report counters, in wire order (u32 each, big-endian).
COUNTERS = (
    "frames_ok",
    "bad_crc",
    "malformed",
    "overflow",
    "duplicates",
    "rejected",
    "noise",
    "host_lost",
)


class ProtocolError(ValueError):
    """A frame or payload that is not valid; ``code`` is stable, ``message`` is for people.

    >>> try:
    ...     decode_frame(b":AAAA\\n")
    ... except ProtocolError as e:
    ...     print(e.code)
    too_short
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _make_crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _make_crc_table()


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor).

    >>> hex(crc16(b"123456789"))
    '0x29b1'
    """
    table = _CRC_TABLE
    for b in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ b) & 0xFF]
    return crc


def _u16(value: int) -> bytes:
    return bytes(((value >> 8) & 0xFF, value & 0xFF))


def _u32(value: int) -> bytes:
    return bytes(((value >> 24) & 0xFF, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF))


def _get16(data: bytes, at: int) -> int:
    return (data[at] << 8) | data[at + 1]


def _get32(data: bytes, at: int) -> int:
    return (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]


def encode_frame(kind: int, seq: int, payload: bytes = b"") -> bytes:
    """One frame as a printable line: ``:`` + base64(kind, seq, payload, crc) + newline."""
    if len(payload) > MAX_PAYLOAD:
        raise ProtocolError("too_long", f"payload of {len(payload)} bytes exceeds {MAX_PAYLOAD}")
    body = bytes((kind & 0xFF,)) + _u16(seq & 0xFFFF) + bytes(payload)
    body = body + _u16(crc16(body))
    return b":" + binascii.b2a_base64(body).strip() + b"\n"


def _is_base64(text: bytes) -> bool:
    # Validate by hand: CPython and MicroPython decoders differ on stray characters,
    # and a frame must be accepted or refused identically on both sides.
    if len(text) % 4:
        return False
    for i in range(len(text)):
        c = text[i]
        if 65 <= c <= 90 or 97 <= c <= 122 or 48 <= c <= 57 or c == 43 or c == 47:
            continue
        if c == 61 and i >= len(text) - 2 and (i == len(text) - 1 or text[i + 1] == 61):
            continue
        return False
    return True


def decode_frame(line: bytes) -> tuple[int, int, bytes]:
    """Parse one line (with or without its newline) into ``(kind, seq, payload)``.

    Raises :class:`ProtocolError` with code ``noise`` (not a frame at all),
    ``malformed``, ``too_short``, ``too_long`` or ``bad_crc``; a refused frame is
    never acted on.

    >>> decode_frame(b"MicroPython v1.27.0 on 2026-01-01\\n")
    Traceback (most recent call last):
    ...
    firmware_bridge.protocol.ProtocolError: line does not start with ':'
    """
    line = bytes(line).strip()
    if not line or line[0] != START:
        raise ProtocolError("noise", "line does not start with ':'")
    text = line[1:]
    if len(text) > MAX_LINE - 2:
        raise ProtocolError("too_long", f"frame line of {len(line)} characters is too long")
    if not _is_base64(text):
        raise ProtocolError("malformed", "frame is not valid base64")
    body = binascii.a2b_base64(text)
    if binascii.b2a_base64(body).strip() != text:
        # Unused low bits of the last character were set: not what any encoder sends.
        raise ProtocolError("malformed", "frame is not canonical base64")
    if len(body) < 5:
        raise ProtocolError("too_short", f"frame body of {len(body)} bytes is too short")
    if crc16(body[:-2]) != _get16(body, len(body) - 2):
        raise ProtocolError("bad_crc", "frame CRC does not match")
    return body[0], _get16(body, 1), body[3:-2]


class LineReader:
    """Splits a byte stream into lines, bounded so a noisy line cannot eat memory.

    ``feed`` returns complete lines; an over-long line is thrown away up to the next
    newline and counted in ``overflows``.

    >>> r = LineReader()
    >>> r.feed(b":abc\\n:de"), r.feed(b"f\\n")
    ([b':abc'], [b':def'])
    """

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self.buf = bytearray()
        self.skipping = False
        self.overflows = 0

    def feed(self, data: bytes) -> list[bytes]:
        lines = []
        for b in data:
            if b == END:
                if not self.skipping:
                    lines.append(bytes(self.buf))
                self.buf = bytearray()
                self.skipping = False
            elif not self.skipping:
                if len(self.buf) >= self.limit:
                    self.overflows += 1
                    self.skipping = True
                    self.buf = bytearray()
                else:
                    self.buf.append(b)
        return lines


def kind_name(kind: int) -> str:
    """``'SET_TEXT'`` for 0x10; unknown kinds read as ``'0x7f'``."""
    return KIND_NAMES.get(kind, f"0x{kind:02x}")


# ---- payloads: pack_* builds, unpack_* parses and validates (ProtocolError on bad input)


def _need(payload: bytes, size: int, name: str) -> None:
    if len(payload) != size:
        raise ProtocolError("bad_length", f"{name} payload must be {size} bytes")


def _ascii(data: bytes, name: str) -> str:
    for b in data:
        if b < 0x20 or b > 0x7E:
            raise ProtocolError("bad_value", f"{name} text must be printable ASCII")
    return data.decode()


def pack_hello_request() -> bytes:
    return bytes((PROTOCOL_VERSION,))


def unpack_hello_request(payload: bytes) -> int:
    """The host's protocol version."""
    _need(payload, 1, "HELLO request")
    return payload[0]


def pack_hello(
    modules: int, digits: int, lamps: int, boot_id: int, firmware: str, board_id: str
) -> bytes:
    """The board's identity: version, module count, digits/module, lamps, boot id, names."""
    fw = firmware.encode()[:16]
    ident = board_id.encode()[: MAX_PAYLOAD - 9 - len(fw)]
    head = bytes((PROTOCOL_VERSION, modules, digits, lamps)) + _u32(boot_id)
    return head + bytes((len(fw),)) + fw + ident


def unpack_hello(payload: bytes) -> tuple[int, int, int, int, int, str, str]:
    """-> ``(version, modules, digits, lamps, boot_id, firmware, board_id)``."""
    if len(payload) < 9 or len(payload) < 9 + payload[8]:
        raise ProtocolError("bad_length", "HELLO payload too short")
    n = payload[8]
    fw = _ascii(payload[9 : 9 + n], "firmware")
    ident = _ascii(payload[9 + n :], "board id")
    return payload[0], payload[1], payload[2], payload[3], _get32(payload, 4), fw, ident


def pack_ack(seq: int, boot_id: int) -> bytes:
    return _u16(seq) + _u32(boot_id)


def unpack_ack(payload: bytes) -> tuple[int, int]:
    """-> ``(acked seq, boot_id)``."""
    _need(payload, 6, "ACK")
    return _get16(payload, 0), _get32(payload, 2)


def pack_nak(seq: int, reason: int, boot_id: int) -> bytes:
    return _u16(seq) + bytes((reason,)) + _u32(boot_id)


def unpack_nak(payload: bytes) -> tuple[int, int, int]:
    """-> ``(refused seq, reason, boot_id)``."""
    _need(payload, 7, "NAK")
    return _get16(payload, 0), payload[2], _get32(payload, 3)


def pack_pong(boot_id: int, token: bytes) -> bytes:
    return _u32(boot_id) + bytes(token)


def unpack_pong(payload: bytes) -> tuple[int, bytes]:
    """-> ``(boot_id, token)``."""
    if len(payload) < 4:
        raise ProtocolError("bad_length", "PONG payload too short")
    return _get32(payload, 0), bytes(payload[4:])


def pack_status(
    boot_id: int, uptime_ms: int, counters: list[int] | tuple[int, ...] | range
) -> bytes:
    out = _u32(boot_id) + _u32(uptime_ms)
    for value in counters:
        out += _u32(value)
    return out


def unpack_status(payload: bytes) -> tuple[int, int, tuple[int, ...]]:
    """-> ``(boot_id, uptime_ms, counters tuple in COUNTERS order)``."""
    _need(payload, 8 + 4 * len(COUNTERS), "STATUS")
    counters = tuple(_get32(payload, 8 + 4 * i) for i in range(len(COUNTERS)))
    return _get32(payload, 0), _get32(payload, 4), counters


def pack_error(code: int, detail: str) -> bytes:
    return bytes((code,)) + detail.encode()[: MAX_PAYLOAD - 1]


def unpack_error(payload: bytes) -> tuple[int, str]:
    """-> ``(code, detail)``."""
    if not payload:
        raise ProtocolError("bad_length", "ERROR payload is empty")
    return payload[0], _ascii(payload[1:], "error")


def pack_set_text(module: int, text: str) -> bytes:
    data = text.encode()
    if len(data) > MAX_TEXT:
        raise ProtocolError("bad_value", f"text {text!r} is longer than {MAX_TEXT} bytes")
    _ascii(data, "SET_TEXT")
    return bytes((module,)) + data


def unpack_set_text(payload: bytes) -> tuple[int, str]:
    """-> ``(module, text)``."""
    if not payload or len(payload) > 1 + MAX_TEXT:
        raise ProtocolError("bad_length", f"SET_TEXT payload must be 1..{1 + MAX_TEXT} bytes")
    return payload[0], _ascii(payload[1:], "SET_TEXT")


def pack_set_segments(module: int, segments: bytes) -> bytes:
    if len(segments) > MAX_TEXT:
        raise ProtocolError("bad_value", f"at most {MAX_TEXT} digits of segments")
    return bytes((module,)) + bytes(segments)


def unpack_set_segments(payload: bytes) -> tuple[int, bytes]:
    """-> ``(module, segment bytes, leftmost digit first)``."""
    if not payload or len(payload) > 1 + MAX_TEXT:
        raise ProtocolError("bad_length", "SET_SEGMENTS payload must be 1..17 bytes")
    return payload[0], bytes(payload[1:])


def pack_brightness(module: int, level: int) -> bytes:
    return bytes((module, level))


def unpack_brightness(payload: bytes) -> tuple[int, int]:
    """-> ``(module or ALL, level 0..15)``."""
    _need(payload, 2, "BRIGHTNESS")
    if payload[1] > MAX_LEVEL:
        raise ProtocolError("bad_value", f"brightness must be 0..{MAX_LEVEL}")
    return payload[0], payload[1]


def pack_blink(module: int, period_ms: int) -> bytes:
    return bytes((module,)) + _u16(period_ms)


def unpack_blink(payload: bytes) -> tuple[int, int]:
    """-> ``(module or ALL, period in ms; 0 = steady)``."""
    _need(payload, 3, "BLINK")
    return payload[0], _get16(payload, 1)


def pack_clear(module: int) -> bytes:
    return bytes((module,))


def unpack_clear(payload: bytes) -> int:
    """-> module or ALL."""
    _need(payload, 1, "CLEAR")
    return payload[0]


def pack_set_lamp(lamp: int, red: int, green: int, blue: int, blink: bool | int) -> bytes:
    return bytes((lamp, red, green, blue, 1 if blink else 0))


def unpack_set_lamp(payload: bytes) -> tuple[int, int, int, int, int]:
    """-> ``(lamp or ALL, red, green, blue, blink flag)``."""
    _need(payload, 5, "SET_LAMP")
    if payload[4] > 1:
        raise ProtocolError("bad_value", "lamp mode must be 0 (steady) or 1 (blink)")
    return payload[0], payload[1], payload[2], payload[3], payload[4]
