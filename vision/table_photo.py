"""Rendered photos of cards lying on a table, for tests and the photo benchmark.

Cards of one deck style are dropped at random angles on a felt, wooden or plain
table, not touching (or fanned, or in a loose pile); the whole photo then gets some
perspective, light, blur and noise, like a phone or webcam shot from above.

>>> from controller.cards import parse_cards
>>> img, truth = table_photo(parse_cards("As Kd"), "jumbo", seed=1)
>>> img.shape, [str(c) for c, _ in truth], len(truth[0][1])
((720, 960, 3), ['As', 'Kd'], 4)
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from controller.cards import Card
from vision.corner import canonical_corner, find_index
from vision.decks import CARD_H, CARD_W, deck_style, face_on, render_face

Corners = list[tuple[float, float]]


def _table(kind: str, w: int, h: int, rng: np.random.Generator) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        grain = np.sin(xx / rng.uniform(6, 14) + 3 * np.sin(yy / rng.uniform(40, 90)))
        base = np.array([40, 80, 130], np.float32) + 25 * grain[:, :, None]
    elif kind == "felt":
        base = np.array([40, 110, 30], np.float32) + np.zeros((h, w, 1), np.float32)
    else:
        base = np.full((h, w, 3), rng.uniform(60, 150), np.float32)
    base += rng.normal(0, 6, (h, w, 1)).astype(np.float32)
    return np.asarray(base)


def _harsh(photo: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A soft shadow edge across the photo, a colour cast, and a little more blur."""
    h, w = photo.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    reach = (xx - w / 2) * np.cos(angle) + (yy - h / 2) * np.sin(angle) - rng.uniform(-0.3, 0.3) * w
    shade = 1 - rng.uniform(0.2, 0.5) / (1 + np.exp(-reach / rng.uniform(3, 30)))
    cast = rng.uniform(0.85, 1.15, 3).astype(np.float32)
    photo = photo * shade[:, :, None] * cast
    return cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.3, 1.2))


def glare(photo: np.ndarray, centre: tuple[float, float], radii: tuple[float, float],
          angle: float = 0.0, strength: float = 0.9) -> np.ndarray:
    """``photo`` (BGR) with a ceiling light's reflection on it: an elliptical highlight
    (``radii`` in pixels, turned ``angle`` radians) washing it out towards white, by
    ``strength`` at ``centre`` and falling off softly, as on glossy or plastic cards.

    >>> photo = np.full((100, 100, 3), 100, np.uint8)
    >>> out = glare(photo, (50, 50), (10, 20), strength=1.0)
    >>> int(out[50, 50, 0]), int(out[50, 90, 0]), int(out[65, 50, 0]) > int(out[50, 65, 0])
    (255, 100, True)
    >>> glare(photo, (50, 50), (0, 20))
    Traceback (most recent call last):
    ValueError: glare radii (0, 20), strength 0.9: radii must be over 0 px, strength 0 to 1
    """
    if min(radii) <= 0 or not 0 <= strength <= 1:
        raise ValueError(f"glare radii {radii}, strength {strength}: radii must be over 0 px, "
                         f"strength 0 to 1")
    h, w = photo.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = xx - centre[0], yy - centre[1]
    u = (dx * np.cos(angle) + dy * np.sin(angle)) / radii[0]
    v = (-dx * np.sin(angle) + dy * np.cos(angle)) / radii[1]
    light = (np.exp(-((u * u + v * v) ** 1.5)) * strength)[:, :, None]
    out = photo.astype(np.float32)
    return np.asarray((out + (255 - out) * light).clip(0, 255).astype(np.uint8))


def index_spot(corners: Corners | np.ndarray, far: bool = False) -> np.ndarray:
    """Where a card's index lies on the photo, of its true corners (clockwise from the
    face's top-left): its top-left index, or (``far``) the one turned half round.

    >>> card = [(0, 0), (100, 0), (100, 140), (0, 140)]
    >>> [round(float(v), 1) for v in index_spot(card)], [round(float(v), 1) for v in
    ...                                                  index_spot(card, far=True)]
    ([18.0, 19.6], [82.0, 120.4])
    """
    pts = np.asarray(corners, np.float32)
    k = 2 if far else 0
    return np.asarray(pts[k] + 0.18 * (pts[k + 1] - pts[k]) + 0.14 * (pts[(k + 3) % 4] - pts[k]))


