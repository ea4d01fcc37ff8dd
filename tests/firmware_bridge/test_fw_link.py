"""Host link against the emulator running the real firmware, over real pyserial on a pty
(issue 5 "Done when": every message type; a whole hand ends exact; 1% corrupted or
dropped bytes still end exact; unplug/replug and board reset recovered; the host never
blocks longer than its timeout)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
import serial

from firmware_bridge import protocol
from firmware_bridge.display import Display, DisplayState, Layout, SeatStatus, SeatView, render
from firmware_bridge.emulator import Emulator
from firmware_bridge.firmware import segments
from firmware_bridge.link import DisplayLink
from firmware_bridge.messages import Blink, Brightness, Clear, SetLamp, SetSegments, SetText


def eventually(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Poll ``check`` until true or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.01)
    return check()


def hand() -> list[DisplayState]:
    """A three-handed hand, blinds 1/2, as the table would publish it event by event."""
    seats = {
        1: SeatView("Anna", 200, button=True),
        2: SeatView("Ben", 200),
        3: SeatView("Cy", 200),
    }
    states = [DisplayState(pot=0, seats=dict(seats))]

    def step(pot: int, to_call: int, to_act: int | None, **changes: SeatView) -> None:
        seats.update({int(k[1:]): v for k, v in changes.items()})
        states.append(DisplayState(pot=pot, to_call=to_call, seat_to_act=to_act, seats=dict(seats)))

    step(1, 0, None, s2=SeatView("Ben", 199, "POST"))
    step(3, 2, 1, s3=SeatView("Cy", 198, "POST"))
    step(5, 2, 2, s1=SeatView("Anna", 198, "CALL", button=True))
    step(12, 8, 3, s2=SeatView("Ben", 192, "RAISE"))
    step(12, 8, 1, s3=SeatView("Cy", 198, "FOLD", SeatStatus.FOLDED))
    step(18, 0, 2, s1=SeatView("Anna", 192, "CALL", button=True))
    step(1210, 1192, 1, s2=SeatView("Ben", 0, "ALL IN", SeatStatus.ALL_IN))
    step(2402, 0, None, s1=SeatView("Anna", 0, "CALL", SeatStatus.ALL_IN, button=True))
    seats[2] = SeatView("Ben", 2402)
    seats[1] = SeatView("Anna", 0, button=True)
    seats[3] = SeatView("Cy", 198)
    states.append(
        DisplayState(
            pot=2402, seats=dict(seats), hand_over=True, winner_text="BEN WINS", winners=(2,)
        )
    )
    return states


def assert_shows(emu: Emulator, state: DisplayState) -> None:
    """The chips and lamps show exactly ``state`` (the POT module may be mid-blink)."""
    picture = render(state, Layout())
    patterns = emu.module_patterns()
    for module in range(12):
        want = segments.render(picture[("digits", module)].text, 8)
        blinking = picture[("blink", module)].period_ms if ("blink", module) in picture else 0
        if blinking:
            assert emu.firmware.modules[module].content == want
            assert patterns[module] in (want, bytes(8))
        else:
            assert patterns[module] == want, f"module {module}: {emu.module_texts()[module]!r}"
    for lamp in range(20):
        cmd = picture[("lamp", lamp)]
        assert isinstance(cmd, SetLamp)
        assert emu.firmware.lamps[lamp] == (cmd.red, cmd.green, cmd.blue, int(cmd.blink))


def shows(emu: Emulator, state: DisplayState) -> bool:
    try:
        assert_shows(emu, state)
    except AssertionError:
        return False
    return True


def test_every_message_type_over_a_real_pty(emulator: Emulator) -> None:
    """display-protocol.md, message table: HELLO, SET_TEXT, SET_SEGMENTS, BRIGHTNESS,
    BLINK, CLEAR, SET_LAMP, PING/PONG, STATUS, ACK/NAK (ERROR: see the hang test)."""
    with DisplayLink(emulator.tty, ack_timeout=0.2) as link:
        link.set(
            SetText(0, "12,500"),
            SetText(3, "oops"),
            SetSegments(2, bytes([0x77, 0x80, 0x01])),
            Brightness(4, 11),
            Blink(5, 600),
            SetLamp(7, 0, 48, 0, blink=True),
            SetText(40, "FOLD"),  # this board has 12 modules: refused with a NAK
        )
        link.set(Clear(3), Brightness(protocol.ALL, 6))
        assert link.wait_synced(3)
        info = link.status().board
        assert info is not None and (info.modules, info.digits, info.lamps) == (12, 8, 20)
        assert info.boot_id == emulator.boot_id
        patterns = emulator.module_patterns()
        assert patterns[0] == segments.render("12,500", 8)
        assert patterns[2] == bytes(5) + bytes([0x77, 0x80, 0x01])
        assert patterns[3] == bytes(8)  # cleared
        assert emulator.levels() == [6] * 12  # ALL came after module 4's 11
        assert emulator.firmware.modules[5].blink_ms == 600
        assert emulator.firmware.lamps[7] == (0, 48, 0, 1)
        status = link.status()
        assert status.naks >= 1 and "bad_module" in status.rejected[0]
        pong = link.ping(1.0)
        assert pong is not None and pong.boot_id == emulator.boot_id
        board = link.board_status(1.0)
        assert board is not None and board.counters["rejected"] == 1
        assert board.counters["frames_ok"] >= 10
    log = "\n".join(emulator.traffic)  # type: ignore[attr-defined]
    assert ">>> SET_TEXT" in log and "<<< ACK" in log and "<<< NAK" in log


def test_whole_hand_ends_showing_exactly_the_final_state(emulator: Emulator) -> None:
    """000 (Aces, Straights and Flushes) betting flow as display states: the display is a
    projection, so after the last state it shows that state and nothing older."""
    states = hand()
    with DisplayLink(emulator.tty) as link:
        display = Display(link, min_interval=0.01)
        for state in states:
            display.update(state)
        display.flush()
        assert link.wait_synced(5)
        assert eventually(lambda: shows(emulator, states[-1]), 2)
        assert_shows(emulator, states[-1])


def test_one_percent_of_bytes_corrupted_or_dropped_still_ends_exact(tmp_path: Path) -> None:
    """A noisy line: each byte, both directions, dropped with p=0.5% or bit-flipped with
    p=0.5%. Bad frames are dropped and counted, retransmits fix the rest."""
    with Emulator(seed=11) as emu, DisplayLink(emu.tty, ack_timeout=0.05, retries=8) as link:
        emu.drop_rate = emu.flip_rate = 0.005
        display = Display(link, min_interval=0.0)
        for state in hand():
            display.update(state)
            time.sleep(0.005)
        assert link.wait_synced(15)
        assert eventually(lambda: shows(emu, hand()[-1]), 3)
        assert_shows(emu, hand()[-1])
        counters = emu.counters()
        assert counters["bad_crc"] + counters["malformed"] + counters["noise"] > 0
        assert link.status().retransmits > 0


def test_unplug_and_replug_on_a_new_tty_is_recovered(tmp_path: Path) -> None:
    """The node moves (ttyACM0 -> ttyACM1); the host opens the stable by-id symlink."""
    by_id = tmp_path / "usb-pitboss_display_E6614104-if00"
    states = hand()
    with Emulator(link=by_id, seed=3) as emu, DisplayLink(str(by_id), backoff=(0.02, 0.2)) as link:
        display = Display(link, min_interval=0.0)
        display.update(states[3])
        assert link.wait_synced(3)
        first_tty = emu.tty
        emu.unplug()
        start = time.monotonic()
        display.update(states[-1])
        assert time.monotonic() - start < 0.1  # the table loop is not held up
        assert not link.wait_synced(0.3)
        emu.replug()
        assert emu.tty != first_tty or not Path(first_tty).exists()
        assert link.wait_synced(5)
        assert eventually(lambda: shows(emu, states[-1]), 2)
        assert link.status().sessions >= 2


def test_board_reset_is_noticed_and_the_picture_resent(emulator: Emulator) -> None:
    state = hand()[5]
    with DisplayLink(emulator.tty) as link:
        Display(link).update(state)
        assert link.wait_synced(3)
        old_boot = emulator.boot_id
        emulator.reset()  # brown-out: the chips come back blank
        assert emulator.boot_id != old_boot
        assert eventually(lambda: shows(emulator, state), 3)
        assert link.status().resets_seen == 1
        assert link.status().board.boot_id == emulator.boot_id  # type: ignore[union-attr]


def test_hung_board_is_reset_by_watchdog_and_host_never_blocks() -> None:
    """Firmware stops looping; the watchdog reboots it (ERROR watchdog reported); the host
    meanwhile answers every call within its timeout, then repaints."""
    lines: list[str] = []
    with (
        Emulator(seed=9, speed=5, log=lines.append) as emu,
        DisplayLink(
            emu.tty, ack_timeout=0.05, retries=2, backoff=(0.02, 0.1), keepalive=0.2
        ) as link,
    ):
        display = Display(link, min_interval=0.0)
        display.update(hand()[2])
        assert link.wait_synced(3)
        assert eventually(lambda: emu.firmware.protected, 3)  # boot window over
        emu.hang()
        worst = 0.0
        for state in hand()[3:]:
            t = time.monotonic()
            display.update(state)
            worst = max(worst, time.monotonic() - t)
        t = time.monotonic()
        assert link.wait_synced(0.2) is False or emu.boots > 1
        assert time.monotonic() - t < 0.7
        assert worst < 0.1
        assert eventually(lambda: emu.boots == 2, 5)
        assert link.wait_synced(5)
        assert eventually(lambda: shows(emu, hand()[-1]), 2)
        t = time.monotonic()
    assert time.monotonic() - t < 2.5  # close() is bounded too
    assert any("watchdog bites" in line for line in lines)
    assert any(line.startswith("<<< ERROR") for line in lines)


def test_link_opens_the_port_exclusively(emulator: Emulator) -> None:
    with DisplayLink(emulator.tty) as link:
        assert link.wait_synced(3)
        with pytest.raises(serial.SerialException):
            serial.Serial(emulator.tty, exclusive=True)


def test_nothing_to_open_never_blocks_the_caller() -> None:
    link = DisplayLink("/dev/pitboss-no-such-display", backoff=(0.01, 0.05)).start()
    try:
        t = time.monotonic()
        for i in range(500):
            link.set(SetText(0, str(i)))
        assert time.monotonic() - t < 0.5
        t = time.monotonic()
        assert link.wait_synced(0.2) is False
        assert 0.15 < time.monotonic() - t < 0.7  # the timeout, plus scheduling slack
        assert link.ping(0.1) is None
        assert link.status().connected is False and link.status().dirty == 1
    finally:
        t = time.monotonic()
        link.close(timeout=1.0)
        assert time.monotonic() - t < 1.1


def test_port_found_by_usb_vid_pid_again_after_it_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """usb:2E8A:0005 (MicroPython on a Pico) is looked up afresh on every reconnect. No
    USB bus here, so the OS port list is the one fake: it lists the emulator's tty."""
    from serial.tools import list_ports
    from serial.tools.list_ports_common import ListPortInfo

    with Emulator(seed=4) as emu:

        def comports() -> list[ListPortInfo]:
            other = ListPortInfo("/dev/ttyS0", skip_link_detection=True)
            board = ListPortInfo(emu.tty, skip_link_detection=True)
            board.vid, board.pid, board.serial_number = 0x2E8A, 0x0005, "E6614104032B5C2D"
            return [other, board]

        monkeypatch.setattr(list_ports, "comports", comports)
        with DisplayLink("usb:2e8a:0005:E6614104032B5C2D", backoff=(0.02, 0.1)) as link:
            link.set(SetText(0, "42"))
            assert link.wait_synced(3)
            first = link.status().device
            emu.unplug()
            emu.replug()
            link.set(SetText(0, "43"))
            assert link.wait_synced(5)
            assert link.status().device == emu.tty != first
            assert emu.module_patterns()[0] == segments.render("43", 8)


