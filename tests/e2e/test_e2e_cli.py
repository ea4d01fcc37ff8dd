"""Issue 9 items 1-3: ``pitboss demo`` (an evening by bots through the whole pipeline,
leaving a hand log), ``pitboss doctor`` (findings and fixes, exit 0/1) and the config
file that holds ``pitboss run``'s flags."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import pytest

from controller import config as cfg
from controller.cli import main
from controller.log import open_store
from firmware_bridge.emulator import Emulator
from vision.synthetic import SyntheticShoe

ROOT = Path(__file__).resolve().parents[2]


def _chips_in_and_out(events: list[Any]) -> tuple[int, int]:
    """The chips an evening's log says were bought (buy-ins, rebuys) and cashed out."""
    def chips(kinds: tuple[str, ...]) -> int:
        return sum(int(e.payload.get("chips", 0)) for e in events if e.kind in kinds)
    return chips(("buy_in", "rebuy")), chips(("cash_out",))


@pytest.mark.slow
def test_demo_plays_dealers_choice_and_leaves_a_balanced_hand_log(tmp_path: Path) -> None:
    """DESIGN.md "Never lose a chip or an event": every hand the bots played is in the
    log from start to end, the evening is settled and the chips add up."""
    db = tmp_path / "demo.sqlite3"
    out = subprocess.run([sys.executable, "-m", "controller.cli", "demo", "--hands", "2",
                          "--players", "2", "--seed", "4", "--games",
                          "razz,five-card-draw-bug", "--db", str(db), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["hands"] == 2 and summary["cards"] >= 2 * 2 * 3  # 3+ cards each a hand
    with open_store(db) as store:
        session = summary["session"]
        assert store.hands(session) == [1, 2]
        events = store.events(session)
        assert len(events) == summary["events"]
        games = [e.payload for e in events if e.kind == "hand_start"]
        ends = [e for e in events if e.kind == "hand_end"]
        bought, cashed = _chips_in_and_out(events)
        kinds = {e.kind for e in events}
    assert len(ends) == 2 and "session_close" in kinds
    assert [g.get("game", g.get("variant")) for g in games] == ["razz", "five-card-draw-bug"], games
    assert bought == cashed == sum(summary["stacks"].values()), (bought, cashed, summary)


def _doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    status = main(["doctor", "--json", *args])
    return status, json.loads(capsys.readouterr().out)


def test_doctor_says_hello_to_the_display_and_reads_the_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The display check speaks the real protocol over a real tty (the emulator's)."""
    monkeypatch.setenv("PITBOSS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no host's config
    frames = tmp_path / "frames"  # a recorded shoe: the camera check reads one frame
    frames.mkdir()
    cv2.imwrite(str(frames / "0.png"), SyntheticShoe(seed=1).empty(1)[0])
    with Emulator(seed=2) as emu:
        status, out = _doctor(capsys, "--serial", emu.tty, "--db",
                              str(tmp_path / "log.sqlite3"), "--camera", str(frames))
    assert status == 0 and out["ok"] is True, out
    found = {c["name"]: c for c in out["checks"]}
    assert found["camera"]["status"] == "ok" and "640x480" in found["camera"]["detail"]
    # a camera without a calibration reads with the reference mount: a warning, not a failure
    assert found["calibration"]["status"] == "warn" and found["calibration"]["fix"]
    assert found["display"]["status"] == "ok" and "HELLO" in found["display"]["detail"]
    assert found["database"]["status"] == "ok" and "0 events" in found["database"]["detail"]


def test_doctor_names_each_problem_with_a_fix(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PITBOSS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no host's config
    status, out = _doctor(capsys, "--serial", str(tmp_path / "no-such-tty"), "--timeout",
                          "0.5", "--calibration", "friday", "--camera",
                          str(tmp_path / "missing.mp4"))
    assert status == 1 and out["ok"] is False
    bad = {c["name"]: c for c in out["checks"] if c["status"] == "FAIL"}
    assert set(bad) == {"display", "calibration", "camera"}, out
    assert all(c["fix"] for c in bad.values())
    assert "pitboss calibrate" in bad["calibration"]["fix"]


def test_config_file_holds_the_flags_and_flags_win(tmp_path: Path) -> None:
    f = tmp_path / "table.toml"
    f.write_text('camera = 0\nserial = "auto"\nport = 8100\ndb = "/srv/log.sqlite3"\n')
    c = cfg.load_config(f, {"port": 8200, "serial": None})
    assert (c.camera, c.serial, c.port, c.db) == ("0", "auto", 8200, "/srv/log.sqlite3")
    assert cfg.camera_source(c.camera) == "camera:0"
    f.write_text('serial = "auto"\nspeed = 3\n')
    with pytest.raises(cfg.ConfigError, match="unknown key"):
        cfg.load_config(f)
    f.write_text("port = [")
    with pytest.raises(cfg.ConfigError, match="not valid TOML"):
        cfg.load_config(f)
    with pytest.raises(cfg.ConfigError) as err:
        cfg.load_config(tmp_path / "absent.toml")
    assert err.value.code == "no_config"


def test_run_refuses_a_bad_config_with_exit_2(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI contract: exit 2 with {"error": {"code", "message"}}; nothing is started."""
    f = tmp_path / "table.toml"
    f.write_text('port = "eighty"\n')
    assert main(["run", "--config", str(f)]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad_config"


def test_serial_auto_picks_the_one_display_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--serial auto``: by the MicroPython board's USB id (hardware_docs/display-flashing.md),
    so a replug onto another node is followed; several boards or none is refused."""
    board = {"device": "/dev/ttyACM1", "description": "Board in FS mode", "usb": "2E8A:0005",
             "serial_number": "E661", "display_board": True}
    other = {"device": "/dev/ttyUSB0", "description": "CP2102", "usb": "10C4:EA60",
             "serial_number": "", "display_board": False}
    monkeypatch.setattr(cfg, "find_display_ports", lambda: [board, other])
    assert cfg.resolve_serial("auto") == "usb:2E8A:0005:E661"
    assert cfg.resolve_serial("/dev/ttyACM0") == "/dev/ttyACM0"
    monkeypatch.setattr(cfg, "find_display_ports", lambda: [other])
    with pytest.raises(cfg.ConfigError) as err:
        cfg.resolve_serial("auto")
    assert err.value.code == "ambiguous_serial_port" and "/dev/ttyUSB0" in err.value.message
    monkeypatch.setattr(cfg, "find_display_ports", lambda: [])
    with pytest.raises(cfg.ConfigError) as err:
        cfg.resolve_serial("auto")
    assert err.value.code == "no_serial_port"


@pytest.mark.slow
def test_bots_play_every_house_book_game_to_the_end(tmp_path: Path) -> None:
    """Seed 004, the whole house book as a dealer's-choice evening of bots: their in or
    out, keep or push, passes, buys and declarations, and the dealer's board turns, are
    legal moves the engine offers (a bot had no move for a house decision, so ``pitboss
    demo --games guts`` stopped on an AssertionError). Every hand ends, is logged, and
    the chips add up."""
    import asyncio

    from controller.sim.evening import play_evening
    from controller.variants.housebook import HOUSE_GAMES

    book = [g for g in HOUSE_GAMES if g.playable]  # not the ones the book gives no rules
    games = tuple(g.id for g in book)
    db = tmp_path / "house.sqlite3"
    evening = asyncio.run(play_evening(hands=len(games), seed=7, db=str(db), players=4,
                                       games=games))
    assert [h.game for h in evening.hands] == [g.name for g in book]
    with open_store(db) as store:
        events = store.events(evening.session)
    moves = [e.payload for e in events if e.kind == "engine" and "card" not in e.payload]
    assert any("turn" in m for m in moves) and any("way" in m for m in moves)
    assert {m["action"] for m in moves if "action" in m} >= {"hold", "drop", "keep", "push"}
    assert sum(e.kind == "hand_end" for e in events) == len(games)
    bought, cashed = _chips_in_and_out(events)
    assert bought == cashed == sum(evening.stacks.values())
