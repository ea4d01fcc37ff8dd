"""The join code a player scans with their phone: a QR code as inline SVG (segno).

>>> svg = qr_svg("http://192.168.1.5:8000/player/3#token=abc")
>>> svg.startswith("<svg") and "<path" in svg
True
"""

from __future__ import annotations

import segno

__all__ = ["qr_svg"]


def qr_svg(text: str, scale: int = 6) -> str:
    """``text`` as a QR code (error correction M, 4-module quiet zone), inline SVG."""
    code = segno.make(text, error="m", micro=False)
    return str(code.svg_inline(scale=scale, border=4, dark="#000", light="#fff"))
