"""Read every face-up card on a still photo of the table (the showdown check).

Cards are found by :mod:`vision.photo_find` (several detectors, so a plain, wooden,
light or busy table all work, and a card cut by the photo's edge is completed), each
outline is warped upright to the canonical card, and :mod:`vision.photo_card` reads
its two index corners. A card it is not sure of comes out with ``card: None``.
Photos are loaded upright, HEIC ones too (:mod:`vision.photo_file`).

>>> import numpy as np, cv2
>>> from controller.cards import Card, Suit
>>> from vision.decks import STYLES, render_face, face_on
>>> table = np.full((600, 800, 3), (40, 90, 30), np.uint8)
>>> face = face_on(render_face(STYLES["jumbo"], Card("Kd")), (40, 90, 30))
>>> table[100:520, 250:550] = face
>>> [(str(c.card), c.confidence > 0.9) for c in read_photo(table)]
[('Kd', True)]
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cached_property

import cv2
import numpy as np

from controller.cards import Card
from vision.classify import IndexClassifier, Reading
from vision.decks import CARD_H, CARD_W
from vision.photo_card import (
    THRESHOLD,
    has_index,
    letter_votes,
    other_rank,
    read_card,
    read_index_alone,
)
from vision.photo_colour import colourless, no_colour
from vision.photo_file import PhotoError, load_image
from vision.photo_find import (
    ASPECT_RANGE,
    card_groups,
    card_proportions,
    clean_quads,
    is_long,
    order_corners,
    to_paper_edge,
)
from vision.photo_fit import HELD, Edges, fit_sides, held_sides, snap_sides
from vision.photo_index_find import (
    USUAL_SIDE,
    WIDTHS,
    Index,
    card_between,
    find_indexes,
    index_quads,
    inside,
    paper_mask,
    shared_axes,
)
from vision.photo_model import Ensemble, photo_reader
from vision.photo_scales import long_side, merge, second_scale, unnamed_small
from vision.photo_slant import LEADS, squared, squaring

MAX_SIDE = 1280  # photos are searched at most this big (corners reported in the original)
GROW = 0.04  # a second look at each outline, this much bigger
PAPER_SAT = 100  # cream card stock under a warm light is this saturated (of 255)
SHADED = 0.95  # a card's own shaded margin is this bright, of the middle of the card
FAR = (0.7, 0.75)  # a card's far index corner: this far across and along it, of its size
COVERED = 0.4  # an unread outline this much on a card read already is part of that card
COVERED_SAME = 0.6  # two outlines this much on each other are one card's
SNAP = 0.2  # a card placed from its index moves at most this much of its width to its edges
INNER_FIT = 0.85  # a card spanned by its index corners this much smaller than its outline
ALONG = 0.9  # an outline's sides from an index's corner run this near its across and down
SPAN_ASPECT = (1.05, 1.8)  # a card spanned by its two corners read the same (a webcam's
# view at a slant squashes it)
INNER = 0.6  # an outline of a card read this much smaller inside another is the card
PARTS_OVERLAP = 0.3  # two parts of one card (a shadow across it) lie this little on each
PARTS_FILL = 0.8  # other, fill this much of the card they make together,
PART_MOST = 0.75  # ... and neither is more than this much of it
WHOLE = 0.9  # a card with this much of every side on a real edge is whole in view, uncovered
FRAMED = 1.15  # paper past an outline adding this much area: the outline is a picture frame
UNPAPERED = 3  # a card's outlines with no paper margin tried, the cleanest first
CORNER_NEAR = 0.2  # an index this near an outline's corner (of its width) is that card's
CORNER_SHARED = 0.06  # two outlines' corners this near (of the width) are one corner
PART = 0.8  # an outline inside a card's own, this much smaller, is a part of that card
TWIN_STEP = 1.5  # a card's two indexes are printed the same size: within this ratio
INSIDE_STEP = 1.3  # ... an index lying on another card and printed this much bigger is its print
RESIZE = 1.25  # a card placed from its index this far off the photo's card width is resized
INDEX_MAX = 0.4  # an index's rank-to-suit distance, of its card's width, is at most (jumbo: 1/4.3)
MIDDLE = 0.5  # the middle of an unread card whole in view: this much smaller than it
FILL = 0.85  # a card's outline fills this much of the rectangle around it, in perspective
PLACED_PAPER = 0.35  # a card placed from its index lies on paper (its own, or cards over
# it) over at least this share of it: not over the bare table
EXPOSURE, DIM, PAPER = 99.5, 150.0, 235.0  # a photo whose paper is this dim is brightened
DENOISE = 2.0  # ... this many times or more: its sensor's noise, brightened too, smoothed
ONE_PLACE = 0.35  # a card's two corners place it here: within this much of its width
WITHIN = 0.9  # a card this much covered by another lies within it
PRINTED = 1.5  # ... and one this many times its size is the other's print
OWN_INDEX = 0.1  # an index this near a card read by its outline (of its size), naming it,
# is its own
HELD_MORE = 0.1  # of two places read as one card, the card's own has its sides this much
# more on real edges (of their length)
SIDE_MARGIN = 0.02  # of two places a card may lie, one more on paper (or over the cards
# read) by this much of it is where it lies
OVERSIZE = 1.7  # an outline this many times the area of a card whole in view holds more than a card
# a card under about 60 px tall is too small to name (its index is a few pixels:
# photo_card's BLUR_MAX), and such a card is 43 px wide: a photo narrower than this
# either way cannot show a card that can be named whole, however it lies
MIN_SIDE = 40


@dataclass(frozen=True)
class PhotoCard:
    """One card found on a photo: its reading and its four corners (original pixels)."""

    card: Card | None
    confidence: float
    corners: list[list[float]]
    # placed from its index alone, nothing on the photo giving its size (its corners a
    # guess): the long side of a card of the usual index-to-card ratio there, in original
    # pixels (how big its index shows it to be; not reported)
    index_side: float | None = None

    def as_json(self) -> dict[str, object]:
        return {"card": None if self.card is None else str(self.card),
                "confidence": round(self.confidence, 4), "corners": self.corners}


def _margin_is_paper(card_img: np.ndarray, own: bool = False) -> bool:
    """A card face has a light, even margin just inside its outline.

    An outline that is the card's ``own`` (whole in view on real edges, card-shaped)
    may be shaded across: its margin in the shade is then far darker than its lit part,
    but no darker than the middle of the card, whose paper is shaded alike (an outline
    too big has the table in its margin, darker than the card inside).

    >>> card = np.full((CARD_H, CARD_W, 3), 235, np.uint8)
    >>> card[:, :int(CARD_W * 0.6)] = 150  # a shadow over its left part
    >>> _margin_is_paper(card), _margin_is_paper(card, own=True)
    (False, True)
    >>> too_big = np.full((CARD_H, CARD_W, 3), 60, np.uint8)  # the table in its margin
    >>> too_big[12:-12, 12:-12] = 235
    >>> _margin_is_paper(too_big, own=True)
    False
    """
    hsv = cv2.cvtColor(card_img, cv2.COLOR_BGR2HSV)

    def band(ch: np.ndarray) -> np.ndarray:
        return np.concatenate([ch[6:14, 20:-20].ravel(), ch[-14:-6, 20:-20].ravel(),
                               ch[20:-20, 6:14].ravel(), ch[20:-20, -14:-6].ravel()])

    value, sat = band(hsv[:, :, 2]), band(hsv[:, :, 1])
    margin = float(np.median(value))
    bright = margin > 0.75 * float(np.percentile(hsv[:, :, 2], 97)) or (
        own and margin >= SHADED * float(np.median(hsv[20:-20, 20:-20, 2])))
    return bright and float(np.median(sat)) < PAPER_SAT


def _warp(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    # the quad's corners go to the card image's outer pixel edges (not to the centres of
    # its first pixels): its pixels then sample the card alike from either end, and a
    # card turned half round reads as it does upright
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32) - 0.5
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(img, m, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _grown(quad: np.ndarray, by: float = GROW) -> np.ndarray:
    """``quad`` grown about its centre by ``by`` of its size (shrunk, for a negative
    ``by``)."""
    centre: np.ndarray = quad.mean(axis=0)
    return np.asarray(centre + (quad - centre) * (1 + by), np.float32)


def _read_group(img: np.ndarray, group: list[np.ndarray], edges: Edges,
                clf: IndexClassifier | Ensemble, threshold: float
                ) -> tuple[Reading, np.ndarray, bool] | None:
    """The first sure reading among one card's outlines (each also tried a little
    bigger: an index printed close to the edge is cut by an outline a pixel or two
    inside the card), or the least unsure; None if no outline has a paper margin and
    none is read surely. Also whether the outline has a paper margin (is the card's
    own, not a little too big)."""
    best: tuple[Reading, np.ndarray] | None = None
    unpapered: list[tuple[np.ndarray, np.ndarray]] = []
    own: list[np.ndarray] = []  # the card's own outline, tried and not read surely
    for quad in group:
        if any(_part_of(quad, o) for o in own):
            continue  # a part of that card (its pips, its picture): not its corners
        img_card = _warp(img, quad)
        whole = _whole(quad, edges)
        if not _margin_is_paper(img_card, whole and _card_like(quad)):
            unpapered.append((quad, img_card))
            continue
        if whole:
            own.append(quad)
        for tried in (img_card, _warp(img, _grown(quad))):
            reading = read_card(tried, clf, threshold)
            if best is None or reading.confidence > best[0].confidence:
                best = (reading, quad)
            if reading.card is not None:
                return reading, quad, True
    # the cleanest outlines, a little too big (a light table, a shadow) so table shows
    # in their margin, or a card's part in view completed under a cover, may still
    # hold the card: named only if read surely
    for quad, img_card in unpapered[:UNPAPERED] if best is None else []:
        reading = read_card(img_card, clf, threshold)
        if reading.card is not None and reading.confidence >= threshold:
            return reading, quad, False
    return None if best is None else (*best, True)


def _read_long(img: np.ndarray, outlines: list[np.ndarray], edges: Edges,
               clf: IndexClassifier | Ensemble, threshold: float
               ) -> tuple[Reading, np.ndarray, bool] | None:
    """The card read through one of a card's long outlines (longer for its width than a
    poker card at a slant: :func:`vision.photo_find.is_long`), if one names it: a bridge
    card at a slant. Unread, such an outline is no card's (a poker card covered along
    its length leaves one round it and the table or card beside it)."""
    best = _read_group(img, [q for q in outlines if is_long(q)], edges, clf, threshold)
    if best is None or best[0].card is None or _picture_joker(img, best):
        return None
    return best


def _part_of(quad: np.ndarray, card: np.ndarray) -> bool:
    """Does ``quad`` lie inside the outline ``card``, well smaller than it and sharing
    at most one of its corners (a block of pips or a picture frame, found as an outline
    of its own)? A card's outline inside an outline of a fanned hand shares two corners
    with it (the hand's far end).

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> _part_of(card * 0.7 + 8, card), _part_of(card * 0.97 + 1, card)
    (True, False)
    >>> top = np.array([[20, 0], [63, 0], [63, 88], [20, 88]], np.float32)
    >>> _part_of(top, card)  # the top card of a hand of two, inside the hand's outline
    False
    """
    if _covered(quad, card) <= 0.9 or _area(quad) >= PART * _area(card):
        return False
    near = CORNER_SHARED * float(np.linalg.norm(card[1] - card[0]))
    return sum(min(float(np.linalg.norm(p - c)) for c in card) < near for p in quad) <= 1


def _read_fitted(img: np.ndarray, group: list[np.ndarray], edges: Edges,
                 clf: IndexClassifier | Ensemble, threshold: float
                 ) -> tuple[Reading, np.ndarray, bool] | None:
    """The first of a card's outlines read once its sides are moved onto real edges
    (:func:`vision.photo_fit.fit_sides`) and it has a paper margin: an outline with a
    light table or paper past the card, whose index the reader found off its corner."""
    for quad in group:
        fitted = fit_sides(edges, quad)
        if fitted is quad or not _margin_is_paper(card := _warp(img, fitted)):
            continue
        reading = read_card(card, clf, threshold)
        if reading.card is not None:
            # not taken as surely the card's own: a side may have settled on a line
            # printed on a card lying over it, whose index is then still looked for
            return reading, fitted, False
    return None


class _Fit:
    """What one photo offers to make an outline the card's own: its edges, and its
    index corners (looked for once, when an outline first needs them)."""

    def __init__(self, img: np.ndarray) -> None:
        self.img = img
        self.edges = Edges(img)

    @cached_property
    def indexes(self) -> list[Index]:
        return find_indexes(self.img, either_way=True)  # each card read through its place


def _fitted(fit: _Fit, best: tuple[Reading, np.ndarray, bool], clf: IndexClassifier | Ensemble,
            threshold: float) -> tuple[Reading, np.ndarray, bool]:
    """A read outline made the card's own, when the card is read the same through it:
    every side moved onto a real edge (:func:`vision.photo_fit.fit_sides`), or, where
    some side still lies on none, the card spanned by its two index corners inside the
    outline (the outline holds table or paper past the card)."""
    quad = fit_sides(fit.edges, best[1])
    if quad is not best[1]:
        reading = read_card(_warp(fit.img, quad), clf, threshold)
        if reading.card is best[0].card:
            return reading, quad, True
    if min(held_sides(fit.edges, best[1])) >= HELD:
        return best
    for card in _spanned_inside(fit, best[1]):
        if _area(card) > INNER_FIT * _area(best[1]):
            continue
        reading = read_card(_warp(fit.img, card), clf, threshold)
        if reading.card is best[0].card:
            return reading, card, True
    return best


def _spanned_inside(fit: _Fit, quad: np.ndarray) -> list[np.ndarray]:
    """The cards spanned by two index corners found inside the outline ``quad``
    (:func:`vision.photo_index_find.card_between`), each lying on it."""
    inner = _grown(quad, 0.03)
    mine = [i for i in fit.indexes if inside(i.rank, inner)]
    return [card for a in mine for b in mine
            if (card := card_between(a, b)) is not None and _covered(card, inner) >= 0.9]


def _read_spanned(fit: _Fit, group: list[np.ndarray], clf: IndexClassifier | Ensemble,
                  threshold: float) -> tuple[Reading, np.ndarray, bool] | None:
    """The card spanned by its two index corners inside one of a card's unread outlines
    that has a side on no real edge, if it is read: an outline over the card and a strip
    of the card it lies on (their edge too faint, white on white, for any side to be
    found on it) puts the card's index off its corner, and the reader is unsure."""
    for quad in group:
        if min(held_sides(fit.edges, quad)) >= HELD:
            continue  # every side on a real edge: the outline is the card's own
        for card in _spanned_inside(fit, quad):
            img_card = _warp(fit.img, card)
            if not _margin_is_paper(img_card):
                continue
            reading = read_card(img_card, clf, threshold)
            if reading.card is not None:
                return reading, card, True
    return None


def _area(quad: np.ndarray) -> float:
    """The area of an outline, in square pixels."""
    return float(cv2.contourArea(quad.astype(np.float32)))


def _covered(quad: np.ndarray, by: np.ndarray) -> float:
    """The share of ``quad``'s area that lies on ``by`` (both convex).

    >>> a = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    >>> round(_covered(a, a + (5, 0)), 2), round(_covered(a, a + (20, 0)), 2)
    (0.5, 0.0)
    """
    area, _ = cv2.intersectConvexConvex(quad.astype(np.float32), by.astype(np.float32))
    return float(area) / max(_area(quad), 1.0)


def _printed_on(quad: np.ndarray, blank: list[np.ndarray]) -> bool:
    """Does the outline ``quad`` lie :data:`WITHIN` one of the ``blank`` outlines (card
    shaped, whole in view, no index on them) that is :data:`PRINTED` times its size or
    more? The cards of one photo are of one size, so it is a picture printed on that
    card: a card back showing small cards, face down on the table.

    >>> back = np.array([[0, 0], [200, 0], [200, 280], [0, 280]], np.float32)
    >>> small = np.array([[60, 80], [150, 80], [150, 200], [60, 200]], np.float32)
    >>> _printed_on(small, [back]), _printed_on(small + (120, 0), [back])
    (True, False)
    >>> _printed_on(back - (4, 4), [back])  # the card's own outline, a little off
    False
    """
    area = _area(quad)
    return any(_covered(quad, b) >= WITHIN and _area(b) >= PRINTED * area for b in blank)


def _card_around(img: np.ndarray, quad: np.ndarray, edges: Edges,
                 clf: IndexClassifier | Ensemble, threshold: float,
                 taken: list[np.ndarray] | None = None
                 ) -> tuple[Reading, np.ndarray, bool] | None:
    """The card an unread outline lies inside (a court card's picture frame, the
    card's own edge lost on a light table), if paper runs on past the outline to an
    edge, that card is not one read already (``taken``), and it is read."""
    grown = to_paper_edge(img, quad)
    if grown is None or any(_covered(grown, q) > COVERED for q in taken or []):
        return None
    best = _read_group(img, [order_corners(grown)], edges, clf, threshold)
    return best if best is not None and best[0].card is not None else None


def _add_outline(found: list[tuple[Reading, np.ndarray]], reading: Reading, quad: np.ndarray
                 ) -> tuple[Reading, np.ndarray]:
    """Add one outline's reading to ``found`` and return it as added: when it lies on an
    outline read already (one card's two outlines) and the two name different cards,
    neither is named (never guess).

    >>> from controller.cards import Card
    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> found = [(Reading(Card("Qs"), 0.99), card)]
    >>> _add_outline(found, Reading(Card("Ts"), 0.99), card + 2)[0].card, found[0][0].card
    (None, None)
    >>> _add_outline(found, Reading(Card("Ah"), 0.99), card + 200)[0].card
    Card('Ah')
    """
    same = [i for i, (r, q) in enumerate(found)
            if r.card is not None and _covered(quad, q) > COVERED_SAME]
    if reading.card is not None and any(found[i][0].card is not reading.card for i in same):
        for i in same:
            found[i] = (Reading(None, 0.0), found[i][1])
        reading = Reading(None, 0.0)
    elif reading.card is not None:
        for i, (r, q) in enumerate(found):
            whole = _one_card_of(q, quad) if r.card is reading.card else None
            if whole is not None:  # two parts of one card (a shadow or a cord across it)
                found[i] = (max(r, reading, key=lambda x: x.confidence), whole)
                return found[i]
    found.append((reading, quad))
    return reading, quad


def _one_card_of(a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """The card two outlines read as the same card are parts of, when they lie side by
    side (neither much on the other) and together make a card's shape: a card parted
    in two by a shadow, a cord or a pen lying across it. None otherwise.

    >>> top = np.array([[0, 0], [63, 0], [63, 40], [0, 40]], np.float32)
    >>> (_one_card_of(top, top + (0, 48)).round() + 0.0).tolist()
    [[0.0, 0.0], [63.0, 0.0], [63.0, 88.0], [0.0, 88.0]]
    >>> _one_card_of(top, top + (70, 0)) is None  # side by side the other way: no card
    True
    """
    a, b = a.astype(np.float32), b.astype(np.float32)
    if _covered(a, b) > PARTS_OVERLAP or _covered(b, a) > PARTS_OVERLAP:
        return None
    hull = cv2.convexHull(np.concatenate([a, b]))
    rect = cv2.minAreaRect(hull)
    (_, _), (w, h), _ = rect
    if not card_proportions(w, h):
        return None
    if _area(hull) < PARTS_FILL * w * h \
            or max(_area(a), _area(b)) > PART_MOST * w * h:
        return None
    return order_corners(cv2.boxPoints(rect))


def _picture_joker(img: np.ndarray, best: tuple[Reading, np.ndarray, bool]) -> bool:
    """Is this a joker read through an outline that paper runs on past? A joker's corner
    mark is less distinct than an index, and a court card's picture frame, read as if
    it were the card, had the queen's face read as a joker's mark on both corners.

    >>> from controller.cards import JOKER, Card
    >>> table = np.full((300, 300, 3), (60, 110, 150), np.uint8)
    >>> _ = cv2.rectangle(table, (100, 80), (200, 220), (235, 235, 235), -1)
    >>> _ = cv2.rectangle(table, (114, 96), (186, 204), (40, 40, 40), 2)  # a frame
    >>> frame = np.array([[114, 96], [186, 96], [186, 204], [114, 204]], np.float32)
    >>> card = np.array([[100, 80], [200, 80], [200, 220], [100, 220]], np.float32)
    >>> joker, queen = Reading(JOKER, 0.99), Reading(Card("Qd"), 0.99)
    >>> _picture_joker(table, (joker, frame, True)), _picture_joker(table, (joker, card, True))
    (True, False)
    >>> _picture_joker(table, (queen, frame, True))  # an index is read from its corner
    False
    """
    card = best[0].card
    if card is None or not card.is_joker:
        return False
    grown = to_paper_edge(img, best[1])
    return grown is not None and _area(grown) > FRAMED * _area(best[1])


def _outer(quad: np.ndarray, reading: Reading, found: list[tuple[Reading, np.ndarray]],
           edges: Edges | None = None) -> bool:
    """Is this outline of a card read the same through another, much smaller or much
    bigger one lying on it, not the card's own? The reader names a card through a
    quarter of it too, so of the two the one whose sides lie more on real edges
    (``edges``) is the card: a bigger one so is the card with the table or paper round
    it; a smaller one so is a part of the card (a corner quarter a shadow or a cord
    parted from the rest), never a second card of that name.

    >>> from controller.cards import Card
    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> kc = Reading(Card("Kc"), 0.99)
    >>> _outer(card * 2, kc, [(kc, card + 10)]), _outer(card, kc, [(kc, card * 2 - 10)])
    (True, False)
    >>> table = np.full((300, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (50, 40), (176, 216), (240, 240, 240), -1)
    >>> whole, quarter = card * 2 + (50, 40), card + (50, 40)
    >>> found, edges = [(kc, whole), (kc, quarter)], Edges(table)
    >>> _outer(quarter, kc, found, edges), _outer(whole, kc, found, edges)
    (True, False)
    """
    if reading.card is None:
        return False
    area = _area(quad)
    same = [q for r, q in found if r.card is reading.card and q is not quad]
    inner = [q for q in same if _covered(q, quad) > WITHIN
             and _area(q) < INNER * area]
    if edges is None:
        return bool(inner)
    held = float(np.mean(held_sides(edges, quad)))
    if any(float(np.mean(held_sides(edges, q))) >= held for q in inner):
        return True
    outer = [q for q in same if _covered(quad, q) > WITHIN
             and INNER * _area(q) > area]
    return any(float(np.mean(held_sides(edges, q))) > held for q in outer)


def _one_per_card(found: list[tuple[Reading, np.ndarray]], edges: Edges,
                  outlined: list[np.ndarray]) -> list[tuple[Reading, np.ndarray]]:
    """Drop outlines of a card already reported (a covered card's guessed whole
    outline beside its visible part, a card's outline with the table around it):
    read cards win over unread, the card's own outline over one around it, surer over
    less sure; a card read as another card than its neighbour stays. ``outlined`` are
    the cards read by their outline (not placed from an index at a guessed size): the
    photo's card size is theirs."""
    kept: list[tuple[Reading, np.ndarray]] = []
    found = [(r, q) for r, q in found if not _outer(q, r, found, edges)]
    found = _unname_oversize(found, edges, outlined)
    for reading, quad in sorted(found, key=lambda f: (f[0].card is None, -f[0].confidence)):
        if reading.card is None and any(_covered(quad, q) > COVERED for r, q in kept
                                        if r.card is not None):
            continue  # mostly on a card read already: a part of that card (its picture)
        # two different cards read side by side (one lying over the other) both stay
        if all(_apart(quad, q) or (reading.card is not None and reading.card is not r.card)
               for r, q in kept):
            kept.append((reading, quad))
    return _one_place_each(kept, edges)


def _apart(a: np.ndarray, b: np.ndarray) -> bool:
    """Do two cards found lie at two places (their middles apart by more than 0.3 of
    ``b``'s diagonal), not at one?

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> _apart(card, card + 20), _apart(card, card + 60)
    (False, True)
    """
    return bool(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0)) > 0.3 * np.linalg.norm(b[0] - b[2]))


