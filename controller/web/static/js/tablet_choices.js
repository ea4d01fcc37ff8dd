// The house book's card decisions on the tablet (seed 004): in or out, keep or push,
// pass, buy, take a card or add coins, turn a card up, play or fold, roll order, and the
// dealer's board turns. Drawn from GET /api/hand/decision: one row per seat that owes an
// answer, each option carrying the request its button sends, so a new game's decision
// needs no code here. Labels come from the i18n table by the decision's words.
import { api, card, cardLabel, el, seatName } from "./common.js";
import { STRINGS, t } from "./i18n.js";
import { post, quietly, S } from "./tablet_core.js";

let latest = null;  // the last decision drawn: { version, rows, ... }
let asked = -1;  // the table version of the last request sent
const picks = new Map();  // seat -> cards tapped so far (in order) for a multi-card pick

// "$0.50" for 50 chips at 0.01 a chip; plain chips when a chip is worth 1.
export function money(chips) {
  const unit = Number(S.view?.session?.chip_unit || 1);
  if (!chips) return t("choice.free");
  if (unit === 1) return t("choice.chips", { chips });
  const currency = S.view.session.currency || "";
  const amount = (chips * unit).toFixed(unit < 1 ? 2 : 0);
  return currency.length === 1 ? `${currency}${amount}` : `${amount} ${currency}`.trim();
}

// The most specific string the table has: per decision, per word, else the word itself.
function label(ask, key, params, word = key) {
  for (const k of [`choice.${ask}.${key}`, `choice.${ask}.${word}`, `choice.${key}`]) {
    if (STRINGS.en[k] !== undefined) return t(k, params);
  }
  return key;
}

function send(seat, option) {
  return quietly(post(option.path, option.body).then(() => picks.delete(seat)));
}

function optionButton(row, option) {
  const params = { card: option.card ? cardLabel(option.card) : "", price: money(option.cost),
    n: option.n, slot: option.slot };
  const word = option.body.action || row.ask;
  const cardOnly = Boolean(option.card && option.body.cards);  // the card is the button
  const text = label(row.ask, cardOnly ? "card" : option.key, params, word);
  return el("button", { type: "button", class: `choice choice-${option.key.split("-")[0]}`,
    "aria-label": cardOnly ? text : null,
    dataset: { choice: word, option: option.key, seat: row.seat, key: `choice-${row.seat}-${option.key}` },
    onclick: () => send(row.seat, option) },
  option.card && option.card !== row.card ? card(option.card) : null,
  cardOnly ? null : el("span", {}, text));
}

function pickControls(row) {
  const pick = row.pick;
  const chosen = (picks.get(row.seat) || []).filter((c) => pick.from.includes(c));
  const toggles = pick.from.map((c) => {
    const at = chosen.indexOf(c);
    return el("button", { type: "button", class: "pick", "aria-pressed": String(at >= 0),
      "aria-label": cardLabel(c), dataset: { key: `pick-${row.seat}-${c}`, card: c, seat: row.seat },
      onclick: () => {
        const now = picks.get(row.seat) || [];
        picks.set(row.seat, now.includes(c) ? now.filter((x) => x !== c) : [...now, c]);
        draw();
      } }, card(c), pick.ordered && at >= 0 ? el("span", { class: "order" }, String(at + 1)) : null);
  });
  const confirm = el("button", { type: "button", class: "choice primary",
    disabled: chosen.length !== pick.count,
    dataset: { choice: pick.action, option: "confirm", seat: row.seat, key: `confirm-${row.seat}` },
    onclick: () => send(row.seat, { path: pick.path, body: { ...pick.body, cards: chosen } }) },
  label(row.ask, "confirm", { n: pick.count, picked: chosen.length }));
  return [el("div", { class: "actions draw-cards" }, toggles), el("div", { class: "actions" }, confirm)];
}

function rowPrompt(row) {
  const params = { name: seatName(S.view, row.seat), seat: row.seat, n: row.count,
    coins: row.coins ?? 0, card: row.card ? cardLabel(row.card) : "" };
  const key = `ask.${row.ask}`;
  return STRINGS.en[key] !== undefined ? t(key, params) : t("ask.other", params);
}

function drawRow(row) {
  return el("div", { class: "decision-row", dataset: { seat: row.seat, ask: row.ask } },
    el("p", { class: "who" }, rowPrompt(row), row.card ? card(row.card) : null),
    row.pick ? pickControls(row) : el("div", { class: "actions" },
      row.options.map((option) => optionButton(row, option))));
}

function draw() {
  const box = document.querySelector("#decision");
  if (!box || !latest) return;
  const had = box.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  box.replaceChildren(...latest.rows.map(drawRow));
  box.dataset.version = latest.version;
  if (had) box.querySelector(`[data-key="${had}"]`)?.focus();
}

// Ask the table what it waits for (once per picture) and draw the rows when the answer
// is still the newest: a slow answer to an older picture is dropped.
export async function refreshDecision() {
  const version = S.view.version;
  if (latest && latest.version === version) {
    draw();
    return;
  }
  if (asked === version) return;
  asked = version;
  try {
    const out = await api("GET", "/api/hand/decision", undefined, S.token);
    if (out.version < S.view.version && asked !== out.version) return;
    if (!latest || latest.hand_no !== out.hand_no) picks.clear();
    latest = out;
    draw();
  } catch (err) {
    asked = -1;
    if (err.status === 401) S.onUnauthorized();
  }
}

// The title over the rows: who decides what (a single seat's decision names them).
export function decisionTitle(next) {
  if (next.kind === "turn") return t("hand.turn_board");
  if (next.seats?.length > 1) return t("hand.choices", { n: next.seats.length });
  return t("hand.choice", { name: seatName(S.view, next.seat || next.seats?.[0]),
    seat: next.seat || next.seats?.[0] });
}
