"""The pages' own API routes and static files, through the real app (lifespan, SQLite log).

Issue 8: the tablet's catalogue with rules summaries, the ledger, join codes, the
unreadable card's crop; the table screen's public action list; the pages served with
no CDN, and every string of the pages in one place, in English and French.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from PIL import Image

from controller.api import create_app
from controller.cards import Card
from controller.engine import Discard, new_hand
from controller.web import STATIC
from controller.web.actions import _record

PIN = "2468"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db=tmp_path / "log.sqlite3", pin=PIN)) as c:
        token = c.post("/api/auth/token", json={"pin": PIN}).json()["token"]
        c.headers["Authorization"] = f"Bearer {token}"
        yield c


def _png() -> str:
    buf = io.BytesIO()
    Image.new("RGB", (30, 40), "white").save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


def _seat_two(c: TestClient) -> list[str]:
    assert c.post("/api/session", json={"table": "Friday"}).status_code == 200
    return [c.post("/api/seats", json={"seat": s, "name": n, "buy_in": 100}).json()["token"]
            for s, n in ((1, "Anna"), (2, "Ben"))]


def test_games_carry_a_rules_summary(client: TestClient) -> None:
    """Seed 000 s01-02 as data: 2-7 players, joker in the centre, 2 down 1 up then bet."""
    games = {g["id"]: g for g in client.get("/api/games", headers={}).json()}
    asf = games["aces-straights-flushes"]
    assert asf["players"] == "2-7" and asf["deck"] == "52+centre-joker"
    assert asf["streets"][0] == {"deal": ["down", "down", "up"]}
    assert [s for s in asf["streets"] if "bet" in s] == [{"bet": "small"}] * 2 + [
        {"bet": "big"}] * 2
    assert asf["options"] == {"ante": 1, "small_bet": 1, "big_bet": 2, "reserve": 25}
    assert any("draw" in s for s in games["five-card-draw-bug"]["streets"])


def test_ledger_needs_the_dealer_and_a_session(client: TestClient) -> None:
    assert client.get("/api/ledger", headers={"Authorization": ""}).status_code == 401
    refused = client.get("/api/ledger")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_session"
    _seat_two(client)
    led = client.get("/api/ledger").json()
    assert [(r["player"], r["bought"]) for r in led["results"]] == [("Anna", 100), ("Ben", 100)]
    assert led["bank"]["balanced"] is False and led["transfers"] == []


def test_a_new_join_token_replaces_the_old_one(client: TestClient) -> None:
    old = _seat_two(client)[0]
    assert client.post("/api/seats/5/token").json()["error"]["code"] == "empty_seat"
    new = client.post("/api/seats/1/token").json()["token"]
    assert new != old
    seat_view = "/api/state/seats/1"
    assert client.get(seat_view, headers={"Authorization": f"Bearer {new}"}).status_code == 200
    assert client.get(seat_view, headers={"Authorization": f"Bearer {old}"}).status_code == 401
    player = {"Authorization": f"Bearer {new}"}
    assert client.post("/api/seats/1/token", headers=player).status_code == 403


def test_qr_code_svg(client: TestClient) -> None:
    svg = client.post("/api/qr", json={"text": "http://10.0.0.2:8000/player/1#token=x"}).json()
    assert svg["svg"].startswith("<svg") and "<path" in svg["svg"]
    assert client.post("/api/qr", json={"text": ""}).status_code == 422


def test_unreadable_card_keeps_its_crop(client: TestClient) -> None:
    """DESIGN.md vision: an unreadable card becomes an alert with the image of its corner;
    a bad image is refused and changes nothing."""
    _seat_two(client)
    client.post("/api/hands", json={})
    before = client.get("/api/state/dealer").json()
    for bad in ("not base64!", base64.b64encode(b"GIF89a not a png").decode()):
        out = client.post("/api/shoe/unreadable", json={"image": bad})
        assert out.status_code == 422 and out.json()["error"]["code"] == "bad_request"
    assert client.get("/api/state/dealer").json() == before
    image = _png()
    reply = client.post("/api/shoe/unreadable", json={"image": image}).json()["result"]
    number = reply["irregularity"]["number"]
    assert reply["irregularity"]["code"] == "card_unreadable"
    crop = client.get(f"/api/irregularities/{number}/crop")
    assert crop.headers["content-type"] == "image/png"
    assert crop.content == base64.b64decode(image)
    assert client.get(f"/api/irregularities/{number}/crop", headers={"Authorization": ""}
                      ).status_code == 401
    assert client.get(f"/api/irregularities/{number + 1}/crop").status_code == 404


def test_public_actions_name_amounts_not_cards(client: TestClient) -> None:
    _seat_two(client)
    client.post("/api/button", json={"seat": 2})
    client.post("/api/hands", json={})
    for card in ("As", "9c", "Ks", "9h", "7s", "5c"):
        client.post("/api/shoe", json={"card": card})
    client.post("/api/hand/actions", json={"seat": 1, "action": "bet"})
    client.post("/api/hand/actions", json={"seat": 2, "action": "raise"})
    out = client.get("/api/state/actions", headers={}).json()
    assert [(a["seat"], a["action"], a["total"]) for a in out["actions"]] == [
        (1, "bet", 1), (2, "raise", 2)]
    assert not re.search(r"\b(As|Ks|9c|9h)\b", str(out))  # no down card in it
    state = new_hand("five-card-draw-bug", [(1, "Anna", 100), (2, "Ben", 100)], dealer=2)
    drew = _record(state, state, Discard(1, (Card("As"), Card("Kd"))), 9)
    assert drew == {"seat": 1, "action": "draw", "cards": 2, "n": 9, "step": state.step}


def test_pages_and_static_files(client: TestClient) -> None:
    for path in ("/", "/tablet", "/table", "/player/3"):
        page = client.get(path, headers={})
        assert page.status_code == 200 and 'type="module"' in page.text, path
    js = client.get("/static/js/i18n.js", headers={})
    assert js.headers["content-type"].startswith("text/javascript")
    for bad in ("/static/../__init__.py", "/static/%2e%2e/__init__.py", "/static/js/nope.js"):
        assert client.get(bad, headers={}).status_code == 404, bad
    assert client.get("/player/11", headers={}).status_code == 422


def test_pages_work_offline() -> None:
    """No CDN: no page, script or style sheet refers to another host."""
    for f in STATIC.rglob("*"):
        if f.suffix in (".html", ".js", ".css"):
            assert not re.search(r"(src|href)=\"(https?:)?//", f.read_text()), f
            assert "@import url(http" not in f.read_text(), f


def _keys(block: str) -> set[str]:
    return set(re.findall(r'^\s+"([a-z_.\-+0-9]+)":', block, flags=re.M))


def test_every_string_in_english_and_french() -> None:
    """All strings in one place (js/i18n.js), each in both languages, and every key the
    pages use exists there."""
    text = (STATIC / "js" / "i18n.js").read_text()
    en_block = text[text.index("  en: {"):text.index("  fr: {")]
    fr_block = text[text.index("  fr: {"):text.index("// The headline game's rules")]
    en, fr = _keys(en_block), _keys(fr_block)
    assert len(en) > 150 and en == fr, sorted(en ^ fr)
    used: set[str] = set()
    for f in STATIC.rglob("*"):
        source = f.read_text() if f.suffix in (".html", ".js") else ""
        used |= set(re.findall(r'data-i18n(?:-label|-placeholder)?="([^"]+)"', source))
        used |= set(re.findall(r'\bt\("([a-z_.\-]+)"', source))
    assert used and used <= en, sorted(used - en)


def test_a_shoe_in_this_process_reports_its_crop(client: TestClient) -> None:
    """vision's CardUnreadable (its crop as PNG) reaches the tablet the same way."""
    import numpy as np

    from controller.api.routes.page_api import report_unreadable
    from vision.events import CardUnreadable

    _seat_two(client)
    client.post("/api/hands", json={})
    crop = np.zeros((48, 32, 3), np.uint8)
    crop[:, :16] = (0, 0, 255)
    event = CardUnreadable(frame_no=7, timestamp=0.2, crop=crop)
    assert client.portal is not None
    reply = client.portal.call(report_unreadable, client.app, event.crop_png())
    number = reply["irregularity"]["number"]
    png = client.get(f"/api/irregularities/{number}/crop").content
    assert png == event.crop_png()
    dealer = client.get("/api/state/dealer").json()
    assert [i["code"] for i in dealer["irregularities"]] == ["card_unreadable"]
