"""Issue 8 "Done when": an accessibility check of the dealer's tablet passes.

Written here rather than vendored (axe-core is not available offline), from WCAG 2.2:
* 1.4.3 contrast: every visible text's contrast ratio, computed in the page from the
  computed styles (colour over the composited background, ancestor opacity included),
  is at least 4.5:1, or 3:1 for large text (24px, or 18.66px bold);
* 4.1.2 name: every control (button, input, select, link, tab, image) has an
  accessible name (aria-label, aria-labelledby, a label, alt, or its text);
* 2.1.1 keyboard and 2.4.7 focus visible: Tab reaches every visible enabled control of
  each tab panel and shows a focus outline; arrow keys move between the tabs; Enter on
  an action button carries out that action.
The table is mid-hand with an unreadable card waiting, so every part of the tablet
(action buttons, the alert with its crop image, the picker) is on screen.
"""

from __future__ import annotations

import base64
import io
from typing import Any

import pytest
from PIL import Image

pytestmark = pytest.mark.browser

CONTRAST_JS = """() => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, bottom) => {
    const a = top.a + bottom.a * (1 - top.a);
    const mix = (k) => (top[k] * top.a + bottom[k] * bottom.a * (1 - top.a)) / a;
    return { r: mix("r"), g: mix("g"), b: mix("b"), a };
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.backgroundImage !== "none") return null;  // a pattern: not measurable
      const c = parse(cs.backgroundColor);
      if (c && c.a > 0) layers.push(c);
      if (c && c.a >= 1) break;
    }
    let acc = { r: 255, g: 255, b: 255, a: 1 };  // the canvas under everything
    for (let i = layers.length - 1; i >= 0; i--) acc = over(layers[i], acc);
    return acc;
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const text = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim())
      .map((n) => n.textContent.trim()).join(" ");
    if (!text || el.closest("button:disabled, input:disabled, select:disabled")) continue;
    const cs = getComputedStyle(el);
    const bg = background(el);
    if (!bg) continue;
    const fg = parse(cs.color);
    const seen = over({ ...fg, a: fg.a * opacity(el) }, bg);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (Number(cs.fontWeight) >= 700 && size >= 18.66);
    const need = large ? 3 : 4.5;
    out.push({ text: text.slice(0, 40), ratio: Math.round(ratio(seen, bg) * 100) / 100, need });
  }
  return out;
}"""

VISIBLE_JS = """(el) => el.checkVisibility({ visibilityProperty: true })
  && !el.closest("[hidden]")"""

NAMES_JS = """() => {
  const visible = """ + VISIBLE_JS + """;
  const byId = (ids) => ids.split(/\\s+/)
    .map((id) => document.getElementById(id)?.textContent || "").join(" ").trim();
  const name = (el) => {
    const label = el.getAttribute("aria-label");
    if (label && label.trim()) return label.trim();
    const by = el.getAttribute("aria-labelledby");
    if (by && byId(by)) return byId(by);
    if (["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName)) {
      const labels = [...(el.labels || [])].map((l) => l.textContent.trim()).join(" ").trim();
      return labels || (el.title || "").trim();
    }
    if (el.tagName === "IMG") return (el.alt || "").trim();
    return (el.textContent || "").trim() || (el.title || "").trim();
  };
  const controls = [...document.querySelectorAll(
    "button, input, select, textarea, a[href], [role=tab], [role=img], img, svg[role]")]
    .filter(visible);
  return { count: controls.length,
           missing: controls.filter((c) => !name(c)).map((c) => c.outerHTML.slice(0, 100)) };
}"""

MARK_JS = """() => {
  const visible = """ + VISIBLE_JS + """;
  const all = [...document.querySelectorAll("button, input, select, a[href], [tabindex]")]
    .filter((el) => visible(el) && !el.disabled && el.tabIndex >= 0);
  all.forEach((el, i) => { el.dataset.kb = String(i); });
  return all.map((el) => (el.textContent || el.getAttribute("aria-label") || el.id)
    .trim().slice(0, 30));
}"""

FOCUSED_JS = """() => {
  const el = document.activeElement;
  const cs = getComputedStyle(el);
  return { kb: el.dataset.kb ?? null, outline: cs.outlineStyle !== "none" &&
           parseFloat(cs.outlineWidth) >= 2, text: (el.textContent || el.id).trim().slice(0, 30) };
}"""


def _crop() -> str:
    buf = io.BytesIO()
    Image.new("RGB", (40, 60), "white").save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


def _mid_hand(server: Any) -> None:
    """Seed 000 s02: two down and one up each, then the first betting round is open."""
    server.call("POST", "/api/session", {"table": "Friday game", "chip_unit": "0.25",
                                         "currency": "EUR"})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        server.call("POST", "/api/seats", {"seat": seat, "name": name, "buy_in": 100})
    server.call("POST", "/api/button", {"seat": 2})
    server.call("POST", "/api/hands", {})
    for card in ["As", "9c", "Ks", "9h", "7s", "5c"]:
        server.call("POST", "/api/shoe", {"card": card})
    server.call("POST", "/api/shoe/unreadable", {"image": _crop()})


