"""The display model (display.py): state -> module texts and lamps; diff; rate limit."""

from __future__ import annotations

import time

import pytest

from firmware_bridge.display import (
    COLOURS,
    Display,
    DisplayState,
    Layout,
    SeatStatus,
    SeatView,
    format_chips,
    render,
)
from firmware_bridge.messages import Blink, Command, DisplayError, SetLamp, SetText


class Recorder:
    def __init__(self) -> None:
        self.batches: list[tuple[Command, ...]] = []

    def set(self, *commands: Command) -> None:
        self.batches.append(commands)


def texts(state: DisplayState, layout: Layout | None = None) -> list[str]:
    layout = layout or Layout()
    picture = render(state, layout)
    return [picture[("digits", m)].text for m in range(layout.modules)]  # type: ignore[union-attr]


def test_pot_bet_and_seats() -> None:
    state = DisplayState(
        pot=12500,
        to_call=200,
        seat_to_act=3,
        seats={
            1: SeatView("Anna", 985, "RAISE"),
            3: SeatView("Cy", 0, status=SeatStatus.ALL_IN),
            4: SeatView("Dee", 400, "CALL", SeatStatus.FOLDED),
        },
    )
    got = texts(state)
    assert got[:6] == ["12,500", "200", "RAIS 985", "", "ALL IN", "FOLD 400"]
    assert got[6:] == [""] * 6


def test_lamps_show_to_act_all_in_folded_button() -> None:
    state = DisplayState(
        seat_to_act=2,
        seats={
            1: SeatView("A", 5, button=True),
            2: SeatView("B", 5),
            3: SeatView("C", 0, status=SeatStatus.ALL_IN),
            4: SeatView("D", 5, status=SeatStatus.FOLDED),
        },
    )
    picture = render(state)

    def colour(lamp: int) -> tuple[int, int, int]:
        cmd = picture[("lamp", lamp)]
        assert isinstance(cmd, SetLamp)
        return (cmd.red, cmd.green, cmd.blue)

    assert colour(0) == COLOURS["waiting"] and colour(1) == COLOURS["button"]
    assert colour(2) == COLOURS["to-act"] and colour(3) == (0, 0, 0)
    assert colour(4) == COLOURS["all-in"]
    assert colour(6) == (0, 0, 0)


def test_hand_over_shows_winner_text_blinking_and_winner_lamp() -> None:
    state = DisplayState(
        pot=2402,
        hand_over=True,
        winner_text="BEN WINS",
        winners=(2,),
        seats={2: SeatView("Ben", 2402)},
    )
    picture = render(state)
    assert picture[("digits", 0)] == SetText(0, "BEN WINS")
    assert picture[("blink", 0)] == Blink(0, 800)
    assert picture[("lamp", 2)] == SetLamp(2, *COLOURS["winner"], blink=True)


def test_big_numbers_still_fit() -> None:
    assert format_chips(99_999_999) == "99,999,999"
    assert format_chips(123_456_789) == "123,456k"


def test_smaller_board_gets_only_its_modules() -> None:
    picture = render(DisplayState(seats={5: SeatView("E", 1)}), Layout(modules=4, lamps=4))
    assert ("digits", 4) not in picture and ("lamp", 4) not in picture


def test_bad_state_is_refused_with_a_code() -> None:
    with pytest.raises(DisplayError) as e:
        SeatView("A", -5)
    assert e.value.code == "bad_stack"
    with pytest.raises(ValueError):
        DisplayState.from_dict({"seats": {"1": {"name": "A", "status": "asleep"}}})


def test_only_changes_are_sent() -> None:
    sink = Recorder()
    display = Display(sink, min_interval=0)
    base = DisplayState(pot=10, seats={1: SeatView("A", 100), 2: SeatView("B", 100)})
    display.update(base)
    assert len(sink.batches[0]) == len(render(base))
    display.update(DisplayState(pot=12, seats={1: SeatView("A", 98, "BET"), 2: SeatView("B", 100)}))
    assert set(sink.batches[1]) == {SetText(0, "12"), SetText(2, "BET   98")}
    display.update(DisplayState(pot=12, seats={1: SeatView("A", 98, "BET"), 2: SeatView("B", 100)}))
    assert len(sink.batches) == 2  # nothing changed: nothing sent


def test_rate_limit_holds_a_burst_and_delivers_the_last_state() -> None:
    sink = Recorder()
    # a whole second: under a loaded CI machine a burst of 50 once took over 0.1 s, and
    # the held state went out half-way through it (as it should, but not as tested)
    display = Display(sink, min_interval=1.0)
    for pot in range(1, 51):
        display.update(DisplayState(pot=pot))
    assert len(sink.batches) == 1  # the first went at once; the rest are held
    deadline = time.monotonic() + 3.0
    while len(sink.batches) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(sink.batches) == 2
    assert SetText(0, "50") in sink.batches[-1]