def _one_place_each(kept: list[tuple[Reading, np.ndarray]], edges: Edges
                    ) -> list[tuple[Reading, np.ndarray]]:
    """One deck holds one of each card: of cards found (by outline or index) read as
    one card at two places (a fan's top card, and its foot's index read again on the
    strip of a card it covers), the one whose sides lie more on real edges is the card,
    the other no card; when neither does (by :data:`HELD_MORE`), neither is named, both
    left at their places (never guess).

    >>> from controller.cards import Card
    >>> table = np.full((300, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (20, 40), (146, 216), (240, 240, 240), -1)
    >>> card = np.array([[20, 40], [146, 40], [146, 216], [20, 216]], np.float32)
    >>> kc = Reading(Card("Kc"), 0.99)
    >>> [str(r.card) for r, _ in _one_place_each([(kc, card), (kc, card + 130)], Edges(table))]
    ['Kc']
    >>> _ = cv2.rectangle(table, (150, 40), (276, 216), (240, 240, 240), -1)
    >>> [str(r.card) for r, _ in _one_place_each([(kc, card), (kc, card + (130, 0))],
    ...                                          Edges(table))]  # both cards' own outlines
    ['None', 'None']
    """
    held = [float(np.mean(held_sides(edges, q))) for _, q in kept]
    out = []
    for i, (r, q) in enumerate(kept):
        rivals = [] if r.card is None else [
            j for j, (s, _) in enumerate(kept) if j != i and s.card is r.card]
        if not rivals or all(held[i] > held[j] + HELD_MORE for j in rivals):
            out.append((r, q))
        elif not any(held[j] > held[i] + HELD_MORE for j in rivals):
            out.append((Reading(None, 0.0), q))
    return out


