"""Helpers for the firmware_bridge tests: real MicroPython via Node.js, frame building."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("mp_run.mjs")
PACKAGE = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
FIRMWARE = ROOT / "firmware_bridge/firmware"

# What goes on the board, plus the recording fake board the scenario runs on.
FIRMWARE_FILES = {
    "protocol.py": ROOT / "firmware_bridge/protocol.py",
    "segments.py": FIRMWARE / "segments.py",
    "max7219.py": FIRMWARE / "max7219.py",
    "main.py": FIRMWARE / "main.py",
    "fakeboard.py": ROOT / "firmware_bridge/fakeboard.py",
}


def _run_micropython(code: str, timeout: float = 60) -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed (Debian package nodejs; `make test` installs "
                    "it): cannot run MicroPython", pytrace=False)
    if not PACKAGE.exists():
        pytest.fail("MicroPython WebAssembly package missing: run `npm install` (make test "
                    "does)", pytrace=False)
    files = {name: path.read_text() for name, path in FIRMWARE_FILES.items()}
    done = subprocess.run(
        [node, str(RUNNER)],
        input=json.dumps({"modules": files, "code": code}),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise AssertionError(f"MicroPython failed:\n{done.stderr}")
    return done.stdout


@pytest.fixture
def micropython() -> Callable[[str], str]:
    """``micropython(code) -> stdout``: run code under real MicroPython 1.27 with the
    firmware modules (protocol, segments, max7219, main, fakeboard) importable."""
    return _run_micropython


@pytest.fixture
def emulator():
    """The real firmware on an emulated board behind a pty; traffic log kept in .log."""
    from firmware_bridge.emulator import Emulator

    lines: list[str] = []
    emu = Emulator(log=lines.append, seed=5)
    emu.traffic = lines  # type: ignore[attr-defined]
    with emu:
        yield emu
