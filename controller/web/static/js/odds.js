// Broadcast odds on the table screen (issue 11): each live player's chance to win, shown
// only when the dealer has turned broadcast mode on, and only as late as its delay (the
// server holds them back; this screen never gets odds otherwise). Its own small panel and
// its own listener on /ws/table, so the table screen's drawing is left alone.
import { el } from "./common.js";
import { t } from "./i18n.js";

// Every string shown is in the i18n table (EN/FR), under "odds.*".
const panel = el("aside", { id: "odds", class: "odds-panel", hidden: true,
  "aria-live": "polite", "aria-label": t("odds.label") });
let handNo = null;
let complete = false;
let shown = null;

function hide() {
  panel.hidden = true;
  panel.replaceChildren();
  delete panel.dataset.hand;
}

function draw(message) {
  if (message.hand !== handNo || complete || !message.equities?.length) {
    hide();
    return;
  }
  shown = message;
  const pct = (x) => `${((x ?? 0) * 100).toFixed(0)}%`;
  const rows = message.equities.map((e) => {
    const value = e.folded ? t("odds.folded") : pct(e.equity);
    const width = e.folded || e.equity === null ? 0 : (e.equity * 100).toFixed(1);
    // a split pot: each half's share and the chance to scoop, under the bar
    const halves = e.folded || e.high === undefined ? null : el("small", { class: "halves" },
      t("odds.halves", { high: pct(e.high), low: pct(e.low), scoop: pct(e.scoop) }));
    return el("li", { class: e.folded ? "folded" : "", dataset: { seat: String(e.seat),
      equity: String(e.equity) } }, el("span", { class: "name" }, e.name),
    el("span", { class: "odds-bar" }, el("span", { style: `width: ${width}%` })),
    el("strong", {}, value), halves);
  });
  panel.replaceChildren(el("h2", {}, `${t("odds.title")} · ${message.street}`),
    el("ol", {}, rows));
  panel.dataset.hand = String(message.hand);
  panel.dataset.version = String(message.version);
  panel.hidden = false;
}

function onState(view) {
  const nextHand = view.hand_no || null;
  complete = view.hand?.status === "complete";
  if (nextHand !== handNo || complete || !view.hand) {
    handNo = nextHand;
    if (!shown || shown.hand !== handNo || complete) hide();
  }
}

function listen(retries = 0) {
  const url = new URL("/ws/table", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(url);
  ws.onopen = () => { retries = 0; };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") onState(message.view);
    else if (message.type === "odds") draw(message);
  };
  ws.onclose = () => setTimeout(() => listen(retries + 1), Math.min(5000, 200 * 2 ** retries));
}

function style() {
  const css = `
.odds-panel { position: fixed; right: 24px; bottom: 24px; min-width: 520px; z-index: 5;
  background: rgba(16, 20, 24, 0.92); border: 2px solid var(--accent, #ffd35c);
  border-radius: 12px; padding: 12px 18px; font-size: 1.5rem; }
.odds-panel h2 { margin: 0 0 8px; font-size: 1.3rem; color: var(--accent, #ffd35c); }
.odds-panel ol { list-style: none; margin: 0; padding: 0; }
.odds-panel li { display: grid; grid-template-columns: minmax(6em, max-content) minmax(200px, 1fr) 4em; gap: 10px;
  align-items: center; margin: 4px 0; }
.odds-panel li.folded { opacity: 0.5; }
.odds-panel .odds-bar { height: 14px; background: #242d36; border-radius: 7px; overflow: hidden; }
.odds-panel .odds-bar span { display: block; height: 100%; background: #2f9e5b; }
.odds-panel strong { text-align: right; }
.odds-panel .halves { grid-column: 2 / 4; font-size: 1rem; opacity: 0.8; }`;
  document.head.append(el("style", {}, css));
}

async function latest() {
  try {
    const response = await fetch("/api/odds");
    const body = await response.json();
    if (body.odds && handNo === null) handNo = body.odds.hand;
    if (body.odds) draw(body.odds);
  } catch {
    // no odds yet: the stream brings the next ones
  }
}

style();
document.body.append(panel);
listen();
latest();