def slanted(photo: np.ndarray, truth: list[tuple[Card, Corners]], slant: float,
            towards: float = 0.0, focal: float = 0.9, wider: float = 1.0
            ) -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """``photo`` (taken square to the table) as a camera moved ``slant`` degrees round
    the table's middle would take it, still aimed there: a phone held at a slant, from
    the side of the table at ``towards`` degrees (0: the photo's right, 90: its bottom,
    nearest the camera and drawn largest). The lens's focal length
    is ``focal`` of the photo's width, the slanted camera's ``wider`` times shorter
    (more of the table in view). ``truth``'s corners move with the photo.

    >>> img = np.zeros((300, 400, 3), np.uint8)
    >>> card = [(150.0, 100.0), (250.0, 100.0), (250.0, 240.0), (150.0, 240.0)]
    >>> _, [(_, moved)] = slanted(img, [(Card("As"), card)], 30, towards=90)
    >>> top, bottom = moved[1][0] - moved[0][0], moved[2][0] - moved[3][0]
    >>> round(top), round(bottom)  # the card's far end looks narrower
    (94, 114)
    >>> slanted(img, [], 75)
    Traceback (most recent call last):
    ValueError: slant 75 degrees: a photo of the table is taken 0 to 60 degrees from overhead
    """
    if not 0 <= slant <= 60:
        raise ValueError(f"slant {slant} degrees: a photo of the table is taken 0 to 60 "
                         f"degrees from overhead")
    h, w = photo.shape[:2]
    f = focal * w
    # the table's plane (z = 0) seen from straight above at distance 1, and after the
    # camera turned round its middle about an axis across ``towards`` (a true perspective)
    above = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    lean = np.radians(towards) + np.pi / 2
    axis = np.array([np.cos(lean), np.sin(lean), 0.0]) * np.radians(slant)
    view = np.diag([1.0, 1.0, -1.0]) @ cv2.Rodrigues(axis)[0].T
    lens = np.array([[f * wider, 0, w / 2], [0, f * wider, h / 2], [0, 0, 1]])
    move = lens @ np.column_stack([view[:, 0], view[:, 1], [0.0, 0.0, 1.0]]) @ np.linalg.inv(above)
    out = cv2.warpPerspective(photo, move, (w, h), borderMode=cv2.BORDER_REPLICATE)
    moved = [(c, [(float(x), float(y)) for x, y in cv2.perspectiveTransform(
        np.array([corners], np.float64), move)[0]]) for c, corners in truth]
    return out, moved


def shaken(photo: np.ndarray, length: int, angle: float = 0.0) -> np.ndarray:
    """``photo`` as taken while the camera moved ``length`` px along ``angle`` degrees
    (a hand's shake, a slow shutter in a dim room): every edge across the move smeared.

    >>> img = np.zeros((20, 20, 3), np.uint8); img[:, 10:] = 200
    >>> [int(v) for v in shaken(img, 5)[10, 7:13, 0]]
    [0, 40, 80, 120, 160, 200]
    >>> shaken(img, 0)
    Traceback (most recent call last):
    ValueError: a shake of 0 px: give a length of 1 px or more
    """
    if length < 1:
        raise ValueError(f"a shake of {length} px: give a length of 1 px or more")
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1
    turn = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), angle, 1)
    turned = np.asarray(cv2.warpAffine(kernel, turn, (length, length)))
    return np.asarray(cv2.filter2D(photo, -1, turned / turned.sum()))


def bowed(photo: np.ndarray, bend: float, seed: int = 0) -> np.ndarray:
    """``photo`` with its cards not lying flat (bowed by play, or an old deck warped):
    a smooth ripple moves every pixel up to ``bend`` px, over waves of 250 to 500 px, so
    a card's straight edges bend and its outline fits its corners only roughly; the
    light falls across each bend unevenly too. A true corner moves at most ``bend`` px.

    >>> img = np.zeros((300, 400, 3), np.uint8); img[:, 200:] = 200
    >>> out = bowed(img, 8, seed=1)
    >>> edge = [int(np.argmax(row[:, 0] > 50)) for row in out[::50]]
    >>> max(edge) - min(edge) > 3, all(abs(x - 200) <= 9 for x in edge)
    (True, True)
    >>> bowed(img, 0)
    Traceback (most recent call last):
    ValueError: a bend of 0 px: give 1 px or more
    """
    if bend < 1:
        raise ValueError(f"a bend of {bend:g} px: give 1 px or more")
    rng = np.random.default_rng(seed)
    h, w = photo.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    wave = rng.uniform(250, 500, 4).astype(np.float32)
    phase = rng.uniform(0, 2 * np.pi, 4).astype(np.float32)

    def ripple(a: np.ndarray, b: np.ndarray, i: int, j: int) -> np.ndarray:
        out: np.ndarray = np.sin(2 * np.pi * a / wave[i] + phase[i]) \
            * np.cos(2 * np.pi * b / wave[j] + phase[j])
        return out

    dx, dy = bend * ripple(yy, xx, 0, 1), bend * ripple(xx, yy, 2, 3)
    moved = cv2.remap(photo.astype(np.float32), xx + dx, yy + dy, cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_REPLICATE)
    # a bend's slope faces the lamp more or less: the sideways ripple turned a quarter
    # wave shades each bend (1.6% per px of bend)
    shade = 1 + min(0.016 * bend, 0.25) * ripple(xx, yy, 1, 0)
    out: np.ndarray = np.clip(moved * shade[:, :, None], 0, 255).astype(np.uint8)
    return out


