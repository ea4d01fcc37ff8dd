"""Calibration (issue 4, "Calibration"): learn a deck from one pass, save it per deck,
select it by name; and the frame sources the reader and the calibration read from."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from controller.cards import parse_cards
from vision import calibration
from vision.calibrate import calibrate
from vision.calibration import Calibration, CalibrationError
from vision.events import CardSeen
from vision.reader import ShoeReader
from vision.sources import SourceError, image_folder, video_file
from vision.synthetic import Degrade, SyntheticShoe

ORDER = parse_cards("As Kd 7c 2h Th 9s Qc 4d Jk")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def pitboss_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PITBOSS_HOME", str(tmp_path))
    return tmp_path


def test_known_order_pass_learns_every_card_and_the_card_size() -> None:
    shoe = SyntheticShoe(seed=21, deck_style="jumbo", degrade=Degrade(0.5))
    result = calibrate(shoe.stream(ORDER), order=ORDER, name="house")
    assert result.passes == len(ORDER) and result.unlabelled == []
    assert abs(result.calibration.card_height - 400) < 12  # the reference mount's card
    model = result.calibration.deck_model
    assert model is not None and len(model.suit_y) >= len(ORDER)


def test_calibrated_deck_reads_a_new_pass_of_that_deck(pitboss_home: Path) -> None:
    """Saved per deck, selected by name, and used by the reader."""
    shoe = SyntheticShoe(seed=22, deck_style="tango", degrade=Degrade(0.5))
    result = calibrate(shoe.stream(ORDER), order=ORDER, name="club-red")
    calibration.save(result.calibration, "club-red")
    cal = calibration.load("club-red")
    assert cal.deck == "club-red" and cal.deck_model is not None
    later = SyntheticShoe(seed=23, deck_style="tango", degrade=Degrade(0.5))
    reader = ShoeReader(cal)
    events = [e for f in later.stream(ORDER[:5]) for e in reader.feed(*f)]
    assert [e.card for e in events if isinstance(e, CardSeen)] == ORDER[:5]


def test_any_order_labels_sure_cards_and_lists_the_rest() -> None:
    """Without an order, the model's sure reads label themselves; a dealer's
    confirmation labels a pass; a face-down card stays unlabelled for the tablet."""
    shoe = SyntheticShoe(seed=24, deck_style="standard", degrade=Degrade(0.5))
    frames = [*shoe.number(shoe.deal(ORDER[0])), *shoe.number(shoe.deal(None, face_down=True)),
              *shoe.number(shoe.deal(ORDER[1]))]
    result = calibrate(frames, name="any")
    assert result.passes == 3 and result.unlabelled == [1]
    confirmed = calibrate(frames, confirm={1: ORDER[5]}, name="any")
    assert confirmed.passes == 3


def test_order_that_does_not_match_the_pass_is_refused() -> None:
    shoe = SyntheticShoe(seed=25, deck_style="jumbo", degrade=Degrade(0.3))
    with pytest.raises(CalibrationError) as err:
        calibrate(shoe.stream(ORDER[:2]), order=ORDER[:3])
    assert err.value.code == "count_mismatch"


def test_bad_and_unknown_deck_names_have_stable_codes(pitboss_home: Path) -> None:
    with pytest.raises(CalibrationError) as bad:
        calibration.save(Calibration(), "../escape")
    assert bad.value.code == "bad_calibration"
    with pytest.raises(CalibrationError) as unknown:
        calibration.load("nobody")
    assert unknown.value.code == "unknown_deck"
    assert not any(pitboss_home.rglob("*.json"))  # nothing was written


def _cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"PITBOSS_HOME": str(home), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "controller.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180)


def test_cli_calibrate_then_watch_with_the_deck(pitboss_home: Path) -> None:
    cards = "As Qh Kd 3s 7c"
    done = _cli("calibrate", "--deck", "blue", "--synthetic", cards, "--style", "four-colour",
                "--order", cards, home=pitboss_home)
    assert done.returncode == 0, done.stderr
    body = json.loads(done.stdout)
    assert body["deck"] == "blue" and body["passes"] == 5 and body["unlabelled"] == []
    listed = _cli("calibrate", "--list", home=pitboss_home)
    assert json.loads(listed.stdout) == {"decks": ["blue"]}
    watch = _cli("vision", "watch", "--synthetic", "Qh 3s", "--style", "four-colour",
                 "--deck", "blue", "--seed", "5", home=pitboss_home)
    assert watch.returncode == 0, watch.stderr
    events = [json.loads(line) for line in watch.stdout.splitlines()]
    assert [(e["event"], e["card"]) for e in events] == [("CardSeen", "Qh"), ("CardSeen", "3s")]


def test_cli_calibrate_bad_input_exits_2(pitboss_home: Path) -> None:
    done = _cli("calibrate", "--deck", "x y", "--synthetic", "As", home=pitboss_home)
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "bad_calibration"
    done = _cli("calibrate", "--deck", "ok", "--synthetic", "As", "--confirm", "seven=As",
                home=pitboss_home)
    assert json.loads(done.stdout)["error"]["code"] == "bad_confirm"
    done = _cli("vision", "watch", "--synthetic", "As", "--deck", "missing", home=pitboss_home)
    assert json.loads(done.stdout)["error"]["code"] == "unknown_deck"


def test_video_file_source_gives_every_frame_in_order(tmp_path: Path) -> None:
    """A real video file written and read back by OpenCV (MJPG in AVI)."""
    path = tmp_path / "pass.avi"
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (64, 48))
    for i in range(10):
        out.write(np.full((48, 64, 3), i * 20, np.uint8))
    out.release()
    frames = list(video_file(path))
    assert [n for n, _, _ in frames] == list(range(10))
    assert frames[3][1] == pytest.approx(0.1)
    assert abs(int(frames[9][2].mean()) - 180) < 6


def test_missing_sources_raise_bad_source(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as err:
        list(video_file(tmp_path / "none.mp4"))
    assert err.value.code == "bad_source"
    with pytest.raises(SourceError):
        list(image_folder(tmp_path / "nowhere"))


def test_synthetic_shoe_is_seeded_and_degrades() -> None:
    """Same seed, same frames; a rough camera differs from a perfect one."""
    a = SyntheticShoe(seed=9, deck_style="jumbo").deal(ORDER[0])
    b = SyntheticShoe(seed=9, deck_style="jumbo").deal(ORDER[0])
    assert len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    clean = SyntheticShoe(seed=9, deck_style="jumbo", degrade=Degrade(0.0)).deal(ORDER[0])
    assert not np.array_equal(clean[len(clean) // 2], a[len(a) // 2])
