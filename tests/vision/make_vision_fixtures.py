"""Render the committed shoe fixtures (run once; the frames are kept in the repo).

``python tests/vision/make_vision_fixtures.py [CASE...]`` writes ``tests/vision/fixtures/<case>/``
(640 x 480 WebP camera frames, ~3.5 MB in all) and ``fixtures/cases.json`` (the events
each case must give); ``... make_vision_fixtures.py back-corners`` writes
``fixtures/back-corners/`` (index corners of a card back the glyph model misreads).
See ``fixtures/README.md`` for what the frames show.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import cv2
import numpy as np

from controller.cards import JOKER, Card
from vision.synthetic import Degrade, SyntheticShoe

ROOT = Path(__file__).with_name("fixtures")
QUALITY = {"face-down-simplistic": 85}  # WebP quality where the usual 60 loses the case
# one card per deck style, spread over the ranks and suits
STYLE_CARDS = {
    "standard": "Qh", "dondorf": "7c", "nicu-white": "Ad", "tigullio": "3s",
    "anglo-poker": "Kc", "paris": "5h", "simplistic": "2s",
    "jumbo": "Ts", "nicu-ornamental": "8h", "tango": "4s", "four-colour": "6d",
}


def _shoe(style: str, seed: int) -> SyntheticShoe:
    return SyntheticShoe(seed=seed, deck_style=style, degrade=Degrade(0.3, speed=(70, 80)))


def cases() -> dict[str, tuple[list, list[dict[str, str]]]]:
    out: dict[str, tuple[list, list[dict[str, str]]]] = {}
    for i, (style, card) in enumerate(STYLE_CARDS.items()):
        out[f"style-{style}"] = (_shoe(style, 100 + i).deal(Card(card)),
                                 [{"event": "CardSeen", "card": card}])
    out["joker-jumbo"] = (_shoe("jumbo", 7).deal(JOKER), [{"event": "CardSeen", "card": "Jk"}])
    out["joker-nicu-white"] = (_shoe("nicu-white", 8).deal(JOKER),
                               [{"event": "CardSeen", "card": "Jk"}])
    # dondorf's joker prints no index at all (a picture in the middle, blank corners)
    out["joker-dondorf"] = (_shoe("dondorf", 15).deal(JOKER),
                            [{"event": "CardSeen", "card": "Jk"}])
    out["empty-window"] = (_shoe("standard", 9).empty(8), [])
    shoe = _shoe("standard", 10)
    out["stuck-half-way"] = (shoe.stuck(Card("4c"), stop_at=420, hold=12),
                             [{"event": "CardSeen", "card": "4c"}])
    out["stuck-and-pulled-back"] = (shoe.stuck(Card("4c"), stop_at=560, hold=8, then="back"),
                                    [])
    out["two-cards-overlapping"] = (_shoe("standard", 11).deal_together(
        Card("8s"), Card("Kd"), offset=110), [{"event": "CardsTogether"}])
    out["face-down"] = (_shoe("standard", 12).deal(None, face_down=True),
                        [{"event": "CardUnreadable"}])
    # cards dealt face down whose backs fooled the reader once: tigullio's black back
    # was never seen as a card (no event); simplistic's checkerboard was read as the joker
    # (kept at a higher WebP quality: at the usual one its pattern no longer misleads)
    # (the four-colour pass reads so only before WebP: its corners are kept in
    # fixtures/back-corners, see make_back_corners)
    for name, style, seed, skip in (("face-down-tigullio", "tigullio", 7, 0),
                                    ("face-down-simplistic", "simplistic", 9, 6)):
        out[name] = (_face_down(style, seed, skip), [{"event": "CardUnreadable"}])
    # a back dark to its very edge (owndecks' black-thin-edge), the benchmark's shoe: only
    # a thin pale rim, washed out by blur, was ever brighter than the shoe (no event)
    out["face-down-black-thin-edge"] = (_drawn_back("black-thin-edge", 2231, 2),
                                        [{"event": "CardUnreadable"}])
    out["foreign-finger"] = (_shoe("standard", 13).foreign_object("finger"), [])
    out["foreign-chip"] = (_shoe("standard", 14).foreign_object("chip"), [])
    # two cards dealt in quick succession at full roughness (the benchmark's shoe): pips
    # that split a card's run, and a sliver of the first card lost for a frame
    for name, style, seed in (("two-cards-close-paris", "paris", 7),
                              ("two-cards-close-tigullio", "tigullio", 16)):
        out[name] = _close_pair(style, seed)
    return out


def _face_down(style: str, seed: int, skip: int) -> list:
    """The frames of the pass after ``skip`` others, a card dealt face down at the
    synthetic shoe's default roughness (as the risk was first measured)."""
    shoe = SyntheticShoe(seed=seed, deck_style=style)
    for _ in range(skip):
        shoe.deal(None, face_down=True)
    return shoe.deal(None, face_down=True)