def dimmed(photo: np.ndarray, gain: float, noise: float, seed: int = 0) -> np.ndarray:
    """``photo`` as taken in a dim room with the exposure set for a bright one: ``gain``
    of its brightness, and a dim sensor's noise (``noise`` grey levels, drawn from
    ``seed``).

    >>> img = np.full((10, 10, 3), 200, np.uint8)
    >>> int(dimmed(img, 0.3, 0.0)[5, 5, 0])
    60
    >>> dimmed(img, 1.5, 4.0)
    Traceback (most recent call last):
    ValueError: dimmed by 1.5, noise 4.0: give a gain over 0 up to 1, a noise of 0 or more
    """
    if not 0 < gain <= 1 or noise < 0:
        raise ValueError(f"dimmed by {gain}, noise {noise}: give a gain over 0 up to 1, a "
                         f"noise of 0 or more")
    rng = np.random.default_rng(seed)
    out = photo.astype(np.float32) * gain + rng.normal(0, noise, photo.shape)
    return np.asarray(out.clip(0, 255).astype(np.uint8))


# the classic sepia filter (rows B, G, R of the BGR photo), as photo apps apply it
SEPIA = np.array([[0.131, 0.534, 0.272], [0.168, 0.686, 0.349], [0.189, 0.769, 0.393]],
                 np.float32)


def sepia(photo: np.ndarray, quality: int = 85) -> np.ndarray:
    """``photo`` through a phone's sepia filter (its red clipped at white), saved as a
    JPEG of ``quality``: one tint of grey, white paper cream, red ink brown as black
    ink is.

    >>> img = np.full((16, 16, 3), (60, 60, 190), np.uint8)  # red ink
    >>> b, g, r = (int(v) for v in sepia(img)[8, 8])
    >>> r > g > b, abs(r / b - 1.44) < 0.1  # the tint's brown, its hue the same as black's
    (True, True)
    """
    return saved_as_jpeg(np.clip(photo.astype(np.float32) @ SEPIA.T, 0, 255)
                         .astype(np.uint8), quality)


def saved_as_jpeg(photo: np.ndarray, quality: int) -> np.ndarray:
    """``photo`` as a phone or webcam saves it: a JPEG of ``quality``, decoded again."""
    ok, jpg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    saved = cv2.imdecode(jpg, cv2.IMREAD_COLOR) if ok else None
    return photo if saved is None else np.asarray(saved)


BRIDGE = 57 / 63  # a bridge-size card's width, of a poker card's (both 88 mm long)


def mirrored(photo: np.ndarray, truth: list[tuple[Card, Corners]]
             ) -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """``photo`` as a camera that saves what its preview shows takes it (a Mac's Photo
    Booth, a selfie camera, a webcam app): mirrored left to right, each card's corners
    where the mirrored photo shows them, in the same order (clockwise on the card's
    face, which the photo shows the wrong way round).

    >>> photo = np.zeros((4, 10, 3), np.uint8); photo[0, 0] = 255
    >>> flipped, truth = mirrored(photo, [(Card("As"), [(0.0, 0.0), (2.0, 0.0)])])
    >>> int(flipped[0, 9, 0]), truth[0][1]
    (255, [(9.0, 0.0), (7.0, 0.0)])
    """
    w = photo.shape[1]
    return (np.ascontiguousarray(photo[:, ::-1]),
            [(card, [(w - 1 - x, y) for x, y in corners]) for card, corners in truth])


def _squeezed(face: np.ndarray, narrow: int) -> np.ndarray:
    """A card face (BGRA) drawn ``narrow`` pixels wide, centred on a transparent face of
    the usual width.

    >>> face = np.full((CARD_H, CARD_W, 4), 255, np.uint8)
    >>> out = _squeezed(face, 271)
    >>> out.shape, [int(out[0, x, 3]) for x in (13, 14, 284, 285)]
    ((420, 300, 4), [0, 255, 255, 0])
    """
    if narrow == face.shape[1]:
        return face
    out = np.zeros_like(face)
    x0 = (face.shape[1] - narrow) // 2
    out[:, x0:x0 + narrow] = cv2.resize(face, (narrow, face.shape[0]),
                                        interpolation=cv2.INTER_AREA)
    return out


