"""What the table runs on: flags, a TOML config file with the same keys, and defaults.

Keys (each also a ``pitboss run`` flag): ``camera`` (absent: the synthetic shoe;
``0`` or a device path: a camera; a video file or an image folder), ``serial``
(absent: the display emulator on a pty; a port path, ``usb:VID:PID``, or ``auto``),
``db`` (a SQLite path or ``postgresql://...``; absent: the XDG data folder), ``host``,
``port``, ``pin``, ``seed`` and ``deck`` (the synthetic shoe's shuffle and card faces;
without a seed every start shuffles afresh),
``calibration`` (the deck name ``pitboss calibrate`` saved, for a real camera).
A flag given on the command line wins over the file, the file over the defaults.
``--config`` names the file; otherwise ``$XDG_CONFIG_HOME/pitboss/pitboss.toml`` is
read when it exists.

>>> import tempfile, pathlib
>>> f = pathlib.Path(tempfile.mkdtemp()) / "table.toml"
>>> _ = f.write_text('serial = "/dev/ttyACM0"\\nport = 8080\\n')
>>> c = load_config(f, {"port": 9000, "camera": None})
>>> c.serial, c.port, c.camera, c.host
('/dev/ttyACM0', 9000, None, '127.0.0.1')
>>> camera_source("0"), camera_source("/dev/video2")
('camera:0', 'camera:/dev/video2')
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from controller.errors import PitbossError

__all__ = ["ConfigError", "TableConfig", "camera_source", "default_config_path",
           "find_display_ports", "load_config", "resolve_serial"]

MICROPYTHON_USB = (0x2E8A, 0x0005)  # the reference board (hardware_docs/display-flashing.md)


class ConfigError(PitbossError):
    """A config file or flag that cannot be used; the message says how to fix it."""

    code = "bad_config"


@dataclass(frozen=True)
class TableConfig:
    """One table's hardware and addresses; ``None`` means "simulate it" or "default"."""

    camera: str | None = None
    serial: str | None = None
    db: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    pin: str | None = None
    seed: int | None = None  # None: a fresh shuffle every start (printed)
    deck: str = "jumbo"
    calibration: str | None = None

    @property
    def simulated(self) -> list[str]:
        """Which parts are simulated (named for the start-up banner)."""
        return [name for name, value in (("shoe", self.camera), ("display", self.serial))
                if value is None]


_TYPES = {f.name: f.type for f in fields(TableConfig)}


def default_config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(Path.home(), ".config")
    return Path(base) / "pitboss" / "pitboss.toml"


def _check(key: str, value: Any) -> Any:
    want = _TYPES[key]
    if value is None:
        return None
    if "int" in str(want) and not isinstance(value, bool):
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.isdigit():
            return int(value)
    elif isinstance(value, (str, int)) and not isinstance(value, bool):
        return str(value)
    raise ConfigError(f"config key {key!r}: {value!r} is not a {want}")


def load_config(path: str | os.PathLike[str] | None = None,
                flags: dict[str, Any] | None = None) -> TableConfig:
    """Defaults, then the file (``path``, or the default one if it exists), then every
    flag that was given (not ``None``)."""
    config = TableConfig()
    file = Path(path) if path is not None else default_config_path()
    if path is not None or file.exists():
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"no config file at {file}", "no_config") from None
        except tomllib.TOMLDecodeError as err:
            raise ConfigError(f"{file} is not valid TOML: {err}") from None
        unknown = sorted(set(data) - set(_TYPES))
        if unknown:
            raise ConfigError(f"{file}: unknown key(s) {', '.join(unknown)}; the keys are "
                              f"{', '.join(_TYPES)}")
        config = replace(config, **{k: _check(k, v) for k, v in data.items()})
    given = {k: _check(k, v) for k, v in (flags or {}).items() if v is not None}
    return replace(config, **given)


def camera_source(camera: str) -> str:
    """A shoe source spec (``controller.table.shoe.parse_source``) for ``--camera``:
    a number or ``/dev/...`` is a camera, a folder is still frames, a file a video."""
    if ":" in camera and camera.split(":", 1)[0] in ("camera", "video", "folder"):
        return camera
    if camera.isdigit() or camera.startswith("/dev/"):
        return f"camera:{camera}"
    path = Path(camera)
    if path.is_dir():
        return f"folder:{camera}"
    if path.is_file():
        return f"video:{camera}"
    raise ConfigError(f"--camera {camera!r}: give a camera number (0), a device path "
                      "(/dev/video0), a video file or a folder of frames", "bad_camera")


def find_display_ports() -> list[dict[str, Any]]:
    """Serial ports that could be the LED display, likeliest first (a MicroPython
    board's USB id, then any USB serial adapter)."""
    from serial.tools import list_ports

    found = []
    for info in list_ports.comports():
        usb = info.vid is not None
        board = (info.vid, info.pid) == MICROPYTHON_USB
        if not usb and not info.device.startswith(("/dev/ttyACM", "/dev/ttyUSB")):
            continue
        found.append({"device": info.device, "description": info.description or "",
                      "usb": f"{info.vid:04X}:{info.pid:04X}" if usb else "",
                      "serial_number": info.serial_number or "", "display_board": board})
    return sorted(found, key=lambda p: (not p["display_board"], p["device"]))


def resolve_serial(serial: str) -> str:
    """``auto``: the one display board plugged in (by its USB id, so a replug onto
    another node is followed); anything else is used as given."""
    if serial != "auto":
        return serial
    ports = find_display_ports()
    boards = [p for p in ports if p["display_board"]]
    if len(boards) == 1:
        return f"usb:{boards[0]['usb']}" + (f":{boards[0]['serial_number']}"
                                            if boards[0]["serial_number"] else "")
    if not ports:
        raise ConfigError("--serial auto: no serial port found. Plug the display's USB "
                          "cable in, or run without --serial to use the emulator; "
                          "`pitboss doctor` checks the port.", "no_serial_port")
    names = ", ".join(p["device"] for p in ports)
    raise ConfigError(f"--serial auto: cannot tell which port is the display ({names}); "
                      "name it, e.g. --serial /dev/ttyACM0", "ambiguous_serial_port")