def _drawn_back(name: str, seed: int, skip: int) -> list:
    """The frames of the pass after ``skip`` others of a back of no deck
    (``owndecks.drawn_backs``), on the benchmark's roughness (its face-down shoe)."""
    from vision.owndecks import drawn_backs

    shoe = SyntheticShoe(seed=seed, degrade=Degrade(1.0, speed=(25.0, 90.0)),
                         back=drawn_backs()[name])
    for _ in range(skip):
        shoe.deal(None, face_down=True)
    return shoe.deal(None, face_down=True)


def make_back_corners(limit: int = 4) -> list[Path]:
    """Keep the index corners (canonical grey crops, PNG) of a four-colour card dealt face
    down that the glyph model reads as a card with confidence: the pass whose red lattice
    was once reported as Td (a held-out deck: a test, never training)."""
    from vision.classify import Reading
    from vision.reader import ShoeReader, _Look

    kept: list[tuple[np.ndarray, Reading]] = []

    class Keeping(ShoeReader):
        def _read_crop(self, crop: np.ndarray) -> _Look:
            look = super()._read_crop(crop)
            if look.reading.card is not None and look.reading.confidence >= 0.9:
                kept.append((crop, look.reading))
            return look

    shoe = SyntheticShoe(seed=7, deck_style="four-colour")
    reader = Keeping()
    for frame_no, ts, frame in shoe.number(shoe.deal(None, face_down=True)):
        reader.feed(frame_no, ts, frame)
    folder = ROOT / "back-corners"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    out = []
    for i, (crop, reading) in enumerate(kept[:limit]):
        out.append(folder / f"four-colour-{i}-read-{reading.card}.png")
        cv2.imwrite(str(out[-1]), crop)
    return out


def _close_pair(style: str, seed: int) -> tuple[list, list[dict[str, str]]]:
    shoe = SyntheticShoe(seed=seed, deck_style=style, degrade=Degrade(1.0, speed=(25.0, 90.0)))
    rng = np.random.default_rng(seed)
    deck = shoe.style.cards()
    first, second = deck[int(rng.integers(52))], deck[int(rng.integers(52))]
    frames = shoe.deal_close(first, second, float(rng.uniform(15, 60)))
    return frames, [{"event": "CardSeen", "card": str(first)},
                    {"event": "CardSeen", "card": str(second)}]


def main(only: list[str]) -> None:
    """Render every case, or only the named ones (the others' frames are kept as they are)."""
    path = ROOT / "cases.json"
    manifest = json.loads(path.read_text()) if only else {}
    for name, (frames, expect) in cases().items():
        if only and name not in only:
            continue
        folder = ROOT / name
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for n, frame in enumerate(frames):
            cv2.imwrite(str(folder / f"{n:03d}.webp"), frame,
                        [cv2.IMWRITE_WEBP_QUALITY, QUALITY.get(name, 60)])
        manifest[name] = expect
    (ROOT / "cases.json").write_text(json.dumps(manifest, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["back-corners"]:
        print(*make_back_corners(), sep="\n")
    else:
        main(sys.argv[1:])
