"""Photo files as phones save them (issue 4, "Still photos": "a phone photo (mind EXIF
orientation)"): an iPhone saves HEIC by default, its pixels as the sensor read them and
the turn to show them upright in the file; `pitboss vision read` takes it as it takes
a JPEG.
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from controller.cards import parse_cards
from vision.photo import read_photo
from vision.photo_file import PhotoError, load_image
from vision.table_photo import table_photo


def _near(found: list[list[float]], truth: np.ndarray, tol: float) -> bool:
    """The same four corners, in any starting order (a card read upside down is fine)."""
    f = np.array(found)
    return any(np.abs(np.roll(f, k, axis=0) - truth).max() < tol for k in range(4))


def _sideways_heic(img: np.ndarray, path: Path) -> None:
    """``img`` saved as a phone held upright saves it: the pixels turned a quarter
    (landscape, as the sensor reads them), and the file saying "rotate 90 clockwise to
    show" (EXIF orientation 6, which the HEIF encoder writes as its rotation box)."""
    import pillow_heif

    pillow_heif.register_heif_opener()
    sideways = Image.fromarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB)).transpose(
        Image.Transpose.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6
    sideways.save(path, format="HEIF", quality=92, exif=exif.tobytes())


def test_a_heic_phone_photo_stored_sideways_loads_upright_and_reads(tmp_path: Path) -> None:
    """The HEIC photo comes back the upright photo's shape, its cards read, and their
    corners in the upright photo's pixels (a decoder ignoring the turn gives a
    landscape photo; one applying it twice, the photo upside down)."""
    img, truth = table_photo(parse_cards("Kd 7c"), "tango", seed=11, table="wood")
    path = tmp_path / "IMG_0412.HEIC"
    _sideways_heic(img, path)
    with Image.open(path) as stored:
        assert stored.format == "HEIF"
    # stored landscape (the image's spatial extent box, width then height), as a phone
    # stores it, so only the file's rotation box turns it upright
    data = path.read_bytes()
    at = data.index(b"ispe")
    assert struct.unpack(">II", data[at + 8:at + 16]) == (img.shape[0], img.shape[1])
    loaded = load_image(path)
    assert loaded.shape == img.shape
    # the same picture, not only the same shape: HEVC's loss is small against the card
    assert float(np.abs(loaded.astype(np.int16) - img.astype(np.int16)).mean()) < 6.0
    found = sorted(read_photo(loaded), key=lambda c: str(c.card))
    assert [str(c.card) for c in found] == ["7c", "Kd"]
    for f, (_card, corners) in zip(found, sorted(truth, key=lambda t: str(t[0])), strict=True):
        assert _near(f.corners, np.asarray(corners), tol=12)


def test_cli_vision_read_takes_a_heic_photo(tmp_path: Path) -> None:
    img, _ = table_photo(parse_cards("Qh 3s"), "nicu-ornamental", seed=3, table="plain")
    path = tmp_path / "showdown.heic"
    _sideways_heic(img, path)
    done = subprocess.run([sys.executable, "-m", "controller.cli", "vision", "read", str(path)],
                          capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    body = json.loads(done.stdout)
    assert sorted(c["card"] for c in body["cards"]) == ["3s", "Qh"]


def test_a_file_no_decoder_reads_is_refused_with_the_formats_named(tmp_path: Path) -> None:
    """A truncated HEIC (a copy cut short) is neither OpenCV's nor Pillow's: refused with
    the formats pitboss reads and the stable code, not a decoder's traceback."""
    img, _ = table_photo(parse_cards("2d"), "tango", seed=1)
    whole = tmp_path / "whole.heic"
    _sideways_heic(img, whole)
    cut = tmp_path / "cut.heic"
    cut.write_bytes(whole.read_bytes()[:400])
    with pytest.raises(PhotoError) as err:
        load_image(cut)
    assert err.value.code == "bad_image"
    assert "HEIC" in str(err.value) and "cut.heic" in str(err.value)


def test_a_folder_given_for_a_photo_is_refused_saying_so(tmp_path: Path) -> None:
    with pytest.raises(PhotoError) as err:
        load_image(tmp_path)
    assert err.value.code == "no_such_file"
    assert "is a folder" in str(err.value)


def test_a_photo_too_big_for_pillow_is_refused_with_a_code(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Pillow refuses a file that would unpack to more pixels than twice its limit
    (a decompression bomb); that comes out as a PhotoError with a stable code, not a
    traceback from `pitboss vision read`. The limit is lowered so a small HEIC trips it."""
    img, _ = table_photo(parse_cards("2d"), "tango", seed=1)
    path = tmp_path / "huge.heic"
    _sideways_heic(img, path)
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)
    with pytest.raises(PhotoError) as err:
        load_image(path)
    assert err.value.code == "photo_too_big"
    assert "huge.heic" in str(err.value)
