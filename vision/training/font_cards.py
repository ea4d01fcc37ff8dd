"""Training-only card faces: indexes drawn in many fonts, sizes and placements.

Real decks use many index typefaces; the few SVG decks do not show enough of them.
These faces (plain paper, an index in the top-left, a pip in the middle) widen what
the glyph model sees. The DejaVu Serif faces are kept out: the held-out four-colour
deck uses DejaVu Serif Bold.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from controller.cards import Card, Suit

W, H = 300, 420
_DIR = "/usr/share/fonts/truetype/dejavu/"
PIL_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf",
             "DejaVuSansCondensed-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
             "DejaVuMathTeXGyre.ttf", "DejaVuSans-Oblique.ttf")
HERSHEY = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
           cv2.FONT_HERSHEY_TRIPLEX)
_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


@lru_cache(maxsize=256)
def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(_DIR + name, size)


def _rank_text(card: Card) -> str:
    assert card.rank is not None
    return "10" if card.rank.char == "T" else card.rank.char


def _hershey_rank(text: str, colour: tuple[int, int, int], height: int,
                  rng: np.random.Generator) -> Image.Image:
    face = HERSHEY[int(rng.integers(len(HERSHEY)))]
    thick = int(rng.integers(2, 6))
    scale = height / 22.0
    (tw, th), base = cv2.getTextSize(text, face, scale, thick)
    img = np.zeros((th + base + 8, tw + 8, 4), np.uint8)
    cv2.putText(img, text, (4, th + 4), face, scale, (*colour, 255), thick, cv2.LINE_AA)
    return Image.fromarray(img)


def _pil_text(text: str, font: ImageFont.FreeTypeFont, colour: tuple[int, int, int]
              ) -> Image.Image:
    box = font.getbbox(text)
    img = Image.new("RGBA", (box[2] - box[0] + 4, box[3] - box[1] + 4), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((2 - box[0], 2 - box[1]), text, font=font, fill=(*colour, 255))
    return img


def _touching_ten(font: ImageFont.FreeTypeFont, colour: tuple[int, int, int],
                  rng: np.random.Generator) -> Image.Image:
    one, zero = _pil_text("1", font, colour), _pil_text("0", font, colour)
    step = one.width - 4 - int(one.width * rng.uniform(0.0, 0.4))
    img = Image.new("RGBA", (step + zero.width, max(one.height, zero.height)), (0, 0, 0, 0))
    img.alpha_composite(one, (0, 0))
    img.alpha_composite(zero, (step, 0))
    return img


def font_face(card: Card, rng: np.random.Generator) -> np.ndarray:
    """One training face (BGRA, 420 x 300) of ``card`` in a randomly drawn style."""
    assert card.suit is not None
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    colour = (int(rng.integers(150, 230)), 0, 20) if red else (0, 0, 0)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=int(rng.integers(6, 20)),
                           fill=(250, 250, 245, 255), outline=(130, 130, 130, 255), width=2)
    height = int(rng.integers(28, 64))
    text = _rank_text(card)
    if text == "10" and rng.random() < 0.3:  # a ten whose digits touch or overlap
        rank = _touching_ten(_font(PIL_FONTS[int(rng.integers(len(PIL_FONTS)))],
                                   int(height * 1.35)), colour, rng)
    elif rng.random() < 0.35:
        rank = _hershey_rank(text, colour, height, rng)
    else:
        name = PIL_FONTS[int(rng.integers(len(PIL_FONTS)))]
        rank = _pil_text(text, _font(name, int(height * 1.35)), colour)
    if text == "10" and rng.random() < 0.5:  # tens squeezed to the width of one digit
        rank = rank.resize((max(8, int(rank.width * rng.uniform(0.6, 0.85))), rank.height))
    suit = _pil_text(_SYMBOL[card.suit], _font("DejaVuSans.ttf",
                                              int(height * rng.uniform(0.8, 1.3))), colour)
    x = int(rng.integers(6, 20))
    y = int(rng.integers(6, 20))
    cx = x + max(rank.width, suit.width) // 2
    img.alpha_composite(rank, (cx - rank.width // 2, y))
    img.alpha_composite(suit, (cx - suit.width // 2, y + rank.height + int(rng.integers(0, 10))))
    big = _pil_text(_SYMBOL[card.suit], _font("DejaVuSans.ttf", 120), colour)
    img.alpha_composite(big, ((W - big.width) // 2, (H - big.height) // 2))
    rgba = np.asarray(img, dtype=np.uint8)
    return np.ascontiguousarray(rgba[:, :, [2, 1, 0, 3]])
