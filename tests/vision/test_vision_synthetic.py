"""The synthetic shoe's fast rendering (issue 4, "Frame sources": the synthetic shoe is
used by tests, the benchmark and the no-hardware table, so it must be quick) draws only
the box round the cards in each frame and takes the rest from the pass's backdrop. That
is only right if it gives the very frame a whole-frame render gives: checked here with
the sensor noise left out (it is drawn per frame)."""

from __future__ import annotations

import numpy as np
import pytest

from controller.cards import Card
from vision.synthetic import Degrade, SyntheticShoe


def _whole_frame(shoe: SyntheticShoe, faces: list[tuple[Card, float]], p: object) -> np.ndarray:
    """The reference: every pixel of the frame through the pass's light and optics."""
    frame = shoe._background_f.copy()
    for card, x in faces:
        sprite = shoe._sprite(shoe._face(card), p)  # type: ignore[arg-type]
        h, w = sprite.transmit.shape[:2]
        left = round(x) + sprite.ox
        sprite.paste(frame, (left, sprite.top, left + w, sprite.top + h), (0, 0))
    return shoe._optics(frame, p, (0, 0, shoe.width, shoe.height))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("x", [600.0, 310.4, -150.0])
def test_fast_frame_equals_a_whole_frame_render(seed: int, x: float) -> None:
    shoe = SyntheticShoe(seed=seed, deck_style="jumbo", degrade=Degrade(1.0, speed=(25, 90)))
    p = shoe._draw_pass()
    p.noise = None
    faces = [(Card("7h"), x), (Card("Qs"), x + 330.0)]  # a close pair, one partly out
    fast = shoe._compose([(shoe._face(c), pos) for c, pos in faces], p)
    assert np.array_equal(fast, _whole_frame(shoe, faces, p))


def test_noise_is_seeded_and_changes_from_frame_to_frame() -> None:
    a = SyntheticShoe(seed=4, deck_style="jumbo").empty(3)
    b = SyntheticShoe(seed=4, deck_style="jumbo").empty(3)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not np.array_equal(a[0], a[1])
