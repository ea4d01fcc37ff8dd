"""Deck styles the synthetic shoe can render, and the card-face cache.

Third-party decks are Debian's SVG card decks (``kdegames-card-data-kf5`` under
``/usr/share/carddecks``, ``gnome-cards-data`` under ``/usr/share/aisleriot``),
rendered once per card with ``rsvg-convert`` and cached as PNG under
``$PITBOSS_CACHE/cards`` (default ``~/.cache/pitboss/cards``); nothing of them is
committed. Two styles are the project's own drawings (:mod:`vision.owndecks`): a
four-colour deck and a jumbo-index deck.

Every face is returned as a BGRA array of the canonical card size
:data:`CARD_W` x :data:`CARD_H` (63 x 88 mm poker proportions).

>>> style = STYLES["jumbo"]
>>> style.name, style.has_joker, style.held_out
('jumbo', True, False)
>>> face = render_face(style, Card("Ah"))
>>> face.shape
(420, 300, 4)
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from controller.cards import JOKER, Card, Rank, Suit
from vision.owndecks import LETTERS, TYPEFACES, draw_own

CARD_W = 300
CARD_H = 420

_KDE = "/usr/share/carddecks"
_GNOME = "/usr/share/aisleriot/cards"
_SUIT_WORDS = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart",
               Suit.SPADES: "spade"}
_RANK_WORDS = {Rank.ACE: "1", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}


@dataclass(frozen=True)
class DeckStyle:
    """One deck design.

    ``kind`` is ``kde`` (ids like ``queen_heart``), ``gnome`` (``heart_queen``),
    ``own`` (drawn by :mod:`vision.owndecks`), ``lettered`` (drawn there too, with
    another language's letters, and no joker) or ``typeface`` (drawn there too, its
    indexes in a typeface no model was trained on, and no joker; ``source`` is the
    font). ``held_out`` decks are never used to train or tune the reader: they measure
    how it does on a deck it has never seen.
    """

    name: str
    kind: str
    source: str = ""
    joker_id: str | None = None
    back_id: str = "back"
    held_out: bool = False

    @property
    def has_joker(self) -> bool:
        return self.kind == "own" or self.joker_id is not None

    def element_id(self, card: Card) -> str:
        """The SVG element id of ``card`` in this deck."""
        if card.is_joker:
            if self.joker_id is None:
                raise ValueError(f"deck {self.name} has no joker")
            return self.joker_id
        assert card.rank is not None and card.suit is not None
        rank = _RANK_WORDS.get(card.rank, str(int(card.rank)))
        suit = _SUIT_WORDS[card.suit]
        return f"{rank}_{suit}" if self.kind == "kde" else f"{suit}_{rank}"

    def cards(self) -> list[Card]:
        """Every card this deck can show: 52, plus the joker when it has one."""
        from controller.cards import deck

        return deck(with_joker=self.has_joker)


def _kde(name: str, folder: str, file: str, joker: str | None = None, **kw: object) -> DeckStyle:
    return DeckStyle(name, "kde", f"{_KDE}/{folder}/{file}", joker, **kw)  # type: ignore[arg-type]


def _gnome(name: str, file: str, joker: str | None = None, **kw: object) -> DeckStyle:
    return DeckStyle(name, "gnome", f"{_GNOME}/{file}", joker, **kw)  # type: ignore[arg-type]


# Decks whose per-card elements render as whole, upright cards with a top-left index.
# (Several other Debian decks compose a card from layers, or put the index elsewhere;
# guyenne-classic is a French-pattern deck whose court cards carry no index at all;
# they are left out rather than rendered wrong.)
STYLES: dict[str, DeckStyle] = {
    s.name: s
    for s in (
        _kde("standard", "svg-standard", "standard.svgz"),
        _kde("dondorf", "svg-dondorf", "dondorf.svgz", "joker"),
        _kde("nicu-white", "svg-nicu-white", "white.svgz", "black_joker"),
        _kde("tigullio", "svg-tigullio-international", "tigullio-international.svgz"),
        _gnome("anglo-poker", "anglo_poker.svgz", "joker_black"),
        _gnome("paris", "paris.svgz", "joker_black"),
        _gnome("simplistic", "simplistic.svgz", "joker_black"),
        DeckStyle("jumbo", "own"),
        # held out: never trained or tuned on
        _kde("nicu-ornamental", "svg-nicu-ornamental", "ornamental.svgz", "red_joker",
             held_out=True),
        _gnome("tango", "tango.svgz", "joker_red", held_out=True),
        DeckStyle("four-colour", "own", held_out=True),
    )
}


# Decks printed with another language's court and ace letters (vision.owndecks.LETTERS):
# never trained on, and apart from STYLES, since no reader is asked to name their
# lettered cards, only never to name them wrong.
LETTERED: dict[str, DeckStyle] = {
    name: DeckStyle(name, "lettered", held_out=True) for name in LETTERS}


# Decks whose indexes are printed in a typeface no model was trained on
# (vision.owndecks.TYPEFACES): apart from STYLES, since their fonts are Debian packages
# only the benchmark's row of them needs (see installed_typefaced).
TYPEFACED: dict[str, DeckStyle] = {
    name: DeckStyle(name, "typeface", font, held_out=True)
    for name, (font, _) in TYPEFACES.items()}


def installed_typefaced() -> list[DeckStyle]:
    """The :data:`TYPEFACED` decks whose font is installed on this machine."""
    return [s for s in TYPEFACED.values() if Path(s.source).exists()]


def deck_style(name: str) -> DeckStyle:
    """The deck style called ``name``: one of :data:`STYLES`, :data:`LETTERED` or
    :data:`TYPEFACED`.

    >>> deck_style("german-letters").held_out, deck_style("tango").kind
    (True, 'gnome')
    >>> deck_style("bicycle")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: no deck style 'bicycle': one of standard, dondorf, ...
    """
    style = STYLES.get(name) or LETTERED.get(name) or TYPEFACED.get(name)
    if style is None:
        raise ValueError(f"no deck style {name!r}: one of "
                         f"{', '.join([*STYLES, *LETTERED, *TYPEFACED])}")
    return style


def available_styles(include_held_out: bool = True) -> list[DeckStyle]:
    """Styles whose source is installed on this machine (own decks always are)."""
    out = []
    for s in STYLES.values():
        if s.held_out and not include_held_out:
            continue
        if s.kind == "own" or (Path(s.source).exists() and shutil.which("rsvg-convert")):
            out.append(s)
    return out


def cache_dir() -> Path:
    """Where rendered faces are kept: ``$PITBOSS_CACHE/cards`` or ``~/.cache/pitboss/cards``."""
    root = os.environ.get("PITBOSS_CACHE")
    base = Path(root) if root else Path.home() / ".cache" / "pitboss"
    return base / "cards"


_MEMO: dict[tuple[str, str], np.ndarray] = {}


def render_face(style: DeckStyle, card: Card | None) -> np.ndarray:
    """The face of ``card`` (or the back when ``card`` is None) as BGRA, CARD_H x CARD_W."""
    key = (style.name, str(card) if card is not None else "back")
    hit = _MEMO.get(key)
    if hit is not None:
        return hit
    if style.kind in ("own", "lettered", "typeface"):
        img = draw_own(style.name, card)
        # the jumbo deck's courts show one big pip (a training deck: kept as trained on)
        if style.name != "jumbo" and card is not None and card.rank in COURTS:
            img = _with_picture(img, render_face(STYLES["standard"], card))
    else:
        img = _cached_svg_render(style, card)
    _MEMO[key] = img
    return img


COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)  # the cards printed with a picture
# a standard deck court's picture frame, and where an own deck prints the picture:
# narrower, clear of its widest index (a Swedish jack's "Kn")
_FRAME = (51, 48, 249, 371)  # x0, y0, x1, y1
_PICTURE = (70, 50, 230, 370)


def _with_picture(face: np.ndarray, court: np.ndarray) -> np.ndarray:
    """An own deck's court ``face`` (four-colour, lettered or typeface) with the
    picture of the standard deck's ``court`` printed in its middle, as a real deck
    prints its courts: a picture, not a letter.

    >>> from controller.cards import Card
    >>> face = render_face(deck_style("german-letters"), Card("Qs"))
    >>> x0, y0, x1, y1 = _PICTURE
    >>> bool(face[y0:y1, x0:x1, :3].std() > 40), bool(face[150:300, 5:60, :3].std() < 5)
    (True, True)
    """
    fx0, fy0, fx1, fy1 = _FRAME
    x0, y0, x1, y1 = _PICTURE
    out = face.copy()
    out[y0:y1, x0:x1] = cv2.resize(court[fy0:fy1, fx0:fx1], (x1 - x0, y1 - y0),
                                   interpolation=cv2.INTER_AREA)
    return out


def _cached_svg_render(style: DeckStyle, card: Card | None) -> np.ndarray:
    label = str(card) if card is not None else "back"
    path = cache_dir() / style.name / f"{label}.png"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        elem = style.back_id if card is None else style.element_id(card)
        face = _rsvg_element(style.source, elem)
        # a temporary file of this process's own: two processes rendering the same card
        # at once (pytest-xdist workers, two training shards) shared one, and one of them
        # read the other's half-written PNG
        tmp = path.with_suffix(f".{os.getpid()}.tmp.png")
        cv2.imwrite(str(tmp), face)
        tmp.replace(path)
    img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise OSError(f"cannot read cached card render {path}")
    return img


def _rsvg(source: str, elem: str, zoom: float) -> np.ndarray:
    done = subprocess.run(
        ["rsvg-convert", f"--export-id={elem}", "-z", f"{zoom:.3f}", source],
        check=True, capture_output=True, timeout=120,
    )
    img = cv2.imdecode(np.frombuffer(done.stdout, np.uint8), cv2.IMREAD_UNCHANGED)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        raise OSError(f"rsvg-convert gave no RGBA image for {elem} of {source}")
    return img


def _content_box(img: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(img[:, :, 3] > 8)
    if len(xs) == 0:
        raise OSError("empty card render")
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def _rsvg_element(source: str, elem: str) -> np.ndarray:
    """Render one element at a zoom giving about CARD_W pixels of card.

    Some decks report an element box much larger than the card (transforms,
    clip paths), so the card is cut out by its alpha and scaled afterwards.
    """
    probe = _rsvg(source, elem, 1.0)
    x0, y0, x1, y1 = _content_box(probe)
    zoom = max(1.0, 1.15 * CARD_W / (x1 - x0))
    img = _rsvg(source, elem, zoom) if zoom > 1.0 else probe
    x0, y0, x1, y1 = _content_box(img)
    card = img[y0:y1, x0:x1]
    aspect = card.shape[1] / card.shape[0]
    if not 0.55 < aspect < 0.85:
        raise OSError(f"{elem} of {source} does not render as a whole card (aspect {aspect:.2f})")
    return cv2.resize(card, (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)


def face_on(face: np.ndarray, background: tuple[int, int, int] = (40, 40, 40)) -> np.ndarray:
    """Flatten a BGRA face onto a plain background (BGR)."""
    alpha = face[:, :, 3:4].astype(np.float32) / 255.0
    bg = np.array(background, np.float32)
    flat: np.ndarray = (face[:, :, :3] * alpha + bg * (1 - alpha)).astype(np.uint8)
    return flat


__all__ = ["CARD_H", "CARD_W", "COURTS", "JOKER", "LETTERED", "STYLES", "TYPEFACED", "DeckStyle",
           "available_styles", "cache_dir", "deck_style", "face_on", "installed_typefaced",
           "render_face"]
