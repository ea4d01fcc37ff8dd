"""The pages people see: the dealer's tablet, the table screen (TV) and a player's phone.

Static HTML, CSS and JavaScript modules under ``static/`` (no build step, no
CDN: everything works offline on the table's LAN). The pages only render the
views the WebSocket streams send (DESIGN.md: "the display is a projection"),
so any of them can be reloaded and catch up at once. The Python modules here
are the small pure helpers the pages' own API routes need.

>>> sorted(p.name for p in STATIC.glob("*.html"))
['index.html', 'player.html', 'replay.html', 'table.html', 'tablet.html']
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["PAGES", "STATIC"]

STATIC = Path(__file__).parent / "static"

# The three pages (and the index linking them), by the name they are served under.
PAGES = {"": "index.html", "tablet": "tablet.html", "table": "table.html",
         "player": "player.html"}
