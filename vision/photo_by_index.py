"""Cards found by their index corners where no outline was read: a covered card, a
fanned hand, a card cut by the photo's edge (:func:`by_index`).

An index corner found on the photo (:mod:`vision.photo_index_find`) places a card: at
the size of the cards read whole on the photo, or else at a usual index-to-card ratio.
Each placing is read as a card (:func:`vision.photo_card.read_index_alone`) and kept
only when nothing on the photo says otherwise: not inside a card read already (ink
there is that card's own), not named by its other index corner as another card, one
card per place and one of each card (:mod:`vision.photo_places`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from controller.cards import Card, Rank
from vision.classify import IndexClassifier, Reading
from vision.photo_card import other_rank, read_index_alone, upside_down
from vision.photo_find import ASPECT_RANGE, sides
from vision.photo_fit import Edges, snap_sides
from vision.photo_index_find import (
    PAPER,
    SURE_PAPER,
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
from vision.photo_model import Ensemble
from vision.photo_places import (
    WITHIN,
    apart,
    card_length,
    card_like,
    card_width,
    covered_share,
    grown_quad,
    warp_card,
    whole_in_view,
)

FAR = (0.7, 0.75)  # a card's far index corner: this far across and along it, of its size
SNAP = 0.2  # a card placed from its index moves at most this much of its width to its edges
ALONG = 0.9  # an outline's sides from an index's corner run this near its across and down
SPAN_ASPECT = (1.05, 1.8)  # a card spanned by its two corners read the same (a webcam's
# view at a slant squashes it)
CORNER_NEAR = 0.2  # an index this near an outline's corner (of its width) is that card's
TWIN_STEP = 1.5  # a card's two indexes are printed the same size: within this ratio
INSIDE_STEP = 1.3  # ... an index lying on another card and printed this much bigger is its print
RESIZE = 1.25  # a card placed from its index this far off the photo's card width is resized
INDEX_MAX = 0.4  # an index's rank-to-suit distance, of its card's width, is at most (jumbo: 1/4.3)
MIDDLE = 0.5  # the middle of an unread card whole in view: this much smaller than it
PLACED_PAPER = 0.35  # a card placed from its index lies on paper (its own, or cards over
# it) over at least this share of it: not over the bare table
ONE_PLACE = 0.35  # a card's two corners place it here: within this much of its width
OWN_INDEX = 0.1  # an index this near a card read by its outline (of its size), naming it
# (or, read upside down, its 6 or 9 twin), is its own
SIDE_MARGIN = 0.02  # of two places a card may lie, one more on paper (or over the cards
# read) by this much of it is where it lies
OFF_PAPER = 0.3  # ... by this much, on a photo that shows no four-index deck (a card of
# a two-index deck, placed from its own index, lies on its own paper: no other place of
# it lies far more on paper)
TOP_PAST = (0.3, 0.9)  # a card's top side past its index: this part of it, from the corner
TOP_MORE = 0.5  # of a card's two places either side of its index, the one whose top side
# lies this much more on a real edge past the index is where it lies
TOP_NEAR = 0.02  # ... looked at within this much of the card's width of where it is placed


@dataclass
class _IndexRead:
    """One index corner tried: its reading, what it most likely names even when unsure
    (to check it against the card's other corner), and the card's outline."""

    idx: Index
    reading: Reading
    guess: Card | None
    quad: np.ndarray
    sized: bool = True  # placed at a card size the photo gives, not a usual ratio's
    # placed on an unread outline as its own: that outline's place in ``unread``, and
    # the card's place and sizing without it
    owned: tuple[int, np.ndarray, bool] | None = None
    ratio: int | None = None  # which of the usual index-to-card ratios (WIDTHS) read it


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
    return float(np.linalg.norm(p.mean(axis=0) - q.mean(axis=0))) < ONE_PLACE * card_width(p)


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


def by_index(img: np.ndarray, read: list[np.ndarray], clf: IndexClassifier | Ensemble,
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
    of one is that card's own (read as the 6 of a 9 read there, or the 9 of a 6, it is
    that card's index upside down and dropped), and one read as another card than it
    names neither (the card in ``outlined`` is unnamed in place; never guess)."""
    sized = _width_of(whole)  # a card whole in view gives the photo's card size surely
    masks: dict[float, np.ndarray] = {}

    def paper(share: float = PAPER) -> np.ndarray:  # looked at only when an index is read
        if share not in masks:
            masks[share] = paper_mask(img, share)
        return masks[share]

    def sure_paper() -> np.ndarray:  # where two places of a card are weighed
        return paper(SURE_PAPER)

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
    # card off the 5c, over the table, read 4s): an index there names a card only
    # where that card lies within the outline (a fanned hand's, card-shaped round a
    # fan of four: a 7c's index lay in its middle), checked once cards are sized
    middles = [(q, grown_quad(q, -MIDDLE)) for q in unread or []
               if whole_in_view(q, edges) and card_like(q)]
    for idx in find_indexes(img, skip=[grown_quad(q, -0.03) for q in whole]):
        width = photo_width if sized or not any(_aside(idx, q) for q in loose) else None
        if width and idx.step > INDEX_MAX * width:
            continue  # printed too big for an index of the photo's cards: pips, a picture
        quads = index_quads(idx, width) + (index_quads(idx) if width else [])
        # the cards of one photo are of one size: a card read at a usual index-to-card
        # ratio still lies where a card of the photo's size would
        record = _IndexRead(idx, Reading(None, 0.0), None, quads[0])
        readings = []
        for quad in quads:
            reading, guess = read_index_alone(warp_card(img, quad),
                                              idx.index_box(card_width(quad)), clf, threshold)
            record.guess = record.guess or guess
            readings.append(reading)
        at = _agreed(readings)
        named = readings[at].card if at is not None else None
        if named is not None and idx.sideways and named.rank is not Rank.TEN:
            at = None  # a rank glyph lying on its side names a ten only (its "10")
        if at is not None and _paper_share(paper(), quads[at]) < PLACED_PAPER:
            at = None  # placed over the bare table: a print on a card (its big centre
            # rank and suit, with the card's own corners washed out by glare) is no index
        if at is not None:
            # at a usual index-to-card size: the card's own edges, if in view
            record.reading = readings[at]
            record.quad = idx.quad(width) if width else _snapped(edges, quads[at])
            record.sized = bool(width) or record.quad is not quads[at]
            record.ratio = None if width else at
            own = None if width else _outline_of(idx, unread or [])
            if own is not None:
                record.owned = (own[0], record.quad, record.sized)
                record.quad, record.sized = own[1], True
            disputed = _disputed(record, outlined or [])
            if disputed and outlined is not None:
                record.reading = Reading(None, 0.0)
                for i in disputed:  # never guess: the outline's card is unnamed too
                    outlined[i] = (Reading(None, 0.0), outlined[i][1])
        tried.append(record)
    _unshared(tried)
    if not whole:
        _resize_to_spans(tried, edges)
        _one_ratio(tried, edges, photo_width)
    for r in tried:
        if any(inside(r.idx.rank, middle) and covered_share(r.quad, q) < WITHIN
               for q, middle in middles):
            r.reading = Reading(None, 0.0)
    _unname_pips(tried)
    covering = _outlined_once(outlined or [])
    settled = _each_card_once(tried, sure_paper, covering)
    # (settled: the photo shows a four-index deck)
    _either_side([r for r in tried if not any(r is s for s in settled)], sure_paper,
                 covering, bool(settled), edges)
    out: list[tuple[Reading, np.ndarray]] = []
    for i, r in enumerate(tried):
        if r.reading.card is None:
            continue
        owners = [(o.card, q) for o, q in outlined or []  # outlined cards it is an index of
                  if inside(r.idx.rank, grown_quad(q, OWN_INDEX))]
        if any(c is r.reading.card and covered_share(r.quad, q) < WITHIN for c, q in owners):
            # the index of a card read by its outline (any of a four-index deck's),
            # placed sticking out of it; placed inside a bigger outline, the two are one
            # card and the one on the card's own edges is kept (outer_outline)
            continue
        if any(upside_down(c, r.reading.card) for c, _ in owners):
            # a card read by its outline as a 9, its index read as a 6 of its suit: the
            # 9's own index, upside down (chips over a 9h cut its outline short of that
            # corner, which was placed as a card of its own and named 6h)
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
    return _one_of_each(out, sure_paper, covering)


def _one_of_each(found: list[tuple[Reading, np.ndarray]], lit: Callable[[], np.ndarray],
                 outlined: list[np.ndarray]) -> list[tuple[Reading, np.ndarray]]:
    """One deck holds one of each card: a card named from indexes at two places is
    kept where it likelier lies (:func:`_likelier`), at neither when neither is; named
    so at one place (:func:`apart`), it is one card, for :func:`one_per_card`. (Cards
    placed from indexes seldom lie on real edges: :func:`one_place_each` would leave
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
        for s, p in found if s.card is r.card and p is not q and apart(q, p))]


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


def _outline_of(idx: Index, unread: list[np.ndarray]) -> tuple[int, np.ndarray] | None:
    """The card an index is the index of, among outlines found and not read (the other
    corner covered, or cut by the photo's edge): one with the index at a corner, its
    sides from that corner running along the index's across and down, card-shaped
    upright under it and of a card's size for the index. The card is then placed on its
    own outline, not at a usual index-to-card ratio that may be a third too small (its
    outline left beside it as a card unread). A fanned hand's outline, its long side
    across its cards, is none of theirs. Returned: the outline's place in ``unread``,
    and its corners from the index's.

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> idx = Index(np.array([10, 14]), d, r, np.array([2, 2], np.float32), 10.0)
    >>> card = np.array([[0, 0], [66, 0], [66, 92], [0, 92]], np.float32)
    >>> i, corners = _outline_of(idx, [card + (40, 0), card[[2, 3, 0, 1]]])
    >>> i, corners.tolist()  # the second, its corners from the index's
    (1, [[0.0, 0.0], [66.0, 0.0], [66.0, 92.0], [0.0, 92.0]])
    >>> _outline_of(idx, [card + (40, 0)]) is None  # the index is not at its corner
    True
    >>> _outline_of(idx, [card[:, ::-1]]) is None  # turned a quarter: a hand's outline
    True
    """
    for i, quad in enumerate(unread):
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
        return i, card
    return None


def _unshared(tried: list[_IndexRead]) -> None:
    """An unread outline two indexes naming different cards are each placed on holds
    more than a card: it is neither's own, and each lies where it would without it (a
    nicu 8d's foot index and that of the 9c lying over it, in a four-index pile, were
    both placed on one outline half as big again as a card, round the two, and the 8d
    was reported there, off its place).

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> card = np.array([[0, 0], [66, 0], [66, 92], [0, 92]], np.float32)
    >>> def on(name, outline):
    ...     idx = Index(np.array([10, 14]), d, r, np.array([2, 2], np.float32), 10.0)
    ...     return _IndexRead(idx, Reading(Card(name), 0.99), None, card * 1.5,
    ...                       owned=(outline, card, False))
    >>> tried = [on("8d", 0), on("9c", 0), on("Ah", 1)]
    >>> _unshared(tried)
    >>> [(str(t.reading.card), t.owned is None, round(float(t.quad.max()))) for t in tried]
    [('8d', True, 92), ('9c', True, 92), ('Ah', False, 138)]
    """
    named = [(r, r.owned) for r in tried if r.owned is not None and r.reading.card is not None]
    owners: dict[int, set[Card | None]] = {}
    for r, (outline, _, _) in named:
        owners.setdefault(outline, set()).add(r.reading.card)
    for r, (outline, quad, sized) in named:
        if len(owners[outline]) > 1:
            r.quad, r.sized, r.owned = quad, sized, None


def _outlined_once(outlined: list[tuple[Reading, np.ndarray]]) -> list[np.ndarray]:
    """The outlines of the cards read by their outlines, one per card (its first): where
    a card read by one index of a four-index deck lies is weighed by how much of it lies
    over these (:func:`_likelier`), and a card found by two outlines would count twice
    (on session 50's branch it tipped an anglo 3d, read by one index, over that card).

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> kc, unread = Reading(Card("Kc"), 0.99), Reading(None, 0.0)
    >>> two = [(kc, card), (unread, card + 90), (kc, card + 2),
    ...        (Reading(Card("2d"), 0.99), card + 200)]
    >>> sorted(q[0].tolist() for q in _outlined_once(two))
    [[0.0, 0.0], [200.0, 200.0]]
    """
    return list({r.card: q for r, q in reversed(outlined) if r.card is not None}.values())


def _off(quad: np.ndarray, width: float) -> bool:
    """Is the card placed at ``quad`` :data:`RESIZE` off the card width ``width``?"""
    return bool(abs(np.log(card_width(quad) / width)) >= np.log(RESIZE))


def _width_of(cards: list[np.ndarray]) -> float | None:
    """The photo's card width, as these cards give it (their median), if any."""
    return float(np.median([card_width(q) for q in cards])) if cards else None


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
        if r.reading.card is None or not _off(r.quad, width):
            continue
        r.quad = _snapped(edges, r.idx.quad(width))
        r.sized = True


def _one_ratio(tried: list[_IndexRead], edges: Edges, width: float | None = None) -> None:
    """Cards placed from their indexes at usual index-to-card ratios (nothing on the
    photo gave the size) are of one deck, printed at one ratio: a card read at another
    ratio than most is placed again at theirs, its reading kept (a nicu 8d's index read
    only at the second ratio, the Qc's and Qd's at the first: the 8d was placed half
    again as big as they, over the Qd). With no ratio most read at (a card alone, a
    tie), the photo's card width ``width`` (of the outlines read with a paper margin,
    which may span more than a card, so not the size itself) names the ratio nearest
    it: a card placed :data:`RESIZE` off it is placed again at that ratio where that
    lies within :data:`RESIZE` of it (a nicu 4s on top of a pile, inside the 9d's
    outline read a fifth too big, read only at the second ratio, was placed half again
    too big, over the cards beside it).

    >>> from vision.photo_index_find import WIDTHS
    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> edges = Edges(np.full((400, 400, 3), 90, np.uint8))  # the bare table: no edges
    >>> def read(name, x, ratio):
    ...     idx = Index(np.array([x, 20]), d, r, np.array([x - 5, 10], np.float32), 10.0)
    ...     return _IndexRead(idx, Reading(Card(name), 0.99), None,
    ...                       idx.quad(WIDTHS[ratio] * 10.0), sized=False, ratio=ratio)
    >>> tried = [read("Qc", 20, 0), read("Qd", 120, 0), read("8d", 220, 1)]
    >>> _one_ratio(tried, edges)
    >>> [round(card_width(t.quad) / WIDTHS[0]) for t in tried]
    [10, 10, 10]
    >>> tie = [read("Qc", 20, 0), read("Qd", 120, 0), read("8d", 220, 1), read("7d", 320, 1)]
    >>> _one_ratio(tie, edges)
    >>> [t.ratio for t in tie]
    [0, 0, 1, 1]
    >>> alone = [read("4s", 20, 1)]  # the photo's outlines give a card 4.5 steps wide
    >>> _one_ratio(alone, edges, width=45.0)
    >>> alone[0].ratio, round(card_width(alone[0].quad))
    (0, 43)
    """
    placed = [r for r in tried if r.reading.card is not None and not r.sized]
    votes = Counter(r.ratio for r in placed if r.ratio is not None).most_common(2)
    most = votes[0][0] if votes and votes[0][1] >= 2 and (
        len(votes) == 1 or votes[1][1] < votes[0][1]) else None
    for r in placed:
        if most is not None:
            if r.ratio != most:
                _place_at_ratio(r, most, edges)
        elif width is not None and _off(r.quad, width):
            near = min(range(len(WIDTHS)),
                       key=lambda k: abs(np.log(WIDTHS[k] * r.idx.step / width)))
            if not _off(r.idx.quad(WIDTHS[near] * r.idx.step), width):
                _place_at_ratio(r, near, edges)


def _place_at_ratio(r: _IndexRead, ratio: int, edges: Edges) -> None:
    """Places the card of an index read again at the usual ratio ``ratio`` (of
    :data:`WIDTHS`), on its own edges if all four are in view."""
    placed_at = r.idx.quad(WIDTHS[ratio] * r.idx.step)
    r.quad, r.ratio = _snapped(edges, placed_at), ratio
    r.sized = r.quad is not placed_at  # moved onto its own edges


def _snapped(edges: Edges, quad: np.ndarray) -> np.ndarray:
    """A card placed from its index moved onto its own edges when all four are in view
    (:func:`snap_sides`), else where it was placed."""
    snapped = snap_sides(edges, quad, SNAP * card_width(quad))
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
                and inside(big.idx.rank, grown_quad(small.quad, -0.1))
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
    length = card_length(a.quad)
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
    card above, and that one was lost), at the read one's size: one card, one size (a
    nicu fan's 3s, its foot index placed at the size of a Kc's outline read a fifth too
    small, lay as much on paper there, and was placed over the Kc). ``lit``: the
    photo's paper. Returns the indexes whose card is so placed (none: the photo shows
    no four-index deck), which :func:`_either_side` leaves where they are."""
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
                there = b.idx.quad(card_width(a.quad)) if unsure else b.quad
                edge = a.idx.sides[0] + b.idx.sides[1] - b.idx.sides[0] - a.idx.sides[1]
                first = _likelier(a.quad, there, edge, lit, outlined) >= 0
                if not first and b.reading.card is None:
                    a.quad, first = there, True
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
    width = card_width(a.quad)
    card = a.idx.mirrored(width)
    return card if _one_place(card, b.idx.mirrored(width)) else None


def _more_on_paper(a: np.ndarray, b: np.ndarray, lit: Callable[[], np.ndarray]) -> float:
    """How much more of place ``a`` than of place ``b`` lies on paper (``lit``), of the
    card."""
    return _paper_share(lit(), a) - _paper_share(lit(), b)


def _likelier(a: np.ndarray, b: np.ndarray, edge: float, lit: Callable[[], np.ndarray],
              outlined: list[np.ndarray]) -> float:
    """Which of two places a card may lie is likelier (positive: ``a``): the one more
    on paper (the other reaches over the table), else more over the cards read by their
    outlines (a covered card lies under the cards that cover it, not over those it
    covers), else as ``edge`` says (the card's edge seen by the index, positive: ``a``)."""
    paper = _more_on_paper(a, b, lit)
    over = sum(covered_share(a, q) - covered_share(b, q) for q in outlined)
    return next((x for x in (paper, over) if abs(x) > SIDE_MARGIN), edge)


def _either_side(tried: list[_IndexRead], lit: Callable[[], np.ndarray],
                 outlined: list[np.ndarray], shown: bool, edges: Edges) -> None:
    """On a four-index deck an index read alone (no other of its card's) may be the
    one at the card's top right, the card lying left of it: in a fanned hand whose
    strips show the cards' right-hand sides every card was placed a card's width off,
    over its neighbours or the table. A card's top edge runs from its corner past its
    index over the card's top (:func:`_top_run`), and where it runs clearly one way
    only (:data:`TOP_MORE`), the card lies that way. Where the photo shows a
    four-index deck (``shown``: two indexes of one card), that decides; else the
    other place when that is likelier (:func:`_likelier`). Where it shows none, a card
    is placed at the other place only where it lies far more on paper there
    (:data:`OFF_PAPER`: a card lies on paper, its own; a nicu Ks's top-right index, the
    only index of it read, placed it over the bare table, a third of it on paper,
    beside where it lay), or where its top edge runs that way and its index's looks
    see a card's edge right of it and none left of it, as a top-right index's own edge
    lies (a pile's Th showing only its foot, and the 7c its foot's left-hand corner,
    each read from that index alone, were placed a card's width off, the 7c over the
    Th, both places as much on paper; a tango 7s of a two-index pile, its foot's edge
    under the 5s lying along it, has its own edge seen left of its index, and stays).
    One placed on its own outline (:func:`_outline_of`) lies there on such a photo,
    however much of it is covered (cards-dev's 2477 Qs, all but its index under
    something dark).

    >>> table = np.full((200, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (120, 40), (190, 140), (240, 240, 240), -1)
    >>> lit, edges = (lambda: np.ones((200, 300), bool)), Edges(table)  # all paper alike
    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> def alone(sides):  # the card's top-right index, read alone, placed as a top-left one
    ...     idx = Index(np.array([182, 48]), d, r, np.array([174, 40], np.float32), 10.0,
    ...                 sides=sides, ink=(-4.0, 4.0, -6.0))
    ...     return _IndexRead(idx, Reading(Card("Th"), 0.99), None, idx.quad(70.0))
    >>> def placed(read, shown):
    ...     _either_side([read], lit, [], shown, edges)
    ...     return read.quad[0].round().tolist()
    >>> placed(alone((0, 0)), True), placed(alone((0, 0)), False), placed(alone((0, 3)), False)
    ([120.0, 40.0], [174.0, 40.0], [120.0, 40.0])
    """
    named = [r for r in tried if r.reading.card is not None]
    for r in named:
        if any(t is not r and t.reading.card is r.reading.card for t in named):
            continue
        other = r.idx.mirrored(card_width(r.quad))
        runs = _top_run(edges, other, 1) - _top_run(edges, r.quad, 0)
        if shown:
            there = runs > 0 if abs(runs) >= TOP_MORE else \
                _likelier(r.quad, other, r.idx.sides[0] - r.idx.sides[1], lit, outlined) < 0
        else:
            # (a top-right index's own edge lies right of it, and none left of it)
            right_hand = r.idx.sides[0] == 0 < r.idx.sides[1] and runs >= TOP_MORE
            there = r.owned is None and (
                right_hand or _more_on_paper(other, r.quad, lit) > OFF_PAPER)
        if there:
            r.quad = other


def _top_run(edges: Edges, card: np.ndarray, corner: int) -> float:
    """How much of the top side of ``card`` (corners clockwise from its top-left) past
    the index in its ``corner`` (0: top-left, 1: top-right) lies on a real edge: its
    :data:`TOP_PAST` part, from that corner, within :data:`TOP_NEAR` of it (a card placed
    from its index lies that near its edges, two pixels at least).

    >>> table = np.full((200, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (120, 40), (190, 140), (240, 240, 240), -1)
    >>> card = np.array([[120, 40], [190, 40], [190, 140], [120, 140]], np.float32)
    >>> edges = Edges(table)
    >>> [round(_top_run(edges, card, corner), 1) for corner in (0, 1)]
    [1.0, 1.0]
    >>> round(_top_run(edges, card - (64, 0), 1), 1)  # placed a card off, left of its index
    0.0
    """
    left, right, _, normal = sides(card)[0]
    start, end = (left, right) if corner == 0 else (right, left)
    reach = max(2, round(TOP_NEAR * card_width(card)))
    offsets = np.arange(-reach, reach + 1, dtype=np.float32)
    return float(edges.support(start, end, normal, offsets, TOP_PAST).max())


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
    return inside(a.idx.rank, grown_quad(b.quad, -0.1)) \
        and inside(b.idx.rank, grown_quad(a.quad, -0.1))


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
    return inside(idx.rank, grown_quad(quad, -0.03)) and \
        min(float(np.linalg.norm(idx.corner - c)) for c in quad) > CORNER_NEAR * card_width(quad)


def _spanned(a: _IndexRead, b: _IndexRead) -> np.ndarray | None:
    """The card two index corners read as the same card span, if they can be its two
    (pointing opposite ways, each in the other's far corner: :func:`card_between`)."""
    if a.reading.card is None or a.reading.card is not b.reading.card:
        return None
    return card_between(a.idx, b.idx, SPAN_ASPECT)


__all__ = ["by_index"]
