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
    """Reads ``frames`` in a thread and hands every vision event to ``emit``.

    A live camera can be unplugged or crash mid-deal. Given ``reopen`` (a way to open
    the same source again), the feed settles what was in view, then keeps trying to
    reopen it, backing off from ``retry`` seconds up to ten, while the dealer enters
    cards by hand; frame numbers carry on where they stopped, so the reader never sees
    time run backwards. Without ``reopen`` (a video file, a folder) the feed ends when
    its frames do, keeping the error if one was raised.
    """

    def __init__(self, frames: Iterable[Frame], emit: Callable[[object], None],
                 reader: Any = None, reopen: Callable[[], Iterable[Frame]] | None = None,
                 retry: float = 0.5) -> None:
        if reader is None:
            from vision.reader import ShoeReader

            reader = ShoeReader()
        self.frames, self.emit, self.reader = frames, emit, reader
        self.reopen, self.retry = reopen, retry
        self.events = 0
        self.error = ""
        self.status = "reading"  # reading | lost (retrying) | ended
        self.reopened = 0
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
        last = (-1, 0.0)
        frames: Iterable[Frame] | None = self.frames
        delay = self.retry
        while frames is not None and not self._stop.is_set():
            last, failed = self._read(frames, last)
            if self._stop.is_set() or self.reopen is None:
                break
            self.status = "lost"
            if not failed:
                log.warning("shoe: the camera stopped sending frames; reopening it")
            frames = None
            while frames is None and not self._stop.wait(delay):
                try:
                    frames = self.reopen()
                except Exception as err:  # still unplugged: try again, a little later
                    self.error = str(err)
                    delay = min(delay * 2, 10.0)
            if frames is not None:
                self.reopened += 1
                self.status, delay = "reading", self.retry
                log.warning("shoe: camera reopened (%d)", self.reopened)
        self.status = "ended"

    def _read(self, frames: Iterable[Frame],
              last: tuple[int, float]) -> tuple[tuple[int, float], bool]:
        """Feed ``frames`` to the reader until they end or fail; settles what is in view."""
        base, failed = last[0] + 1, False
        try:
            for frame_no, timestamp, frame in frames:
                if self._stop.is_set():
                    return last, False
                last = (base + frame_no, timestamp)
                self._send(self.reader.feed(last[0], timestamp, frame))
        except Exception as err:  # a camera that fails must not take the table with it
            self.error, failed = str(err), True
            log.exception("shoe: the frame source failed")
        if last[0] >= 0:
            self._send(self.reader.flush(*last))  # the stream ended: settle what is in view
        return last, failed

    def _send(self, events: list[object]) -> None:
        for event in events:
            self.events += 1
            self.emit(event)