def table_photo(cards: Sequence[Card | None], style: str, seed: int = 0,
                size: tuple[int, int] = (960, 720), table: str | None = None,
                card_height: tuple[float, float] = (200.0, 300.0), harsh: bool = False,
                width: float = 1.0, back: np.ndarray | None = None, indexes: int = 2
                ) -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """A photo (BGR) and, per card face up, its four corners (clockwise from the face's
    top-left).

    ``harsh`` adds what a phone or a webcam does to the photo besides: a shadow across
    part of the table, a colour cast, more blur, and JPEG compression. ``width`` is the
    cards' width as a share of a poker card's: :data:`BRIDGE` for bridge-size cards
    (57 x 88 mm), whose faces are drawn squeezed across. A card given as None lies face
    down (a folded hand, the deck): the deck's back, or ``back`` (BGRA, as
    ``owndecks.drawn_backs`` draws them) for a back of no deck style. ``indexes``: 4
    draws the deck as a four-index deck (:func:`four_index`).

    >>> from controller.cards import parse_cards
    >>> img, truth = table_photo([*parse_cards("As Kd"), None, None], "tango", seed=4)
    >>> [str(c) for c, _ in truth]
    ['As', 'Kd']
    >>> table_photo([None], "tango", back=np.zeros((420, 300, 3), np.uint8))
    Traceback (most recent call last):
    ValueError: a card back is drawn as BGRA, 420 x 300 px (rows x columns x 4), not (420, 300, 3)
    >>> table_photo([None], "tango", indexes=3)  # refused with no face up to draw, too
    Traceback (most recent call last):
    ValueError: 3 indexes: a deck prints its index in 2 corners or in all 4
    """
    if back is not None and back.shape != (CARD_H, CARD_W, 4):
        raise ValueError(f"a card back is drawn as BGRA, {CARD_H} x {CARD_W} px (rows x "
                         f"columns x 4), not {back.shape}")
    if indexes not in (2, 4):
        raise ValueError(f"{indexes} indexes: a deck prints its index in 2 corners or in all 4")
    if not 0.5 <= width <= 1.0:
        raise ValueError(f"card width {width} is no card's: give it as a share of a poker "
                         f"card's width, 0.5 to 1 (bridge size: {BRIDGE:.3f})")
    rng = np.random.default_rng(seed)
    w, h = size
    kind = table or ("wood", "felt", "plain")[int(rng.integers(3))]
    photo = _table(kind, w, h, rng)
    placed: list[tuple[float, float, float]] = []
    truth: list[tuple[Card, Corners]] = []
    deck = deck_style(style)
    narrow = round(CARD_W * width)
    x0 = (CARD_W - narrow) // 2  # the face drawn narrower, centred as _squeezed does
    for card in cards:
        face = _squeezed(_face(style, card, indexes) if card is not None else
                         render_face(deck, None) if back is None else back,
                         narrow)
        k = rng.uniform(*card_height) / CARD_H
        radius = 0.5 * k * np.hypot(CARD_W, CARD_H)
        for _ in range(200):  # find a spot clear of the other cards
            cx, cy = rng.uniform(radius, w - radius), rng.uniform(radius, h - radius)
            if all(np.hypot(cx - x, cy - y) > radius + r for x, y, r in placed):
                break
        else:
            continue
        placed.append((cx, cy, radius))
        m = cv2.getRotationMatrix2D((CARD_W / 2, CARD_H / 2), rng.uniform(0, 360), k)
        m[:, 2] += (cx - CARD_W / 2, cy - CARD_H / 2)
        warped = cv2.warpAffine(face, m, (w, h), flags=cv2.INTER_AREA)
        alpha = warped[:, :, 3:4].astype(np.float32) / 255
        photo = photo * (1 - alpha) + warped[:, :, :3].astype(np.float32) * alpha
        pts = np.array([[x0, 0], [x0 + narrow, 0], [x0 + narrow, CARD_H], [x0, CARD_H]],
                       np.float32)
        if card is not None:
            truth.append((card, [(float(x), float(y)) for x, y in pts @ m[:, :2].T + m[:, 2]]))
    # a camera not quite square to the table (the table's edge pixels fill the border:
    # a reflected border would hold mirror images of cards near the edge)
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    inward = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]])  # keep every card in view
    dst = (src + inward * rng.uniform(0, 0.08, (4, 2)) * (w, h)).astype(np.float32)
    persp = cv2.getPerspectiveTransform(src, dst)
    photo = cv2.warpPerspective(photo, persp, (w, h), borderMode=cv2.BORDER_REPLICATE)
    gain = 1 + rng.uniform(-0.25, 0.1) + rng.uniform(-0.2, 0.2) * (np.mgrid[0:h, 0:w][1] / w
                                                                   - 0.5)
    photo = photo * gain[:, :, None].astype(np.float32)
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.3, 1.0))
    photo += rng.normal(0, rng.uniform(1, 5), photo.shape).astype(np.float32)
    if harsh:
        photo = _harsh(photo, rng)
    out = np.clip(photo, 0, 255).astype(np.uint8)
    if harsh:
        out = saved_as_jpeg(out, int(rng.integers(45, 90)))
    moved = [(c, [tuple(map(float, cv2.perspectiveTransform(np.array([[p]], np.float32),
                                                            persp)[0, 0])) for p in pts])
             for c, pts in truth]
    return out, moved  # type: ignore[return-value]


