"""Train the still-photo glyph model (``vision/models/photo_glyphs.npz``).

Run: ``.venv/bin/python -m vision.training.train_photo [--aug 12] [--seed 0]``.

Same glyph features and network as the shoe model (:mod:`vision.corner`,
:mod:`vision.classify`), but every training card goes through what a phone or a webcam
does to a card lying on a table before :mod:`vision.photo` warps it back upright: the
card small in the frame (60-220 px wide, so the index is 10-40 px tall), any rotation,
lens blur or a little motion, sensor noise, a light gradient and a colour cast, JPEG,
and a detected outline that is a few pixels off. Only the non-held-out deck styles and
the training-only font faces are used; the held-out styles are scored at the end. Real
photos (cards-dev) are never trained on. Seeded; 15-20 minutes of one core with ``--faces``.

The faces are drawn in the fonts installed: ``apt-get install fonts-urw-base35
fonts-texgyre fonts-liberation fonts-freefont-ttf fonts-sil-charis fonts-roboto-slab
fonts-crosextra-caladea fonts-linuxlibertine fonts-sil-gentium-basic`` (the last five,
more serif faces, since session 7: a held-out deck's serif 5 was read as 3). The
committed worn model: ``--worn --faces 20 --seed 0 --out
vision/models/photo_glyphs_worn.npz`` (session 5's faces, before the narrow diamonds and
the new fonts; retrained with them in session 7 it read narrow diamonds, but the pair
read a king's picture as a sure Qh on cards-dev, so it was not committed: see
docs/vision.md).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from controller.cards import DECK_52, Card
from vision.classify import RANK_LABELS, SUIT_LABELS, IndexClassifier, labels_of
from vision.corner import canonical_corner, find_index
from vision.decks import CARD_H, CARD_W, DeckStyle, available_styles, render_face
from vision.photo_model import PHOTO_MODEL_PATH, photo_reader
from vision.table_photo import SEPIA, saved_as_jpeg
from vision.training.train_glyphs import accuracy, train_net

_OUTLINE = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)


def _table(size: int, rng: np.random.Generator) -> np.ndarray:
    """A table top: a flat colour, a light one, or a coarse texture (carpet, wood)."""
    base = rng.uniform(20, 235, 3).astype(np.float32)
    img = np.zeros((size, size, 3), np.float32) + base
    if rng.random() < 0.6:
        cells = int(rng.integers(4, 40))
        tex = cv2.resize(rng.normal(0, rng.uniform(5, 40), (cells, cells, 1)).astype(np.float32),
                         (size, size), interpolation=cv2.INTER_LINEAR)
        img += tex[:, :, None] if tex.ndim == 2 else tex
    return img


def _faded(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``face`` (BGRA) printed or lit paler: its ink moved towards the paper (a washed-out
    phone photo, a webcam's low contrast), red ink often more than black (a red printed
    thin, or lit by a warm light, is nearly the paper's colour in grey)."""
    img = face[:, :, :3].astype(np.float32)
    paper = np.percentile(img.reshape(-1, 3), 90, axis=0)
    keep = rng.uniform(0.3, 0.8)
    red = (img[:, :, 2] - img[:, :, :2].max(axis=2)) > 40
    keep_px = np.where(red, keep * rng.uniform(0.6, 1.0), keep)[:, :, None]
    out = face.copy()
    out[:, :, :3] = np.clip(paper + (img - paper) * keep_px, 0, 255).astype(np.uint8)
    return out


