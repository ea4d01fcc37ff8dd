"""Shoe calibration: where the window is, how big a card looks, and a deck's own glyphs.

Saved per deck under ``$PITBOSS_HOME/decks/<name>.json`` (+ ``.npz`` for the learnt
glyphs; default ``~/.config/pitboss``) and selected by name. Without a calibration the
reader uses the reference mount of ``hardware_docs/shoe-camera.md`` and the generic
glyph model, which reads common deck styles out of the box.

>>> cal = Calibration(window=(0, 0, 640, 480), card_height=400.0)
>>> cal.card_width
286
>>> Calibration.from_json(cal.to_json()) == cal
True
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from controller.errors import PitbossError
from vision.classify import DeckModel

DEFAULT_THRESHOLD = 0.9


class CalibrationError(PitbossError):
    """A calibration that cannot be made, found or used."""

    code = "bad_calibration"


@dataclass(frozen=True)
class Calibration:
    """The shoe window (x, y, w, h) in the frame, the card height in pixels, the
    confidence threshold, and optionally the deck's learnt glyphs."""

    window: tuple[int, int, int, int] = (0, 0, 640, 480)
    card_height: float = 400.0
    threshold: float = DEFAULT_THRESHOLD
    deck: str | None = None
    deck_model: DeckModel | None = field(default=None, compare=False, repr=False)

    @property
    def card_width(self) -> int:
        """Card width in pixels (poker cards are 63 x 88 mm)."""
        return round(self.card_height * 63 / 88)

    def to_json(self) -> str:
        body = asdict(self)
        body.pop("deck_model")
        return json.dumps(body)

    @classmethod
    def from_json(cls, text: str) -> Calibration:
        try:
            body = json.loads(text)
            return cls(window=tuple(body["window"]), card_height=float(body["card_height"]),
                       threshold=float(body.get("threshold", DEFAULT_THRESHOLD)),
                       deck=body.get("deck"))
        except (ValueError, KeyError, TypeError) as exc:
            raise CalibrationError(f"calibration file is not valid: {exc}") from None


def home() -> Path:
    root = os.environ.get("PITBOSS_HOME")
    return Path(root) if root else Path.home() / ".config" / "pitboss"


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def _paths(name: str) -> tuple[Path, Path]:
    if not _NAME.match(name):
        raise CalibrationError(
            f"bad deck name {name!r}: use letters, digits, '-', '_' or '.' (up to 64)")
    base = home() / "decks" / name
    return base.with_suffix(".json"), base.with_suffix(".npz")


def save(cal: Calibration, name: str) -> Path:
    """Save ``cal`` as deck ``name``; returns the JSON path."""
    js, npz = _paths(name)
    js.parent.mkdir(parents=True, exist_ok=True)
    cal = replace(cal, deck=name)
    if cal.deck_model is not None:
        cal.deck_model.save(npz)
    js.write_text(cal.to_json() + "\n")
    return js


def load(name: str) -> Calibration:
    """The saved calibration of deck ``name``."""
    js, npz = _paths(name)
    if not js.exists():
        known = sorted(p.stem for p in js.parent.glob("*.json")) if js.parent.exists() else []
        raise CalibrationError(
            f"no calibration for deck {name!r}; known decks: {', '.join(known) or 'none'}",
            "unknown_deck")
    cal = Calibration.from_json(js.read_text())
    model = DeckModel.load(npz) if npz.exists() else None
    return replace(cal, deck=name, deck_model=model)


__all__ = ["DEFAULT_THRESHOLD", "Calibration", "CalibrationError", "home", "load", "save"]
