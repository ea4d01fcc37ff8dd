"""Training-only card faces for the photo corner network: many printed-deck looks.

The rendered deck styles show only a handful of index typefaces and suit shapes, and a
network trained on them learns those decks. These faces draw the index in any of the
system's upright text faces (Times-, Helvetica-, Century-, Bookman-, Palatino-like and
more: ``fonts-urw-base35``, ``fonts-texgyre``, ``fonts-liberation``,
``fonts-freefont-ttf``; serif faces of ``fonts-sil-charis``, ``fonts-roboto-slab``,
``fonts-crosextra-caladea``, ``fonts-linuxlibertine``, ``fonts-sil-gentium-basic``; when
installed), condensed or wide, thin or bold, red or black,
with a suit symbol from one of several symbol sets (or a diamond narrower than any of
theirs, as a Bicycle index has) below it, and put beside it what
real cards have there: pips of a number card, the framed picture of a court card, an
ace's big pip, a joker's word or emblem; card backs are patterns. DejaVu Serif is kept
out (the held-out four-colour deck uses it), as are script faces and the families of
the typeface decks (:data:`vision.owndecks.TYPEFACES`), when installed.

>>> from controller.cards import Card
>>> rng = np.random.default_rng(0)
>>> face = index_face(Card("Td"), rng)
>>> face.shape, face.dtype.name, int(face[:, :, 3].max())
((420, 300, 4), 'uint8', 255)
"""

from __future__ import annotations

import glob
from functools import lru_cache
from typing import cast

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from controller.cards import Card, Suit
from vision.owndecks import TYPEFACES, typeface_family

W, H = 300, 420
_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SKIP = ("DejaVuSerif", "Z003", "chorus", "Math", "math", "StandardSymbols", "D050000L", "cursor",
         "LinBiolinum_K")
# one font per symbol set: the URW faces all share one, FreeFont and DejaVu one per family
_SUIT_FONTS = ("NimbusSans-Regular", "DejaVuSans.", "DejaVuSansMono.", "FreeSerif.",
               "FreeSans.", "FreeMono.", "LiberationSans-Regular")


@lru_cache(maxsize=1)
def rank_fonts() -> tuple[str, ...]:
    """Paths of the text faces an index may be drawn in (installed ones only)."""
    found = sorted(glob.glob("/usr/share/fonts/**/*.[ot]tf", recursive=True)
                   + glob.glob("/usr/share/texmf/fonts/opentype/**/*.otf", recursive=True))
    # nor any weight of the typeface decks' families: they are the faces never seen
    unseen = {typeface_family(font) for font, _ in TYPEFACES.values()}
    return tuple(f for f in found if not any(s in f for s in _SKIP)
                 and typeface_family(f) not in unseen)


@lru_cache(maxsize=1)
def suit_fonts() -> tuple[str, ...]:
    """Paths of fonts with distinct suit symbols (installed ones only)."""
    found = glob.glob("/usr/share/fonts/**/*.[ot]tf", recursive=True)
    return tuple(sorted({f for f in found for s in _SUIT_FONTS if s in f.split("/")[-1]}))