def _contrast_and_names(page: Any, where: str) -> None:
    texts = page.evaluate(CONTRAST_JS)
    assert len(texts) > 5, where
    low = [t for t in texts if t["ratio"] < t["need"]]
    assert not low, f"{where}: contrast too low: {low}"
    names = page.evaluate(NAMES_JS)
    assert names["count"] > 3 and not names["missing"], f"{where}: no accessible name: {names}"


def _tab_through(page: Any, where: str) -> None:
    """Tab from the top reaches every visible enabled control, each with a focus outline."""
    controls = page.evaluate(MARK_JS)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    reached: set[str] = set()
    for _ in range(len(controls) + 5):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_JS)
        if focused["kb"] is None:
            continue
        assert focused["outline"], f"{where}: no visible focus on {focused['text']!r}"
        reached.add(focused["kb"])
    missed = [controls[int(i)] for i in set(map(str, range(len(controls)))) - reached]
    assert not missed, f"{where}: Tab never reaches {missed}"


def test_tablet_accessibility(pages: Any, server: Any) -> None:
    """WCAG 1.4.3, 4.1.2, 2.1.1 and 2.4.7 on every panel of the tablet, mid-hand."""
    _mid_hand(server)
    tablet = pages.tablet()
    tablet.locator(".alert img").wait_for(state="visible")
    tablet.wait_for_selector('#actions button[data-action="bet"]')
    panels = ["hand", "seats", "game", "ledger"]
    for i, panel in enumerate(panels):
        if i:  # arrow keys move along the tabs (the selected tab is the one in Tab order)
            tablet.keyboard.press("ArrowRight")
            assert tablet.evaluate("() => document.activeElement.id") == f"tab-{panel}"
        tablet.wait_for_selector(f"#panel-{panel}:not([hidden])")
        if panel == "ledger":
            tablet.wait_for_selector("table.ledger")
        _contrast_and_names(tablet, panel)
        _tab_through(tablet, panel)
        tablet.focus(f"#tab-{panel}")
    tablet.keyboard.press("Home")
    tablet.wait_for_selector("#panel-hand:not([hidden])")
    _contrast_and_names_fr(tablet)
    _the_checks_can_fail(tablet)
    _operate_by_keyboard(tablet, server)


def _contrast_and_names_fr(tablet: Any) -> None:
    """The French strings fit the same checks (and really are French)."""
    tablet.click("#lang")
    assert tablet.inner_text('#actions button[data-action="bet"]') == "Miser 1"
    assert tablet.inner_text(".alert strong") == ("Le sabot n'a pas pu lire une carte : "
                                                  "saisissez-la à la main.")
    assert "cachée pour la place 1" in tablet.inner_text("#feed")
    _contrast_and_names(tablet, "hand (fr)")
    tablet.click("#tab-game")
    rules = tablet.inner_text("#game-summary .rules")  # seed 001 s01, the French rules
    assert "septième carte commune" in rules and "25 jetons" in rules
    _contrast_and_names(tablet, "game (fr)")
    tablet.click("#tab-hand")
    tablet.click("#lang")


def _operate_by_keyboard(tablet: Any, server: Any) -> None:
    """Enter on the focused "Bet 1" button bets, as a tap would (seed 000 s03)."""
    tablet.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(20):
        tablet.keyboard.press("Tab")
        if tablet.evaluate("() => document.activeElement.dataset.action") == "bet":
            break
    else:
        pytest.fail("Tab never reached the Bet button")
    before = server.call("GET", "/api/state/dealer")["version"]
    tablet.keyboard.press("Enter")
    tablet.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    players = server.call("GET", "/api/state/dealer")["hand"]["players"]
    assert [p["bet"] for p in players] == [1, 0]  # Anna's seven showing opens (seed 000 s02)


def _the_checks_can_fail(tablet: Any) -> None:
    """Grey on grey and a nameless button are caught (the checks are not vacuous)."""
    tablet.evaluate("""() => document.querySelector("#panel-hand").append(Object.assign(
        document.createElement("p"), { id: "bad", textContent: "hard to read",
        style: "color:#777;background:#888" }), Object.assign(document.createElement("button"),
        { id: "nameless" }))""")
    low = [t for t in tablet.evaluate(CONTRAST_JS) if t["ratio"] < t["need"]]
    assert [t["text"] for t in low] == ["hard to read"]
    assert tablet.evaluate(NAMES_JS)["missing"] == ['<button id="nameless"></button>']
    tablet.evaluate("() => { document.querySelector('#bad').remove(); "
                    "document.querySelector('#nameless').remove(); }")


def test_table_screen_and_phone_contrast_and_names(pages: Any, server: Any) -> None:
    """The same contrast and name checks on the TV and a phone, mid-hand, in both languages."""
    _mid_hand(server)
    token = server.call("POST", "/api/seats/1/token")["token"]
    tv = pages.open("/table", {"width": 1920, "height": 1080})
    phone = pages.open(f"/player/1#token={token}", {"width": 390, "height": 844})
    for page, where in ((tv, "table screen"), (phone, "phone")):
        page.wait_for_selector(".seat.to-act")
        _contrast_and_names(page, where)
        page.click("#lang")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        _contrast_and_names(page, f"{where} (fr)")
