"""How fast the pages load from the local server (issue 8: "under a second").

Starts the app on a real uvicorn on a loopback port with a hand in progress
(seed 000's worked example, first round), then opens each page in a fresh
headless Chromium context (cold cache) several times and prints, per page,
the median and worst of: the HTML received, DOMContentLoaded, load, and the
first live picture drawn (the WebSocket's first state on screen). Screenshots
of the three pages go to test-artifacts/pages/ for review (no make needed):

    .venv/bin/python benchmarks/bench_pages.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from controller.api import create_app  # noqa: E402
from controller.api.local import LocalServer  # noqa: E402

PIN = "2468"
ARTIFACTS = ROOT / "test-artifacts" / "pages"
VIEWPORTS = {"tablet": (1280, 800), "table": (1920, 1080), "player": (390, 844)}


def _mid_hand(url: str) -> tuple[str, str]:
    """A session, Anna and Ben seated, the first round's cards dealt; returns the dealer
    token and Anna's join link."""
    http = httpx.Client(base_url=url, trust_env=False)
    token = http.post("/api/auth/token", json={"pin": PIN}).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    http.post("/api/session", json={"table": "Friday game"}, headers=auth)
    seats = [http.post("/api/seats", json={"seat": s, "name": n, "buy_in": 100},
                       headers=auth).json() for s, n in ((1, "Anna"), (2, "Ben"))]
    http.post("/api/button", json={"seat": 2}, headers=auth)
    http.post("/api/hands", json={}, headers=auth)
    for card in ("As", "9c", "Ks", "9h", "7s", "5c"):
        http.post("/api/shoe", json={"card": card}, headers=auth)
    return token, f"{url}/player/1#token={seats[0]['token']}"


TIMING_JS = """() => {
  const n = performance.getEntriesByType("navigation")[0];
  return { html: n.responseEnd, dom: n.domContentLoadedEventEnd, load: n.loadEventEnd };
}"""


def _measure(browser: object, url: str, page_name: str, token: str) -> dict[str, float]:
    width, height = VIEWPORTS[page_name]
    ctx = browser.new_context(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    if page_name == "tablet":  # already logged in: the token is kept on the tablet
        ctx.add_init_script(f"localStorage.setItem('pitboss.dealer', {token!r})")
    page = ctx.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    drawn = (time.perf_counter() - start) * 1000
    page.wait_for_load_state("load")
    out = page.evaluate(TIMING_JS)
    out["drawn"] = drawn
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{page_name}.png"))
    ctx.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = LocalServer(create_app(db=Path(tmp) / "log.sqlite3", pin=PIN)).start()
        url = server.url
        token, join = _mid_hand(url)
        urls = {"tablet": f"{url}/tablet", "table": f"{url}/table", "player": join}
        rows = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                        args=["--no-sandbox", "--disable-gpu",
                                              "--disable-background-networking",
                                              "--disable-component-update", "--disable-sync"])
            for name, page_url in urls.items():
                runs = [_measure(browser, page_url, name, token) for _ in range(args.rounds)]
                rows.append((name, runs))
            browser.close()
        server.stop()
    print(f"pages from the local server, {args.rounds} cold loads each (ms; target < 1000)")
    print(f"{'page':<8} {'html':>12} {'DOMContentLoaded':>18} {'load':>12} {'live picture':>14}"
          "  under 1 s")
    for name, runs in rows:
        cells = []
        for key in ("html", "dom", "load", "drawn"):
            values = [r[key] for r in runs]
            cells.append(f"{statistics.median(values):.0f} / {max(values):.0f}")
        worst = max(r["drawn"] for r in runs)
        print(f"{name:<8} {cells[0]:>12} {cells[1]:>18} {cells[2]:>12} {cells[3]:>14}  "
              f"{'yes' if worst < 1000 else 'NO'}")
    print("(median / worst; 'live picture' is goto() to the first WebSocket state drawn)")
    print(f"screenshots: {ARTIFACTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