@lru_cache(maxsize=512)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def _text(text: str, font: ImageFont.FreeTypeFont, colour: tuple[int, int, int],
          stroke: int = 0) -> Image.Image:
    box = cast(tuple[int, int, int, int], font.getbbox(text, stroke_width=stroke))
    img = Image.new("RGBA", (box[2] - box[0] + 4, box[3] - box[1] + 4), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((2 - box[0], 2 - box[1]), text, font=font,
                             fill=(*colour, 255), stroke_width=stroke,
                             stroke_fill=(*colour, 255))
    return img.crop(img.getbbox() or (0, 0, 1, 1))


def _sized(img: Image.Image, height: int, squeeze: float) -> Image.Image:
    """``img`` scaled to ``height`` pixels tall, its width times ``squeeze``."""
    k = height / max(img.height, 1)
    return img.resize((max(3, int(img.width * k * squeeze)), max(3, height)),
                      Image.Resampling.LANCZOS)


def _colour(red: bool, rng: np.random.Generator) -> tuple[int, int, int]:
    if red:
        return (int(rng.integers(150, 235)), int(rng.integers(0, 50)), int(rng.integers(0, 60)))
    v = int(rng.integers(0, 50))
    return (v, v, v + int(rng.integers(0, 30)))


def _suit(suit: Suit, height: int, colour: tuple[int, int, int], rng: np.random.Generator
          ) -> Image.Image:
    if suit is Suit.DIAMONDS and rng.random() < 0.4:
        return _narrow_diamond(height, colour, rng)
    fonts = suit_fonts()
    path = fonts[int(rng.integers(len(fonts)))]
    glyph = _text(_SYMBOL[suit], _font(path, 96), colour)
    return _sized(glyph, height, float(rng.uniform(0.8, 1.2)))


def _narrow_diamond(height: int, colour: tuple[int, int, int], rng: np.random.Generator
                    ) -> Image.Image:
    """A diamond narrower than any symbol font's (width 0.5-0.75 of its height, sides
    straight or a little hollow), as many printed decks have it (a Bicycle index's is
    about 0.6): the font diamonds are 0.7-0.8 wide, and both glyph models took a real
    deck's narrow one for a card back's pattern ("not an index").

    >>> d = _narrow_diamond(40, (200, 20, 20), np.random.default_rng(1))
    >>> d.height, 0.45 < d.width / d.height < 0.8
    (40, True)
    """
    k = 4  # drawn 4 times larger, then scaled down: smooth edges
    h = height * k
    w = h * rng.uniform(0.5, 0.75)
    hollow = rng.uniform(0.0, 0.12) if rng.random() < 0.5 else 0.0
    tips = [(w / 2, 0.0), (w, h / 2), (w / 2, h), (0.0, h / 2)]
    points = []
    for (x0, y0), (x1, y1) in zip(tips, tips[1:] + tips[:1], strict=True):
        for t in np.linspace(0, 1, 8, endpoint=False):
            # each side bent towards the middle by up to ``hollow`` of the width
            bend = hollow * w * np.sin(np.pi * t)
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            points.append((x + bend * np.sign(w / 2 - x), y + bend * np.sign(h / 2 - y) * 0.5))
    img = Image.new("RGBA", (int(w) + 2, h + 2), (0, 0, 0, 0))
    ImageDraw.Draw(img).polygon(points, fill=(*colour, 255))
    small = img.crop(img.getbbox() or (0, 0, 1, 1))
    return small.resize((max(3, round(small.width / k)), height), Image.Resampling.LANCZOS)


def _rank(text: str, colour: tuple[int, int, int], height: int, rng: np.random.Generator,
          fonts: tuple[str, ...] | None = None) -> Image.Image:
    fonts = fonts or rank_fonts()
    path = fonts[int(rng.integers(len(fonts)))]
    stroke = int(rng.integers(0, 4)) if rng.random() < 0.3 else 0
    font = _font(path, 96)
    if text == "10" and rng.random() < 0.4:  # digits touching, or overlapping
        one, zero = _text("1", font, colour, stroke), _text("0", font, colour, stroke)
        step = int(one.width * rng.uniform(0.6, 1.1))
        img = Image.new("RGBA", (step + zero.width, max(one.height, zero.height)), (0, 0, 0, 0))
        img.alpha_composite(one, (0, img.height - one.height))
        img.alpha_composite(zero, (step, img.height - zero.height))
    else:
        img = _text(text, font, colour, stroke)
    squeeze = float(rng.uniform(0.5, 0.85) if text == "10" else rng.uniform(0.6, 1.15))
    return _sized(img, height, squeeze)


def _paper(rng: np.random.Generator) -> Image.Image:
    tone = rng.uniform(232, 255)
    paper = (int(tone), int(tone - rng.uniform(0, 8)), int(tone - rng.uniform(0, 18)))
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    grey = int(rng.integers(90, 200))
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=int(rng.integers(8, 26)),
                           fill=(*paper, 255), outline=(grey, grey, grey, 255),
                           width=int(rng.integers(1, 3)))
    return img


