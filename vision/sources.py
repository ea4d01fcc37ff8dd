"""Frame sources: each yields ``(frame_no, timestamp, frame)`` with a BGR uint8 frame.

* :func:`camera` -- a live camera by device index or device path, with resolution and fps;
* :func:`video_file` -- a recorded video (timestamps from the file's fps);
* :func:`image_folder` -- still frames in name order (timestamps from a nominal fps);
* :class:`vision.synthetic.SyntheticShoe` renders frames of cards in the shoe.

>>> import tempfile, cv2, numpy as np, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> for i in range(3):
...     _ = cv2.imwrite(str(d / f"f{i}.png"), np.full((4, 6, 3), i * 50, np.uint8))
>>> [(n, t, f.shape, int(f[0, 0, 0])) for n, t, f in image_folder(d, fps=10)]
[(0, 0.0, (4, 6, 3), 0), (1, 0.1, (4, 6, 3), 50), (2, 0.2, (4, 6, 3), 100)]
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from controller.errors import PitbossError

Frame = tuple[int, float, np.ndarray]
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class SourceError(PitbossError):
    """A camera, video or folder that cannot be opened or read."""

    code = "bad_source"


def _open_capture(spec: int | str) -> cv2.VideoCapture:
    cap = cv2.VideoCapture(spec)
    if not cap.isOpened():
        raise SourceError(f"cannot open video source {spec!r}")
    return cap


def camera(device: int | str = 0, width: int = 640, height: int = 480,
           fps: float = 60.0) -> Iterator[Frame]:
    """Frames from a live camera; timestamps are this machine's monotonic clock."""
    cap = _open_capture(device)
    cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
    cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
    cap.set(cv2.CAP_PROP_FPS, fps)
    try:
        n = 0
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            yield n, time.monotonic(), frame
            n += 1
    finally:
        cap.release()


def video_file(path: str | Path) -> Iterator[Frame]:
    """Frames of a video file; timestamp = frame_no / the file's fps."""
    if not Path(path).exists():
        raise SourceError(f"no such video file: {path}")
    cap = _open_capture(str(path))
    fps = cap.get(cv2.CAP_PROP_FPS) or 30.0
    try:
        n = 0
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            yield n, n / fps, frame
            n += 1
    finally:
        cap.release()


def image_folder(folder: str | Path, fps: float = 60.0) -> Iterator[Frame]:
    """Every image in ``folder`` in name order, as if filmed at ``fps``."""
    root = Path(folder)
    if not root.is_dir():
        raise SourceError(f"no such image folder: {folder}")
    files = sorted(p for p in root.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    for n, path in enumerate(files):
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            raise SourceError(f"not an image: {path}")
        yield n, round(n / fps, 6), frame


__all__ = ["Frame", "SourceError", "camera", "image_folder", "video_file"]