def _card_like(quad: np.ndarray) -> bool:
    """Is an outline shaped like a card: of a card's proportions, and filling the
    rectangle around it (:data:`FILL`)? A pip's or a glyph's outline may be a narrow
    trapezoid whose surrounding rectangle has a card's proportions.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> trapezoid = np.array([[24, 0], [38, 0], [63, 88], [0, 88]], np.float32)
    >>> _card_like(card), _card_like(trapezoid), _card_like(card * (1, 2))
    (True, False, False)
    """
    (_, _), (w, h), _ = cv2.minAreaRect(quad.astype(np.float32))
    return card_proportions(w, h) and _area(quad) >= FILL * w * h


def _whole(quad: np.ndarray, edges: Edges) -> bool:
    """Is the card ``quad`` whole in view and uncovered: every side on a real edge?"""
    return min(held_sides(edges, quad)) >= WHOLE


def _unname_oversize(found: list[tuple[Reading, np.ndarray]], edges: Edges,
                     sized: list[np.ndarray]) -> list[tuple[Reading, np.ndarray]]:
    """The cards of one photo are of one size: an outline read as a card but far bigger
    than a card whole in view on the same photo (of ``sized``, read by their outlines),
    and not itself on real edges all round, spans more than a card (a card, the one
    lying over it and table), so the index it was read by may be placed on another
    card: it is not named (never guess). A card placed from its index at a usual
    index-to-card size says nothing of the photo's card size (a webcam Ts's index-placed
    quarter, snapped onto its pips' edges, blanked the Ts's own outline)."""
    whole = [_area(q) for q in sized if _whole(q, edges)]
    if not whole:
        return found
    limit = OVERSIZE * max(whole)
    return [(Reading(None, 0.0), q) if r.card is not None
            and _area(q) > limit
            and not _whole(q, edges) else (r, q) for r, q in found]


