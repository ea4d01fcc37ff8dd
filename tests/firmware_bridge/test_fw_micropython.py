"""The firmware is MicroPython code: the same modules, run under real MicroPython 1.27
(WebAssembly in Node.js) and under CPython, answer the same frames with the same bytes
and make the same chip writes (issue 5, "Done when": firmware under a real MicroPython)."""

from __future__ import annotations

import json

from firmware_bridge import fakeboard
from firmware_bridge import protocol as p
from firmware_bridge.firmware import main


def frame(kind: int, seq: int, payload: bytes = b"") -> bytes:
    return p.encode_frame(kind, seq, payload)


def scenario() -> list[tuple[int, bytes]]:
    """Every host->board message type, retransmits, bad frames, noise, silence."""
    good = frame(p.SET_TEXT, 1, p.pack_set_text(0, "12,500"))
    corrupt = bytearray(good)
    corrupt[5] ^= 0x04
    return [
        (5, good),
        (5, good),  # retransmit: ACKed again, not applied twice
        (5, frame(p.SET_TEXT, 2, p.pack_set_text(2, "CALL 985"))),
        (5, frame(p.SET_SEGMENTS, 3, p.pack_set_segments(3, bytes([0x77, 0x80, 0x01])))),
        (5, frame(p.BRIGHTNESS, 4, p.pack_brightness(p.ALL, 9))),
        (5, frame(p.BLINK, 5, p.pack_blink(2, 400))),
        (250, b""),  # blink off-phase
        (5, frame(p.SET_LAMP, 6, p.pack_set_lamp(4, 0, 40, 0, 1))),
        (5, frame(p.CLEAR, 7, p.pack_clear(3))),
        (5, frame(p.PING, 8, b"tok")),
        (5, frame(p.SET_TEXT, 9, p.pack_set_text(40, "FOLD"))),  # no module 40: NAK
        (5, frame(p.SET_TEXT, 9, p.pack_set_text(40, "FOLD"))),  # retransmit: same NAK
        (5, frame(p.SET_TEXT, 10, p.pack_set_text(1, "~~"))),  # no shape: NAK
        (5, frame(0x7E, 11)),  # unknown kind: NAK
        (5, bytes(corrupt)),  # bad CRC: dropped, counted, silent
        (5, b"MicroPython v1.27 banner\n:!!!!\n" + b"x" * 200 + b"\n"),
        (2000, frame(p.HELLO, 12, p.pack_hello_request())),  # after the boot window
        (6000, b""),  # host silent: no-host pattern
        (5, frame(p.STATUS, 13)),
    ]


def test_micropython_and_cpython_firmware_agree_byte_for_byte(micropython):
    steps = scenario()
    expected = json.loads(json.dumps(fakeboard.run_scenario(main, steps)))
    wire = json.dumps([[advance, data.hex()] for advance, data in steps])
    code = (
        "import json, binascii, main, fakeboard\n"
        f"steps = [[a, binascii.unhexlify(h)] for a, h in json.loads({wire!r})]\n"
        "print(json.dumps(fakeboard.run_scenario(main, steps)))\n"
    )
    got = json.loads(micropython(code))
    assert len(got["steps"]) == len(expected["steps"])
    for i, (mine, theirs) in enumerate(zip(got["steps"], expected["steps"], strict=True)):
        assert mine == theirs, f"step {i} differs between MicroPython and CPython"
    assert got["counters"] == expected["counters"]
    # and the run did real work: frames applied, a duplicate, rejections, a bad CRC
    counters = dict(zip(p.COUNTERS, got["counters"], strict=True))
    assert counters["duplicates"] == 2
    assert counters["rejected"] == 3
    assert counters["bad_crc"] == 1
    assert counters["host_lost"] == 1
    assert got["protected"] is True


def test_interpreter_is_really_micropython(micropython):
    out = micropython("import sys\nprint(sys.implementation.name, sys.implementation.version[:2])")
    assert out.split() == ["micropython", "(1,", "27)"]


def test_protocol_codec_round_trips_under_micropython(micropython):
    """hardware_docs/display-protocol.md: CRC-16/CCITT-FALSE check value 0x29B1; the
    board's encoding of a frame equals the host's."""
    line = p.encode_frame(p.SET_TEXT, 513, p.pack_set_text(7, "ALL IN"))
    code = (
        "import protocol as p\n"
        "print(hex(p.crc16(b'123456789')))\n"
        "print(p.encode_frame(p.SET_TEXT, 513, p.pack_set_text(7, 'ALL IN')).decode().strip())\n"
    )
    crc, board_line = micropython(code).split()
    assert crc == "0x29b1"
    assert board_line.encode() + b"\n" == line
