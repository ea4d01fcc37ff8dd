"""Learn a deck from one pass of it through the shoe (``pitboss calibrate``).

The frames of the pass go through the ordinary shoe reader (keeping each card's
glyphs). Each reported card is then labelled:

* from the known order (``order``), card by card; or
* in any order: by the generic model where it is sure, and by the dealer's
  confirmations (``confirm``: pass number -> card) for the rest.

The labelled glyphs become the deck's :class:`~vision.classify.DeckModel`. The card
height is measured from the frames too. Passes left unlabelled are returned so the
tablet (or the CLI) can ask the dealer about them.

>>> from controller.cards import parse_cards
>>> from vision.synthetic import SyntheticShoe
>>> order = parse_cards("As Kd 7c 2h Jk")
>>> shoe = SyntheticShoe(seed=4, deck_style="jumbo")
>>> result = calibrate(shoe.stream(order), order=order)
>>> result.labelled, result.unlabelled, result.calibration.deck_model is not None
(5, [], True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from controller.cards import Card
from vision.calibration import Calibration, CalibrationError
from vision.classify import DeckModel, labels_of
from vision.events import CardSeen, CardsTogether
from vision.locate import BRIGHT, STEP, find_runs
from vision.reader import ShoeReader


@dataclass(frozen=True)
class CalibrationResult:
    calibration: Calibration
    labelled: int
    unlabelled: list[int]  # pass numbers (0-based) nobody could label
    passes: int


def measure_card_height(frames: Sequence[np.ndarray], cal: Calibration) -> float | None:
    """Median height of whole cards seen in the window (both edges in view)."""
    heights = []
    for frame in frames:
        for run in find_runs(frame, cal):
            if run.lead_visible and run.tail_visible:
                x, y, _w, h = cal.window
                col = frame[y:y + h, x + (run.left + run.right) // 2]
                col = col.max(axis=1) if col.ndim == 2 else col
                rows = np.flatnonzero(col > BRIGHT)
                if len(rows) > 2 * STEP:
                    heights.append(float(rows[-1] - rows[0]))
    return float(np.median(heights)) if heights else None


def calibrate(frames: Iterable[tuple[int, float, np.ndarray]], order: Sequence[Card] = (),
              confirm: dict[int, Card] | None = None, base: Calibration | None = None,
              name: str = "deck") -> CalibrationResult:
    """Calibrate from the frames of one pass of a deck (see module docs)."""
    base = base or Calibration()
    reader = ShoeReader(base, keep_glyphs=True)
    sample: list[np.ndarray] = []
    last = (0, 0.0)
    for n, (frame_no, ts, frame) in enumerate(frames):
        reader.feed(frame_no, ts, frame)
        if n % 3 == 0 and len(sample) < 400:
            sample.append(frame)
        last = (frame_no, ts)
    reader.flush(*last)
    passes = [(e, g) for e, g in reader.reported if not isinstance(e, CardsTogether)]
    if order and len(order) != len(passes):
        raise CalibrationError(
            f"the deck order lists {len(order)} cards but {len(passes)} passed the window; "
            "run the deck through again, one card at a time", "count_mismatch")
    confirm = confirm or {}
    rank_x, rank_y, suit_x, suit_y = [], [], [], []
    unlabelled = []
    for i, (event, glyphs) in enumerate(passes):
        card = order[i] if order else confirm.get(i)
        if card is None and isinstance(event, CardSeen):
            card = event.card
        if card is None or not glyphs:
            unlabelled.append(i)
            continue
        r_label, s_label = labels_of(card)
        for g in glyphs:
            if r_label is not None and not card.is_joker:
                rank_x.append(g.rank_features)
                rank_y.append(r_label)
            suit_x.append(g.suit_features)
            suit_y.append(s_label)
    if not suit_x:
        raise CalibrationError("no card of the deck could be learnt from these frames",
                               "nothing_learnt")
    model = DeckModel(name, np.array(rank_x, np.float32), np.array(rank_y),
                      np.array(suit_x, np.float32), np.array(suit_y))
    height = measure_card_height(sample, base) or base.card_height
    cal = replace(base, card_height=round(height, 1), deck=name, deck_model=model)
    return CalibrationResult(cal, len(passes) - len(unlabelled), unlabelled, len(passes))


__all__ = ["CalibrationResult", "calibrate", "measure_card_height"]