def four_index(face: np.ndarray) -> np.ndarray:
    """``face`` (BGRA) as a four-index deck prints it: its index in all four corners,
    the top-left one printed again at the top right (upright, as far from that edge)
    and the foot's at the bottom left. Many poker decks are printed so, for a hand held
    in either hand; the project's decks have two.

    >>> from vision.decks import STYLES, render_face
    >>> face = render_face(STYLES["jumbo"], Card("Kd"))
    >>> four = four_index(face)
    >>> ink = lambda corner: int((corner[:, :, :3].min(axis=2) < 100).sum())
    >>> ink(face[10:120, -90:-10]), ink(four[10:120, -90:-10]) > 2000  # its top right
    (0, True)
    >>> ink(face[-120:-10, 10:90]), ink(four[-120:-10, 10:90]) > 2000  # its bottom left
    (0, True)
    """
    out = _index_again(face)
    return np.ascontiguousarray(np.rot90(_index_again(np.rot90(out, 2)), 2))


def _index_again(face: np.ndarray) -> np.ndarray:
    """``face`` with its top-left index (and the paper round it) printed again at its
    top right, as far from the right edge as it is from the left."""
    glyphs = find_index(canonical_corner(face_on(face, (250, 250, 246))))
    if glyphs is None:
        return face
    boxes = (glyphs.rank_box, glyphs.suit_box)
    x0 = max(min(b[0] for b in boxes) - 3, 0)
    y0 = max(min(b[1] for b in boxes) - 3, 0)
    x1 = max(b[0] + b[2] for b in boxes) + 3
    y1 = max(b[1] + b[3] for b in boxes) + 3
    out = face.copy()
    to = out[y0:y1, CARD_W - x1:CARD_W - x0]
    on_card = to[:, :, 3:4] > 0
    to[:, :, :3] = np.where(on_card, face[y0:y1, x0:x1, :3], to[:, :, :3])
    return out


def _face(style: str, card: Card, indexes: int) -> np.ndarray:
    """The face of ``card`` in ``style``, printed with 2 or 4 indexes.

    >>> _face("jumbo", Card("Kd"), 3)
    Traceback (most recent call last):
    ValueError: 3 indexes: a deck prints its index in 2 corners or in all 4
    """
    if indexes not in (2, 4):
        raise ValueError(f"{indexes} indexes: a deck prints its index in 2 corners or in all 4")
    face = render_face(deck_style(style), card)
    return four_index(face) if indexes == 4 else face


def fan_photo(cards: Sequence[Card], style: str, seed: int = 0,
              size: tuple[int, int] = (960, 720), card_height: float = 260.0,
              spread: float = 0.3, indexes: int = 2
              ) -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """A hand spread on the table, each card lying over the one before it and leaving
    ``spread`` of that card's width in view (its top-left index among it); the photo
    and every card's whole outline, as :func:`table_photo` gives them. ``indexes``: 4
    draws the deck as a four-index deck (:func:`four_index`).

    >>> from controller.cards import parse_cards
    >>> img, truth = fan_photo(parse_cards("As Kd 7c"), "tango", seed=2)
    >>> img.shape, [str(c) for c, _ in truth]
    ((720, 960, 3), ['As', 'Kd', '7c'])
    """
    rng = np.random.default_rng(seed)
    w, h = size
    photo = _table(("wood", "felt", "plain")[int(rng.integers(3))], w, h, rng)
    k = card_height / CARD_H
    angle = rng.uniform(0, 360)
    step = np.array([np.cos(np.radians(-angle)), np.sin(np.radians(-angle))]) \
        * spread * CARD_W * k
    centre = np.array([w / 2, h / 2]) - step * (len(cards) - 1) / 2
    pts = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    truth: list[tuple[Card, Corners]] = []
    for i, card in enumerate(cards):
        m = np.asarray(cv2.getRotationMatrix2D((CARD_W / 2, CARD_H / 2), angle, k), np.float64)
        m[:, 2] += centre + i * step - (CARD_W / 2, CARD_H / 2)
        warped = cv2.warpAffine(_face(style, card, indexes), m, (w, h), flags=cv2.INTER_AREA)
        alpha = warped[:, :, 3:4].astype(np.float32) / 255
        # a thin shadow along the card's edge, as a card lying on another casts
        shadow = cv2.GaussianBlur(alpha, (0, 0), 2)[:, :, None] * 0.25
        photo = photo * (1 - shadow) * (1 - alpha) + warped[:, :, :3].astype(np.float32) * alpha
        truth.append((card, [(float(x), float(y)) for x, y in pts @ m[:, :2].T + m[:, 2]]))
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.3, 1.0))
    photo += rng.normal(0, rng.uniform(1, 4), photo.shape).astype(np.float32)
    return np.clip(photo, 0, 255).astype(np.uint8), truth


INDEX_CORNER = (0.12, 0.24)  # of the face's width and height: where an index is printed
IN_VIEW = 0.8  # an index this much clear of the cards over it can be read


