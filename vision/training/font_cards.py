"""Training-only card faces: indexes drawn in many fonts, sizes and placements.

Real decks use many index typefaces; the few SVG decks do not show enough of them.
These faces (plain paper, an index in the top-left, a pip in the middle) widen what
the glyph model sees. The DejaVu Serif faces are kept out: the held-out four-colour
deck uses DejaVu Serif Bold.

:func:`font_face` draws from the DejaVu and Hershey faces; :func:`varied_face` goes
wider: the rank in any of the installed Debian font families of :data:`MORE_FONTS`
(``fonts-freefont-ttf``, ``fonts-liberation``, ``fonts-urw-base35``, ``fonts-texgyre``;
those missing are skipped), outlined (hollow) or heavier strokes, tens whose digits
overlap, the index close to the card's rounded corner; the suit from those fonts too,
stretched wider or narrower, sometimes shaded (a lighter fill inside a darker rim).

>>> from controller.cards import Card
>>> face = varied_face(Card("Th"), np.random.default_rng(0))
>>> face.shape, face.dtype.name
((420, 300, 4), 'uint8')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import cast

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


# more font families (one or two faces each; never DejaVu Serif, see above)
MORE_FONTS = tuple(p for p in (
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerif.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf",
    "/usr/share/fonts/opentype/urw-base35/URWBookman-Demi.otf",
    "/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf",
    "/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreadventor-bold.otf",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrepagella-bold.otf",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreheros-bold.otf",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrecursor-bold.otf",
) if Path(p).exists())
# faces whose suit symbols are filled card suits
SUIT_FONTS = tuple(p for p in (
    _DIR + "DejaVuSans.ttf", _DIR + "DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerif.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMono.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
    "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf",
    "/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre-math/texgyrepagella-math.otf",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre-math/texgyretermes-math.otf",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreadventor-regular.otf",
) if Path(p).exists())


@lru_cache(maxsize=512)
def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(name if name.startswith("/") else _DIR + name, size)


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


def _pil_text(text: str, font: ImageFont.FreeTypeFont, colour: tuple[int, int, int],
              stroke: int = 0, fill: tuple[int, int, int] | None = None) -> Image.Image:
    """``text`` alone on a transparent image; ``stroke``: a rim that wide in ``colour``
    round a ``fill`` (paper: an outlined, hollow glyph; a lighter colour: shaded)."""
    box = cast(tuple[int, int, int, int], font.getbbox(text, stroke_width=stroke))
    img = Image.new("RGBA", (box[2] - box[0] + 4, box[3] - box[1] + 4), (0, 0, 0, 0))
    inner = colour if fill is None else fill
    ImageDraw.Draw(img).text((2 - box[0], 2 - box[1]), text, font=font, fill=(*inner, 255),
                             stroke_width=stroke, stroke_fill=(*colour, 255))
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


PAPER = (250, 250, 245)


def _varied_rank(text: str, colour: tuple[int, int, int], height: int,
                 rng: np.random.Generator) -> Image.Image:
    """The rank in one of :data:`MORE_FONTS`, plain, heavier, or outlined (hollow)."""
    if not MORE_FONTS:
        # falling back to DejaVu would quietly train a narrower model than the one shipped
        raise RuntimeError("varied_face needs the Debian font packages fonts-freefont-ttf, "
                           "fonts-liberation, fonts-urw-base35 and fonts-texgyre "
                           "(make system installs them)")
    font = _font(MORE_FONTS[int(rng.integers(len(MORE_FONTS)))], int(height * 1.35))
    style = rng.random()
    stroke = int(rng.integers(1, 4))
    glyph: Callable[[str], Image.Image]
    if style < 0.25:  # outlined: a rim round paper
        glyph = lambda t: _pil_text(t, font, colour, stroke, PAPER)  # noqa: E731
    elif style < 0.45:  # heavier strokes
        glyph = lambda t: _pil_text(t, font, colour, stroke)  # noqa: E731
    else:
        glyph = lambda t: _pil_text(t, font, colour)  # noqa: E731
    if text != "10" or rng.random() < 0.4:
        return glyph(text)
    # a ten whose digits touch or overlap (the "0" drawn over the "1"), or one outlined
    one = glyph("1") if rng.random() < 0.6 else _pil_text("1", font, colour, stroke, PAPER)
    zero = glyph("0")
    step = max(2, one.width - 4 - int(one.width * rng.uniform(0.0, 0.5)))
    img = Image.new("RGBA", (step + zero.width, max(one.height, zero.height)), (0, 0, 0, 0))
    img.alpha_composite(one, (0, 0))
    img.alpha_composite(zero, (step, 0))
    return img


def _varied_suit(card: Card, colour: tuple[int, int, int], width: int,
                 rng: np.random.Generator) -> Image.Image:
    """The suit in one of :data:`SUIT_FONTS`, about ``width`` wide (give or take),
    stretched wider or narrower, sometimes shaded."""
    assert card.suit is not None
    font = _font(SUIT_FONTS[int(rng.integers(len(SUIT_FONTS)))], 80)
    if rng.random() < 0.3:  # a lighter fill inside a darker rim (a glossy, shaded pip)
        k = rng.uniform(0.15, 0.4)
        fill = tuple(int(c + k * (p - c)) for p, c in zip(PAPER, colour, strict=True))
        suit = _pil_text(_SYMBOL[card.suit], font, colour, int(rng.integers(1, 3)),
                         (fill[0], fill[1], fill[2]))
    else:
        suit = _pil_text(_SYMBOL[card.suit], font, colour)
    # real decks print their pips from narrow to square (a diamond as wide as tall)
    k = width * rng.uniform(0.7, 1.25) / suit.width
    sx, sy = k * rng.uniform(0.85, 1.4), k * rng.uniform(0.85, 1.15)
    return suit.resize((max(6, int(suit.width * sx)), max(6, int(suit.height * sy))),
                       Image.Resampling.BILINEAR)


def varied_face(card: Card, rng: np.random.Generator) -> np.ndarray:
    """One training face (BGRA, 420 x 300) of ``card`` from the wider set of renderings
    (:data:`MORE_FONTS`, outlined and heavier ranks, overlapping tens, shaded and
    stretched suits, the index close to the rounded corner)."""
    assert card.suit is not None
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    colour = (int(rng.integers(150, 230)), 0, 20) if red else (0, 0, 0)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    radius = int(rng.integers(6, 30))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, W - 1, H - 1), radius=radius,
                                          fill=(*PAPER, 255), outline=(130, 130, 130, 255),
                                          width=int(rng.integers(1, 4)))
    height = int(rng.integers(28, 64))
    rank = _varied_rank(_rank_text(card), colour, height, rng)
    if rank.width > 0.3 * W:  # a wide ten squeezed to fit the index column
        rank = rank.resize((int(0.3 * W), rank.height))
    suit = _varied_suit(card, colour, min(rank.width, int(height * 0.9)), rng)
    x = int(rng.integers(3, 20))
    y = int(rng.integers(6, 24))
    cx = x + max(rank.width, suit.width) // 2
    img.alpha_composite(rank, (max(2, cx - rank.width // 2), y))
    img.alpha_composite(suit, (max(2, cx - suit.width // 2),
                               y + rank.height + int(rng.integers(-2, 10))))
    big = _pil_text(_SYMBOL[card.suit], _font("DejaVuSans.ttf", 120), colour)
    img.alpha_composite(big, ((W - big.width) // 2, (H - big.height) // 2))
    rgba = np.asarray(img, dtype=np.uint8)
    return np.ascontiguousarray(rgba[:, :, [2, 1, 0, 3]])
