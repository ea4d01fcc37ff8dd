"""The shoe's camera feeding the table: frames -> the shoe reader -> the table's queue.

The reader (``vision.reader.ShoeReader``, OpenCV) runs in its own thread, so a
frame never blocks the event loop; each event it reports (``CardSeen``,
``CardUnreadable``, ``CardsTogether``) goes to :meth:`TableLoop.camera
<controller.table.loop.TableLoop.camera>`, which is safe to call from any
thread. ``pitboss serve --shoe camera:0`` starts one in the app's lifespan.

>>> parse_source("camera:0"), parse_source("video:/tmp/deal.mp4")
(('camera', '0'), ('video', '/tmp/deal.mp4'))
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from controller.table.irregular import TableError

__all__ = ["ShoeFeed", "open_source", "parse_source"]

log = logging.getLogger(__name__)

Frame = tuple[int, float, Any]
KINDS = ("camera", "video", "folder")


def parse_source(spec: str) -> tuple[str, str]:
    """``camera:N`` (or a device path), ``video:PATH`` or ``folder:PATH``."""
    kind, _, where = spec.partition(":")
    if kind not in KINDS or not where:
        raise TableError("bad_source", f"shoe source {spec!r}: use camera:0, camera:/dev/video0, "
                         "video:PATH or folder:PATH")
    return kind, where


def open_source(spec: str) -> Iterator[Frame]:
    """The frames of a shoe source (the camera is opened here, in the caller's thread)."""
    from vision import sources

    kind, where = parse_source(spec)
    if kind == "camera":
        return sources.camera(int(where) if where.isdigit() else where)
    if kind == "video":
        return sources.video_file(where)
    return sources.image_folder(where)


class ShoeFeed:
    """Reads ``frames`` in a thread and hands every vision event to ``emit``."""

    def __init__(self, frames: Iterable[Frame], emit: Callable[[object], None],
                 reader: Any = None) -> None:
        if reader is None:
            from vision.reader import ShoeReader

            reader = ShoeReader()
        self.frames, self.emit, self.reader = frames, emit, reader
        self.events = 0
        self.error = ""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="shoe", daemon=True)

    def start(self) -> ShoeFeed:
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the thread to stop after the current frame (a live camera never ends)."""
        self._stop.set()
        self._thread.join(timeout)

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        last = (0, 0.0)
        try:
            for frame_no, timestamp, frame in self.frames:
                if self._stop.is_set():
                    return
                last = (frame_no, timestamp)
                self._send(self.reader.feed(frame_no, timestamp, frame))
            self._send(self.reader.flush(*last))  # the stream ended: settle what is in view
        except Exception as err:  # a camera that fails must not take the table with it
            self.error = str(err)
            log.exception("shoe: the frame source failed")

    def _send(self, events: list[object]) -> None:
        for event in events:
            self.events += 1
            self.emit(event)
