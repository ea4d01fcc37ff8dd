// What the three pages share: the API client, the live stream, cards, small DOM helpers.
import { getLang, handName, setLang, t } from "./i18n.js";

// ------------------------------------------------------------------ DOM
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

// ------------------------------------------------------------------ cards
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAMES = {
  en: { s: "spades", h: "hearts", d: "diamonds", c: "clubs" },
  fr: { s: "pique", h: "cœur", d: "carreau", c: "trèfle" },
};
const RANK_NAMES = {
  en: { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" },
  fr: { A: "as", K: "roi", Q: "dame", J: "valet", T: "dix" },
};

export function cardLabel(code) {
  const lang = getLang();
  if (code === "Jk") return t("picker.joker");
  const rank = RANK_NAMES[lang][code[0]] || code[0];
  const suit = SUIT_NAMES[lang][code[1]] || code[1];
  return lang === "fr" ? `${rank} de ${suit}` : `${rank} of ${suit}`;
}

// One card face; data-card carries the code so tests (and people) can read it.
export function card(code, size = "") {
  if (code === "Jk") {
    return el("span", { class: `card joker ${size}`, dataset: { card: code }, role: "img",
      "aria-label": cardLabel(code) }, "JK", el("span", { class: "suit" }, "★"));
  }
  const rank = code[0] === "T" ? "10" : code[0];
  return el("span", { class: `card suit-${code[1]} ${size}`, dataset: { card: code },
    role: "img", "aria-label": cardLabel(code) }, rank, el("span", { class: "suit" },
    SUITS[code[1]] || code[1]));
}

// A card seen from its back: how many down cards a seat holds, never which.
export function cardBack(size = "") {
  return el("span", { class: `card back ${size}`, "aria-hidden": "true" });
}

export { handName, SUITS };

// ------------------------------------------------------------------ API
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers,
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "network", String(err));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const e = data.error || { code: `http_${response.status}`, message: response.statusText };
    throw new ApiError(response.status, e.code, e.message);
  }
  return data;
}

// ------------------------------------------------------------------ the live stream
// One WebSocket stream of whole pictures; reconnects on its own (backing off up to
// five seconds) and always takes the first picture after a reconnect, since a
// restarted server counts its versions from zero again.
export class Live {
  // `check` is asked (async) after a socket closes without ever opening: a refused
  // token must not be retried forever (each try counts against this device).
  constructor(path, { token = "", onState, onStatus = () => {}, check = async () => true }) {
    Object.assign(this, { path, token, onState, onStatus, check });
    this.version = -1;
    this.retries = 0;
    this.stopped = false;
    this.open();
  }

  url() {
    const url = new URL(this.path, location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    if (this.token) url.searchParams.set("token", this.token);
    return url.toString();
  }

  open() {
    this.onStatus(this.retries ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.version = -1;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.retries = 0;
      this.onStatus("live");
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type !== "state" || message.version < this.version) return;
      this.version = message.version;
      this.onState(message.view, message);
    };
    ws.onclose = async () => {
      if (this.ws !== ws || this.stopped) return;
      this.onStatus("reconnecting");
      if (!opened && !(await this.check())) {
        this.stop();
        return;
      }
      const delay = Math.min(5000, 200 * 2 ** this.retries++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}

// Keep a TV's or a tablet's screen on during the evening (where the browser allows it).
export function keepAwake() {
  const ask = () => {
    if (document.visibilityState === "visible" && navigator.wakeLock) {
      navigator.wakeLock.request("screen").catch(() => {});
    }
  };
  ask();
  document.addEventListener("visibilitychange", ask);
}

export function showStatus(node, status) {
  node.textContent = t(`conn.${status}`);
  node.dataset.status = status;
}

// ------------------------------------------------------------------ language switch
export function languageButton(button, rerender) {
  const label = () => {
    button.textContent = t("lang.switch");
    button.setAttribute("aria-label", t("lang.switch.label"));
  };
  label();
  button.addEventListener("click", () => {
    setLang(getLang() === "fr" ? "en" : "fr");
    label();
    rerender();
  });
}

// ------------------------------------------------------------------ table facts
export function seatName(view, seat) {
  const found = (view.hand?.players || []).find((p) => p.seat === seat) ||
    (view.seats || []).find((s) => s.seat === seat);
  return found ? found.name : t("table.seat", { seat });
}

export function currentBet(hand) {
  return Math.max(0, ...hand.players.map((p) => p.bet));
}

// "Ben raises to 2" for the table screen, from /api/state/actions records.
export function lastActionText(action) {
  if (action.action === "draw") {
    return action.cards ? t("last.draw", { cards: action.cards }) : t("last.draw0");
  }
  return t(`last.${action.action}`, action);
}

export function resultLines(view) {
  const hand = view.hand;
  const result = hand?.result;
  if (!result) return [];
  const name = (seat) => seatName(view, seat);
  if (result.reason === "misdeal") return [t("table.misdeal")];
  const lines = [];
  for (const [seat, chips] of Object.entries(result.payouts)) {
    const key = result.reason === "showdown" ? "table.wins" : "table.uncontested";
    const hands = result.hands.filter((h) => h.seat === Number(seat)).map((h) => handName(h.hand));
    lines.push([t(key, { name: name(Number(seat)), chips }), ...hands].join(": "));
  }
  return lines;
}

export function expectText(view) {
  const next = view.hand?.next;
  if (!next) return "";
  if (next.kind === "card") {
    if (next.slot) return t(next.face_up ? "hand.card_slot_up" : "hand.card_slot_down", { slot: next.slot });
    if (next.target === "board") return t("hand.card_board");
    if (next.target === "burn") return t("hand.card_burn");
    const key = next.face_up ? "hand.card_for_seat_up" : "hand.card_for_seat_down";
    return t(key, { name: seatName(view, next.seat), seat: next.seat });
  }
  return "";
}
