"""A photo file loaded upright, whatever camera took it.

A phone stores a photo taken sideways as it came off the sensor and says how to turn
it (the EXIF orientation tag); the card corners the reader reports must be in the
photo as a person sees it, so that turn is applied. An iPhone saves HEIC (HEIF) by
default, which OpenCV cannot decode: such a photo, and any other format OpenCV does not
know (AVIF, say), is decoded by Pillow, with the ``pillow-heif`` plugin for HEIF.

>>> import cv2, numpy as np, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "table.png")
>>> _ = cv2.imwrite(path, np.zeros((48, 64, 3), np.uint8))
>>> load_image(path).shape
(48, 64, 3)
>>> load_image(path + ".missing")  # doctest: +ELLIPSIS
Traceback (most recent call last):
vision.photo_file.PhotoError: no such image file: ...table.png.missing
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from controller.errors import PitbossError

_FORMATS = "JPEG, PNG, HEIC, WebP, AVIF, TIFF or BMP"


class PhotoError(PitbossError):
    """A file or an array that is no photo the reader can read (not an image, or too small)."""

    code = "bad_image"


def load_image(path: str | Path) -> np.ndarray:
    """The photo at ``path`` as BGR pixels, turned as its EXIF orientation says.

    Raises :class:`PhotoError` (``no_such_file``) for a path that is no file, and
    (``bad_image``) for a file no decoder here reads.
    """
    file = Path(path)
    if file.is_dir():
        raise PhotoError(f"{path} is a folder, not an image file: name the photos in it "
                         f"({file / '*.jpg'})", "no_such_file")
    if not file.is_file():
        raise PhotoError(f"no such image file: {path}", "no_such_file")
    # OpenCV applies the EXIF orientation itself (IMREAD_COLOR)
    img = cv2.imdecode(np.fromfile(str(file), np.uint8), cv2.IMREAD_COLOR)
    if img is not None:
        return np.asarray(img)
    return _decoded_by_pillow(file)


def _decoded_by_pillow(file: Path) -> np.ndarray:
    _register_heif()
    try:
        with Image.open(file) as opened:
            # pillow-heif turns a HEIF by its own rotation box and sets the EXIF tag to
            # "upright", so exif_transpose turns nothing twice
            upright = ImageOps.exif_transpose(opened).convert("RGB")
    except Image.DecompressionBombError as err:
        # Pillow's guard against a file that unpacks to gigabytes (OpenCV, which reads
        # the JPEGs, allows a gigapixel)
        raise PhotoError(f"{file} is too big to read ({err})", "photo_too_big") from err
    except (UnidentifiedImageError, OSError, ValueError) as err:
        raise PhotoError(f"{file} is not an image pitboss can read ({_FORMATS}): "
                         f"{err}") from err
    return cv2.cvtColor(np.asarray(upright), cv2.COLOR_RGB2BGR)


@cache
def _register_heif() -> None:
    """Teach Pillow HEIF, once, when a photo first needs it (most are JPEGs)."""
    from pillow_heif import register_heif_opener

    register_heif_opener()


__all__ = ["PhotoError", "load_image"]