@dataclass
class _IndexRead:
    """One index corner tried: its reading, what it most likely names even when unsure
    (to check it against the card's other corner), and the card's outline."""

    idx: Index
    reading: Reading
    guess: Card | None
    quad: np.ndarray
    sized: bool = True  # placed at a card size the photo gives, not a usual ratio's


def _printed_alike(a: _IndexRead, b: _IndexRead) -> bool:
    """Are two indexes printed the same size (within :data:`TWIN_STEP`), as one
    card's are?"""
    return 1 / TWIN_STEP < a.idx.step / b.idx.step < TWIN_STEP


def _facing(a: _IndexRead, b: _IndexRead) -> bool:
    """Are two indexes printed alike (:func:`_printed_alike`) and pointing opposite
    ways, as those at a card's two ends are?"""
    return _printed_alike(a, b) and float(a.idx.down @ b.idx.down) < -0.8


def _one_place(p: np.ndarray, q: np.ndarray) -> bool:
    """Do two placings of a card put it at one place (their middles within
    :data:`ONE_PLACE` of ``p``'s width)?

    >>> card = np.array([[0, 0], [60, 0], [60, 84], [0, 84]], np.float32)
    >>> _one_place(card, card + 10), _one_place(card, card + (60, 0))
    (True, False)
    """
    width = float(np.linalg.norm(p[1] - p[0]))
    return float(np.linalg.norm(p.mean(axis=0) - q.mean(axis=0))) < ONE_PLACE * width


def _same_card(a: _IndexRead, b: _IndexRead) -> bool:
    """Are these the two index corners of one card? They point opposite ways, and one
    lies in the far corner of the card the other was placed as (not beside it: two
    pips one over the other on the card's face, or one index's rank and suit paired
    the other way round), are printed the same size (not a picture's big marks), and
    place one card (:data:`ONE_PLACE`; in a four-index fan a neighbour's top-right
    index lies at a covered card's top-left corner, under it, placing its own card)."""
    return _facing(a, b) and (_far_corner(b.idx.rank, a.quad)
                              or _far_corner(a.idx.rank, b.quad)) and _one_place(a.quad, b.quad)


def _far_corner(point: np.ndarray, quad: np.ndarray) -> bool:
    """Does ``point`` lie in the corner of the card ``quad`` (clockwise from its index
    corner) opposite its index, where the card's other index is printed?

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> _far_corner(np.array([57, 80]), card), _far_corner(np.array([45, 50]), card)
    (True, False)
    """
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), unit)
    u, v = cv2.perspectiveTransform(np.array([[point]], np.float32), m)[0, 0]
    return FAR[0] < float(u) <= 1 and FAR[1] < float(v) <= 1


def _disagree(card: Card, other: _IndexRead) -> bool:
    """Does the card's other index corner name another card (surely), or another rank
    (the network, fairly surely: it knows suits less well)?"""
    if other.reading.card is not None:
        return other.reading.card is not card
    return other.guess is not None and other_rank(other.guess, card)


def _by_index(img: np.ndarray, read: list[np.ndarray], clf: IndexClassifier | Ensemble,
              threshold: float, edges: Edges, whole: list[np.ndarray],
              unread: list[np.ndarray] | None = None, guessed: dict[int, float] | None = None,
              outlined: list[tuple[Reading, np.ndarray]] | None = None
              ) -> list[tuple[Reading, np.ndarray]]:
    """Cards found by their index corner where no outline was read (a covered card,
    a fanned hand): only those read, one per card, none inside a card already read,
    none whose other index corner seems to name another card. A card placed at a
    usual index-to-card size (none read whole on the photo) is moved onto its edges
    when all four are in view. ``read`` are the cards read with a paper margin (their
    size is the photo's card size), ``whole`` the cards read with every side on a real
    edge: ink inside those is theirs, and their size is surely the photo's; ``unread``
    the outlines found and not read (with those whole in view dropped for having no
    index on them): a card read by its index at such an outline's corner is that
    outline's card. ``guessed`` is given, by ``id`` of each card placed
    at a usual index-to-card ratio (nothing gave its size), its index's rank-to-suit
    distance. ``outlined`` are the cards read by their outlines: an index at the corner
    of one is that card's own, and one read as another card than it names neither (the
    card in ``outlined`` is unnamed in place; never guess)."""
    sized = _width_of(whole)  # a card whole in view gives the photo's card size surely
    lit: list[np.ndarray] = []

    def paper() -> np.ndarray:  # looked at only when an index is read
        if not lit:
            lit.append(paper_mask(img))
        return lit[0]

    photo_width = sized or _width_of(read)
    tried: list[_IndexRead] = []
    # ink inside a card read already is its own (pips, a picture), never another's
    # index; but an outline read as a card with a side on no real edge may span it and
    # the card it lies over (cards in a row): its inside is searched, and a card found
    # there is placed at the size of a card whole in view, else at a usual
    # index-to-card size (that outline's is no card's; two corners read the same may
    # still give the size: _resize_to_spans)
    loose = [q for q in read if not any(q is w for w in whole)]
    # (find_indexes pairs a rank glyph with its nearest suit only)
    # ... and the middle of a card whole in view, though unread, is its print (a
    # four-colour 5c's big centre rank and club were paired as an index and placed a
    # card off the 5c, over the table, read 4s): no card's index lies there
    middles = [_grown(q, -MIDDLE) for q in unread or [] if _whole(q, edges) and _card_like(q)]
    for idx in find_indexes(img, skip=[_grown(q, -0.03) for q in whole] + middles):
        width = photo_width if sized or not any(_aside(idx, q) for q in loose) else None
        if width and idx.step > INDEX_MAX * width:
            continue  # printed too big for an index of the photo's cards: pips, a picture
        quads = index_quads(idx, width) + (index_quads(idx) if width else [])
        # the cards of one photo are of one size: a card read at a usual index-to-card
        # ratio still lies where a card of the photo's size would
        record = _IndexRead(idx, Reading(None, 0.0), None, quads[0])
        readings = []
        for quad in quads:
            wide = float(np.linalg.norm(quad[1] - quad[0]))
            reading, guess = read_index_alone(_warp(img, quad), idx.index_box(wide), clf, threshold)
            record.guess = record.guess or guess
            readings.append(reading)
        at = _agreed(readings)
        if at is not None and _paper_share(paper(), quads[at]) < PLACED_PAPER:
            at = None  # placed over the bare table: a print on a card (its big centre
            # rank and suit, with the card's own corners washed out by glare) is no index
        if at is not None:
            # at a usual index-to-card size: the card's own edges, if in view
            record.reading = readings[at]
            record.quad = idx.quad(width) if width else _snapped(edges, quads[at])
            own = None if width else _outline_of(idx, unread or [])
            record.sized = bool(width) or own is not None or record.quad is not quads[at]
            record.quad = record.quad if own is None else own
            disputed = _disputed(record, outlined or [])
            if disputed and outlined is not None:
                record.reading = Reading(None, 0.0)
                for i in disputed:  # never guess: the outline's card is unnamed too
                    outlined[i] = (Reading(None, 0.0), outlined[i][1])
        tried.append(record)
    if not whole:
        _resize_to_spans(tried, edges)
    _unname_pips(tried)
    covering = [q for r, q in outlined or [] if r.card is not None]
    settled = _each_card_once(tried, paper, covering)
    if settled:  # the photo shows a four-index deck
        _either_side([r for r in tried if not any(r is s for s in settled)], paper, covering)
    out: list[tuple[Reading, np.ndarray]] = []
    for i, r in enumerate(tried):
        if r.reading.card is None:
            continue
        if any(o.card is r.reading.card and inside(r.idx.rank, _grown(q, OWN_INDEX))
               and _covered(r.quad, q) < WITHIN for o, q in outlined or []):
            # the index of a card read by its outline (any of a four-index deck's),
            # placed sticking out of it; placed inside a bigger outline, the two are one
            # card and the one on the card's own edges is kept (_outer)
            continue
        twins = [t for t in tried if t is not r and _same_card(r, t)]
        if any(_disagree(r.reading.card, t) for t in twins):
            continue  # its corners disagree: never guess
        if any(_same_card(r, t) and t.reading.card is r.reading.card for t in tried[:i]):
            continue  # the other corner of a card already reported
        # its other corner read the same where the two span a card: that card (a card
        # whose outline was lost on a wood grain, placed at a usual size, is two halves)
        spans = [(t, q) for t in tried if t is not r and (q := _spanned(r, t)) is not None]
        if any(t is u for t, _ in spans for u in tried[:i]):
            continue
        if not spans and _paper_share(paper(), r.quad) < PLACED_PAPER:
            # placed again (at the photo's card size, or the other way round) over the
            # bare table: checked where it was first placed, it must lie on paper where
            # it is reported too (a four-colour Qh's upside-down corner, read Ad, was
            # placed first over the Qh and then, made a card's size, off every card)
            continue
        out.append((r.reading, spans[0][1] if spans else r.quad))
        if not spans and not r.sized and guessed is not None:
            guessed[id(r.quad)] = r.idx.step
    return _one_of_each(out, paper, covering)


