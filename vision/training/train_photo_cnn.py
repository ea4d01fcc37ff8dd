"""Train the still-photo corner network (``vision/models/photo_corner_cnn.npz``).

The glyph models read an index only once thresholding has parted it into a rank glyph
and a suit glyph; a small, blurred index on a phone photo often runs together and is
never read. This network reads the whole index corner as pixels instead (see
:mod:`vision.photo_cnn`), so it is a second, independent reading of such corners.

Two steps, two interpreters (the project never depends on PyTorch; it is used here for
training only, from a venv outside the repo)::

    .venv/bin/python -m vision.training.train_photo_cnn gen /tmp/corners.npz
    python3 -m venv /tmp/torchenv
    /tmp/torchenv/bin/pip install torch==2.13.0 numpy
    /tmp/torchenv/bin/python vision/training/train_photo_cnn.py fit /tmp/corners.npz

``gen`` renders photo-degraded cards (:func:`vision.training.train_photo.photo_card`:
small, rotated, blurred, noisy, tinted, JPEG'd, outline a little off) of the
non-held-out deck styles and the font-drawn faces, and keeps both index corners of each
as network inputs; card backs are the "not an index" class. ``fit`` trains the network
(seeded) and writes its weights as plain numpy arrays. Real photos (cards-dev) are never
trained on. A few minutes each on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "models" / "photo_corner_cnn.npz"


def gen(path: str, aug: int, fonts: int, seed: int, held_out: bool = False) -> None:
    """Render the training corners (or, ``held_out``, the held-out styles' corners)."""
    import cv2

    from controller.cards import DECK_52, Card
    from vision.classify import labels_of
    from vision.decks import available_styles, render_face
    from vision.photo_cnn import corner_input
    from vision.training.train_photo import photo_card

    cv2.setNumThreads(1)
    rng = np.random.default_rng(seed)
    xs: list[np.ndarray] = []
    rs: list[int] = []
    ss: list[int] = []

    def add(face: np.ndarray, card: Card | None) -> None:
        img = photo_card(face, rng)
        r, s = labels_of(card)
        for side in (img, cv2.rotate(img, cv2.ROTATE_180)):
            xs.append(corner_input(side))
            rs.append(-1 if r is None else r)
            ss.append(s)

    styles = [s for s in available_styles() if s.held_out == held_out]
    t0 = time.time()
    for style in styles:
        cards: list[Card | None] = [*style.cards(), None]
        for card in cards:
            face = render_face(style, card)
            for _ in range(aug * (2 if card is None or card.is_joker else 1)):
                add(face, card)
        print(f"{style.name}: {len(xs)} corners, {time.time() - t0:.0f}s", flush=True)
    if fonts:
        from vision.training.font_cards import font_face

        for card in DECK_52:
            for _ in range(fonts):
                add(font_face(card, rng), card)
    np.savez_compressed(path, x=np.array(xs, np.float32), rank=np.array(rs, np.int64),
                        suit=np.array(ss, np.int64))
    print(f"saved {len(xs)} corners to {path} in {time.time() - t0:.0f}s")


def fit(path: str, out: str, epochs: int, seed: int, test: str | None) -> None:
    """Train the network on ``gen``'s corners (PyTorch, CPU) and save numpy weights."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    data = np.load(path)
    x = torch.from_numpy(data["x"])
    rank = torch.from_numpy(data["rank"])
    suit = torch.from_numpy(data["suit"])

    def block(cin: int, cout: int) -> list[nn.Module]:
        return [nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]

    body = nn.Sequential(*block(2, 16), *block(16, 32), *block(32, 48), nn.Flatten(),
                         nn.Dropout(0.3), nn.Linear(48 * 8 * 4, 128), nn.ReLU(),
                         nn.Dropout(0.3))
    heads = nn.Linear(128, 14 + 6)  # rank classes, then suit classes (vision.classify)
    model = nn.Sequential(body, heads)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    rank_loss = nn.CrossEntropyLoss(ignore_index=-1, label_smoothing=0.05)
    suit_loss = nn.CrossEntropyLoss(label_smoothing=0.05)
    gen_ = torch.Generator().manual_seed(seed)
    t0 = time.time()
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(x), generator=gen_)
        total = 0.0
        for i in range(0, len(x), 128):
            idx = order[i:i + 128]
            xb = x[idx]
            # a little more shift than the outline jitter gave: the index is not
            # always where the canonical corner expects it
            dx, dy = (int(v) for v in torch.randint(-2, 3, (2,), generator=gen_))
            xb = torch.roll(xb, (dy, dx), (2, 3))
            logits = model(xb)
            loss = rank_loss(logits[:, :14], rank[idx]) + suit_loss(logits[:, 14:], suit[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        sched.step()
        print(f"epoch {epoch + 1}: loss {total / len(x):.4f} ({time.time() - t0:.0f}s)",
              flush=True)
    model.eval()
    for name, d in (("train", data), *((("held-out styles", np.load(test)),) if test else ())):
        with torch.no_grad():
            logits = model(torch.from_numpy(d["x"]))
        r_ok = (logits[:, :14].argmax(1).numpy() == d["rank"])[d["rank"] >= 0].mean()
        s_ok = (logits[:, 14:].argmax(1).numpy() == d["suit"]).mean()
        print(f"{name}: rank {r_ok:.4f} suit {s_ok:.4f}")
    weights = {}
    convs = [m for m in body if isinstance(m, nn.Conv2d)]
    for i, conv in enumerate(convs):
        weights[f"conv{i}_w"] = conv.weight.detach().numpy()
        weights[f"conv{i}_b"] = conv.bias.detach().numpy()
    fc = next(m for m in body if isinstance(m, nn.Linear))
    weights["fc_w"], weights["fc_b"] = fc.weight.detach().numpy(), fc.bias.detach().numpy()
    weights["out_w"], weights["out_b"] = heads.weight.detach().numpy(), heads.bias.detach().numpy()
    np.savez_compressed(out, **{k: v.astype(np.float32) for k, v in weights.items()})
    print(f"saved {out} ({Path(out).stat().st_size // 1024} KiB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="step", required=True)
    g = sub.add_parser("gen", help="render training corners (project venv)")
    g.add_argument("out")
    g.add_argument("--aug", type=int, default=16, help="photo-degraded copies per card")
    g.add_argument("--fonts", type=int, default=24, help="font-drawn faces per card")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--held-out", action="store_true", help="the held-out styles instead")
    f = sub.add_parser("fit", help="train (a venv with torch)")
    f.add_argument("data")
    f.add_argument("--test", help="held-out corners from gen --held-out, scored at the end")
    f.add_argument("--epochs", type=int, default=12)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    if args.step == "gen":
        gen(args.out, args.aug, args.fonts, args.seed, args.held_out)
    else:
        fit(args.data, args.out, args.epochs, args.seed, args.test)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main()
