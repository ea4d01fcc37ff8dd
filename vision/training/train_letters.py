"""Train the foreign-letter witness (``vision/models/photo_letters.npz``).

Run: ``.venv/bin/python -m vision.training.train_letters [--seed 0]``.

A deck printed for another language letters its court cards and aces in it: a Russian
queen is a "Д", its ace a "Т"; a Swedish jack "Kn", its ace "E". The glyph models know
only ranks, so each such letter is read, surely, as the rank it looks most like (Д as
A, Т as 7, Kn as K, E as K or 6). This model, one ReLU layer on the same rank glyph
features (:mod:`vision.corner`), tells a rank glyph from such a letter
(:mod:`vision.letters` asks it, in :func:`vision.photo_card.read_card`).

* **Letters** (:data:`FOREIGN`): court and ace letters of the languages whose decks
  print their own (German, Dutch, French, Russian, Swedish, Polish, Italian, Turkish,
  Greek; not the Serbian jack's Ж, a K to many eyes), drawn on training faces
  (:func:`vision.training.photo_faces.index_face`) in every installed text face that
  has them **except DejaVu**, which the bench's and the tests' lettered decks
  (:data:`vision.owndecks.LETTERS`) are printed in: they are scored at the end, never
  trained on. An R (Roi) or a К (Король) is a king's letter and looks like a K: it is
  neither a letter here nor a rank.
* **Ranks**: every rank glyph the photo glyph models are trained on
  (:func:`vision.training.train_photo.samples`: the training deck styles, font-drawn
  faces and many-typeface faces), parted at any ink level, whole or not.

Both go through what a phone does to a card (:func:`vision.training.train_photo.photo_card`,
worn). Seeded; about 6 minutes of one core. The committed model is the defaults'.
"""

from __future__ import annotations

import argparse
import time
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import ImageFont

from controller.cards import Card, Suit
from vision.classify import GlyphNet
from vision.corner import canonical_corner, find_index
from vision.decks import LETTERED, available_styles, deck_style, render_face
from vision.letters import CLASSES, LETTERS_MODEL_PATH, LetterModel
from vision.owndecks import LETTERS, READ_AS_ENGLISH
from vision.training.photo_faces import index_face, rank_fonts
from vision.training.train_glyphs import train_net
from vision.training.train_photo import photo_card, samples

# a letter printed for a rank in some language's decks, and the ranks it stands for
FOREIGN: dict[str, str] = {
    "B": "J",  # Bube, Boer; Greek Β(αλές)
    "D": "Q",  # Dame, Dam, Dama
    "V": "JQ",  # Valet; Vrouw
    "H": "K",  # Heer
    "W": "J",  # Walet
    "E": "A",  # Ess, Es
    "Kn": "J",  # Knekt, Knægt
    "F": "J",  # Fante; Hungarian felső
    "P": "K",  # Papaz; Greek Ρ(ήγας)
    "N": "Q",  # Greek Ν(τάμα)
    "В": "J",  # Валет
    "Д": "Q",  # Дама
    "Т": "A",  # Туз
}
# a "Kn" parted into its "K" and its "n" is a K to any reader: only a rank glyph this many
# times as wide as it is tall is the whole "Kn" (a K is at most 1.19 wide, rank_shape)
WHOLE = 1.3


@lru_cache(maxsize=4096)
def _has(path: str, text: str) -> bool:
    """Does the face at ``path`` draw every letter of ``text`` (not its blank box)?"""
    font = ImageFont.truetype(path, 40)
    missing = np.asarray(font.getmask("\ue000"))
    for ch in text:
        drawn = np.asarray(font.getmask(ch))
        if drawn.shape == missing.shape and bool((drawn == missing).all()):
            return False
    return True


def letter_fonts(text: str) -> tuple[str, ...]:
    """The training text faces that draw ``text``: every one but DejaVu's."""
    return tuple(f for f in rank_fonts() if "DejaVu" not in f and _has(f, text))