def test_display_follows_a_smaller_board_from_its_hello() -> None:
    """A four-seat build (chains 2 + 4, 8 lamps): no commands for modules it lacks."""
    state = hand()[4]
    with Emulator(chains=(2, 4), lamps=8, seed=6) as emu, DisplayLink(emu.tty) as link:
        assert link.wait_synced(3)  # HELLO in: the link knows the board
        Display(link).update(state)
        assert link.wait_synced(3)
        assert link.status().rejected == []
        picture = render(state, Layout(modules=6, lamps=8))
        want = [segments.render(picture[("digits", m)].text, 8) for m in range(6)]  # type: ignore[union-attr]
        assert emu.module_patterns() == want


def test_asyncio_table_loop_keeps_ticking_while_the_display_is_gone() -> None:
    """DESIGN.md "one writer": the table's asyncio loop must never wait on the serial
    port. With no board at all, the loop keeps its 10 ms tick while it updates the
    display and awaits a bounded sync."""
    import asyncio

    async def table() -> tuple[int, bool]:
        ticks = 0
        stop = asyncio.Event()

        async def tick() -> None:
            nonlocal ticks
            while not stop.is_set():
                ticks += 1
                await asyncio.sleep(0.01)

        ticker = asyncio.create_task(tick())
        with DisplayLink("/dev/pitboss-unplugged", backoff=(0.01, 0.05)) as link:
            display = Display(link, min_interval=0.0)
            for state in hand():
                display.update(state)
                await asyncio.sleep(0)
            synced = await link.wait_synced_async(0.5)
        stop.set()
        await ticker
        return ticks, synced

    ticks, synced = asyncio.run(table())
    assert synced is False
    # ~50 ticks in 0.5 s on an idle machine; a loop blocked on the port manages 1 or 2.
    # The bar sits far below 50 so a loaded CI machine, whose 10 ms sleeps stretch,
    # does not fail a loop that never blocked.
    assert ticks >= 10
