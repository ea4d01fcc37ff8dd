"""``pitboss calibrate``: learn a deck (and the card size in the window) from one pass.

Run the whole deck through the shoe once, then::

    pitboss calibrate --deck club-red --video pass.mp4 --order "As 2s 3s ... Jk"
    pitboss calibrate --deck club-red --camera 0                 # any order
    pitboss calibrate --deck club-red --camera 0 --confirm 7=Qh --confirm 30=Jk

In any order, cards the built-in model is sure of label themselves; the output lists
the passes nobody could label, to confirm (``--confirm PASS=CARD``) and run again.
The deck is saved under ``$PITBOSS_HOME/decks`` and selected by name
(``pitboss vision watch --deck NAME``). ``--list`` shows the saved decks.
Prints one JSON document; bad input exits 2 with ``{"error": {...}}``.
"""

from __future__ import annotations

import argparse

from controller.commands._common import fail, print_json
from controller.errors import PitbossError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("calibrate", help="learn a deck's index glyphs from one pass of the shoe")
    p.add_argument("--deck", help="name to save the deck under (letters, digits, - _ .)")
    p.add_argument("--list", action="store_true", help="list the saved decks")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--camera", metavar="DEVICE", help="camera index or device path")
    src.add_argument("--video", metavar="FILE")
    src.add_argument("--folder", metavar="DIR", help="a folder of frames, in name order")
    src.add_argument("--synthetic", metavar="CARDS", help="deal these cards in the synthetic shoe")
    p.add_argument("--style", default="standard", help="synthetic shoe deck style")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--order", default="", metavar="CARDS",
                   help="the cards in the order they went through (default: any order)")
    p.add_argument("--confirm", action="append", default=[], metavar="PASS=CARD",
                   help="the dealer's answer for a pass the model was not sure of")
    p.add_argument("--window", metavar="X,Y,W,H", help="the shoe window in the frame")
    p.set_defaults(handler=_run)


def _confirmations(items: list[str]) -> dict[int, object]:
    from controller.cards import parse_card

    out: dict[int, object] = {}
    for item in items:
        num, sep, card = item.partition("=")
        if not sep or not num.strip().isdigit():
            raise PitbossError(f"bad --confirm {item!r}: use PASS=CARD, e.g. 7=Qh",
                               "bad_confirm")
        out[int(num)] = parse_card(card)
    return out


def _window(text: str | None) -> tuple[int, int, int, int] | None:
    if text is None:
        return None
    parts = text.split(",")
    if len(parts) != 4 or not all(p.strip().isdigit() for p in parts):
        raise PitbossError(f"bad --window {text!r}: use X,Y,W,H in pixels", "bad_window")
    x, y, w, h = (int(p) for p in parts)
    if w < 64 or h < 64:
        raise PitbossError("the window must be at least 64 x 64 pixels", "bad_window")
    return x, y, w, h


def _run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from controller.cards import parse_cards
    from controller.commands.vision import frame_source
    from vision import calibration
    from vision.calibrate import calibrate

    try:
        if args.list:
            folder = calibration.home() / "decks"
            names = sorted(p.stem for p in folder.glob("*.json")) if folder.exists() else []
            print_json({"decks": names})
            return 0
        if not args.deck:
            raise PitbossError("name the deck: --deck NAME", "missing_deck")
        if not any((args.camera, args.video, args.folder, args.synthetic)):
            raise PitbossError("give a frame source: --camera, --video, --folder or "
                               "--synthetic", "missing_source")
        calibration._paths(args.deck)  # reject a bad name before any work
        base = calibration.Calibration()
        window = _window(args.window)
        if window is not None:
            base = replace(base, window=window)
        order = parse_cards(args.order)
        result = calibrate(frame_source(args), order=order,
                           confirm=_confirmations(args.confirm),  # type: ignore[arg-type]
                           base=base, name=args.deck)
        path = calibration.save(result.calibration, args.deck)
    except PitbossError as err:
        return fail(err)
    print_json({"deck": args.deck, "saved": str(path), "passes": result.passes,
                "labelled": result.labelled, "unlabelled": result.unlabelled,
                "card_height": result.calibration.card_height})
    return 0
