"""Train the still-photo corner network (``vision/models/photo_corner_cnn.onnx``).

The glyph models read an index only once thresholding has parted it into a rank glyph
and a suit glyph; a small, blurred index on a phone photo often runs together and is
never read. This network reads the whole index corner as pixels instead (see
:mod:`vision.photo_cnn`), so it is a second, independent reading of such corners.

Two steps, two interpreters (the project never depends on PyTorch; it is used here for
training only, from a venv outside the repo). The recipe of the committed networks
(since session 43; 49,908 training corners)::

    apt-get install fonts-urw-base35 fonts-texgyre fonts-liberation fonts-freefont-ttf \
        fonts-sil-charis fonts-roboto-slab fonts-crosextra-caladea fonts-linuxlibertine \
        fonts-sil-gentium-basic
    G=".venv/bin/python -m vision.training.train_photo_cnn gen"
    $G /tmp/a.npz --seed 1 --bare 0.3
    $G /tmp/b.npz --seed 2 --bare 0.3
    $G /tmp/neg.npz --aug 0 --fonts 0 --faces 1 --pictures 8 --seed 5
    $G /tmp/d1.npz --drained 1 --seed 11 --bare 0.3
    $G /tmp/held.npz --held-out --aug 3 --seed 9
    python3 -m venv /tmp/torchenv
    /tmp/torchenv/bin/pip install torch==2.13.0 numpy onnx
    F="/tmp/torchenv/bin/python vision/training/train_photo_cnn.py fit \
        /tmp/a.npz,/tmp/b.npz,/tmp/neg.npz,/tmp/neg.npz,/tmp/d1.npz --test /tmp/held.npz"
    $F --seed 0 --out /tmp/net0.npz
    $F --seed 1 --width 24 --out /tmp/net1.npz
    /tmp/torchenv/bin/python vision/training/train_photo_cnn.py export /tmp/net0.npz,/tmp/net1.npz

``gen`` renders photo-degraded cards (:func:`vision.training.train_photo.photo_card`:
45-230 px wide, rotated, blurred or out of focus, noisy, sharpened, tinted, JPEG'd at
quality 25-95, outline a little off, then warped back upright as :mod:`vision.photo`
does) of the non-held-out deck styles, the font-drawn faces
(:mod:`vision.training.font_cards`) and faces drawn in many typefaces and suit shapes
(:mod:`vision.training.photo_faces`: the fonts packages above; a printed deck the
project has never seen looks more like one of these than like the few SVG decks), and
keeps both index corners of a deck's card (only the top-left one of a drawn face: the
other holds no index) as network inputs; card backs are the "not an index" class.
``--pictures``: outlines inside a card (a court card's picture, a block of pips) as "not
an index" (a nine's pips had been read as a 4 of its suit on both corners, surely);
``--drained``: cards whose photo has its colour drained (a fifth or less of it kept, or
a sepia filter: red ink is then about as grey or brown as black ink, and the network had
named diamonds as spades surely); ``--soft``: cards out of focus or shaken in proportion
to their size (session 45; the committed networks fine-tuned with such a shard read a
blurred four-colour index no more surely, and were not adopted: docs/vision.md);
``--bare``: drawn faces whose middle lies clear of the
index corner (the deck styles put a number card's pips beside its index and an ace's,
two's and three's never, and the network had learnt that: a pip-less 4 read as an ace,
a 5 as a 3). The "not an index" shard is given twice, so that the others do not thin it
out. ``fit`` trains a network (seeded; shifted and contrast-varied batches) and writes
its weights as float16 numpy arrays, with the input shape; ``export`` writes one or more
such networks as the ONNX file the reader runs with OpenCV (their probabilities
averaged: two networks rarely make the same confident mistake). Real photos (cards-dev)
are never trained on. On this machine (2 cores) each gen shard takes about 2 minutes,
and the two fits, side by side, about 10 and 45 minutes. Since session 44 the input's
redness has no negative values (:func:`vision.photo_cnn.corner_input`: green and blue
ink as black); the committed networks were fitted on shards with them, so a fit on
shards made before then is not of today's input: gen them again.

The networks committed before session 43 were fitted in stages (the deck and face shards, then
fine-tuned with the "not an index" shard in session 9 and the drained one in session
39), by ``gen`` as it was before session 42, which labelled a drawn face's bottom-right
corner, pips or paper, as the card: ``git show 77f3cbb:vision/training/train_photo_cnn.py``
has each step's commands. ``fit --init`` still fine-tunes a fitted network (``unpack``
gives an exported ONNX file's networks back as ``fit``'s weights; exported again, the
file is byte-identical).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from controller.cards import Card
    from vision.decks import DeckStyle

OUT = Path(__file__).resolve().parents[1] / "models" / "photo_corner_cnn.onnx"


def _fitted_shape(weights: dict[str, np.ndarray]) -> tuple[int, ...]:
    """The input shape ``fit``'s weights were fitted on (saved with them since session 42;
    those fitted before: 2 x 64 x 32)."""
    return tuple(int(v) for v in weights.get("input_shape", (2, 64, 32)))


def gen(path: str, aug: int, fonts: int, seed: int, held_out: bool = False,
        faces: int = 0, pictures: int = 0, drained: float = 0.0, bare: float = 0.0,
        soft: float = 0.0) -> None:
    """Render the training corners (or, ``held_out``, the held-out styles' corners);
    ``pictures``: this many outlines inside each court and number card (its framed
    picture, its block of pips: :func:`vision.training.train_photo.inner_face`) per
    card, warped as if they were the card, as "not an index"; ``drained``: the share of
    cards photographed with their colour drained (washed out, or a sepia filter);
    ``bare``: the share of the many-typeface faces whose middle lies clear of the index
    corner (:func:`vision.training.photo_faces.index_face`); ``soft``: the share of
    cards photographed out of focus or shaken, in proportion to their size
    (:func:`vision.training.train_photo.photo_card`)."""
    import cv2

    from controller.cards import DECK_52
    from vision.classify import labels_of
    from vision.decks import available_styles, render_face
    from vision.photo_cnn import corner_input
    from vision.training.train_photo import photo_card

    cv2.setNumThreads(1)
    rng = np.random.default_rng(seed)
    xs: list[np.ndarray] = []
    rs: list[int] = []
    ss: list[int] = []

    def add(face: np.ndarray, card: Card | None, indexes: int = 2) -> None:
        """``face`` photographed; its corners as inputs: both (a deck's card, a back),
        or, ``indexes`` 1, the top-left only (a drawn face's one index: its bottom-right
        corner holds pips or paper, which must not be taught as the card's rank)."""
        # (the generator is drawn from only when asked: older shards stay as they were)
        img = photo_card(face, rng, harsh=True,
                         drained=drained > 0 and bool(rng.random() < drained),
                         soft=soft > 0 and bool(rng.random() < soft))
        r, s = labels_of(card)
        for side in (img, cv2.rotate(img, cv2.ROTATE_180))[:indexes]:
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
                add(font_face(card, rng), card, indexes=1)
    if faces:  # many typefaces and suit shapes (photo_faces): a deck never seen
        from controller.cards import JOKER
        from vision.training.photo_faces import index_face

        extra: list[Card | None] = [JOKER, None]
        for card in [*DECK_52, *extra * 4]:
            for _ in range(faces):
                add(index_face(card, rng, bare=bare), card,
                    indexes=1 if card is not None else 2)
        print(f"faces: {len(xs)} corners, {time.time() - t0:.0f}s", flush=True)
    if pictures:
        _pictures(styles, pictures, faces > 0, rng, add)
        print(f"pictures: {len(xs)} corners, {time.time() - t0:.0f}s", flush=True)
    np.savez_compressed(path, x=np.array(xs, np.float32), rank=np.array(rs, np.int64),
                        suit=np.array(ss, np.int64))
    print(f"saved {len(xs)} corners to {path} in {time.time() - t0:.0f}s")


def _pictures(styles: list[DeckStyle], n: int, faces: bool, rng: np.random.Generator,
              add: Callable[[np.ndarray, Card | None], None]) -> None:
    """Outlines inside a card, as "not an index": the corner network read a nine's or
    ten's block of pips, warped as a whole card, as a 4 of its suit on both corners
    (its top-left pip over the pip below looks like a small index); a court card's
    picture is as near. Aces (one large pip) and jokers are left out; ``faces``: the
    many-typeface faces' middles too."""
    from controller.cards import DECK_52
    from vision.decks import render_face
    from vision.training.train_photo import inner_face

    def middles(face: np.ndarray, card: Card) -> None:
        for i in range(n):  # the whole middle, and parts of it
            if (inner := inner_face(face, rng, card, part=i % 2 == 1)) is not None:
                add(inner, None)

    for style in styles:
        for card in style.cards():
            if card.rank is not None and card.rank.value != 14:
                middles(render_face(style, card), card)
    if faces:
        from vision.training.photo_faces import index_face

        for card in DECK_52:
            if card.rank is not None and card.rank.value != 14:
                middles(index_face(card, rng), card)


def fit(path: str, out: str, epochs: int, seed: int, test: str | None, width: int = 16,
        hidden: int = 128, init: str | None = None, lr: float = 2e-3) -> None:
    """Train the network on ``gen``'s corners (PyTorch, CPU) and save numpy weights;
    ``init``: start from an earlier ``fit``'s weights (of the same shape) instead."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    parts = [np.load(p) for p in path.split(",")]
    data = {k: np.concatenate([d[k] for d in parts]) for k in ("x", "rank", "suit")}
    x = torch.from_numpy(data["x"])
    rank = torch.from_numpy(data["rank"])
    suit = torch.from_numpy(data["suit"])
    print(f"{len(x)} corners", flush=True)

    def block(cin: int, cout: int) -> list[nn.Module]:
        return [nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]

    high, wide = x.shape[2:]  # gen's corners: vision.photo_cnn.INPUT_SHAPE when made
    body = nn.Sequential(*block(2, width), *block(width, 2 * width), *block(2 * width, 4 * width),
                         nn.Flatten(), nn.Dropout(0.3),
                         nn.Linear(4 * width * (high // 8) * (wide // 8), hidden),
                         nn.ReLU(), nn.Dropout(0.3))
    heads = nn.Linear(hidden, 14 + 6)  # rank classes, then suit classes (vision.classify)
    model = nn.Sequential(body, heads)
    if init:
        start = dict(np.load(init))
        if (fitted_on := _fitted_shape(start)) != tuple(x.shape[1:]):
            raise SystemExit(f"{init} was fitted on inputs of {fitted_on}, these corners are "
                             f"{tuple(x.shape[1:])}")
        layers = [*(m for m in body if isinstance(m, nn.Conv2d | nn.Linear)), heads]
        names = [f"conv{i}" for i in range(3)] + ["fc", "out"]
        for name, layer in zip(names, layers, strict=True):
            layer.weight.data = torch.from_numpy(start[f"{name}_w"].astype(np.float32))
            layer.bias.data = torch.from_numpy(start[f"{name}_b"].astype(np.float32))
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-4)
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
            # always where the canonical corner expects it (edges repeat, as a warp's do)
            # (3 input pixels each way at 32 wide: the same share of a wider input)
            m = round(3 * wide / 32)
            dx, dy = (int(v) for v in torch.randint(0, 2 * m + 1, (2,), generator=gen_))
            xb = nn.functional.pad(xb, (m, m, m, m), mode="replicate")[:, :, dy:dy + high,
                                                                        dx:dx + wide]
            # contrast: the ink's darkness against the paper varies with blur and light
            xb = xb * (0.8 + 0.4 * torch.rand(len(xb), 1, 1, 1, generator=gen_))
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
    weights = {}
    convs = [m for m in body if isinstance(m, nn.Conv2d)]
    for i, conv in enumerate(convs):
        weights[f"conv{i}_w"] = conv.weight.detach().numpy()
        weights[f"conv{i}_b"] = conv.bias.detach().numpy()
    fc = next(m for m in body if isinstance(m, nn.Linear))
    weights["fc_w"], weights["fc_b"] = fc.weight.detach().numpy(), fc.bias.detach().numpy()
    weights["out_w"], weights["out_b"] = heads.weight.detach().numpy(), heads.bias.detach().numpy()
    np.savez_compressed(out, **{k: v.astype(np.float16) for k, v in weights.items()},
                        input_shape=np.array(x.shape[1:], np.int64))
    print(f"saved {out} ({Path(out).stat().st_size // 1024} KiB)")
    for name, d in (("train", data), *((("held-out styles", np.load(test)),) if test else ())):
        with torch.no_grad():  # in batches: a whole set at once takes gigabytes
            logits = torch.cat([model(torch.from_numpy(d["x"][i:i + 1024]))
                                for i in range(0, len(d["x"]), 1024)])
        r_ok = (logits[:, :14].argmax(1).numpy() == d["rank"])[d["rank"] >= 0].mean()
        s_ok = (logits[:, 14:].argmax(1).numpy() == d["suit"]).mean()
        print(f"{name}: rank {r_ok:.4f} suit {s_ok:.4f}")


def _member(weights: dict[str, np.ndarray]):  # type: ignore[no-untyped-def]
    """A trained network rebuilt in PyTorch from ``fit``'s weights, giving rank and suit
    probabilities."""
    import torch
    from torch import nn

    def linear(name: str) -> nn.Linear:
        w = torch.from_numpy(weights[f"{name}_w"].astype(np.float32))
        layer = nn.Linear(w.shape[1], w.shape[0])
        layer.weight.data, layer.bias.data = w, torch.from_numpy(
            weights[f"{name}_b"].astype(np.float32))
        return layer

    layers: list[nn.Module] = []
    i = 0
    while f"conv{i}_w" in weights:
        w = torch.from_numpy(weights[f"conv{i}_w"].astype(np.float32))
        conv = nn.Conv2d(w.shape[1], w.shape[0], 3, padding=1)
        conv.weight.data, conv.bias.data = w, torch.from_numpy(
            weights[f"conv{i}_b"].astype(np.float32))
        layers += [conv, nn.ReLU(), nn.MaxPool2d(2)]
        i += 1
    return nn.Sequential(*layers, nn.Flatten(), linear("fc"), nn.ReLU(), linear("out")).eval()


def export(members: str, out: str) -> None:
    """Write ``fit``'s networks (several: comma-separated) as one ONNX file that
    :mod:`vision.photo_cnn` runs with OpenCV: each network's rank and suit
    probabilities, averaged; weights stored as float16."""
    import onnx
    import torch
    from onnx import TensorProto, helper, numpy_helper
    from torch import nn

    fitted = [dict(np.load(p)) for p in members.split(",")]
    shapes = {_fitted_shape(w) for w in fitted}
    if len(shapes) != 1:
        raise SystemExit(f"the networks were fitted on inputs of different shapes: {shapes}")
    nets = nn.ModuleList(_member(w) for w in fitted)

    class Average(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.nets = nets

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            zs = [net(x) for net in self.nets]
            rank = torch.stack([torch.softmax(z[:, :14], 1) for z in zs]).mean(0)
            suit = torch.stack([torch.softmax(z[:, 14:], 1) for z in zs]).mean(0)
            return rank, suit

    tmp = out + ".f32"
    torch.onnx.export(Average().eval(), torch.zeros(5, *shapes.pop()), tmp, input_names=["x"],
                      output_names=["rank", "suit"], opset_version=13, dynamo=False,
                      dynamic_axes={"x": {0: "n"}, "rank": {0: "n"}, "suit": {0: "n"}})
    model = onnx.load(tmp)
    Path(tmp).unlink()
    graph = model.graph
    inits, casts = [], []
    for init in graph.initializer:  # float16 on disk, cast back to float32 on loading
        arr = numpy_helper.to_array(init)
        if arr.dtype == np.float32 and arr.size > 64:
            inits.append(numpy_helper.from_array(arr.astype(np.float16), init.name + "_f16"))
            casts.append(helper.make_node("Cast", [init.name + "_f16"], [init.name],
                                          to=TensorProto.FLOAT))
        else:
            inits.append(init)
    nodes = [*casts, *graph.node]
    del graph.initializer[:], graph.node[:]
    graph.initializer.extend(inits)
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, out)
    print(f"saved {out} ({Path(out).stat().st_size // 1024} KiB, {len(nets)} networks)")


def unpack(onnx_path: str, prefix: str) -> None:
    """``export``'s networks back as ``fit``'s weights (``PREFIX0.npz``, ...), so that
    the committed networks can be fine-tuned (``fit --init``) without the weights they
    were exported from. ``export`` names network I's layers ``nets.I.J`` (J: the
    layer's place in :func:`_member`'s sequence, so in J's order they are the convs, the
    hidden layer and the heads) and stores the larger ones as float16 under ``..._f16``."""
    import onnx
    from onnx import numpy_helper

    try:
        model = onnx.load(onnx_path)
    except Exception as e:  # no file, or not ONNX (protobuf's DecodeError)
        raise SystemExit(f"cannot read {onnx_path} as an ONNX file: {e}") from e
    arrays = {init.name.removesuffix("_f16"): numpy_helper.to_array(init)
              for init in model.graph.initializer}
    places: dict[int, set[int]] = {}
    for name in arrays:
        if name.startswith("nets.") and name.endswith(".weight"):
            net, place = (int(part) for part in name.split(".")[1:3])
            places.setdefault(net, set()).add(place)
    if not places:
        raise SystemExit(f"{onnx_path} holds no network written by export (no nets.I.J "
                         f"weights)")
    for net, at in sorted(places.items()):
        order = sorted(at)
        names = [f"conv{k}" for k in range(len(order) - 2)] + ["fc", "out"]
        weights = {f"{layer}_{part[0]}": arrays[f"nets.{net}.{j}.{part}"].astype(np.float16)
                   for j, layer in zip(order, names, strict=True) for part in ("weight", "bias")}
        np.savez_compressed(f"{prefix}{net}.npz", **weights, input_shape=np.array(
            [d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim[1:]]))
        print(f"saved {prefix}{net}.npz (first conv: {weights['conv0_w'].shape[0]} channels)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="step", required=True)
    g = sub.add_parser("gen", help="render training corners (project venv)")
    g.add_argument("out")
    g.add_argument("--aug", type=int, default=12, help="photo-degraded copies per card")
    g.add_argument("--fonts", type=int, default=10, help="font-drawn faces per card")
    g.add_argument("--faces", type=int, default=30,
                   help="faces per card drawn in many typefaces (photo_faces)")
    g.add_argument("--pictures", type=int, default=0,
                   help="outlines inside each court and number card (pictures, pip blocks) "
                        "per card, as not an index")
    g.add_argument("--drained", type=float, default=0.0,
                   help="share of cards whose photo has its colour drained (washed out, sepia)")
    g.add_argument("--bare", type=float, default=0.0,
                   help="share of the many-typeface faces whose middle lies clear of the "
                        "index corner (no pips beside it)")
    g.add_argument("--soft", type=float, default=0.0,
                   help="share of cards photographed out of focus or shaken (in proportion "
                        "to their size)")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--held-out", action="store_true", help="the held-out styles instead")
    f = sub.add_parser("fit", help="train (a venv with torch)")
    f.add_argument("data", help="gen's corners (several files: comma-separated)")
    f.add_argument("--test", help="held-out corners from gen --held-out, scored at the end")
    f.add_argument("--epochs", type=int, default=10)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--width", type=int, default=16, help="channels of the first conv layer")
    f.add_argument("--hidden", type=int, default=128, help="hidden units before the heads")
    f.add_argument("--out", required=True, help="the network's weights (.npz)")
    f.add_argument("--init", help="an earlier fit's weights to start from (fine-tuning)")
    f.add_argument("--lr", type=float, default=2e-3, help="Adam's learning rate")
    e = sub.add_parser("export", help="fit's networks as one ONNX file (a venv with torch)")
    e.add_argument("members", help="fit's weights (several, averaged: comma-separated)")
    e.add_argument("--out", default=str(OUT))
    u = sub.add_parser("unpack", help="an exported ONNX file's networks as fit's weights, "
                                      "to fine-tune from (a venv with onnx)")
    u.add_argument("prefix", help="written as PREFIX0.npz, PREFIX1.npz, ...")
    u.add_argument("--onnx", default=str(OUT))
    args = ap.parse_args()
    for share in ("drained", "bare", "soft"):
        if args.step == "gen" and not 0.0 <= getattr(args, share) <= 1.0:
            ap.error(f"--{share} is a share of the cards, 0 to 1, not {getattr(args, share)}")
    if args.step == "gen":
        gen(args.out, args.aug, args.fonts, args.seed, args.held_out,
            0 if args.held_out else args.faces, 0 if args.held_out else args.pictures,
            args.drained, args.bare, args.soft)
    elif args.step == "export":
        export(args.members, args.out)
    elif args.step == "unpack":
        unpack(args.onnx, args.prefix)
    else:
        fit(args.data, args.out, args.epochs, args.seed, args.test, args.width, args.hidden,
            args.init, args.lr)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main()