def _drained(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``img`` (float BGR) with its colour drained, as a dim room or a cheap webcam does
    (a fifth of its colour or less kept) or a phone's sepia filter (one tint of grey, its
    red clipped at white: red ink the tint's brown, as black ink is). In such a photo the
    ink's redness says little, and a diamond must be read as a diamond by its shape.

    >>> rng = np.random.default_rng(3)
    >>> red_ink = np.full((4, 4, 3), (40.0, 40.0, 200.0), np.float32)
    >>> b, g, r = _drained(red_ink, rng)[0, 0]
    >>> bool(r - max(g, b) < 0.4 * (200 - 40))  # far less red over green and blue
    True
    """
    grey = (img @ np.array([0.114, 0.587, 0.299], np.float32))[:, :, None]
    if rng.random() < 0.5:
        washed: np.ndarray = grey + (img - grey) * rng.uniform(0.0, 0.3)
        return washed
    tint = SEPIA.sum(axis=1) * rng.uniform(0.92, 1.08, 3).astype(np.float32)
    toned: np.ndarray = np.minimum(grey * tint, 255)
    return toned


def _smeared(img: np.ndarray, size: int, rng: np.random.Generator) -> np.ndarray:
    """``img`` smeared along a line across a ``size`` x ``size`` kernel, at any angle: the
    camera moved while the shutter was open.

    >>> img = np.zeros((21, 21, 3), np.float32); img[10, 10] = 90.0
    >>> out = _smeared(img, 9, np.random.default_rng(0))
    >>> bool(abs(float(out.sum()) - 270.0) < 1e-3), bool(out.max() < 20)
    (True, True)
    """
    kern = np.zeros((size, size), np.float32)
    kern[size // 2, :] = 1 / size
    rot = cv2.getRotationMatrix2D(((size - 1) / 2, (size - 1) / 2), rng.uniform(0, 180), 1)
    kern = np.asarray(cv2.warpAffine(kern, rot, (size, size)), np.float32)
    return np.asarray(cv2.filter2D(img, -1, kern / max(float(kern.sum()), 1e-6)))


def photo_card(face: np.ndarray, rng: np.random.Generator, harsh: bool = False,
               worn: bool = False, drained: bool = False, soft: bool = False) -> np.ndarray:
    """``face`` (BGRA, canonical size) as the photo reader would see it once warped back.

    ``harsh`` (the corner network's training): smaller cards (45-230 px wide), now and
    then one well out of focus, a phone's sharpening, JPEG down to quality 25, and an
    outline found a little outside the card as well as inside it.

    ``worn`` (the glyph model's training, session 5): also what real photos showed the
    reader that renders did not: a faded or pale-red index (:func:`_faded`) now and then,
    and an outline whose sides are off by up to 12% along one axis (a finder's outline
    of a card partly on its neighbour, a perspective fit a little off), so the index
    glyphs come back narrower or wider than printed: a real deck's narrow diamond must
    stay a diamond, not "not an index".

    ``drained`` (the corner network's training, session 39): the photo's colour drained
    (:func:`_drained`), so that red ink is told from black by its shape too.

    ``soft`` (the corner network's training, session 45): the card out of focus (a
    blur of 0.6% to 1.8% of its width more) or the camera shaken (a smear of 1.5% to 8%
    of its width), in proportion to the card: a card 150 px wide, soft, is blurred
    1-2.7 px or smeared 2-12 px more. Without it the network's sure reads were of
    small cards' blur, and a larger card's index as soft it read right but unsurely
    (a blurred or shaken four-colour index, its glyphs read surely, went unread).
    """
    if worn and rng.random() < 0.3:
        face = _faded(face, rng)
    width = rng.uniform(45, 230) if harsh else rng.uniform(60, 220)
    k = width / CARD_W
    size = int(k * np.hypot(CARD_W, CARD_H)) + 24
    m = np.asarray(cv2.getRotationMatrix2D((CARD_W / 2, CARD_H / 2), rng.uniform(0, 360), k),
                   np.float64)
    m[:, 2] += (size / 2 - CARD_W / 2, size / 2 - CARD_H / 2)
    # a little perspective: each corner of the card moved by up to ~4% of its width
    src = _OUTLINE
    dst = src @ m[:, :2].T + m[:, 2] + rng.normal(0, 0.02 * width, (4, 2))
    persp = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    warped = cv2.warpPerspective(face, persp, (size, size), flags=cv2.INTER_AREA,
                                 borderValue=(0, 0, 0, 0))
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    img = warped[:, :, :3].astype(np.float32) * alpha + _table(size, rng) * (1 - alpha)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size
    light = rng.uniform(0.5, 1.15) + rng.uniform(-0.3, 0.3) * (xx - 0.5) \
        + rng.uniform(-0.3, 0.3) * (yy - 0.5)
    cast = rng.uniform(0.8, 1.15, 3).astype(np.float32)
    img = img * light[:, :, None] * cast + rng.uniform(-15, 15)
    if rng.random() < 0.3:  # a shadow edge across the card
        cut = rng.uniform(0.2, 0.8)
        side = (xx * np.cos(a := rng.uniform(0, 6.3)) + yy * np.sin(a)) > cut
        img[side] *= rng.uniform(0.45, 0.8)
    out_of_focus = harsh and rng.random() < 0.15
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(1.3, 2.2) if out_of_focus
                           else rng.uniform(0.2, 1.3))
    if rng.random() < 0.25:
        img = _smeared(img, int(rng.integers(2, 5)), rng)
    if soft:  # (drawn from only when asked: the shards made before it stay as they were)
        if rng.random() < 0.5:
            img = np.asarray(cv2.GaussianBlur(img, (0, 0), width * rng.uniform(0.006, 0.018)))
        else:  # an odd kernel: the smear centred on the pixel it came from
            img = _smeared(img, max(3, round(width * rng.uniform(0.015, 0.08))) | 1, rng)
    img += rng.normal(0, rng.uniform(1, 7), img.shape)
    if harsh and rng.random() < 0.3:  # a phone's sharpening
        img += rng.uniform(0.3, 1.0) * (img - cv2.GaussianBlur(img, (0, 0), 1.5))
    if drained:
        img = _drained(img, rng)
    img8 = saved_as_jpeg(np.clip(img, 0, 255).astype(np.uint8),
                         int(rng.integers(25 if harsh else 35, 95)))
    # the outline the detector found: off by a pixel or two, or cut a little inside
    found = dst + rng.normal(0, 0.012 * width + 0.4, (4, 2))
    if rng.random() < 0.3:
        centre = found.mean(axis=0)
        found = centre + (found - centre) * rng.uniform(0.95, 1.0)
    elif harsh and rng.random() < 0.2:  # or a little outside it (the reader's second look)
        centre = found.mean(axis=0)
        found = centre + (found - centre) * rng.uniform(1.0, 1.05)
    if worn and rng.random() < 0.5:  # one pair of the outline's sides too far apart or too near
        centre = found.mean(axis=0)
        axis = found[1] - found[0] if rng.random() < 0.6 else found[3] - found[0]
        axis = axis / max(float(np.linalg.norm(axis)), 1e-6)
        along = (found - centre) @ axis
        found = found + np.outer(along * rng.uniform(-0.12, 0.12), axis)
    back = cv2.getPerspectiveTransform(found.astype(np.float32), _OUTLINE)
    out: np.ndarray = cv2.warpPerspective(img8, back, (CARD_W, CARD_H),
                                          flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_REPLICATE)
    return out


def _add(glyphs_src: np.ndarray, card: Card | None, rng: np.random.Generator,
         acc: tuple[list[np.ndarray], list[int], list[np.ndarray], list[int]]) -> None:
    rx, ry, sx, sy = acc
    glyphs = find_index(canonical_corner(glyphs_src), float(rng.uniform(0.38, 0.67)))
    if glyphs is None:
        return
    r_label, s_label = labels_of(card)
    if r_label is not None and not (card is not None and card.is_joker):
        rx.append(glyphs.rank_features)
        ry.append(r_label)
    sx.append(glyphs.suit_features)
    sy.append(s_label)


def inner_face(face: np.ndarray, rng: np.random.Generator, card: Card | None = None,
               part: bool = False) -> np.ndarray | None:
    """The middle of a card's face (a court card's framed picture, a number card's block
    of pips) stretched to a whole card: what a finder's outline of the picture's frame,
    or of the pips, warps upright. Its top-left is a crown, a face or a pip, never an
    index (the index lies in the card's margin, left of where the crop starts). None for
    a jumbo index, which reaches into the middle (and is printed in all four corners),
    and when the middle reads as ``card``'s own rank. ``part``: a part of the middle
    (sides drawn apart, its bottom anywhere past the middle), as a finder's outline
    of some of the pips may be.

    >>> from controller.cards import Card
    >>> from vision.decks import STYLES
    >>> inner = inner_face(render_face(STYLES["standard"], Card("Kd")), np.random.default_rng(0))
    >>> inner.shape
    (420, 300, 4)
    """
    x0, y0 = rng.uniform(0.19, 0.26) * CARD_W, rng.uniform(0.06, 0.16) * CARD_H
    if part:  # any outline inside: a part of the middle, its sides drawn apart
        x0, y0 = rng.uniform(0.14, 0.3) * CARD_W, rng.uniform(0.05, 0.3) * CARD_H
    index = find_index(canonical_corner(np.ascontiguousarray(face[:, :, :3])))
    reach = 0 if index is None else max(b[0] + b[2] for b in (index.rank_box, index.suit_box))
    if reach > x0 - 4:
        return None
    x1, y1 = CARD_W - x0 + rng.uniform(-6, 6), CARD_H - y0 + rng.uniform(-6, 6)
    if part:  # clear of the turned index in the bottom-right corner too
        x1 = min(CARD_W * rng.uniform(0.7, 0.86), CARD_W - reach - 4)
        y1 = CARD_H * rng.uniform(0.5, 0.95)
    crop = face[int(y0):int(y1), int(x0):int(x1)]
    inner = cv2.resize(crop, (CARD_W, CARD_H), interpolation=cv2.INTER_LINEAR)
    shown = find_index(canonical_corner(np.ascontiguousarray(inner[:, :, :3])))
    if shown is not None and card is not None:
        # a court card that shows its letter large in the middle (simplistic's) is read
        # by it: that is no picture
        reading = photo_reader().read(shown)
        if reading.card is not None and reading.card.rank == card.rank \
                and reading.confidence >= 0.5:
            return None
    return inner


def samples(styles: list[DeckStyle], aug: int, fonts: int, seed: int, faces: int = 0,
            worn: bool = False, pictures: int = 0
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Glyph features and labels of photo-degraded cards (and backs) of ``styles``, plus
    ``fonts`` font-drawn faces per card and ``faces`` faces per card (and backs) in many
    typefaces and suit shapes (:mod:`vision.training.photo_faces`); ``worn``: the
    degradations of :func:`photo_card` seen on real photos as well; ``pictures``: the
    middle of each court and number card stretched to a whole card (:func:`inner_face`),
    this many times per card, as "not an index" (a king's picture was read as a sure Qh,
    a ten's block of pips as As, on real photos)."""
    rng = np.random.default_rng(seed)
    acc: tuple[list[np.ndarray], list[int], list[np.ndarray], list[int]] = ([], [], [], [])
    for style in styles:
        cards: list[Card | None] = [*style.cards(), None]
        for card in cards:
            face = render_face(style, card)
            for _ in range(aug * (3 if card is None or card.is_joker else 1)):
                _add(photo_card(face, rng, worn=worn), card, rng, acc)
            if card is not None and card.rank is not None and card.rank.value != 14:  # no joker
                for _ in range(pictures):
                    if (inner := inner_face(face, rng, card)) is not None:
                        _add(photo_card(inner, rng, worn=worn), None, rng, acc)
    if fonts:
        from vision.training.font_cards import font_face

        for card in DECK_52:
            for _ in range(fonts):
                _add(photo_card(font_face(card, rng), rng, worn=worn), card, rng, acc)
    if faces:
        from vision.training.photo_faces import index_face

        for one in [*DECK_52, None]:
            for _ in range(faces * (3 if one is None else 1)):
                _add(photo_card(index_face(one, rng), rng, worn=worn), one, rng, acc)
            if one is not None and one.rank is not None and one.rank.value != 14:
                for _ in range(pictures):
                    if (inner := inner_face(index_face(one, rng), rng, one)) is not None:
                        _add(photo_card(inner, rng, worn=worn), None, rng, acc)
    return tuple(np.array(a) for a in acc)  # type: ignore[return-value]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--aug", type=int, default=12, help="photo-degraded copies per card")
    ap.add_argument("--fonts", type=int, default=30, help="font-drawn faces per card")
    ap.add_argument("--faces", type=int, default=0,
                    help="faces per card in many typefaces and suit shapes (photo_faces)")
    ap.add_argument("--worn", action="store_true",
                    help="faded and pale-red indexes, outlines off along one axis")
    ap.add_argument("--pictures", type=int, default=0,
                    help="court pictures and blocks of pips per card, as not an index")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hidden", type=int, default=96, help="hidden units per network")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--out", default=str(PHOTO_MODEL_PATH), help="where to save the weights")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    t0 = time.time()
    train = available_styles(include_held_out=False)
    held = [s for s in available_styles() if s.held_out]
    rx, ry, sx, sy = samples(train, args.aug, args.fonts, args.seed, args.faces,
                             args.worn, args.pictures)
    print(f"train styles: {', '.join(s.name for s in train)}")
    print(f"{len(ry)} rank and {len(sy)} suit samples in {time.time() - t0:.0f}s")
    rank_net = train_net(rx, ry, len(RANK_LABELS), args.seed, args.hidden, args.epochs)
    suit_net = train_net(sx, sy, len(SUIT_LABELS), args.seed + 1, args.hidden, args.epochs)
    print(f"trained in {time.time() - t0:.0f}s; train accuracy rank "
          f"{accuracy(rank_net, rx, ry):.4f} suit {accuracy(suit_net, sx, sy):.4f}")
    hx, hy, hsx, hsy = samples(held, 2, 0, args.seed + 7)
    print(f"held-out styles ({', '.join(s.name for s in held)}): rank "
          f"{accuracy(rank_net, hx, hy):.4f} suit {accuracy(suit_net, hsx, hsy):.4f}")
    out = Path(args.out)
    IndexClassifier(rank_net, suit_net).save(out)
    print(f"saved {out} ({out.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
