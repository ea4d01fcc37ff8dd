"""The rendered-card cache (issue 4, "Frame sources": the SVG decks are rendered once
and kept), shared by every process that renders: test workers, the bench, training."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cv2

from controller.cards import DECK_52

_RENDER_EIGHT = """
from controller.cards import DECK_52
from vision.decks import STYLES, render_face
for card in DECK_52[:8]:
    render_face(STYLES["standard"], card)
"""


def test_processes_rendering_one_card_at_once_each_read_it_whole(tmp_path: Path) -> None:
    """Four processes rendering the same cards into an empty cache at once (pytest-xdist
    workers on a clean machine, two training shards started together) all succeed, and
    each card is kept whole. With one temporary file shared by all, one process read
    another's half-written PNG ("cannot read cached card render"); three rounds here
    failed that way in 10 of 10 runs."""
    root = Path(__file__).resolve().parents[2]
    for round_ in range(3):
        cache = tmp_path / str(round_)
        env = {**os.environ, "PITBOSS_CACHE": str(cache), "PYTHONPATH": str(root)}
        workers = [subprocess.Popen([sys.executable, "-c", _RENDER_EIGHT], cwd=root, env=env,
                                    stderr=subprocess.PIPE, text=True) for _ in range(4)]
        for worker in workers:
            _, err = worker.communicate(timeout=120)
            assert worker.returncode == 0, err
        kept = sorted((cache / "cards" / "standard").iterdir())
        assert [p.name for p in kept] == sorted(f"{c}.png" for c in DECK_52[:8])
        assert all(cv2.imread(str(p), cv2.IMREAD_UNCHANGED) is not None for p in kept)
