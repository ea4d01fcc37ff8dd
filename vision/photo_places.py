"""Where cards lie on a photo: an outline's card image and geometry, and one reading
per card and per place.

:mod:`vision.photo` finds cards by their outlines and :mod:`vision.photo_by_index` by
their index corners; both warp an outline to the canonical card (:func:`warp_card`) and
measure outlines against each other here. A card is then reported once: a part of a
card (a corner quarter a shadow parted from the rest) or the card with the table round
it is not a second card (:func:`outer_outline`), and of one card read at two places the
one on the card's own edges is the card (:func:`one_place_each`).

>>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
>>> round(quad_area(card)), round(covered_share(card, card + (0, 44)), 2)
(5544, 0.5)
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.classify import Reading
from vision.decks import CARD_H, CARD_W
from vision.photo_find import card_proportions, covered_end
from vision.photo_fit import Edges, held_share, held_sides

GROW = 0.04  # a second look at each outline, this much bigger
COVERED = 0.4  # an unread outline this much on a card read already is part of that card
INNER = 0.6  # an outline of a card read this much smaller inside another is the card
WHOLE = 0.9  # a card with this much of every side on a real edge is whole in view, uncovered
FILL = 0.85  # a card's outline fills this much of the rectangle around it, in perspective
WITHIN = 0.9  # a card this much covered by another lies within it
HELD_MORE = 0.1  # of two places read as one card, the card's own has its sides this much
# more on real edges (of their length)
OVERSIZE = 1.7  # an outline this many times the area of a card whole in view holds more than a card


def warp_card(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card image (the canonical card's size, its face upright) of the outline
    ``quad`` (clockwise from the face's top-left corner) on ``img``."""
    # the quad's corners go to the card image's outer pixel edges (not to the centres of
    # its first pixels): its pixels then sample the card alike from either end, and a
    # card turned half round reads as it does upright
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32) - 0.5
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(img, m, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def grown_quad(quad: np.ndarray, by: float = GROW) -> np.ndarray:
    """``quad`` grown about its centre by ``by`` of its size (shrunk, for a negative
    ``by``)."""
    centre: np.ndarray = quad.mean(axis=0)
    return np.asarray(centre + (quad - centre) * (1 + by), np.float32)


def quad_area(quad: np.ndarray) -> float:
    """The area of an outline, in square pixels."""
    return float(cv2.contourArea(quad.astype(np.float32)))


def covered_share(quad: np.ndarray, by: np.ndarray) -> float:
    """The share of ``quad``'s area that lies on ``by`` (both convex).

    >>> a = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    >>> round(covered_share(a, a + (5, 0)), 2), round(covered_share(a, a + (20, 0)), 2)
    (0.5, 0.0)
    """
    area, _ = cv2.intersectConvexConvex(quad.astype(np.float32), by.astype(np.float32))
    return float(area) / max(quad_area(quad), 1.0)


def outer_outline(quad: np.ndarray, reading: Reading, found: list[tuple[Reading, np.ndarray]],
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
    >>> (outer_outline(card * 2, kc, [(kc, card + 10)]),
    ...  outer_outline(card, kc, [(kc, card * 2 - 10)]))
    (True, False)
    >>> table = np.full((300, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (50, 40), (176, 216), (240, 240, 240), -1)
    >>> whole, quarter = card * 2 + (50, 40), card + (50, 40)
    >>> found, edges = [(kc, whole), (kc, quarter)], Edges(table)
    >>> outer_outline(quarter, kc, found, edges), outer_outline(whole, kc, found, edges)
    (True, False)
    """
    if reading.card is None:
        return False
    area = quad_area(quad)
    same = [q for r, q in found if r.card is reading.card and q is not quad]
    inner = [q for q in same if covered_share(q, quad) > WITHIN
             and quad_area(q) < INNER * area]
    if edges is None:
        return bool(inner)
    own = held_share(edges, quad)
    # a part cut off by a shadow's or a box's edge is no card's own outline, however
    # well its sides lie on real edges (a shadow across an ace's big pip: the part
    # lay on real edges all round, as the whole ace did)
    if any(held_share(edges, q) >= own and not cut_off(edges, q) for q in inner):
        return True
    outer = [held_share(edges, q) for q in same if covered_share(quad, q) > WITHIN
             and INNER * quad_area(q) > area]
    return any(h > own or (h >= own and cut_off(edges, quad)) for h in outer)


def cut_off(edges: Edges, quad: np.ndarray) -> bool:
    """Does a side of ``quad`` lie on a straight edge that runs on past one of its
    ends (:func:`vision.photo_find.covered_end`): a shadow's or a box's edge across a
    card, not a card's own side, which turns at its corners?

    >>> from vision.photo_fit import Edges
    >>> table = np.full((300, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (50, 40), (176, 216), (240, 240, 240), -1)
    >>> card = np.array([[50, 40], [176, 40], [176, 216], [50, 216]], np.float32)
    >>> table[130:, 110:] //= 3  # a shadow over the card's lower right and the table
    >>> part = np.array([[110, 130], [176, 130], [176, 216], [110, 216]], np.float32)
    >>> cut_off(Edges(table), card), cut_off(Edges(table), part)
    (False, True)
    """
    for i in range(4):
        a, b, d = quad[i], quad[(i + 1) % 4], quad[(i + 3) % 4]
        across = float(np.linalg.norm(a - d))
        if across >= 8 and covered_end(edges, a, b, (a - d) / across):
            return True
    return False


def one_per_card(found: list[tuple[Reading, np.ndarray]], edges: Edges,
                  outlined: list[np.ndarray]) -> list[tuple[Reading, np.ndarray]]:
    """Drop outlines of a card already reported (a covered card's guessed whole
    outline beside its visible part, a card's outline with the table around it):
    read cards win over unread, the card's own outline over one around it, surer over
    less sure; a card read as another card than its neighbour stays. ``outlined`` are
    the cards read by their outline (not placed from an index at a guessed size): the
    photo's card size is theirs."""
    kept: list[tuple[Reading, np.ndarray]] = []
    found = [(r, q) for r, q in found if not outer_outline(q, r, found, edges)]
    found = unname_oversize(found, edges, outlined)
    for reading, quad in sorted(found, key=lambda f: (f[0].card is None, -f[0].confidence)):
        if reading.card is None and any(covered_share(quad, q) > COVERED for r, q in kept
                                        if r.card is not None):
            continue  # mostly on a card read already: a part of that card (its picture)
        # two different cards read side by side (one lying over the other) both stay
        if all(apart(quad, q) or (reading.card is not None and reading.card is not r.card)
               for r, q in kept):
            kept.append((reading, quad))
    return one_place_each(kept, edges)


def apart(a: np.ndarray, b: np.ndarray) -> bool:
    """Do two cards found lie at two places (their middles apart by more than 0.3 of
    ``b``'s diagonal), not at one?

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> apart(card, card + 20), apart(card, card + 60)
    (False, True)
    """
    return bool(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0)) > 0.3 * np.linalg.norm(b[0] - b[2]))


def one_place_each(kept: list[tuple[Reading, np.ndarray]], edges: Edges
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
    >>> [str(r.card) for r, _ in one_place_each([(kc, card), (kc, card + 130)], Edges(table))]
    ['Kc']
    >>> _ = cv2.rectangle(table, (150, 40), (276, 216), (240, 240, 240), -1)
    >>> [str(r.card) for r, _ in one_place_each([(kc, card), (kc, card + (130, 0))],
    ...                                          Edges(table))]  # both cards' own outlines
    ['None', 'None']
    """
    held = [held_share(edges, q) for _, q in kept]
    out = []
    for i, (r, q) in enumerate(kept):
        rivals = [] if r.card is None else [
            j for j, (s, _) in enumerate(kept) if j != i and s.card is r.card]
        if not rivals or all(held[i] > held[j] + HELD_MORE for j in rivals):
            out.append((r, q))
        elif not any(held[j] > held[i] + HELD_MORE for j in rivals):
            out.append((Reading(None, 0.0), q))
    return out


def card_like(quad: np.ndarray) -> bool:
    """Is an outline shaped like a card: of a card's proportions, and filling the
    rectangle around it (:data:`FILL`)? A pip's or a glyph's outline may be a narrow
    trapezoid whose surrounding rectangle has a card's proportions.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> trapezoid = np.array([[24, 0], [38, 0], [63, 88], [0, 88]], np.float32)
    >>> card_like(card), card_like(trapezoid), card_like(card * (1, 2))
    (True, False, False)
    """
    (_, _), (w, h), _ = cv2.minAreaRect(quad.astype(np.float32))
    return card_proportions(w, h) and quad_area(quad) >= FILL * w * h


def whole_in_view(quad: np.ndarray, edges: Edges) -> bool:
    """Is the card ``quad`` whole in view and uncovered: every side on a real edge?"""
    return min(held_sides(edges, quad)) >= WHOLE


def card_width(quad: np.ndarray) -> float:
    """The width of the card at ``quad``: its top side (corners clockwise from the
    face's top-left).

    >>> card_width(np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32))
    63.0
    """
    return float(np.linalg.norm(quad[1] - quad[0]))


def card_length(quad: np.ndarray) -> float:
    """The length of the card at ``quad``: its left side (corners as for
    :func:`card_width`).

    >>> card_length(np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32))
    88.0
    """
    return float(np.linalg.norm(quad[3] - quad[0]))


def at_corner(quad: np.ndarray, corner: int, width: float, length: float) -> np.ndarray:
    """The card of ``width`` by ``length`` lying in ``quad``'s ``corner`` (its sides
    along that corner's two sides; corners clockwise from the face's top-left, as
    ``quad``'s, so it reads the same way round).

    >>> quad = np.array([[0, 0], [90, 0], [90, 120], [0, 120]], np.float32)
    >>> at_corner(quad, 2, 63, 88).round().tolist()
    [[27.0, 32.0], [90.0, 32.0], [90.0, 120.0], [27.0, 120.0]]
    """
    a = quad[corner].astype(np.float32)
    across, down = quad[(corner + 1) % 4] - a, quad[(corner + 3) % 4] - a
    # the canonical top and bottom sides are the card's width; corners 1 and 3 sit at
    # the ends of a top or bottom side the other way round
    ways = (width, length) if corner % 2 == 0 else (length, width)
    across = across / max(float(np.linalg.norm(across)), 1e-6) * ways[0]
    down = down / max(float(np.linalg.norm(down)), 1e-6) * ways[1]
    out = np.empty((4, 2), np.float32)
    out[corner], out[(corner + 1) % 4] = a, a + across
    out[(corner + 2) % 4], out[(corner + 3) % 4] = a + across + down, a + down
    return out


def unname_oversize(found: list[tuple[Reading, np.ndarray]], edges: Edges,
                     sized: list[np.ndarray]) -> list[tuple[Reading, np.ndarray]]:
    """The cards of one photo are of one size: an outline read as a card but far bigger
    than a card whole in view on the same photo (of ``sized``, read by their outlines),
    and not itself on real edges all round, spans more than a card (a card, the one
    lying over it and table), so the index it was read by may be placed on another
    card: it is not named (never guess). A card placed from its index at a usual
    index-to-card size says nothing of the photo's card size (a webcam Ts's index-placed
    quarter, snapped onto its pips' edges, blanked the Ts's own outline)."""
    whole = [quad_area(q) for q in sized if whole_in_view(q, edges)]
    if not whole:
        return found
    limit = OVERSIZE * max(whole)
    return [(Reading(None, 0.0), q) if r.card is not None
            and quad_area(q) > limit
            and not whole_in_view(q, edges) else (r, q) for r, q in found]


__all__ = ["COVERED", "WITHIN", "apart", "at_corner", "card_length", "card_like",
           "card_width", "covered_share", "cut_off", "grown_quad", "one_per_card",
           "one_place_each", "outer_outline", "quad_area", "unname_oversize", "warp_card",
           "whole_in_view"]