def _features(face: np.ndarray, rng: np.random.Generator, wide: float = 0.0
              ) -> np.ndarray | None:
    """The rank glyph features of ``face`` photo-degraded, parted at a random ink level;
    None when no index is found or the rank glyph is narrower than ``wide`` times its
    height."""
    glyphs = find_index(canonical_corner(photo_card(face, rng, worn=True)),
                        float(rng.uniform(0.38, 0.67)))
    if glyphs is None or glyphs.rank_box[2] < wide * glyphs.rank_box[3]:
        return None
    return glyphs.rank_features


def letter_samples(per_letter: int, seed: int) -> np.ndarray:
    """Rank glyph features of :data:`FOREIGN`'s letters on photo-degraded faces."""
    rng = np.random.default_rng(seed)
    out = []
    for letter, ranks in FOREIGN.items():
        fonts = letter_fonts(letter)
        for i in range(per_letter):
            card = Card(ranks[i % len(ranks)] + Suit(int(rng.integers(4))).char)
            face = index_face(card, rng, printed=letter, fonts=fonts)
            if (f := _features(face, rng, WHOLE if len(letter) > 1 else 0.0)) is not None:
                out.append(f)
    return np.array(out)


def held_out_letters(aug: int, seed: int) -> dict[str, np.ndarray]:
    """Rank glyph features of the lettered decks' letters (DejaVu, never trained on),
    photo-degraded, by letter; a king's R and К are left out (they are K's)."""
    rng = np.random.default_rng(seed)
    out: dict[str, list[np.ndarray]] = {}
    for name in LETTERED:
        style = deck_style(name)
        for rank, letter in LETTERS[name].items():
            if letter in READ_AS_ENGLISH:
                continue
            for suit in Suit:
                card = Card(rank + suit.char)
                for _ in range(aug):
                    f = _features(render_face(style, card), rng)
                    if f is not None:
                        out.setdefault(letter, []).append(f)
    return {k: np.array(v) for k, v in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--letters", type=int, default=700, help="faces per foreign letter")
    ap.add_argument("--aug", type=int, default=20, help="photo-degraded copies per card")
    ap.add_argument("--fonts", type=int, default=40, help="font-drawn faces per card")
    ap.add_argument("--faces", type=int, default=60, help="many-typeface faces per card")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--out", default=str(LETTERS_MODEL_PATH))
    args = ap.parse_args()
    cv2.setNumThreads(1)
    t0 = time.time()
    foreign = letter_samples(args.letters, args.seed)
    rank_x, rank_y = samples(available_styles(include_held_out=False), args.aug, args.fonts,
                             args.seed + 1, args.faces, worn=True)[:2]
    x = np.concatenate([rank_x, foreign]).astype(np.float32)
    y = np.concatenate([rank_y, np.full(len(foreign), len(CLASSES) - 1)]).astype(np.int64)
    print(f"{len(rank_y)} rank glyphs, {len(foreign)} letters in {time.time() - t0:.0f}s")
    net: GlyphNet = train_net(x, y, len(CLASSES), args.seed, args.hidden, args.epochs)
    model = LetterModel(net)
    print(f"trained in {time.time() - t0:.0f}s")
    held_ranks = samples([s for s in available_styles() if s.held_out], 2, 0,
                         args.seed + 7)[0]
    p = model.letter(held_ranks)
    print(f"held-out deck styles' rank glyphs called letters: "
          f"{(p >= 0.5).mean():.4f} (p >= 0.9: {(p >= 0.9).mean():.4f})")
    for letter, feats in held_out_letters(3, args.seed + 8).items():
        q = model.letter(feats)
        print(f"  {letter}: {(q >= 0.5).mean():.3f} called letters of {len(q)}")
    out = Path(args.out)
    model.save(out)
    print(f"saved {out} ({out.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
