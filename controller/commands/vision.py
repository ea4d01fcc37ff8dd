"""``pitboss vision``: the camera side of the table from the command line.

``pitboss vision read IMAGE...`` finds every face-up card on each photo (any rotation,
some perspective; EXIF orientation honoured) and prints one JSON line per image::

    {"file": "t.jpg", "cards": [{"card": "Ah", "confidence": 0.99, "corners": [[x, y], ...]}]}

An unreadable card has ``"card": null``. A file that cannot be read gives
``{"file": ..., "cards": [], "error": {"code", "message"}}`` and exit status 2.

``pitboss vision watch`` runs the shoe reader over a frame source (a camera, a video,
a folder of frames, or the synthetic shoe) and prints one JSON line per event.
"""

from __future__ import annotations

import argparse
from typing import Any

from controller.commands._common import EXIT_BAD_INPUT, fail, print_json
from controller.errors import PitbossError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("vision", help="read cards: photos of the table, the shoe camera")
    vsub = p.add_subparsers(dest="vision_command", metavar="ACTION", required=True)
    r = vsub.add_parser("read", help="read every face-up card on photos (JSON per image)")
    r.add_argument("images", nargs="+", metavar="IMAGE")
    r.add_argument("--threshold", type=float, default=None,
                   help="confidence below which a card is reported as null")
    r.set_defaults(handler=_read)
    w = vsub.add_parser("watch", help="run the shoe reader on a frame source (JSON per event)")
    src = w.add_mutually_exclusive_group(required=True)
    src.add_argument("--camera", metavar="DEVICE", help="camera index or device path")
    src.add_argument("--video", metavar="FILE")
    src.add_argument("--folder", metavar="DIR", help="a folder of frames, in name order")
    src.add_argument("--synthetic", metavar="CARDS", help="deal these cards in the synthetic shoe")
    w.add_argument("--style", default="standard", help="synthetic shoe deck style")
    w.add_argument("--deck", help="use this calibrated deck (pitboss calibrate)")
    w.add_argument("--seed", type=int, default=0)
    w.set_defaults(handler=_watch)


def _read(args: argparse.Namespace) -> int:
    from vision.photo import THRESHOLD, load_image, read_photo
    from vision.photo_model import photo_reader

    clf = photo_reader()
    threshold = THRESHOLD if args.threshold is None else args.threshold
    status = 0
    for path in args.images:
        body: dict[str, Any] = {"file": path, "cards": []}
        try:
            cards = read_photo(load_image(path), clf, threshold)
            body["cards"] = [c.as_json() for c in cards]
        except PitbossError as err:
            body["error"] = err.as_dict()
            status = EXIT_BAD_INPUT
        print_json(body)
    return status


def frame_source(args: argparse.Namespace) -> Any:
    """The frame iterator the source options name."""
    from controller.cards import parse_cards
    from vision import sources
    from vision.synthetic import SyntheticShoe

    if args.camera is not None:
        dev: int | str = int(args.camera) if args.camera.isdigit() else args.camera
        return sources.camera(dev)
    if args.video is not None:
        return sources.video_file(args.video)
    if args.folder is not None:
        return sources.image_folder(args.folder)
    from vision.decks import STYLES

    if args.style not in STYLES:
        raise PitbossError(f"unknown deck style {args.style!r}; styles: {', '.join(STYLES)}",
                           "unknown_style")
    return SyntheticShoe(seed=args.seed, deck_style=args.style).stream(
        parse_cards(args.synthetic))


def event_json(event: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"event": type(event).__name__, "frame_no": event.frame_no,
                            "timestamp": round(event.timestamp, 4)}
    if hasattr(event, "card"):
        body["card"] = str(event.card)
        body["confidence"] = event.confidence
    return body


def _watch(args: argparse.Namespace) -> int:
    from vision import calibration
    from vision.reader import ShoeReader

    try:
        cal = calibration.load(args.deck) if args.deck else None
        reader = ShoeReader(cal)
        last = (0, 0.0)
        for frame_no, ts, frame in frame_source(args):
            for event in reader.feed(frame_no, ts, frame):
                print_json(event_json(event))
            last = (frame_no, ts)
        for event in reader.flush(*last):
            print_json(event_json(event))
    except PitbossError as err:
        return fail(err)
    return 0