def _index_in_view(corners: np.ndarray, over: list[np.ndarray]) -> bool:
    """Does either index corner of the card ``corners`` lie clear of the cards ``over``
    it (all but a sliver at its edge)?

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    >>> _index_in_view(card, [card + (40, 0)])  # its left half in view
    True
    >>> _index_in_view(card, [card + (10, 0), card - (90, 0)])  # only its middle
    False
    """
    w, h = INDEX_CORNER
    grid = np.stack(np.meshgrid(np.linspace(0, w, 5), np.linspace(0, h, 5)), -1).reshape(-1, 2)
    full = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_photo = cv2.getPerspectiveTransform(full, corners.astype(np.float32))
    for corner in (grid, 1 - grid):  # the top-left index and the one turned round
        pts = cv2.perspectiveTransform(corner[None].astype(np.float32), to_photo)[0]
        clear = [all(cv2.pointPolygonTest(q.astype(np.float32), (float(x), float(y)), False) < 0
                     for q in over) for x, y in pts]
        if np.mean(clear) >= IN_VIEW:
            return True
    return False


def pile_photo(cards: Sequence[Card], style: str, seed: int = 0,
               size: tuple[int, int] = (960, 720), card_height: float = 240.0,
               indexes: int = 2) -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """Cards dropped in a loose pile: each lies partly over one dropped before, at any
    angle, as they land at a showdown. The photo, and the cards that still show an
    index corner whole (a card with both covered cannot be read by anyone), each with
    its whole outline as :func:`table_photo` gives it. ``indexes``: 4 draws the deck as
    a four-index deck (:func:`four_index`; a card is still scored only with one of its
    usual two indexes in view).

    >>> from controller.cards import parse_cards
    >>> img, truth = pile_photo(parse_cards("As Kd 7c 2h"), "tango", seed=3)
    >>> img.shape, 2 <= len(truth) <= 4, str(truth[-1][0])
    ((720, 960, 3), True, '2h')
    """
    rng = np.random.default_rng(seed)
    w, h = size
    photo = _table(("wood", "felt", "plain")[int(rng.integers(3))], w, h, rng)
    k = card_height / CARD_H
    radius = 0.5 * k * np.hypot(CARD_W, CARD_H)
    pts = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    placed: list[tuple[Card, np.ndarray]] = []
    for card in cards:
        centre = np.array([w / 2, h / 2])
        if placed:  # beside one dropped already, over part of it
            under = placed[int(rng.integers(len(placed)))][1].mean(axis=0)
            turn = rng.uniform(0, 2 * np.pi)
            centre = under + rng.uniform(0.5, 1.0) * CARD_W * k * np.array(
                [np.cos(turn), np.sin(turn)])
        centre = np.clip(centre, radius, (w - radius, h - radius))
        m = cv2.getRotationMatrix2D((CARD_W / 2, CARD_H / 2), rng.uniform(0, 360), k)
        m[:, 2] += centre - (CARD_W / 2, CARD_H / 2)
        warped = cv2.warpAffine(_face(style, card, indexes), m, (w, h), flags=cv2.INTER_AREA)
        alpha = warped[:, :, 3:4].astype(np.float32) / 255
        shadow = cv2.GaussianBlur(alpha, (0, 0), 2)[:, :, None] * 0.25
        photo = photo * (1 - shadow) * (1 - alpha) + warped[:, :, :3].astype(np.float32) * alpha
        placed.append((card, (pts @ m[:, :2].T + m[:, 2]).astype(np.float32)))
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.3, 1.0))
    photo += rng.normal(0, rng.uniform(1, 4), photo.shape).astype(np.float32)
    truth = [(card, [(float(x), float(y)) for x, y in q]) for i, (card, q) in enumerate(placed)
             if _index_in_view(q, [o for _, o in placed[i + 1:]])]
    return np.clip(photo, 0, 255).astype(np.uint8), truth


CHIP = 39 / 89  # a poker chip's diameter, of a card's length (39 mm, 89 mm)
CHIP_COLOURS = {"white": (235, 235, 235), "red": (40, 40, 190), "blue": (160, 70, 30),
                "green": (60, 130, 40), "black": (35, 35, 35)}  # BGR
DENOMINATIONS = ("1", "5", "25", "100", "500")


