"""The wire codec (hardware_docs/display-protocol.md, "Byte layouts")."""

from __future__ import annotations

import binascii

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge import protocol as p
from firmware_bridge.messages import (
    Ack,
    BoardInfo,
    BoardStatus,
    DisplayError,
    Nak,
    Pong,
    SetLamp,
    SetText,
    decode_reply,
)

kinds = st.sampled_from(sorted(p.KIND_NAMES))
payloads = st.binary(max_size=p.MAX_PAYLOAD)


def test_crc16_ccitt_false_check_value() -> None:
    """display-protocol.md: CRC of ASCII 123456789 is 0x29B1."""
    assert p.crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=64))
def test_crc16_matches_binascii_crc_hqx(data: bytes) -> None:
    assert p.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


def test_worked_example_from_the_spec() -> None:
    line = p.encode_frame(p.SET_TEXT, 7, p.pack_set_text(2, "CALL 985"))
    assert line == b":EAAHAkNBTEwgOTg1Txw=\n"
    body = binascii.a2b_base64(line[1:-1])
    assert body.hex() == "10000702" + b"CALL 985".hex() + "4f1c"


@given(kinds, st.integers(0, 0xFFFF), payloads)
def test_frames_round_trip_and_are_printable_lines(kind: int, seq: int, payload: bytes) -> None:
    """No 0x03 (Ctrl-C on MicroPython USB serial), no control bytes, one newline."""
    line = p.encode_frame(kind, seq, payload)
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.startswith(b":")
    assert all(0x20 < b < 0x7F for b in line[:-1])
    assert len(line) <= p.MAX_LINE
    assert p.decode_frame(line) == (kind, seq, payload)


@given(kinds, st.integers(0, 0xFFFF), payloads, st.data())
def test_any_single_bit_flip_or_dropped_byte_is_refused(
    kind: int, seq: int, payload: bytes, data: st.DataObject
) -> None:
    """Bad frames are dropped, never acted on: CRC-16 catches every burst up to 16 bits."""
    line = bytearray(p.encode_frame(kind, seq, payload)[:-1])
    at = data.draw(st.integers(0, len(line) - 1))
    if data.draw(st.booleans()):
        line[at] ^= 1 << data.draw(st.integers(0, 7))
    else:
        del line[at]
    with pytest.raises(p.ProtocolError) as e:
        p.decode_frame(bytes(line))
    assert e.value.code in {"noise", "malformed", "too_short", "bad_crc", "too_long"}


def test_refusals_have_stable_codes() -> None:
    cases = {
        b"MicroPython v1.27.0": "noise",
        b":AAAA": "too_short",
        b":AB$D": "malformed",
        b":" + b"QUFB" * 30: "too_long",
        p.encode_frame(p.PING, 1)[:-3] + b"A=\n": "bad_crc",
    }
    for line, code in cases.items():
        with pytest.raises(p.ProtocolError) as e:
            p.decode_frame(line)
        assert e.value.code == code, line


def test_line_reader_drops_an_overlong_line_and_keeps_going() -> None:
    reader = p.LineReader()
    lines = reader.feed(b"x" * 500 + b"\n:ok\n")
    assert lines == [b":ok"] and reader.overflows == 1


def test_payloads_round_trip() -> None:
    assert p.unpack_set_text(p.pack_set_text(3, "ALL IN")) == (3, "ALL IN")
    assert p.unpack_set_segments(p.pack_set_segments(1, b"\x77\x80")) == (1, b"\x77\x80")
    assert p.unpack_brightness(p.pack_brightness(p.ALL, 15)) == (0xFF, 15)
    assert p.unpack_blink(p.pack_blink(2, 800)) == (2, 800)
    assert p.unpack_clear(p.pack_clear(4)) == 4
    assert p.unpack_set_lamp(p.pack_set_lamp(5, 1, 2, 3, True)) == (5, 1, 2, 3, 1)
    hello = p.pack_hello(12, 8, 20, 0xDEADBEEF, "1.0.0", "e6614104032b5c2d")
    assert decode_reply(p.HELLO, hello) == BoardInfo(
        1, 12, 8, 20, 0xDEADBEEF, "1.0.0", "e6614104032b5c2d"
    )
    assert decode_reply(p.ACK, p.pack_ack(9, 7)) == Ack(9, 7)
    assert decode_reply(p.NAK, p.pack_nak(9, p.NAK_BAD_MODULE, 7)).reason_name == "bad_module"  # type: ignore[union-attr]
    assert decode_reply(p.PONG, p.pack_pong(7, b"t")) == Pong(7, b"t")
    status = decode_reply(p.STATUS, p.pack_status(7, 1000, range(8)))
    assert isinstance(status, BoardStatus) and status.counters["host_lost"] == 7
    assert isinstance(decode_reply(p.NAK, p.pack_nak(1, 2, 3)), Nak)


def test_bad_payloads_are_refused_with_codes() -> None:
    with pytest.raises(p.ProtocolError, match="printable"):
        p.unpack_set_text(b"\x01CA\x03LL")
    with pytest.raises(p.ProtocolError) as e:
        p.unpack_brightness(b"\x01\x10")
    assert e.value.code == "bad_value"
    with pytest.raises(p.ProtocolError) as e:
        p.unpack_ack(b"\x00")
    assert e.value.code == "bad_length"


def test_host_commands_check_their_input() -> None:
    with pytest.raises(DisplayError) as e:
        SetText(0, "x" * 17)
    assert e.value.code == "bad_text"
    with pytest.raises(DisplayError) as e:
        SetLamp(0, 300, 0, 0)
    assert e.value.code == "bad_colour"
