"""The project's own deck drawings: a jumbo-index deck, a four-colour deck, and decks
printed with another language's letters.

Drawn with Pillow and the DejaVu fonts (Debian ``fonts-dejavu-core``), so they are
ours to commit renders of. The four-colour deck prints spades black, hearts red,
diamonds blue and clubs green. The lettered decks (:data:`LETTERS`) print a jack,
queen, king and ace as a German, Dutch, French, Russian, Swedish or Polish deck does: no
model was shown those letters, so each is a glyph the reader must leave unread, not
name as the rank it looks most like. Every own deck but the jumbo one prints a number
card's pips and an ace's one pip in its middle, as real decks do, and leaves a court's
middle bare: :func:`vision.decks.render_face` prints the standard deck's picture there.
The typeface decks (:data:`TYPEFACES`) print their indexes in a typeface no model was
trained on, in a Debian font package the reader never needs: the measure of a deck
whose index lettering the reader has never seen.

>>> img = draw_own("four-colour", Card("Td"))
>>> img.shape, img.dtype.name
((420, 300, 4), 'uint8')
>>> aces = [draw_own(deck, Card("Ah"))[150:270] for deck in ("russian-letters", "german-letters")]
>>> bool((aces[0] == aces[1]).all())  # a lettered ace's middle: its pip, not its letter
True
>>> import cv2
>>> def pips(deck, card):  # pieces of ink in the middle, clear of both indexes
...     ink = (draw_own(deck, Card(card))[40:380, 62:238, 3] > 0) & (
...         draw_own(deck, Card(card))[40:380, 62:238, :3].min(axis=2) < 200)
...     return cv2.connectedComponents(ink.astype(np.uint8))[0] - 1
>>> pips("four-colour", "7d"), pips("lato-bold", "Tc"), pips("four-colour", "As")
(7, 10, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from controller.cards import Card, Suit

W, H = 300, 420
_FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_TWO_COLOUR = {Suit.SPADES: (0, 0, 0), Suit.CLUBS: (0, 0, 0),
               Suit.HEARTS: (200, 20, 30), Suit.DIAMONDS: (200, 20, 30)}
_FOUR_COLOUR = {Suit.SPADES: (0, 0, 0), Suit.CLUBS: (0, 128, 40),
                Suit.HEARTS: (200, 20, 30), Suit.DIAMONDS: (20, 60, 200)}


# rank -> the letter printed for it, per lettered deck
LETTERS: dict[str, dict[str, str]] = {
    "german-letters": {"J": "B", "Q": "D", "K": "K", "A": "A"},  # Bube, Dame, König, Ass
    "dutch-letters": {"J": "B", "Q": "V", "K": "H", "A": "A"},  # Boer, Vrouw, Heer, Aas
    "french-letters": {"J": "V", "Q": "D", "K": "R", "A": "A"},  # Valet, Dame, Roi, As
    "russian-letters": {"J": "В", "Q": "Д", "K": "К", "A": "Т"},  # Валет, Дама, Король, Туз
    "swedish-letters": {"J": "Kn", "Q": "D", "K": "K", "A": "E"},  # Knekt, Dam, Kung, Ess
    "polish-letters": {"J": "W", "Q": "D", "K": "K", "A": "A"},  # Walet, Dama, Król, As
}
# deck style -> the typeface its indexes are printed in, and the Debian package of it:
# none is a training face (vision.training.photo_faces.rank_fonts leaves them out), and
# their faces are those of decks sold (humanist and geometric sans, condensed, serif)
_FONTS = "/usr/share/fonts/"
TYPEFACES: dict[str, tuple[str, str]] = {
    "lato-bold": (_FONTS + "truetype/lato/Lato-Bold.ttf", "fonts-lato"),
    "open-sans-bold": (_FONTS + "truetype/open-sans/OpenSans-Bold.ttf", "fonts-open-sans"),
    "open-sans": (_FONTS + "truetype/open-sans/OpenSans-Regular.ttf", "fonts-open-sans"),
    "noto-sans-bold": (_FONTS + "truetype/noto/NotoSans-Bold.ttf", "fonts-noto-core"),
    "noto-serif-bold": (_FONTS + "truetype/noto/NotoSerif-Bold.ttf", "fonts-noto-core"),
    "noto-serif": (_FONTS + "truetype/noto/NotoSerif-Regular.ttf", "fonts-noto-core"),
    "cantarell-bold": (_FONTS + "opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
    "roboto-bold": (_FONTS + "truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf",
                    "fonts-roboto-unhinted"),
    "roboto-condensed-bold": (_FONTS + "truetype/roboto/unhinted/RobotoCondensed-Bold.ttf",
                              "fonts-roboto-unhinted"),
    "andika-bold": (_FONTS + "truetype/andika/Andika-Bold.ttf", "fonts-sil-andika"),
}


def typeface_family(font: str) -> str:
    """The font family folder of a Debian font file, which holds all its weights.

    >>> typeface_family(TYPEFACES["roboto-bold"][0]), typeface_family("/tmp/x.ttf")
    ('roboto', '')
    """
    parts = Path(font).parts
    for kind in ("truetype", "opentype"):
        if kind in parts[:-2]:
            return parts[parts.index(kind) + 1]
    return ""


# the letters above that are the English rank's own, or a king's that every reader takes
# for a K: they are read, and rightly
READ_AS_ENGLISH = frozenset({"A", "K", "R", "К"})


@lru_cache(maxsize=64)
def _font(name: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A DejaVu face by its file name, or any font by its whole path."""
    try:
        return ImageFont.truetype(name if name.startswith("/") else _FONT_DIR + name, size)
    except OSError:  # fonts missing: Pillow's own scalable default still draws glyphs
        return ImageFont.load_default(size)