def _pips(img: Image.Image, card: Card, colour: tuple[int, int, int],
          rng: np.random.Generator) -> None:
    """The body of a number card: pips in two or three columns."""
    assert card.suit is not None and card.rank is not None
    n = int(card.rank)
    size = int(rng.integers(36, 62))
    pip = _suit(card.suit, size, colour, rng)
    left, right = int(rng.integers(86, 104)), W - int(rng.integers(86, 104))
    top, bottom = int(rng.integers(50, 80)), H - int(rng.integers(50, 80))
    if n <= 3:  # one column down the middle
        spots = [(W / 2, top + (bottom - top) * i / (n - 1)) for i in range(n)]
    else:  # pairs in two columns, an odd one in the middle
        rows = n // 2
        spots = [(x, top + (bottom - top) * i / (rows - 1)) for x in (left, right)
                 for i in range(rows)]
        if n % 2:
            spots.append((W / 2, (top + bottom) / 2))
    for x, y in spots:
        img.alpha_composite(pip, (int(x - pip.width / 2), int(y - pip.height / 2)))


def _clear_middle(img: Image.Image, card: Card, text: str, colour: tuple[int, int, int],
                  rng: np.random.Generator) -> None:
    """A middle that leaves the index and the column beside it bare (at most a big
    pip's or a big 10's edge reaches the canonical corner's last dozen columns): the
    card's rank and suit printed large (as the four-colour deck does), one pip, its
    pips in a narrow block, or bare paper. The deck styles and :func:`_pips` put a
    number card's outer column of pips beside the index, and an ace's, a two's and a
    three's never: a network trained on them read a 4 whose corner shows no pips as an
    ace, a 5 or an 8 as a 3."""
    assert card.suit is not None and card.rank is not None
    way = rng.random()
    if way < 0.35:
        big = _rank(text, colour, int(rng.integers(60, 110)), rng)
        pip = _suit(card.suit, int(rng.integers(50, 100)), colour, rng)
        top = (H - big.height - pip.height) // 2
        img.alpha_composite(big, ((W - big.width) // 2, top))
        img.alpha_composite(pip, ((W - pip.width) // 2, top + big.height + 4))
    elif way < 0.6:
        pip = _suit(card.suit, int(rng.integers(50, 130)), colour, rng)
        img.alpha_composite(pip, ((W - pip.width) // 2, (H - pip.height) // 2))
    elif way < 0.85 and card.rank.char not in "JQKA":
        n = int(card.rank)
        size = int(rng.integers(24, 36))
        pip = _suit(card.suit, size, colour, rng)
        left, right = int(rng.integers(118, 131)), W - int(rng.integers(118, 131))
        top, bottom = int(rng.integers(120, 150)), H - int(rng.integers(120, 150))
        rows = (n + 1) // 2  # n is 2 to 10
        for i in range(n):
            x = left if i % 2 == 0 else right
            y = top + (bottom - top) * (i // 2) / max(rows - 1, 1)
            img.alpha_composite(pip, (int(x - pip.width / 2), int(y - pip.height / 2)))


def _picture(img: Image.Image, rng: np.random.Generator) -> None:
    """The body of a court card or joker: a framed, many-coloured picture."""
    draw = ImageDraw.Draw(img)
    x0, y0 = int(rng.integers(48, 80)), int(rng.integers(40, 70))
    if rng.random() < 0.7:
        draw.rectangle((x0, y0, W - x0, H - y0), outline=(40, 40, 120, 255),
                       width=int(rng.integers(1, 4)))
    palette = [(200, 30, 30), (30, 40, 160), (230, 190, 40), (20, 20, 20), (40, 120, 60)]
    for _ in range(int(rng.integers(25, 60))):
        c = palette[int(rng.integers(len(palette)))]
        x, y = rng.uniform(x0, W - x0), rng.uniform(y0, H - y0)
        w, h = rng.uniform(5, 50, 2)
        if rng.random() < 0.5:
            draw.ellipse((x, y, x + w, y + h), fill=(*c, 255))
        else:
            draw.line((x, y, x + w, y + h), fill=(*c, 255), width=int(rng.integers(2, 6)))


def _back(rng: np.random.Generator) -> np.ndarray:
    """A card back: a lattice or dot pattern inside a white border."""
    img = _paper(rng)
    draw = ImageDraw.Draw(img)
    c = _colour(rng.random() < 0.5, rng) if rng.random() < 0.7 else (30, 60, 150)
    m = int(rng.integers(8, 24))
    draw.rectangle((m, m, W - m, H - m), fill=(*c, 255))
    step = int(rng.integers(8, 20))
    light = (240, 240, 240, 255)
    for k in range(-H, W + H, step):
        if rng.random() < 0.5:
            draw.line((m + k, m, m + k + H, m + H), fill=light, width=2)
            draw.line((m + k, m, m + k - H, m + H), fill=light, width=2)
        else:
            for y in range(m, H - m, step):
                draw.ellipse((m + k, y, m + k + step // 3, y + step // 3), fill=light)
    rgba = np.asarray(img, dtype=np.uint8)
    return np.ascontiguousarray(rgba[:, :, [2, 1, 0, 3]])


def index_face(card: Card | None, rng: np.random.Generator, printed: str | None = None,
               fonts: tuple[str, ...] | None = None, bare: float = 0.0) -> np.ndarray:
    """One training face (BGRA, 420 x 300) of ``card`` (None: a card back); ``printed``:
    the rank's index printed as this text instead (a German jack's "B"), in one of
    ``fonts`` (default :func:`rank_fonts`); ``bare``: the share of faces whose middle
    lies clear of the index corner (:func:`_clear_middle`).

    >>> from controller.cards import Card
    >>> face = index_face(Card("Jh"), np.random.default_rng(0), printed="B")
    >>> face.shape
    (420, 300, 4)
    """
    if card is None:
        return _back(rng)
    img = _paper(rng)
    height = int(rng.integers(24, 66))
    x, y = int(rng.integers(5, 22)), int(rng.integers(5, 22))
    if card.is_joker:
        colour = _colour(rng.random() < 0.5, rng)
        if rng.random() < 0.6:  # JOKER written down the side
            fonts = rank_fonts()
            font = _font(fonts[int(rng.integers(len(fonts)))], 96)
            h = int(height * rng.uniform(0.45, 0.7))
            for i, ch in enumerate("JOKER"):
                g = _sized(_text(ch, font, colour), h, float(rng.uniform(0.7, 1.1)))
                img.alpha_composite(g, (x, y + i * (h + 3)))
        else:  # an emblem: a star
            r = height * rng.uniform(0.4, 0.7)
            cx, cy = x + r, y + r
            pts = [(cx + (r if i % 2 == 0 else r * 0.45) * np.sin(i * np.pi / 5),
                    cy - (r if i % 2 == 0 else r * 0.45) * np.cos(i * np.pi / 5))
                   for i in range(10)]
            ImageDraw.Draw(img).polygon(pts, fill=(*colour, 255))
        _picture(img, rng)
    else:
        assert card.suit is not None and card.rank is not None
        colour = _colour(card.suit in (Suit.HEARTS, Suit.DIAMONDS), rng)
        text = printed or ("10" if card.rank.char == "T" else card.rank.char)
        rank = _rank(text, colour, height, rng, fonts)
        suit = _suit(card.suit, int(height * rng.uniform(0.55, 1.05)), colour, rng)
        cx = x + max(rank.width, suit.width) // 2
        img.alpha_composite(rank, (max(2, cx - rank.width // 2), y))
        img.alpha_composite(suit, (max(2, cx - suit.width // 2),
                                   y + rank.height + int(rng.integers(1, 12))))
        # (the generator is drawn from only when asked: other trainings stay as they were)
        if bare > 0 and rng.random() < bare:
            _clear_middle(img, card, text, colour, rng)
        elif card.rank.char in "JQK":
            _picture(img, rng)
        elif card.rank.char == "A":
            big = _suit(card.suit, int(rng.integers(50, 160)), colour, rng)
            img.alpha_composite(big, ((W - big.width) // 2, (H - big.height) // 2))
        else:
            _pips(img, card, colour, rng)
    rgba = np.asarray(img, dtype=np.uint8)
    return np.ascontiguousarray(rgba[:, :, [2, 1, 0, 3]])


__all__ = ["index_face", "rank_fonts", "suit_fonts"]