def _one_of_each(found: list[tuple[Reading, np.ndarray]], lit: Callable[[], np.ndarray],
                 outlined: list[np.ndarray]) -> list[tuple[Reading, np.ndarray]]:
    """One deck holds one of each card: a card named from indexes at two places is
    kept where it likelier lies (:func:`_likelier`), at neither when neither is; named
    so at one place (:func:`_apart`), it is one card, for :func:`_one_per_card`. (Cards
    placed from indexes seldom lie on real edges: :func:`_one_place_each` would leave
    both unnamed where paper tells them apart.)

    >>> from controller.cards import Card
    >>> lit = np.zeros((200, 300), bool)
    >>> lit[:, :150] = True  # paper on the left, the table on the right
    >>> card = np.array([[10, 10], [73, 10], [73, 98], [10, 98]], np.float32)
    >>> kc = Reading(Card("Kc"), 0.99)
    >>> [q[0].tolist() for _, q in _one_of_each([(kc, card), (kc, card + (120, 0))],
    ...                                         lambda: lit, [])]  # the one on paper
    [[10.0, 10.0]]
    >>> _one_of_each([(kc, card), (kc, card + (0, 90))], lambda: lit, [])  # both on paper
    []
    """
    return [(r, q) for r, q in found if all(
        _likelier(q, p, 0.0, lit, outlined) > 0
        for s, p in found if s.card is r.card and p is not q and _apart(q, p))]


