"""Frame handling in firmware/main.py on the recording FakeBoard (CPython)."""

from __future__ import annotations

from firmware_bridge import protocol as p
from firmware_bridge.fakeboard import FakeBoard
from firmware_bridge.firmware import main, segments
from firmware_bridge.messages import Ack, BoardError, BoardInfo, Nak, Reply, decode_reply


def boot(**kw: object) -> tuple[FakeBoard, main.Firmware]:
    board = FakeBoard(**kw)  # type: ignore[arg-type]
    fw = main.Firmware(board)
    fw.start()
    return board, fw


def send(
    board: FakeBoard, fw: main.Firmware, kind: int, seq: int, payload: bytes = b""
) -> list[Reply]:
    board.inbox.extend(p.encode_frame(kind, seq, payload))
    fw.step()
    return replies(board)


def replies(board: FakeBoard) -> list[Reply]:
    out = []
    for line in board.take_output().splitlines():
        kind, _seq, payload = p.decode_frame(line)
        out.append(decode_reply(kind, payload))
    return out


def test_boot_says_hello_with_boot_id_and_shows_no_host() -> None:
    board, fw = boot(boot_id=0xABCDEF01)
    (hello,) = replies(board)
    assert hello == BoardInfo(1, 12, 8, 20, 0xABCDEF01, main.FIRMWARE_VERSION, "fake-abcdef01")
    fw.step()
    assert all(chip == segments.no_host(8) for chip in fw.chains[1].shadow)


def test_refused_frame_changes_nothing_and_is_nakked() -> None:
    """Bad input changes nothing: a text that does not fit is NAKed, old text stays."""
    board, fw = boot()
    replies(board)
    send(board, fw, p.SET_TEXT, 1, p.pack_set_text(2, "CALL"))
    (nak,) = send(board, fw, p.SET_TEXT, 2, p.pack_set_text(2, "123456789"))
    assert isinstance(nak, Nak) and nak.reason == p.NAK_BAD_VALUE and nak.seq == 2
    assert fw.modules[2].content == segments.render("CALL", 8)
    (nak,) = send(board, fw, p.BRIGHTNESS, 3, b"\x02")  # payload too short
    assert isinstance(nak, Nak) and nak.reason == p.NAK_BAD_LENGTH


def test_retransmit_is_acked_but_not_applied_twice() -> None:
    board, fw = boot()
    replies(board)
    (ack,) = send(board, fw, p.SET_TEXT, 5, p.pack_set_text(0, "100"))
    assert ack == Ack(5, fw.boot_id)
    # the same seq again (its ACK was lost): answered, not re-applied
    (ack,) = send(board, fw, p.SET_TEXT, 5, p.pack_set_text(0, "999"))
    assert ack == Ack(5, fw.boot_id)
    assert fw.modules[0].content == segments.render("100", 8)
    assert fw.counters[main.DUPLICATES] == 1
    # a HELLO starts a new session: the remembered seq is forgotten
    send(board, fw, p.HELLO, 6, p.pack_hello_request())
    send(board, fw, p.SET_TEXT, 5, p.pack_set_text(0, "777"))
    assert fw.modules[0].content == segments.render("777", 8)


def test_wrong_protocol_version_is_refused() -> None:
    board, fw = boot()
    replies(board)
    (nak,) = send(board, fw, p.HELLO, 1, bytes([9]))
    assert isinstance(nak, Nak) and nak.reason == p.NAK_BAD_VERSION


def test_no_host_pattern_after_silence_and_back_when_host_speaks() -> None:
    board, fw = boot()
    send(board, fw, p.SET_TEXT, 1, p.pack_set_text(0, "1,250"))
    assert fw.chains[0].shadow[0] == segments.render("1,250", 8)
    board.now += main.NO_HOST_MS + 1
    fw.step()
    assert fw.chains[0].shadow[0] == segments.no_host(8)
    assert fw.counters[main.HOST_LOST] == 1
    assert board.lamp_log[-1] == [(0, 0, 0)] * 20
    send(board, fw, p.PING, 2, b"hi")
    assert fw.chains[0].shadow[0] == segments.render("1,250", 8)


def test_blink_alternates_with_the_period() -> None:
    board, fw = boot()
    send(board, fw, p.SET_TEXT, 1, p.pack_set_text(1, "50"))
    send(board, fw, p.BLINK, 2, p.pack_blink(1, 400))
    seen = []
    for _ in range(4):
        board.now += 200
        fw.step()
        seen.append(bytes(fw.chains[0].shadow[1]))
    assert segments.render("50", 8) in seen and bytes(8) in seen


def test_watchdog_reset_is_reported_after_hello() -> None:
    board, _fw = boot(watchdog_reset=True)
    hello, error = replies(board)
    assert isinstance(hello, BoardInfo)
    assert isinstance(error, BoardError) and error.code == p.ERR_WATCHDOG_RESET


def test_chips_rewritten_every_rewrite_interval() -> None:
    board, fw = boot(chains=(1,))
    fw.step()
    board.spi_log.clear()
    board.now += main.REWRITE_MS
    fw.step()
    registers = [buf[0] for _chain, buf in board.spi_log]
    assert registers[:4] == [0x0F, 0x09, 0x0B, 0x0A] and registers[-1] == 0x0C
    assert len(registers) == 4 + 8 + 1


def test_retransmitted_refused_frame_gets_the_same_nak_once_counted() -> None:
    board, fw = boot()
    replies(board)
    (first,) = send(board, fw, p.SET_TEXT, 8, p.pack_set_text(30, "FOLD"))
    (again,) = send(board, fw, p.SET_TEXT, 8, p.pack_set_text(30, "FOLD"))
    assert first == again and isinstance(first, Nak) and first.reason == p.NAK_BAD_MODULE
    assert fw.counters[main.REJECTED] == 1 and fw.counters[main.DUPLICATES] == 1
