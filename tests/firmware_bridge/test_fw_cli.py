"""``pitboss display-emulator``: prints the tty path it serves; the host connects to it
with real pyserial; the PNG it writes shows the digits."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2

from firmware_bridge.link import DisplayLink
from firmware_bridge.messages import SetText

PITBOSS = [sys.executable, "-m", "controller.cli"]
ROOT = Path(__file__).resolve().parents[2]


def test_emulator_command_serves_a_tty_the_link_can_drive(tmp_path: Path) -> None:
    png = tmp_path / "display.png"
    by_id = tmp_path / "by-id-display"
    proc = subprocess.Popen(
        [*PITBOSS, "display-emulator", "--duration", "8", "--png", str(png), "--link", str(by_id)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        served = json.loads(proc.stdout.readline())
        assert served["tty"].startswith("/dev/") and served["link"] == str(by_id)
        with DisplayLink(str(by_id)) as link:
            link.set(SetText(0, "88,888"), SetText(1, "CALL"))
            assert link.wait_synced(5)
            proc.stdin.write("show\n")
            proc.stdin.flush()
            shown = [proc.stdout.readline() for _ in range(2)]
        assert "POT" in shown[0] and "88.888" in shown[0]
        assert "CALL" in shown[1]
        proc.stdin.close()  # stdin EOF does not stop it; SIGTERM does
        proc.terminate()
        assert proc.wait(timeout=5) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    image = cv2.imread(str(png))
    assert image is not None
    red = (image[:, :, 2] > 100) & (image[:, :, 1] < 60)
    assert red.sum() > 500  # lit segments of "88.888" and "CALL"


def test_bad_arguments_exit_2_with_a_code() -> None:
    done = subprocess.run(
        [*PITBOSS, "display-emulator", "--chains", "2,0"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "bad_chains"