def _paper_share(lit: np.ndarray, quad: np.ndarray) -> float:
    """The share of the card ``quad`` that lies on paper (``lit``, of :func:`paper_mask`);
    its parts off the photo count as paper (a card cut by the photo's edge).

    >>> lit = np.zeros((100, 100), bool)
    >>> lit[:, :50] = True
    >>> card = np.array([[0, 0], [99, 0], [99, 99], [0, 99]], np.float32)
    >>> round(_paper_share(lit, card), 1), round(_paper_share(lit, card - (50, 0)), 1)
    (0.5, 1.0)
    """
    h, w = lit.shape
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad - (x0, y0)).astype(np.int32), 1)
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    total = int(mask.sum())
    if total == 0:
        return 0.0
    inside = mask[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
    on_photo = int(inside.sum())
    on_paper = int((inside & lit[cy0:cy1, cx0:cx1]).sum()) if on_photo else 0
    return (on_paper + total - on_photo) / total


def _disputed(record: _IndexRead, outlined: list[tuple[Reading, np.ndarray]]) -> list[int]:
    """The cards read by their outlines (their places in ``outlined``) at whose corner
    this index lies, named as another card: it is that card's own index read otherwise
    (a webcam Jc's corner, its rank and suit paired otherwise, was the 3c).

    >>> from controller.cards import Card
    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> idx = Index(np.array([6, 10]), d, r, np.array([1, 1], np.float32), 8.0)
    >>> outlined = [(Reading(Card("Jc"), 1.0), card)]
    >>> _disputed(_IndexRead(idx, Reading(Card("Jc"), 0.99), None, card), outlined)
    []
    >>> _disputed(_IndexRead(idx, Reading(Card("3c"), 0.99), None, card), outlined)
    [0]
    """
    return [i for i, (reading, quad) in enumerate(outlined)
            if reading.card is not None and reading.card is not record.reading.card
            and inside(record.idx.rank, quad) and not _aside(record.idx, quad)]


def _outline_of(idx: Index, unread: list[np.ndarray]) -> np.ndarray | None:
    """The card an index is the index of, among outlines found and not read (the other
    corner covered, or cut by the photo's edge): one with the index at a corner, its
    sides from that corner running along the index's across and down, card-shaped
    upright under it and of a card's size for the index. The card is then placed on its
    own outline, not at a usual index-to-card ratio that may be a third too small (its
    outline left beside it as a card unread). A fanned hand's outline, its long side
    across its cards, is none of theirs.

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> idx = Index(np.array([10, 14]), d, r, np.array([2, 2], np.float32), 10.0)
    >>> card = np.array([[0, 0], [66, 0], [66, 92], [0, 92]], np.float32)
    >>> _outline_of(idx, [card[[2, 3, 0, 1]]]).tolist()  # its corners from the index's
    [[0.0, 0.0], [66.0, 0.0], [66.0, 92.0], [0.0, 92.0]]
    >>> _outline_of(idx, [card + (40, 0)]) is None  # the index is not at its corner
    True
    >>> _outline_of(idx, [card[:, ::-1]]) is None  # turned a quarter: a hand's outline
    True
    """
    for quad in unread:
        start = int(np.argmin(np.linalg.norm(quad - idx.corner, axis=1)))
        turn = 1 if float((quad[(start + 1) % 4] - quad[start]) @ idx.right) > 0 else -1
        card = quad[[(start + turn * k) % 4 for k in range(4)]]
        across, down = card[1] - card[0], card[3] - card[0]
        width, height = float(np.linalg.norm(across)), float(np.linalg.norm(down))
        if _aside(idx, quad) or not inside(idx.rank, quad) \
                or not min(WIDTHS) / RESIZE < width / idx.step < max(WIDTHS) * RESIZE \
                or not ASPECT_RANGE[0] < height / max(width, 1.0) < ASPECT_RANGE[1] \
                or float(across @ idx.right) < ALONG * width \
                or float(down @ idx.down) < ALONG * height:
            continue
        return card
    return None


def _width_of(cards: list[np.ndarray]) -> float | None:
    """The photo's card width, as these cards give it (their median), if any."""
    return float(np.median([np.linalg.norm(q[1] - q[0]) for q in cards])) if cards else None


def _resize_to_spans(tried: list[_IndexRead], edges: Edges) -> None:
    """With no card whole in view, a card spanned by its two index corners read the same
    gives the photo's card width (one deck, one size): a card placed from its index at
    another width (a usual index-to-card ratio, or that of an outline spanning more than
    a card) is placed again at it. A four-colour deck's index is small for its card: read
    at the jumbo ratio its card was a third of its neighbours' size, and an outline over
    three cards, read as one of them, set every other card's size."""
    spans = [q for i, a in enumerate(tried) for b in tried[i + 1:]
             if (q := _spanned(a, b)) is not None]
    width = _width_of(spans)
    if width is None:
        return
    for r in tried:
        wide = float(np.linalg.norm(r.quad[1] - r.quad[0]))
        if r.reading.card is None or abs(np.log(wide / width)) < np.log(RESIZE):
            continue
        r.quad = _snapped(edges, r.idx.quad(width))
        r.sized = True


def _snapped(edges: Edges, quad: np.ndarray) -> np.ndarray:
    """A card placed from its index moved onto its own edges when all four are in view
    (:func:`snap_sides`), else where it was placed."""
    snapped = snap_sides(edges, quad, SNAP * float(np.linalg.norm(quad[1] - quad[0])))
    return quad if snapped is None else snapped


def _agreed(readings: list[Reading]) -> int | None:
    """Which of one index's readings, at the card sizes tried, names its card: the
    first that names one, unless another names another card. A wider box takes in more
    of the card than its index (a court card's big pip and picture: a Jh's corner read
    as the Qh), so an index read as two cards is read as neither (never guess).

    >>> from controller.cards import Card
    >>> jh, qh, none = Reading(Card("Jh"), 0.99), Reading(Card("Qh"), 1.0), Reading(None, 0.5)
    >>> _agreed([none, jh, jh]), _agreed([qh, jh, jh]), _agreed([none, none])
    (1, None, None)
    """
    named = [i for i, r in enumerate(readings) if r.card is not None]
    if not named or any(readings[i].card is not readings[named[0]].card for i in named):
        return None
    return named[0]


def _unname_pips(tried: list[_IndexRead]) -> None:
    """Two cards read by their indexes, each index lying well inside the other card:
    two flat cards cannot each lie over the other, so one index is no index when it is
    printed far bigger than the other (a card's pips and picture are bigger than its
    index: two of a 9s's pips were read as the 9c). Two indexes printed alike are two
    cards' (a card placed at too big a size reaches over its neighbour's index).

    Nor are two indexes naming different cards within a usual card's length of each
    other printed far apart in size (one deck on the table, no perspective changes a
    print half again over one card): the bigger is pips or a picture (a Ts turned a
    quarter, placed a third too small, and two of its pips read as the 4s beside it).
    An index lying well inside another card's outline and printed a third bigger than
    that card's index is the other card's print: a card lying over another shows an
    index the same size (a detail of a Ks's picture, 1.47 times its index, was a 4d)."""
    named = [r for r in tried if r.reading.card is not None]
    for i, a in enumerate(named):
        for b in named[i + 1:]:
            big, small = (a, b) if a.idx.step > b.idx.step else (b, a)
            near = a.reading.card is not b.reading.card and float(
                np.linalg.norm(a.idx.rank - b.idx.rank)) < USUAL_SIDE * small.idx.step
            pips = big.idx.step > TWIN_STEP * small.idx.step and (near or _crossed(a, b))
            print_of = big.idx.step > INSIDE_STEP * small.idx.step \
                and inside(big.idx.rank, _grown(small.quad, -0.1))
            if pips or print_of:
                big.reading = Reading(None, 0.0)


def _down_one_side(a: _IndexRead, b: _IndexRead) -> bool:
    """Are these two indexes one card's, printed down one long side of it (a four-index
    deck's top-left and bottom-left, or top-right and bottom-right)? They point opposite
    ways, are printed the same size, lie in line along the card and about a card's
    length apart (of the card placed from the first)."""
    if not _facing(a, b):
        return False
    down, right = shared_axes(a.idx, b.idx)
    rel = b.idx.rank - a.idx.rank
    across, along = float(rel @ right), float(rel @ down)
    length = float(np.linalg.norm(a.quad[3] - a.quad[0]))
    return abs(across) < a.idx.step and 0.5 * length < along < 1.1 * length


def _each_card_once(tried: list[_IndexRead], lit: Callable[[], np.ndarray],
                    outlined: list[np.ndarray]) -> list[_IndexRead]:
    """One deck holds one of each card, and a four-index deck prints its index in all
    four corners: placed from one of its right-hand two, taken for a usual index, the
    card lies a card's width off (a fanned hand shows each card's two indexes down its
    left side; each card was named twice, once over its neighbours). Of two indexes
    naming one card, one lying on the card placed from the other (which does not lie on
    its) is that card's other index across its top or foot, and is not read
    (:func:`_explained`). Two at its top right and foot left place it between them
    (:func:`_mirrored_pair`). Two down one side place the card from one: the one whose
    card lies more on paper (the other reaches over the table), else more over the cards
    read by their outlines (``outlined``: a covered card lies under the cards that cover
    it, not over those it covers), else the one with the card's edge by its left (and by
    the other's right). The other down the side need not be read surely: its guess
    naming the card places it (a landscape fan's covered cards show the index at each
    end of their strip; the read one, taken for a usual index, placed its card over the
    card above, and that one was lost). ``lit``: the photo's paper. Returns the indexes
    whose card is so placed (none: the photo shows no four-index deck), which
    :func:`_either_side` leaves where they are."""
    named = [r for r in tried if r.reading.card is not None]
    settled = []
    for a in named:
        for b in tried:
            if a is b or a.reading.card is None or not _printed_alike(a, b):
                continue
            along = _down_one_side(a, b)
            unsure = b.reading.card is None and b.guess is a.reading.card
            if b.reading.card is not a.reading.card and not (unsure and along):
                continue  # an unsure index counts only as the card's other down its side
            if not along:
                if inside(a.idx.rank, b.quad) and not inside(b.idx.rank, a.quad):
                    _explained(a)
                    settled.append(b)
                elif (card := _mirrored_pair(a, b)) is not None:
                    a.quad = card
                    _explained(b)
                    settled.append(a)
            else:
                edge = a.idx.sides[0] + b.idx.sides[1] - b.idx.sides[0] - a.idx.sides[1]
                first = _likelier(a.quad, b.quad, edge, lit, outlined) >= 0
                if not first and b.reading.card is None:
                    a.quad, a.sized, first = b.quad, b.sized, True  # b only places a's card
                _explained(b if first else a)
                settled.append(a if first else b)
    return settled


def _mirrored_pair(a: _IndexRead, b: _IndexRead) -> np.ndarray | None:
    """The card whose top-right and bottom-left indexes (a four-index deck's) these
    two are, if they are: pointing opposite ways and printed alike, each placed as its
    card's top-right index they place one card (:data:`ONE_PLACE`). Each placed as a
    top-left index, the two cards lie a card's width off either side of it (a pile's
    top 2h, its outline lost, was read a card off, over its neighbour).

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> def read(rank, down, corner):  # a card 60 px wide, 84 tall, from (0, 2)
    ...     idx = Index(np.array(rank), down, np.array([down[1], -down[0]]),
    ...                 np.array(corner, np.float32), 10.0, ink=(-4.0, 4.0, -6.0))
    ...     return _IndexRead(idx, Reading(None, 0.0), None, idx.quad(60.0))
    >>> top_right, foot_left = read([52, 10], d, [44, 2]), read([8, 78], -d, [16, 86])
    >>> _mirrored_pair(top_right, foot_left).round().tolist()
    [[0.0, 2.0], [60.0, 2.0], [60.0, 86.0], [0.0, 86.0]]
    >>> top_left, foot_right = read([8, 10], d, [0, 2]), read([52, 78], -d, [60, 86])
    >>> _mirrored_pair(top_left, foot_right) is None  # those span the card: _spanned
    True
    """
    if not _facing(a, b):
        return None
    width = float(np.linalg.norm(a.quad[1] - a.quad[0]))
    card = a.idx.mirrored(width)
    return card if _one_place(card, b.idx.mirrored(width)) else None


def _likelier(a: np.ndarray, b: np.ndarray, edge: float, lit: Callable[[], np.ndarray],
              outlined: list[np.ndarray]) -> float:
    """Which of two places a card may lie is likelier (positive: ``a``): the one more
    on paper (the other reaches over the table), else more over the cards read by their
    outlines (a covered card lies under the cards that cover it, not over those it
    covers), else as ``edge`` says (the card's edge seen by the index, positive: ``a``)."""
    paper = _paper_share(lit(), a) - _paper_share(lit(), b)
    over = sum(_covered(a, q) - _covered(b, q) for q in outlined)
    return next((x for x in (paper, over) if abs(x) > SIDE_MARGIN), edge)


def _either_side(tried: list[_IndexRead], lit: Callable[[], np.ndarray],
                 outlined: list[np.ndarray]) -> None:
    """On a four-index deck an index read alone (no other of its card's) may be the
    one at the card's top right, the card lying left of it: in a fanned hand whose
    strips show the cards' right-hand sides every card was placed a card's width off,
    over its neighbours or the table. It is placed there when that is likelier
    (:func:`_likelier`)."""
    named = [r for r in tried if r.reading.card is not None]
    for r in named:
        if any(t is not r and t.reading.card is r.reading.card for t in named):
            continue
        other = r.idx.mirrored(float(np.linalg.norm(r.quad[1] - r.quad[0])))
        if _likelier(r.quad, other, r.idx.sides[0] - r.idx.sides[1], lit, outlined) < 0:
            r.quad = other


def _explained(other: _IndexRead) -> None:
    """An index found to be a card's other index names no card, and its network guess
    no longer vetoes one: in a four-index fan it lies in the far corner of the card
    placed from a neighbour's index, and its guess (its own card, read again) was taken
    for that card's other corner disagreeing (two of every three covered cards lost)."""
    other.reading, other.guess = Reading(None, 0.0), None


def _crossed(a: _IndexRead, b: _IndexRead) -> bool:
    """Does each card's index lie well inside the other card?

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> def read_at(x, y, card_x, card_y):
    ...     idx = Index(np.array([x, y]), d, r, np.array([x - 2, y - 2], np.float32), 8.0)
    ...     card = [[card_x, card_y], [card_x + 63, card_y], [card_x + 63, card_y + 88],
    ...             [card_x, card_y + 88]]
    ...     return _IndexRead(idx, Reading(None, 0.0), None, np.array(card, np.float32))
    >>> _crossed(read_at(10, 10, 8, 8), read_at(30, 40, 5, 5))
    True
    >>> _crossed(read_at(10, 10, 8, 8), read_at(30, 40, 28, 38))
    False
    """
    return inside(a.idx.rank, _grown(b.quad, -0.1)) and inside(b.idx.rank, _grown(a.quad, -0.1))


def _aside(idx: Index, quad: np.ndarray) -> bool:
    """Does ``idx`` lie inside the outline ``quad`` away from its corners (not the index
    of the card that outline was read as)?

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> at = Index(np.array([8, 12]), d, r, np.array([1, 1], np.float32), 10.0)
    >>> mid = Index(np.array([40, 12]), d, r, np.array([33, 1], np.float32), 10.0)
    >>> _aside(at, card), _aside(mid, card)
    (False, True)
    """
    width = float(np.linalg.norm(quad[1] - quad[0]))
    return inside(idx.rank, _grown(quad, -0.03)) and \
        min(float(np.linalg.norm(idx.corner - c)) for c in quad) > CORNER_NEAR * width


def _spanned(a: _IndexRead, b: _IndexRead) -> np.ndarray | None:
    """The card two index corners read as the same card span, if they can be its two
    (pointing opposite ways, each in the other's far corner: :func:`card_between`)."""
    if a.reading.card is None or a.reading.card is not b.reading.card:
        return None
    return card_between(a.idx, b.idx, SPAN_ASPECT)


def read_photo(img: np.ndarray, clf: IndexClassifier | Ensemble | None = None,
               threshold: float = THRESHOLD) -> list[PhotoCard]:
    """Every card found on ``img`` (BGR), left to right then top to bottom.

    A photo with a card left unread, or none found, is read again at the size that
    brings its cards nearer the size the reader knows (vision/photo_scales.py). A photo
    taken at a slant is read again squared up to the table (vision/photo_slant.py).

    A photo that is no BGR image, or too small to show a card (:data:`MIN_SIDE`), is
    refused with a :class:`PhotoError` that says so.

    >>> for img in (np.full((30, 200, 3), 200, np.uint8), np.full((300, 200), 200, np.uint8)):
    ...     try:
    ...         read_photo(img)
    ...     except PhotoError as err:
    ...         print(err.code, "|", err.message)
    photo_too_small | the photo is 200 x 30 px: too small to show a card (40 px each way at least)
    bad_image | a photo is rows x columns x 3 colours (BGR) of 8-bit pixels, not uint8 (300, 200)
    """
    _check_photo(img)
    clf = clf or photo_reader()
    img = exposed(img)
    out, mirror_like = _read_as_given(img, clf, threshold)
    if mirror_like:
        # a mirrored photo (a Mac's Photo Booth saves what its preview shows; a selfie
        # camera, a webcam app's capture) shows every index the wrong way round: its
        # cards' indexes sit in the corners where a card has none (each such outline
        # counted), and a mirrored 2 or 4 passed for a 5 or an ace
        flipped, flipped_like = _read_as_given(np.ascontiguousarray(img[:, ::-1]), clf,
                                               threshold)
        if _mirrored_reads_better(out, mirror_like, flipped, flipped_like):
            w = img.shape[1]
            # each corner the card's own as before (clockwise on the card's face, which
            # the photo shows the wrong way round)
            out = [replace(c, corners=[[w - 1 - x, y] for x, y in c.corners]) for c in flipped]
    out.sort(key=lambda c: (round(c.corners[0][1] / 200), c.corners[0][0]))
    return out


# outlines passed over as blank (no index in the corners where a card prints one) that
# have an index in the other two corners: each such outline counts one for the photo
_MIRROR_LIKE: ContextVar[list[int] | None] = ContextVar("mirror_like", default=None)


def _read_as_given(img: np.ndarray, clf: IndexClassifier | Ensemble, threshold: float
                   ) -> tuple[list[PhotoCard], int]:
    """:func:`read_photo` of an exposed photo, the way round it is given, and how many
    of the outlines it passed over as blank look mirrored (:func:`_mirror_like`)."""
    mirror_like = [0]
    token = _MIRROR_LIKE.set(mirror_like)
    try:
        return _read_one_way(img, clf, threshold), mirror_like[0]
    finally:
        _MIRROR_LIKE.reset(token)


def _mirror_like(face: np.ndarray) -> None:
    """Count ``face`` (a card image with no index found where a card prints one) for
    the photo being read if it has an index in the other two corners: a card in a
    mirrored photo."""
    count = _MIRROR_LIKE.get()
    if count is not None and has_index(cv2.flip(face, 1)):
        count[0] += 1


def _read_one_way(img: np.ndarray, clf: IndexClassifier | Ensemble, threshold: float
                  ) -> list[PhotoCard]:
    """Every card found on an exposed photo: looked at as it is, and squared up if it
    was taken at a slant, without colour if it has none, and without the cards its
    letter witness outvoted."""
    with no_colour(colourless(img)), letter_votes() as votes:
        out = _look(img, clf, threshold)
        squared_up = _squared_look(img, clf, threshold)
    if squared_up is not None:
        flat, slant = squared_up
        # at a strong slant the look squared up leads (read as it is, such a photo's
        # cards placed from their indexes reach over their neighbours); at a milder one
        # the photo as it is does, the squared look adding what it left unread or found
        # nowhere, but nothing lying on a card it named (in a pile, a card placed from
        # its index on the squared photo may lie askew)
        out = merge(*((flat, out) if slant >= LEADS else (out, flat)), over_named=False)
    # a card whose rank glyph was a letter through most outlines is not named through
    # the others (a blurred Д, refused as Ad six times, was named Ad once); a right card
    # of that name elsewhere in the photo goes unread with it, which only a photo of a
    # lettered deck (its Ad and its Д read as one) risks
    out = [replace(c, card=None, confidence=0.0)
           if c.card is not None and votes.outvoted(c.card) else c for c in out]
    return out


def _mirrored_reads_better(out: list[PhotoCard], mirror_like: int, flipped: list[PhotoCard],
                           flipped_like: int) -> bool:
    """Is the photo mirrored: read mirrored, does it name more cards through their own
    outlines than read as given, at least as many cards in all (and more than it leaves
    unread), with fewer outlines that look mirrored? In a mirrored photo no card with
    two indexes is read through its own outline (its indexes are where a card has
    none); a photo the right way round, mirrored, has every such card looking mirrored,
    and in a pile of four-index cards read mirrored, their mirrored glyphs were named
    (a 7s and a 9s as a Qs and a Qc).

    >>> kd = PhotoCard(Card("Kd"), 0.99, [[0, 0]] * 4)
    >>> alone = replace(kd, index_side=300.0)  # placed from its index alone
    >>> unread = replace(kd, card=None, confidence=0.0)
    >>> _mirrored_reads_better([], 2, [kd, kd], 0)
    True
    >>> _mirrored_reads_better([alone], 1, [kd], 0)  # a 4 named an ace, mirrored: the 4
    True
    >>> _mirrored_reads_better([kd, kd], 1, [kd, kd, unread], 0)  # read through outlines
    False
    >>> _mirrored_reads_better([kd, unread], 1, [kd], 3)  # as given, flipped
    False
    >>> _mirrored_reads_better([alone, unread], 2, [kd, unread, unread], 0)  # unread mostly
    False
    """
    def named(cards: list[PhotoCard]) -> int:
        return sum(c.card is not None for c in cards)

    def own(cards: list[PhotoCard]) -> int:
        return sum(c.card is not None and c.index_side is None for c in cards)

    return flipped_like < mirror_like and own(flipped) > own(out) \
        and named(flipped) >= max(1, named(out)) and named(flipped) > len(flipped) - named(flipped)


def _check_photo(img: np.ndarray) -> None:
    """Refuse what :func:`read_photo` cannot read: anything but 8-bit BGR pixels, or a
    photo too small to show a card (an OpenCV assertion deep in the finder is no
    answer for a thumbnail passed by mistake)."""
    if not isinstance(img, np.ndarray) or img.ndim != 3 or img.shape[2] != 3 \
            or img.dtype != np.uint8:
        got = f"{img.dtype} {img.shape}" if isinstance(img, np.ndarray) else type(img).__name__
        raise PhotoError(f"a photo is rows x columns x 3 colours (BGR) of 8-bit pixels, "
                         f"not {got}")
    h, w = img.shape[:2]
    if min(h, w) < MIN_SIDE:
        raise PhotoError(f"the photo is {w} x {h} px: too small to show a card "
                         f"({MIN_SIDE} px each way at least)", "photo_too_small")


def exposed(img: np.ndarray) -> np.ndarray:
    """``img`` brightened, as a camera's automatic exposure would, if it is dim: its
    brightest paper (the :data:`EXPOSURE` percentile of the brightest channel) darker
    than ``DIM`` is brought up to ``PAPER``. A photo in a dim room, or a camera that kept
    its exposure for a brighter scene, shows cards as grey as some tables; the finder's
    levels and the paper tests are set for paper that looks like paper. Brightened
    :data:`DENOISE` times or more, it is smoothed as a camera would (a 3 px median,
    which keeps edges): the sensor's noise, brightened with the photo, is steep enough
    to make a blurred index look sharp to the blur check (a four-colour Qd 100 px wide
    in a photo brightened 3.5 times was read as a sure Qs).

    >>> dim = np.full((40, 40, 3), 30, np.uint8); dim[10:30, 10:30] = 100
    >>> int(exposed(dim)[20, 20, 0]), int(exposed(dim)[0, 0, 0])
    (235, 70)
    >>> dim[5, 5] = 60  # a speck of noise, smoothed away
    >>> int(exposed(dim)[5, 5, 0])
    70
    >>> bright = dim * 2
    >>> exposed(bright) is bright
    True
    """
    level = float(np.percentile(img.max(axis=2), EXPOSURE))
    if level >= DIM or level <= 0:
        return img
    out = cv2.convertScaleAbs(img, alpha=PAPER / level)
    return np.asarray(cv2.medianBlur(out, 3) if PAPER / level >= DENOISE else out)


def _look(img: np.ndarray, clf: IndexClassifier | Ensemble, threshold: float
          ) -> list[PhotoCard]:
    """The cards read on ``img`` as it is (and at a second size, if need be)."""
    side = max(img.shape[:2])
    scale = min(1.0, MAX_SIDE / side)
    out = _read_at(img, scale, clf, threshold)
    if not out or any(c.card is None for c in out):
        # sized for the cards left unread: those it is for
        again = second_scale(side, scale, [long_side(c) for c in out if c.card is None])
        if again is not None:
            out = merge(out, unnamed_small(_read_at(img, again, clf, threshold),
                                           again > scale))
    return out


def _squared_look(img: np.ndarray, clf: IndexClassifier | Ensemble, threshold: float
                  ) -> tuple[list[PhotoCard], float] | None:
    """The cards read on ``img`` squared up to the table (corners in ``img``'s pixels)
    and its slant (radians from overhead), or None if it was taken square to the table."""
    scale = min(1.0, MAX_SIDE / max(img.shape[:2]))
    small = _resized(img, scale)
    slant = squaring(clean_quads(small), small.shape)
    if slant is None:
        return None
    flat, to_flat = squared(small, slant)
    back = np.linalg.inv(np.diag([scale, scale, 1.0])) @ np.linalg.inv(to_flat)
    out = []
    for card in _look(flat, clf, threshold):
        corners = cv2.perspectiveTransform(np.array([card.corners], np.float64), back)[0]
        grown = long_side(PhotoCard(None, 0.0, corners.tolist())) / max(long_side(card), 1.0)
        out.append(PhotoCard(card.card, card.confidence, corners.round(1).tolist(),
                             None if card.index_side is None else card.index_side * grown))
    return out, slant.slant


def _resized(img: np.ndarray, scale: float) -> np.ndarray:
    if scale == 1:
        return img
    return cv2.resize(img, None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)


def _read_at(img: np.ndarray, scale: float, clf: IndexClassifier | Ensemble,
             threshold: float) -> list[PhotoCard]:
    """The cards found on ``img`` searched at ``scale`` (corners in ``img``'s pixels)."""
    small = _resized(img, scale)
    found: list[tuple[Reading, np.ndarray]] = []
    clean: list[np.ndarray] = []  # outlines read, with a paper margin (the card's own)
    whole: list[np.ndarray] = []  # outlines read, every side on a real edge
    blank: list[np.ndarray] = []  # outlines whole in view with no index found on them
    fit = _Fit(small)
    for outlines in card_groups(small, edges=fit.edges):
        group = [q for q in outlines if not is_long(q)]
        best = _read_group(small, group, fit.edges, clf, threshold) if group else None
        if best is not None and _picture_joker(small, best):
            best = (Reading(None, 0.0), best[1], best[2])
        if group and (best is None or best[0].card is None):
            best = _card_around(small, group[0] if best is None else best[1], fit.edges, clf,
                                threshold, [q for r, q in found if r.card is not None]) or best
        if group and (best is None or best[0].card is None):
            best = _read_fitted(small, group, fit.edges, clf, threshold) or best
        if group and (best is None or best[0].card is None):
            best = _read_spanned(fit, group, clf, threshold) or best
        if best is None or best[0].card is None:
            best = _read_long(small, outlines, fit.edges, clf, threshold) or best
        if best is None or (best[0].card is None and not has_index(face := _warp(small, best[1]))):
            # a bright rectangle with no index on it is not a face-up card; but one whole
            # in view and card-shaped holds no other card's index in its middle
            blank += [q for q in group if _whole(q, fit.edges) and _card_like(q)]
            if best is not None:
                _mirror_like(face)
            continue
        if best[0].card is not None:
            best = _fitted(fit, best, clf, threshold)
        reading, quad = _add_outline(found, best[0], best[1])
        if reading.card is not None and best[2]:
            clean.append(quad)  # one with table in its margin may reach over a
            # neighbour's index, so the inside of that is still searched for indexes
        if reading.card is not None and _whole(quad, fit.edges):
            whole.append(quad)  # ... unless its every side is a real edge: the card's own
    # a card wholly on a card whole in view with no index is a picture printed on it (a
    # back showing a fan of aces: nicu's decks), not a card lying there; a card's rim is
    # light and even (an outline of a wood grain's lines, whole and card-shaped round a
    # card of cards-dev, is no card)
    backs = [q for q in blank if _margin_is_paper(_warp(small, q))]
    found = [(r, q) for r, q in found if not _printed_on(q, backs)]
    outlined = [q for r, q in found if r.card is not None]
    guessed: dict[int, float] = {}
    found += _by_index(small, clean, clf, threshold, fit.edges, whole,
                       [q for r, q in found if r.card is None] + blank, guessed, found)
    out = []
    for reading, quad in _one_per_card(found, fit.edges, outlined):
        corners = [[round(float(x) / scale, 1), round(float(y) / scale, 1)] for x, y in quad]
        step = guessed.get(id(quad))
        out.append(PhotoCard(reading.card, reading.confidence, corners,
                             None if step is None else step * USUAL_SIDE / scale))
    return out


__all__ = ["THRESHOLD", "PhotoCard", "PhotoError", "exposed", "load_image", "read_card",
           "read_photo"]
