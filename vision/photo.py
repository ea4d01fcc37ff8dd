"""Read every face-up card on a still photo of the table (the showdown check).

Cards are found by :mod:`vision.photo_find` (several detectors, so a plain, wooden,
light or busy table all work, and a card cut by the photo's edge is completed), each
outline is warped upright to the canonical card, and :mod:`vision.photo_card` reads
its two index corners. A card it is not sure of comes out with ``card: None``.
Cards no outline was read for (covered, fanned) are found by their index corners
(:mod:`vision.photo_by_index`); each card is reported once, at one place
(:mod:`vision.photo_places`). Photos are loaded upright, HEIC ones too
(:mod:`vision.photo_file`).

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

from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cached_property, partial

import cv2
import numpy as np

from controller.cards import Card, Rank
from vision.card_middle import is_picture
from vision.classify import IndexClassifier, Reading
from vision.corner import red_suit
from vision.decks import COURTS
from vision.photo_by_index import RESIZE, by_index
from vision.photo_card import (
    THRESHOLD,
    has_index,
    letter_votes,
    mirror_view,
    read_card,
)
from vision.photo_colour import colourless, no_colour, red_refusals
from vision.photo_file import PhotoError, load_image
from vision.photo_find import (
    card_groups,
    card_proportions,
    clean_quads,
    is_long,
    order_corners,
    to_paper_edge,
)
from vision.photo_fit import CROSSED, HELD, Edges, crossing, fit_sides, held_share, held_sides
from vision.photo_index_find import (
    USUAL_SIDE,
    Index,
    card_between,
    find_indexes,
    inside,
)
from vision.photo_model import Ensemble, photo_reader
from vision.photo_places import (
    COVERED,
    OVERSIZE,
    WITHIN,
    at_corner,
    card_length,
    card_like,
    card_width,
    covered_share,
    grown_quad,
    one_per_card,
    quad_area,
    unname_oversize,
    warp_card,
    whole_in_view,
)
from vision.photo_scales import long_side, merge, second_scale, unnamed_small
from vision.photo_slant import LEADS, squared, squaring
from vision.scoped import scoped, tally

MAX_SIDE = 1280  # photos are searched at most this big (corners reported in the original)
PAPER_SAT = 100  # cream card stock under a warm light is this saturated (of 255)
SHADED = 0.95  # a card's own shaded margin is this bright, of the middle of the card
COVERED_SAME = 0.6  # two outlines this much on each other are one card's
INNER_FIT = 0.85  # a card spanned by its index corners this much smaller than its outline
PARTS_OVERLAP = 0.1  # two parts of one card (a shadow across it) lie this little on each
PARTS_FILL = 0.8  # other, fill this much of the card they make together,
PART_MOST = 0.75  # ... and neither is more than this much of it
# (PARTS_OVERLAP: two outlines a sixth on each other were two cards, a dondorf Js's own
# and one a card off over the Th it covers, read Js by the Js's index in its corner)
FRAMED = 1.15  # paper past an outline adding this much area: the outline is a picture frame
UNPAPERED = 3  # a card's outlines with no paper margin tried, the cleanest first
CORNER_SHARED = 0.06  # two outlines' corners this near (of the width) are one corner
PART = 0.8  # an outline inside a card's own, this much smaller, is a part of that card
EXPOSURE, DIM, PAPER = 99.5, 150.0, 235.0  # a photo whose paper is this dim is brightened
DENOISE = 2.0  # ... this many times or more: its sensor's noise, brightened too, smoothed
# a card lying within another (photo_places.WITHIN) and this many times its size is the
# other's print
PRINTED = 1.5
# a card under about 60 px tall is too small to name (its index is a few pixels:
# photo_card's BLUR_MAX), and such a card is 43 px wide: a photo narrower than this
# either way cannot show a card that can be named whole, however it lies
MIN_SIDE = 40
# a card whose mirror image the corner network reads this much more surely (the best
# rank's probability) looks mirrored: cards of held-out and trained styles, four-index,
# photographed the right way round: at most 0.09 (the four-colour deck, read unsurely
# either way); mirrored, their asymmetric ranks 0.1 to 0.8
MIRRORED = 0.25
# ... and an outline left unread whose mirror image reads this much more surely, as a
# rank on both corners: it only has the photo read mirrored too, and names nothing
MIRRORED_UNREAD = 0.1
SYMMETRIC = (Rank.ACE, Rank.EIGHT)  # rank glyphs that are their own mirror images
# another card's outline over this share of a card's middle: what lies there may be its
UNDER = 0.02
# an outline read as a card and RESIZE times as wide as the smallest card read with a
# paper margin holds more than that card where the card at that size in a corner of it
# lies this much more on real edges (the mean of its sides' shares held)
ONE_SIZE_HELD = 0.2


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

    >>> from vision.decks import CARD_H, CARD_W
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
        img_card = warp_card(img, quad)
        whole = whole_in_view(quad, edges)
        if not _margin_is_paper(img_card, whole and card_like(quad)):
            unpapered.append((quad, img_card))
            continue
        if whole:
            own.append(quad)
        for tried in (img_card, warp_card(img, grown_quad(quad))):
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
    if covered_share(quad, card) <= 0.9 or quad_area(quad) >= PART * quad_area(card):
        return False
    near = CORNER_SHARED * card_width(card)
    return sum(min(float(np.linalg.norm(p - c)) for c in card) < near for p in quad) <= 1


def _read_fitted(img: np.ndarray, group: list[np.ndarray], edges: Edges,
                 clf: IndexClassifier | Ensemble, threshold: float
                 ) -> tuple[Reading, np.ndarray, bool] | None:
    """The first of a card's outlines read once its sides are moved onto real edges
    (:func:`vision.photo_fit.fit_sides`) and it has a paper margin: an outline with a
    light table or paper past the card, whose index the reader found off its corner."""
    for quad in group:
        fitted = fit_sides(edges, quad)
        if fitted is quad or not _margin_is_paper(card := warp_card(img, fitted)):
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
        reading = read_card(warp_card(fit.img, quad), clf, threshold)
        if reading.card is best[0].card:
            return reading, quad, True
    if min(held_sides(fit.edges, best[1])) >= HELD:
        return best
    for card in _spanned_inside(fit, best[1]):
        if quad_area(card) > INNER_FIT * quad_area(best[1]):
            continue
        reading = read_card(warp_card(fit.img, card), clf, threshold)
        if reading.card is best[0].card:
            return reading, card, True
    return best


def _spanned_inside(fit: _Fit, quad: np.ndarray) -> list[np.ndarray]:
    """The cards spanned by two index corners found inside the outline ``quad``
    (:func:`vision.photo_index_find.card_between`), each lying on it."""
    inner = grown_quad(quad, 0.03)
    mine = [i for i in fit.indexes if inside(i.rank, inner)]
    return [card for a in mine for b in mine
            if (card := card_between(a, b)) is not None and covered_share(card, inner) >= 0.9]


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
            img_card = warp_card(fit.img, card)
            if not _margin_is_paper(img_card):
                continue
            reading = read_card(img_card, clf, threshold)
            if reading.card is not None:
                return reading, card, True
    return None


def _one_size(fit: _Fit, found: list[tuple[Reading, np.ndarray]], clean: list[np.ndarray],
              clf: IndexClassifier | Ensemble, threshold: float) -> dict[int, np.ndarray]:
    """The cards of one photo are of one size: an outline read as a card, with a side on
    no real edge and :data:`~vision.photo_by_index.RESIZE` times as wide as the smallest
    card-shaped outline read with a paper margin (``clean``), holds more than the card
    (an outline round a card and, white on white, the card it lies on). The card is the
    one of that size in a corner of it whose sides lie :data:`ONE_SIZE_HELD` more on real
    edges than the outline's, where it is read the same with a paper margin. Returned:
    by ``id`` of each outline so mended, the card."""
    held = partial(held_share, fit.edges)
    sized = [q for r, q in found if r.card is not None and card_like(q)
             and any(q is c for c in clean)]
    out: dict[int, np.ndarray] = {}
    for reading, quad in found:
        others = [q for q in sized if q is not quad]
        if reading.card is None or not others or min(held_sides(fit.edges, quad)) >= HELD:
            continue
        size = min(others, key=card_width)
        if card_width(quad) < RESIZE * card_width(size):
            continue
        least = held(quad) + ONE_SIZE_HELD
        corners = (at_corner(quad, k, card_width(size), card_length(size)) for k in range(4))
        for card in sorted(corners, key=held, reverse=True):
            if held(card) < least:
                break
            img_card = warp_card(fit.img, card)
            if _margin_is_paper(img_card) \
                    and read_card(img_card, clf, threshold).card is reading.card:
                out[id(quad)] = card
                break
    return out


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
    area = quad_area(quad)
    return any(covered_share(quad, b) >= WITHIN and quad_area(b) >= PRINTED * area for b in blank)


def _card_around(img: np.ndarray, quad: np.ndarray, edges: Edges,
                 clf: IndexClassifier | Ensemble, threshold: float,
                 taken: list[np.ndarray] | None = None
                 ) -> tuple[Reading, np.ndarray, bool] | None:
    """The card an unread outline lies inside (a court card's picture frame, the
    card's own edge lost on a light table), if paper runs on past the outline to an
    edge, that card is not one read already (``taken``), and it is read."""
    grown = to_paper_edge(img, quad)
    if grown is None or any(covered_share(grown, q) > COVERED for q in taken or []):
        return None
    best = _read_group(img, [order_corners(grown)], edges, clf, threshold)
    return best if best is not None and best[0].card is not None else None


def _add_outline(found: list[tuple[Reading, np.ndarray]], reading: Reading, quad: np.ndarray
                 ) -> tuple[Reading, np.ndarray]:
    """Add one outline's reading to ``found`` and return it as added: when it lies on an
    outline read already (one card's two outlines) and the two name different cards,
    neither is named (never guess). An outline read already that is far bigger
    (:data:`OVERSIZE` times its area) is no outline of the same card: it holds more than
    a card, and its reading, not this card-sized one, is dropped (a four-index pile's
    outline round a nicu 8d and the 9c over it, read 8d, and the 9c's own outline had
    named neither, and the 9c was reported from an outline half on the 8d).

    >>> from controller.cards import Card
    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> found = [(Reading(Card("Qs"), 0.99), card)]
    >>> _add_outline(found, Reading(Card("Ts"), 0.99), card + 2)[0].card, found[0][0].card
    (None, None)
    >>> _add_outline(found, Reading(Card("Ah"), 0.99), card + 200)[0].card
    Card('Ah')
    >>> found = [(Reading(Card("8d"), 0.99), card * 1.5)]  # round two cards
    >>> _add_outline(found, Reading(Card("9c"), 0.99), card + 2)[0].card, found[0][0].card
    (Card('9c'), None)
    """
    same = [i for i, (r, q) in enumerate(found)
            if r.card is not None and covered_share(quad, q) > COVERED_SAME]
    if reading.card is not None:
        for i in same:
            if found[i][0].card is not reading.card \
                    and quad_area(found[i][1]) > OVERSIZE * quad_area(quad):
                found[i] = (Reading(None, 0.0), found[i][1])
        same = [i for i in same if found[i][0].card is not None]
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
    if covered_share(a, b) > PARTS_OVERLAP or covered_share(b, a) > PARTS_OVERLAP:
        return None
    hull = cv2.convexHull(np.concatenate([a, b]))
    rect = cv2.minAreaRect(hull)
    (_, _), (w, h), _ = rect
    if not card_proportions(w, h):
        return None
    if quad_area(hull) < PARTS_FILL * w * h \
            or max(quad_area(a), quad_area(b)) > PART_MOST * w * h:
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
    return grown is not None and quad_area(grown) > FRAMED * quad_area(best[1])


def read_photo(img: np.ndarray, clf: IndexClassifier | Ensemble | None = None,
               threshold: float = THRESHOLD) -> list[PhotoCard]:
    """Every card found on ``img`` (BGR), left to right then top to bottom.

    A photo with a card left unread, or none found, is read again at the size that
    brings its cards nearer the size the reader knows (vision/photo_scales.py). A photo
    taken at a slant is read again squared up to the table (vision/photo_slant.py). A
    photo whose red cards were refused for their ink, none named, is read again without
    colour (a toned photo: vision/photo_colour.py).

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
    looking = _looking_mirrored(img, out)
    if mirror_like or any(looking):
        # a mirrored photo (a Mac's Photo Booth saves what its preview shows; a selfie
        # camera, a webcam app's capture) shows every index the wrong way round: its
        # cards' indexes sit in the corners where a card has none (each such outline
        # counted), and a mirrored 2 or 4 passed for a 5 or an ace; a four-index deck's
        # cards have an index in every corner, and only their glyphs show the mirror
        img_flipped = np.ascontiguousarray(img[:, ::-1])
        flipped, flipped_like = _read_as_given(img_flipped, clf, threshold)
        flipped_looking = _looking_mirrored(img_flipped, flipped)
        if _mirrored_reads_better(out, mirror_like, flipped, flipped_like) \
                or _mirrored_looks_better(out, looking, flipped, flipped_looking):
            w = img.shape[1]
            # each corner the card's own as before (clockwise on the card's face, which
            # the photo shows the wrong way round)
            out = [replace(c, corners=[[w - 1 - x, y] for x, y in c.corners]) for c in flipped]
            looking = flipped_looking
    # a card that still looks mirrored is not named (a photo of one four-index card,
    # mirrored, and read alike either way round)
    out = [replace(c, card=None, confidence=0.0) if look else c
           for c, look in zip(out, looking, strict=True)]
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
    with scoped(_MIRROR_LIKE, mirror_like):
        return _read_one_way(img, clf, threshold), mirror_like[0]


def _mirror_like(face: np.ndarray) -> None:
    """Count ``face`` (a card image with no index found where a card prints one) for
    the photo being read if it has an index in the other two corners: a card in a
    mirrored photo."""
    if _MIRROR_LIKE.get() is not None and has_index(cv2.flip(face, 1)):
        tally(_MIRROR_LIKE)


def _read_one_way(img: np.ndarray, clf: IndexClassifier | Ensemble, threshold: float
                  ) -> list[PhotoCard]:
    """Every card found on an exposed photo (:func:`_read_in`), without colour if it
    has none. A photo in which red cards were refused for their ink alone and none was
    named is read again without colour, and what that adds is taken (:func:`merge`): a
    toned photo (a phone's sepia filter) has colour but no red, its hearts and diamonds
    as brown as its spades and clubs, and the ink witness refuses every one of them. A
    red card named says the photo shows red ink (a real photo's refused red card was
    most often a misread of part of a card: cards-dev's 9d, one outline read as Qd)."""
    out, refused = _read_in(img, clf, threshold, colourless(img))
    if _toned(out, refused):
        with scoped(_MIRROR_LIKE, None):  # the outlines were counted by the first look
            grey, _ = _read_in(img, clf, threshold, True)
        out = merge(out, grey, over_named=False)
    return out


def _toned(cards: list[PhotoCard], refused: int) -> bool:
    """Does a photo read in colour look toned: red cards ``refused`` for their ink
    alone, and none of its ``cards`` named red?

    >>> at = [[0, 0], [10, 0], [10, 14], [0, 14]]
    >>> unread, spade = PhotoCard(None, 0.0, at), PhotoCard(Card("Ks"), 0.99, at)
    >>> _toned([unread, spade], 2), _toned([unread, spade], 0)
    (True, False)
    >>> _toned([PhotoCard(Card("9d"), 0.99, at), unread], 1)  # a red card named: red ink
    False
    """
    return refused > 0 and not any(red_suit(c.card) for c in cards)


def _read_in(img: np.ndarray, clf: IndexClassifier | Ensemble, threshold: float,
             without_colour: bool) -> tuple[list[PhotoCard], int]:
    """Every card found on an exposed photo: looked at as it is, and squared up if it
    was taken at a slant, ``without_colour`` or in colour, and without the cards its
    letter witness outvoted; and how many red cards were refused for their ink alone
    (:func:`vision.photo_colour.red_refusals`)."""
    with no_colour(without_colour), letter_votes() as votes, red_refusals() as refused:
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
    # a court printed with a letter no model was shown (a German jack's B) was named an
    # 8 surely; its picture says it is no number card
    return [replace(c, card=None, confidence=0.0) if _pictured(img, c, out) else c
            for c in out], refused[0]


def _pictured(img: np.ndarray, card: PhotoCard, cards: list[PhotoCard]) -> bool:
    """Is ``card`` named a number card (2 to 10) whose middle, in full view with no
    other card over it, shows a court's picture (vision.card_middle.is_picture)? A card
    cut by the photo's edge, or with another card's outline over its middle, is not
    judged: what lies there may be the other card's.

    >>> from vision.decks import STYLES, face_on, render_face
    >>> table = np.full((500, 400, 3), (40, 110, 40), np.uint8)
    >>> table[40:460, 50:350] = face_on(render_face(STYLES["standard"], Card("Kd")))
    >>> at = [[50, 40], [349, 40], [349, 459], [50, 459]]
    >>> eight, king = PhotoCard(Card("8d"), 0.99, at), PhotoCard(Card("Kd"), 0.99, at)
    >>> _pictured(table, eight, [eight]), _pictured(table, king, [king])
    (True, False)
    >>> over = PhotoCard(None, 0.0, [[150, 200], [450, 200], [450, 500], [150, 500]])
    >>> _pictured(table, eight, [eight, over])
    False
    """
    if card.card is None or card.card.rank is None or card.card.rank > Rank.TEN:
        return False
    quad = np.array(card.corners, np.float32)
    h, w = img.shape[:2]
    if quad.min() < 1 or quad[:, 0].max() > w - 2 or quad[:, 1].max() > h - 2:
        return False
    middle = grown_quad(quad, -0.4)  # from a fifth to four fifths of the card each way
    if any(covered_share(middle, np.array(c.corners, np.float32)) > UNDER
           for c in cards if c is not card):
        return False
    return is_picture(warp_card(img, quad))


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


def _looking_mirrored(img: np.ndarray, cards: list[PhotoCard]) -> list[bool]:
    """Per card of ``img`` (exposed) found by its own outline, does it look
    mirrored (:func:`mirror_view`): does the corner network read its mirror image's
    index corners :data:`MIRRORED` more surely than its own, or, named an ace or an 8
    (glyphs that are their own mirror images), read another rank on both surely? In
    a mirrored photo of a four-index deck a mirrored 9 was named 8, a 5 named 2, a 6
    named 8 (that one read almost as surely as its mirror image, a 6). A card whose
    mirror image reads its own rank surely on a corner looks no different mirrored (a
    four-index ace in a pile, its top-left index covered and its top-right one in
    view). An outline left unread looks mirrored when its mirror image reads
    :data:`MIRRORED_UNREAD` more surely, as a rank on both corners (a mirrored 7s and
    Jh, read as nothing, had the photo read as given). A card placed from its index
    alone has a guessed outline, perhaps over its neighbours, and is not judged."""
    def looks(card: PhotoCard) -> bool:
        if card.index_side is not None:
            return False
        view = mirror_view(warp_card(img, np.array(card.corners, np.float32)))
        if card.card is None:
            return view.margin >= MIRRORED_UNREAD and None not in view.ranks
        top, bottom = view.ranks
        # a joker (no rank) is never read on a mirror image (mirror_view)
        own_rank = None if card.card.rank is None else card.card.rank.char
        return (own_rank is None or own_rank not in view.ranks) and (
            view.margin >= MIRRORED
            or (card.card.rank in SYMMETRIC and top is not None and top == bottom))

    return [looks(c) for c in cards]


def _mirrored_looks_better(out: list[PhotoCard], looking: list[bool],
                           flipped: list[PhotoCard], flipped_looking: list[bool]) -> bool:
    """Is the photo mirrored: read mirrored, do fewer of its cards look mirrored
    (:func:`_looking_mirrored`) than read as given, and does it name at least as many
    cards that do not? Read the right way round, a four-index card looks mirrored when
    mirrored, and a card with two indexes is not read at all.

    >>> kd = PhotoCard(Card("Kd"), 0.99, [[0, 0]] * 4)
    >>> _mirrored_looks_better([kd, kd], [True, False], [kd, kd], [False, False])
    True
    >>> _mirrored_looks_better([kd] * 3, [True, False, False], [kd], [False])  # names fewer
    False
    >>> _mirrored_looks_better([kd], [True], [kd], [True])
    False
    """
    def named_plain(cards: list[PhotoCard], look: list[bool]) -> int:
        return sum(c.card is not None and not m for c, m in zip(cards, look, strict=True))

    return sum(flipped_looking) < sum(looking) \
        and named_plain(flipped, flipped_looking) >= named_plain(out, looking)


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


def _crossed(card: Card, quad: np.ndarray, edges: Edges) -> bool:
    """Does another card's edge run across the pip card ``card`` read at ``quad``? Then
    the outline, though on real edges all round, holds more than the card: in a fan
    its sides can lie on its neighbours' edges, and the indexes of the cards lying over
    it are theirs, not its print. A court's frame is a line across it: courts are not
    asked."""
    return card.rank is not None and card.rank not in COURTS and crossing(edges, quad) >= CROSSED


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
        if best is None or (best[0].card is None
                            and not has_index(face := warp_card(small, best[1]))):
            # a bright rectangle with no index on it is not a face-up card; but one whole
            # in view and card-shaped holds no other card's index in its middle
            blank += [q for q in group if whole_in_view(q, fit.edges) and card_like(q)]
            if best is not None:
                _mirror_like(face)
            continue
        if best[0].card is not None:
            best = _fitted(fit, best, clf, threshold)
        reading, quad = _add_outline(found, best[0], best[1])
        if reading.card is not None and best[2]:
            clean.append(quad)  # one with table in its margin may reach over a
            # neighbour's index, so the inside of that is still searched for indexes
        if (reading.card is not None and whole_in_view(quad, fit.edges)
                and not _crossed(reading.card, quad, fit.edges)):
            whole.append(quad)  # ... unless its every side is a real edge: the card's own
    cut = _one_size(fit, found, clean, clf, threshold)
    found = [(r, cut.get(id(q), q)) for r, q in found]
    clean = [cut.get(id(q), q) for q in clean]
    # a card wholly on a card whole in view with no index is a picture printed on it (a
    # back showing a fan of aces: nicu's decks), not a card lying there; a card's rim is
    # light and even (an outline of a wood grain's lines, whole and card-shaped round a
    # card of cards-dev, is no card)
    backs = [q for q in blank if _margin_is_paper(warp_card(small, q))]
    found = [(r, q) for r, q in found if not _printed_on(q, backs)]
    outlined = [q for r, q in found if r.card is not None]
    unread = [q for r, q in found if r.card is None] + blank
    # an outline far bigger than a card whole in view holds more than a card (it is
    # unnamed: one_per_card), and so disputes no index at its corner: a pile's outline
    # round a 4h and more, read as a 3h, unnamed the Jh whose index lay at its corner
    found = unname_oversize(found, fit.edges, outlined)
    guessed: dict[int, float] = {}
    found += by_index(small, clean, clf, threshold, fit.edges, whole, unread, guessed, found)
    out = []
    for reading, quad in one_per_card(found, fit.edges, outlined):
        corners = [[round(float(x) / scale, 1), round(float(y) / scale, 1)] for x, y in quad]
        step = guessed.get(id(quad))
        out.append(PhotoCard(reading.card, reading.confidence, corners,
                             None if step is None else step * USUAL_SIDE / scale))
    return out


__all__ = ["THRESHOLD", "PhotoCard", "PhotoError", "exposed", "load_image", "read_card",
           "read_photo"]