def _chip(radius: float, colour: tuple[int, int, int], value: str, turn: float,
          rng: np.random.Generator) -> np.ndarray:
    """One poker chip seen from above (BGRA, a square a few px over ``2 * radius``): a disc
    of ``colour`` with contrasting spots round its edge, a thin ring, and a pale inlay
    with its denomination printed on it, turned ``turn`` degrees."""
    size = int(np.ceil(2 * radius)) + 4
    c = size / 2
    scale = 8  # drawn large and shrunk, for smooth edges
    big = np.zeros((size * scale, size * scale, 4), np.uint8)
    at = (int(c * scale), int(c * scale))
    r = radius * scale
    cv2.circle(big, at, int(r), (*colour, 255), -1, cv2.LINE_AA)
    pale = colour == CHIP_COLOURS["white"]
    spot = (40, 40, 190, 255) if pale else (240, 240, 240, 255)
    spots = int(rng.choice([4, 6, 8]))
    for k in range(spots):
        a0 = 360 * k / spots + turn
        cv2.ellipse(big, at, (int(r), int(r)), 0, a0, a0 + 180 / spots * 0.7, spot, -1,
                    cv2.LINE_AA)
    cv2.circle(big, at, int(0.76 * r), (*colour, 255), -1, cv2.LINE_AA)
    cv2.circle(big, at, int(0.72 * r), spot, max(1, int(0.03 * r)), cv2.LINE_AA)
    inlay = tuple(int(v) for v in rng.uniform(200, 245, 3))
    cv2.circle(big, at, int(0.62 * r), (*inlay, 255), -1, cv2.LINE_AA)
    font = (cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_SIMPLEX,
            cv2.FONT_HERSHEY_TRIPLEX)[int(rng.integers(3))]
    (tw, th), _ = cv2.getTextSize(value, font, 1.0, 2)
    fit = 0.8 * r / max(tw, th * 1.2)
    ink = (20, 20, 20, 255) if rng.random() < 0.5 else (*colour, 255)
    if pale and ink[:3] == colour:
        ink = (40, 40, 190, 255)
    (tw, th), _ = cv2.getTextSize(value, font, fit, max(1, int(2 * fit)))
    text = np.zeros_like(big)
    cv2.putText(text, value, (at[0] - tw // 2, at[1] + th // 2), font, fit, ink,
                max(1, int(2.2 * fit)), cv2.LINE_AA)
    turned = np.asarray(cv2.warpAffine(text, cv2.getRotationMatrix2D(at, turn, 1.0),
                                       big.shape[1::-1]))
    ta = turned[:, :, 3:4].astype(np.float32) / 255
    big = (big * (1 - ta) + turned * ta).astype(np.uint8)
    return np.asarray(cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA))


def chipped(photo: np.ndarray, truth: list[tuple[Card, Corners]], count: int,
            seed: int = 0, over_cards: float = 0.5
            ) -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """``photo`` with ``count`` poker chips dropped on the table (``over_cards`` of them
    on a card, the rest anywhere), as a showdown photo at a poker table shows them:
    round, striped at the edge, a number printed in the middle. The photo, and the
    cards of ``truth`` that still show an index corner whole.

    >>> from controller.cards import parse_cards
    >>> img, truth = table_photo(parse_cards("As Kd"), "tango", seed=1)
    >>> out, shown = chipped(img, truth, 4, seed=2)
    >>> out.shape == img.shape, bool((out != img).any())
    (True, True)
    >>> out, shown = chipped(img, truth, 0)
    >>> bool((out == img).all()), [str(c) for c, _ in shown]
    (True, ['As', 'Kd'])
    >>> _, shown = chipped(img, truth, 60, seed=2, over_cards=1.0)  # cards buried
    >>> len(shown) < 2
    True
    >>> chipped(img, truth, -1)
    Traceback (most recent call last):
    ValueError: -1 chips, 0.5 of them on cards: give 0 chips or more, a share of 0 to 1
    """
    if count < 0 or not 0 <= over_cards <= 1:
        raise ValueError(f"{count} chips, {over_cards} of them on cards: give 0 chips or "
                         f"more, a share of 0 to 1")
    rng = np.random.default_rng(seed)
    h, w = photo.shape[:2]
    sides = [np.linalg.norm(np.subtract(q[1], q[2])) for _, q in truth]
    radius = CHIP / 2 * (float(np.mean(sides)) if sides else h / 3)
    out: np.ndarray = photo.astype(np.float32)
    discs: list[np.ndarray] = []
    for _ in range(count):
        if truth and rng.random() < over_cards:
            q = np.asarray(truth[int(rng.integers(len(truth)))][1], np.float32)
            u, v = rng.uniform(0, 1, 2)
            centre = q[0] + u * (q[1] - q[0]) + v * (q[3] - q[0])
        else:
            centre = rng.uniform((radius, radius), (w - radius, h - radius))
        colour = list(CHIP_COLOURS.values())[int(rng.integers(len(CHIP_COLOURS)))]
        size = radius * rng.uniform(0.95, 1.05)
        face = _chip(size, colour, DENOMINATIONS[int(rng.integers(len(DENOMINATIONS)))],
                     rng.uniform(0, 360), rng)
        n = face.shape[0]
        m = np.array([[1, 0, centre[0] - n / 2], [0, 1, centre[1] - n / 2]], np.float32)
        placed = cv2.GaussianBlur(cv2.warpAffine(face, m, (w, h), flags=cv2.INTER_LINEAR),
                                  (0, 0), 0.7)
        alpha = placed[:, :, 3:4].astype(np.float32) / 255
        # a chip stands off the table: a soft shadow beside it
        shade = cv2.warpAffine(alpha, np.array([[1, 0, 0.08 * radius], [0, 1, 0.08 * radius]],
                                               np.float32), (w, h))
        shade = cv2.GaussianBlur(shade, (0, 0), 0.1 * radius)[:, :, None] * 0.35
        out = out * (1 - shade) * (1 - alpha) + placed[:, :, :3].astype(np.float32) * alpha
        ring = np.linspace(0, 2 * np.pi, 24, endpoint=False)
        discs.append(np.stack([centre[0] + size * np.cos(ring),
                               centre[1] + size * np.sin(ring)], -1).astype(np.float32))
    shown = [(card, q) for card, q in truth if _index_in_view(np.asarray(q, np.float32), discs)]
    return np.clip(out, 0, 255).astype(np.uint8), shown


