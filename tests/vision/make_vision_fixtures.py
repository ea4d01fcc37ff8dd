"""Render the committed shoe fixtures (run once; the frames are kept in the repo).

``python tests/vision/make_vision_fixtures.py [CASE...]`` writes ``tests/vision/fixtures/<case>/``
(640 x 480 WebP camera frames, ~1.9 MB in all) and ``fixtures/cases.json`` (the events
each case must give). See ``fixtures/README.md`` for what the frames show.
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
    out["foreign-finger"] = (_shoe("standard", 13).foreign_object("finger"), [])
    out["foreign-chip"] = (_shoe("standard", 14).foreign_object("chip"), [])
    # two cards dealt in quick succession at full roughness (the benchmark's shoe): pips
    # that split a card's run, and a sliver of the first card lost for a frame
    for name, style, seed in (("two-cards-close-paris", "paris", 7),
                              ("two-cards-close-tigullio", "tigullio", 16)):
        out[name] = _close_pair(style, seed)
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
            cv2.imwrite(str(folder / f"{n:03d}.webp"), frame, [cv2.IMWRITE_WEBP_QUALITY, 60])
        manifest[name] = expect
    (ROOT / "cases.json").write_text(json.dumps(manifest, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