def _blank() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=16, fill=(250, 250, 246, 255),
                           outline=(120, 120, 120, 255), width=2)
    return img, draw


def _index(draw: ImageDraw.ImageDraw, rank: str, suit: str, colour: tuple[int, int, int],
           rank_font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
           suit_font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
           x: int, y: int, gap: int) -> None:
    box = draw.textbbox((0, 0), rank, font=rank_font)
    rw = box[2] - box[0]
    sbox = draw.textbbox((0, 0), suit, font=suit_font)
    sw = sbox[2] - sbox[0]
    cx = x + max(rw, sw) // 2
    draw.text((cx - rw // 2 - box[0], y - box[1]), rank, font=rank_font, fill=colour)
    sy = y + (box[3] - box[1]) + gap
    draw.text((cx - sw // 2 - sbox[0], sy - sbox[1]), suit, font=suit_font, fill=colour)


def _both_corners(img: Image.Image, corner: Image.Image) -> Image.Image:
    img.alpha_composite(corner)
    img.alpha_composite(corner.rotate(180))
    return img


def draw_own(style: str, card: Card | None) -> np.ndarray:
    """Draw ``card`` (None: the back) of ``style`` ('jumbo', 'four-colour' or one of
    :data:`LETTERS` or :data:`TYPEFACES`) as BGRA.

    >>> from controller.cards import JOKER
    >>> draw_own("german-letters", JOKER)
    Traceback (most recent call last):
    ValueError: german-letters is drawn without a joker
    >>> draw_own("comic-sans", Card("Ah"))
    Traceback (most recent call last):
    ValueError: unknown own deck style 'comic-sans'
    """
    if style not in ("jumbo", "four-colour", *LETTERS, *TYPEFACES):
        raise ValueError(f"unknown own deck style {style!r}")
    if style in TYPEFACES and not Path(TYPEFACES[style][0]).exists():
        raise ValueError(f"the {style} deck is printed in {TYPEFACES[style][0]}: install "
                         f"Debian's {TYPEFACES[style][1]}")
    img = _draw_back(style) if card is None else _draw_face(style, card)
    rgba = np.asarray(img, dtype=np.uint8)
    return np.ascontiguousarray(rgba[:, :, [2, 1, 0, 3]])


def _draw_face(style: str, card: Card) -> Image.Image:
    jumbo = style == "jumbo"
    letters = LETTERS.get(style)
    if card.is_joker and (letters is not None or style in TYPEFACES):
        raise ValueError(f"{style} is drawn without a joker")
    img, draw = _blank()
    corner = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    cdraw = ImageDraw.Draw(corner)
    if card.is_joker:
        colour = (20, 20, 20) if jumbo else (120, 0, 160)
        font = _font("DejaVuSans-Bold.ttf" if jumbo else "DejaVuSerif-Bold.ttf", 30)
        for i, ch in enumerate("JOKER"):
            cdraw.text((16, 12 + i * 30), ch, font=font, fill=colour)
        star = _font("DejaVuSans.ttf", 150)
        draw.text((W // 2, H // 2), "★", font=star, fill=colour, anchor="mm")
        return _both_corners(img, corner)
    assert card.rank is not None and card.suit is not None
    colour = (_FOUR_COLOUR if style == "four-colour" else _TWO_COLOUR)[card.suit]
    rank = (letters or {}).get(card.rank.char, "10" if card.rank.char == "T" else card.rank.char)
    symbol = _SYMBOL[card.suit]
    if jumbo:
        rank_font = _font("DejaVuSansCondensed-Bold.ttf", 100 if rank != "10" else 80)
        _index(cdraw, rank, symbol, colour, rank_font, _font("DejaVuSans.ttf", 72), 10, 12, 8)
        draw.text((W // 2, H // 2), symbol, font=_font("DejaVuSans.ttf", 140), fill=colour,
                  anchor="mm")
    else:  # the four-colour deck's index in a serif face, a lettered deck's in a sans one
        face = ("DejaVuSans-Bold.ttf" if letters is not None
                else TYPEFACES[style][0] if style in TYPEFACES else "DejaVuSerif-Bold.ttf")
        rank_font = _font(face, 44 if len(rank) == 1 else 36)
        _index(cdraw, rank, symbol, colour, rank_font, _font("DejaVuSans.ttf", 38), 14, 14, 6)
        if card.rank.char in "JQK":
            return _both_corners(img, corner)  # its picture goes there (decks.render_face)
        _pips(img, card, symbol, colour)
    return _both_corners(img, corner)


# where a number card's pips stand, as a real deck prints them: columns left, middle
# and right, and heights down the pip field from its top (0) to its bottom (1)
_COLUMNS = {"L": 92, "C": W // 2, "R": W - 92}
_FIELD = (78, H - 78)  # the top and bottom pips' centres, clear of the index below it
_PIP_LAYOUTS: dict[int, tuple[tuple[str, float], ...]] = {
    1: (("C", 0.5),),
    2: (("C", 0), ("C", 1)),
    3: (("C", 0), ("C", 0.5), ("C", 1)),
    4: (("L", 0), ("R", 0), ("L", 1), ("R", 1)),
    5: (("L", 0), ("R", 0), ("C", 0.5), ("L", 1), ("R", 1)),
    6: (("L", 0), ("R", 0), ("L", 0.5), ("R", 0.5), ("L", 1), ("R", 1)),
    7: (("L", 0), ("R", 0), ("C", 0.25), ("L", 0.5), ("R", 0.5), ("L", 1), ("R", 1)),
    8: (("L", 0), ("R", 0), ("C", 0.25), ("L", 0.5), ("R", 0.5), ("C", 0.75), ("L", 1),
        ("R", 1)),
    9: (("L", 0), ("R", 0), ("L", 1 / 3), ("R", 1 / 3), ("C", 0.5), ("L", 2 / 3),
        ("R", 2 / 3), ("L", 1), ("R", 1)),
    10: (("L", 0), ("R", 0), ("C", 1 / 6), ("L", 1 / 3), ("R", 1 / 3), ("L", 2 / 3),
         ("R", 2 / 3), ("C", 5 / 6), ("L", 1), ("R", 1)),
}


def _pips(img: Image.Image, card: Card, symbol: str, colour: tuple[int, int, int]) -> None:
    """A number card's pips, or an ace's one big pip, in the middle: those below the
    middle stand upside down, as on a real card read from either end. No real deck
    prints its rank large in the middle, where a reader could take it for an index."""
    assert card.rank is not None
    n = 1 if card.rank.char == "A" else int(card.rank)
    size = 150 if n == 1 else 58
    pip = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(pip).text((size // 2, size // 2), symbol, font=_font("DejaVuSans.ttf", size),
                             fill=colour, anchor="mm")
    turned = pip.rotate(180)
    top, bottom = _FIELD
    for column, height in _PIP_LAYOUTS[n]:
        x, y = _COLUMNS[column], top + (bottom - top) * height
        img.alpha_composite(turned if height > 0.5 else pip,
                            (int(x - size / 2), int(y - size / 2)))


def drawn_backs() -> dict[str, np.ndarray]:
    """Card backs of no deck style, drawn to probe the reader with backs it was not
    built on (BGRA, CARD_H x CARD_W): all-over patterns, a logo, a picture of a rank,
    and a back dark all over with only a thin pale edge.

    >>> sorted(drawn_backs())[:3], drawn_backs()["red-stripes"].shape
    (['black-logo', 'black-thin-edge', 'green-grid'], (420, 300, 4))
    """
    out = {}
    for name, (fill, draw_pattern, rim) in _PROBES.items():
        img, draw = _blank()
        draw.rounded_rectangle((rim, rim, W - 1 - rim, H - 1 - rim), radius=max(16 - rim, 4),
                               fill=fill)
        draw_pattern(draw)
        rgba = np.asarray(img, dtype=np.uint8)
        out[name] = np.ascontiguousarray(rgba[:, :, [2, 1, 0, 3]])
    return out


_PAPER = (250, 250, 246, 255)


def _dots(draw: ImageDraw.ImageDraw) -> None:
    for y in range(20, H - 20, 14):
        for x in range(20 + (y // 14) % 2 * 7, W - 20, 14):
            draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=_PAPER)


def _stripes(draw: ImageDraw.ImageDraw) -> None:
    for x in range(12, W - 12, 10):
        draw.line((x, 12, x, H - 13), fill=(240, 240, 240, 255), width=3)


def _grid(draw: ImageDraw.ImageDraw) -> None:
    for y in range(12, H - 12, 22):
        for x in range(12, W - 12, 22):
            draw.rectangle((x, y, x + 10, y + 14), fill=_PAPER)


def _text(text: str, size: int, at: tuple[int, int]) -> Callable[[ImageDraw.ImageDraw], None]:
    def draw_text(draw: ImageDraw.ImageDraw) -> None:
        draw.text(at, text, font=_font("DejaVuSans-Bold.ttf", size), fill=(240, 240, 240, 255),
                  anchor="mm")
    return draw_text


def _nothing(draw: ImageDraw.ImageDraw) -> None:
    return None


# name: (fill inside the rim, pattern drawn over it, rim width in card pixels)
_PROBES = {
    "navy-dots": ((20, 40, 120, 255), _dots, 12),
    "red-stripes": ((160, 30, 30, 255), _stripes, 12),
    "green-grid": ((40, 110, 40, 255), _grid, 12),
    "black-logo": ((20, 20, 20, 255), _text("ACE", 90, (W // 2, H // 2)), 12),
    "purple-seven": ((150, 60, 160, 255), _text("7", 110, (70, 80)), 20),
    "black-thin-edge": ((25, 25, 25, 255), _nothing, 2),
}


def _draw_back(style: str) -> Image.Image:
    img, draw = _blank()
    colour = (30, 60, 160) if style == "jumbo" else (150, 30, 40)
    draw.rounded_rectangle((14, 14, W - 15, H - 15), radius=10, fill=colour)
    for k in range(-H, W + H, 18):  # a lattice, like a real back's all-over pattern
        draw.line((k, 14, k + H, H - 14), fill=(240, 240, 240, 255), width=2)
        draw.line((k, H - 14, k + H, 14), fill=(240, 240, 240, 255), width=2)
    draw.rectangle((0, 0, W - 1, 13), fill=(250, 250, 246, 255))
    draw.rectangle((0, H - 14, W - 1, H - 1), fill=(250, 250, 246, 255))
    draw.rectangle((0, 0, 13, H - 1), fill=(250, 250, 246, 255))
    draw.rectangle((W - 14, 0, W - 1, H - 1), fill=(250, 250, 246, 255))
    return img