FINGER = (0.26, 0.38)  # a fingertip's width, of a card's (16-24 mm, 63 mm)
SKIN = ((120, 150, 205), (95, 125, 185), (70, 100, 150), (55, 75, 110), (140, 165, 220))  # BGR


def fingered(photo: np.ndarray, truth: list[tuple[Card, Corners]], count: int,
             seed: int = 0) -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """``photo`` with ``count`` fingers reaching in over the cards, as a player's hand
    points at or holds down a card at a showdown: each a rounded, shaded strip of skin
    from off the card to a fingertip (a paler nail on it) lying near a card's corner,
    where its index is, with a soft shadow beside it. The photo, and the cards of
    ``truth`` that still show an index corner whole.

    >>> from controller.cards import parse_cards
    >>> img, truth = table_photo(parse_cards("As Kd"), "tango", seed=1)
    >>> out, shown = fingered(img, truth, 2, seed=2)
    >>> out.shape == img.shape, bool((out != img).any()), len(shown) <= 2
    (True, True, True)
    >>> out, shown = fingered(img, truth, 0)
    >>> bool((out == img).all()), [str(c) for c, _ in shown]
    (True, ['As', 'Kd'])
    >>> fingered(img, truth, -1)
    Traceback (most recent call last):
    ValueError: -1 fingers: give 0 fingers or more
    """
    if count < 0:
        raise ValueError(f"{count} fingers: give 0 fingers or more")
    rng = np.random.default_rng(seed)
    h, w = photo.shape[:2]
    widths = [np.linalg.norm(np.subtract(q[1], q[0])) for _, q in truth]
    card_w = float(np.mean(widths)) if widths else w / 6
    out = photo.astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    fingers: list[np.ndarray] = []
    for _ in range(count):
        if truth:
            q = np.asarray(truth[int(rng.integers(len(truth)))][1], np.float32)
            u, v = rng.uniform(0.02, 0.3, 2)
            a, b, c = (0, 1, 3) if rng.random() < 0.5 else (2, 3, 1)  # either index corner
            tip = q[a] + u * (q[b] - q[a]) + v * (q[c] - q[a])
        else:
            tip = rng.uniform((0, 0), (w, h)).astype(np.float32)
        turn = rng.uniform(0, 2 * np.pi)
        along = np.array([np.cos(turn), np.sin(turn)], np.float32)  # from the tip to the hand
        r = card_w * rng.uniform(*FINGER) / 2
        length = card_w * rng.uniform(3.0, 6.0)
        # each pixel's distance along the finger from its tip, and from its axis (the
        # segment from tip to hand)
        from_tip = (xx - tip[0]) * along[0] + (yy - tip[1]) * along[1]
        t = np.clip(from_tip, 0, length)
        off = np.hypot(xx - tip[0] - t * along[0], yy - tip[1] - t * along[1])
        alpha = np.clip((r - off) / 1.5 + 0.5, 0, 1)
        # a finger is round: lit on top, darker towards its sides
        shade = 0.55 + 0.5 * np.sqrt(1 - np.clip(off / r, 0, 1) ** 2)
        skin = np.array(SKIN[int(rng.integers(len(SKIN)))], np.float32) * rng.uniform(0.9, 1.1)
        colour = skin * shade[:, :, None]
        nail = ((from_tip > 0.1 * r) & (from_tip < 1.1 * r) & (off < 0.65 * r)).astype(np.float32)
        nail = cv2.GaussianBlur(nail, (0, 0), 1.2)[:, :, None] * 0.6
        colour = colour * (1 - nail) + (skin * 1.15 + 25) * nail
        shadow = np.roll(alpha, (int(0.2 * r), int(0.25 * r)), (0, 1))
        shadow = cv2.GaussianBlur(shadow, (0, 0), 0.4 * r)[:, :, None] * 0.45
        a3 = alpha[:, :, None]
        out = out * (1 - shadow) * (1 - a3) + np.clip(colour, 0, 255) * a3
        side = np.array([-along[1], along[0]], np.float32)
        hand = tip + along * length
        arc = [tip + r * (np.cos(a) * side - np.sin(a) * along) for a in np.linspace(0, np.pi, 12)]
        fingers.append(np.array([hand + r * side, *arc[::-1], hand - r * side], np.float32))
    shown = [(card, q) for card, q in truth
             if _index_in_view(np.asarray(q, np.float32), fingers)]
    return np.clip(out, 0, 255).astype(np.uint8), shown


__all__ = ["BRIDGE", "chipped", "dimmed", "fan_photo", "fingered", "glare", "index_spot",
           "mirrored", "pile_photo", "saved_as_jpeg", "sepia", "shaken", "slanted", "table_photo"]
