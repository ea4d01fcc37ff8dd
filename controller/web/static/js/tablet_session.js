// The tablet's evening: the session, seats and buy-ins, join codes, the next game with
// its rules summary and house options, the ledger and settle-up, and a confirm box.
import { $, api, el, seatName } from "./common.js";
import { getLang, rulesText, t } from "./i18n.js";
import { call, keepFocus, post, quietly, S, section, showError } from "./tablet_core.js";

// ------------------------------------------------------------------ seats and session
function seatTokens() {
  const id = S.view?.session?.id || "none";
  return JSON.parse(localStorage.getItem(`pitboss.seats.${id}`) || "{}");
}

function keepSeatToken(seat, seatToken) {
  const id = S.view?.session?.id || "none";
  const all = seatTokens();
  all[seat] = seatToken;
  localStorage.setItem(`pitboss.seats.${id}`, JSON.stringify(all));
}

function seatRow(s) {
  const rebuyId = `rebuy-${s.seat}`;
  const rebuy = el("input", { id: rebuyId, type: "number", min: 1, value: 100, style: "width:6em",
    "aria-label": t("seats.rebuy_chips", { seat: s.seat }) });
  return el("div", { class: "seat-row", dataset: { seat: s.seat } },
    el("span", { class: "who" }, `${s.seat}. ${s.name}`),
    el("span", {}, t("seats.stack", { stack: s.stack }), s.sitting_out ? ` · ${t("seats.out")}` : "",
      s.seat === S.view.button ? ` · ${t("seats.has_button")}` : ""),
    el("button", { type: "button", class: "primary", dataset: { join: s.seat },
      onclick: () => openJoin(s.seat) }, t("seats.join")),
    rebuy,
    el("button", { type: "button", onclick: () => quietly(post(`/api/seats/${s.seat}/rebuy`,
      { chips: Number(rebuy.value) })) }, t("seats.rebuy")),
    el("button", { type: "button", onclick: () => quietly(post(`/api/seats/${s.seat}/sit-out`,
      { out: !s.sitting_out })) }, t(s.sitting_out ? "seats.sit_in" : "seats.sit_out")),
    el("button", { type: "button", dataset: { button: s.seat },
      onclick: () => quietly(post("/api/button", { seat: s.seat })) }, t("seats.button")),
    el("button", { type: "button", class: "danger",
      onclick: () => quietly(call("DELETE", `/api/seats/${s.seat}`)) }, t("seats.leave")));
}

export function drawSeats() {
  section("seats", [S.view.seats, S.view.button, S.view.session], () => {
    const open = Boolean(S.view.session?.open);
    $("#open-session").hidden = open;
    $("#end-session").hidden = !open;
    $("#add-seat").hidden = !open;
    $("#session-info").textContent = S.view.session ? t("session.info", { table: S.view.session.table,
      unit: S.view.session.chip_unit, currency: S.view.session.currency }) : t("session.none");
    const list = $("#seat-list");
    keepFocus(list, () => list.replaceChildren(...(S.view.seats.length ? S.view.seats.map(seatRow) :
      [el("p", { class: "muted" }, t("seats.empty"))])));
    const free = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((n) => !S.view.seats.some((s) => s.seat === n));
    if (free && !$("#add-seat").contains(document.activeElement)) $("#a-seat").value = free;
  });
}

export async function openSession(event) {
  event.preventDefault();
  quietly(post("/api/session", { table: $("#s-table").value, chip_unit: $("#s-unit").value,
    stakes: $("#s-stakes").value, currency: $("#s-currency").value }));
}

export async function addSeat(event) {
  event.preventDefault();
  const seat = Number($("#a-seat").value);
  try {
    const out = await post("/api/seats", { seat, name: $("#a-name").value,
      buy_in: Number($("#a-buyin").value) });
    keepSeatToken(seat, out.token);
    $("#a-name").value = "";
  } catch (err) {
    // shown in #error
  }
}

// ------------------------------------------------------------------ join codes
async function drawJoin(seat) {
  const seatToken = seatTokens()[seat];
  const link = $("#join-link");
  $("#join-title").textContent = t("join.title", { name: seatName(S.view, seat), seat });
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
  $("#join-warning").textContent = local ? t("join.localhost") : "";
  if (!seatToken) {
    $("#join-qr").replaceChildren(el("p", {}, t("join.none")));
    link.textContent = "";
    link.removeAttribute("href");
    return;
  }
  const url = `${location.origin}/player/${seat}#token=${encodeURIComponent(seatToken)}`;
  link.href = url;
  link.textContent = url;
  const qr = await call("POST", "/api/qr", { text: url });
  const holder = $("#join-qr");
  holder.innerHTML = qr.svg;  // server-made SVG of our own link
  const svg = holder.querySelector("svg");
  if (svg) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("join.title", { name: seatName(S.view, seat), seat }));
  }
}

export async function openJoin(seat) {
  const dialog = $("#join");
  dialog.dataset.seat = seat;
  await drawJoin(seat).catch(() => {});
  dialog.showModal();
}

export async function newJoinCode() {
  const seat = Number($("#join").dataset.seat);
  const out = await call("POST", `/api/seats/${seat}/token`);
  keepSeatToken(seat, out.token);
  await drawJoin(seat);
}

// ------------------------------------------------------------------ confirm
export function confirmBox(text) {
  const dialog = $("#confirm");
  $("#confirm-text").textContent = text;
  dialog.showModal();
  $("#confirm-no").focus();
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.close();
      $("#confirm-yes").onclick = null;
      $("#confirm-no").onclick = null;
      resolve(answer);
    };
    $("#confirm-yes").onclick = () => done(true);
    $("#confirm-no").onclick = () => done(false);
    dialog.oncancel = () => done(false);
  });
}

// ------------------------------------------------------------------ the game tab
function streetText(s) {
  let text = "";
  if (s.deal) text = t("street.deal", { cards: s.deal.map((f) => t(`street.${f}`)).join(", ") });
  else if (s.bet) text = t(`street.bet_${s.bet}`);
  else if (s.draw) text = t("street.draw");
  else if (s.exchange) text = t("street.exchange");
  else if (s.declare) text = t("street.declare");
  else text = s.other || "";
  return s.when ? `${text} ${t("street.when", { option: s.when })}` : text;
}

export function drawSummary() {
  const game = S.games.find((g) => g.id === $("#game-select").value);
  if (!game) return;
  const o = game.options;
  const parts = [el("p", {}, el("strong", {}, game.name), ` · ${t("game.players", { players: game.players })} · `,
    t(`game.deck.${game.deck}`))];
  const rules = rulesText(game.id);
  if (rules) parts.push(el("p", { class: "rules" }, rules));
  parts.push(el("p", {}, game.streets.map(streetText).join(" → ")));
  if (o.small_bet !== undefined) {
    parts.push(el("p", {}, t("game.limits", { ante: o.ante ?? 0, small: o.small_bet, big: o.big_bet ?? o.small_bet })));
  }
  if (o.reserve) parts.push(el("p", {}, t("game.reserve", { reserve: o.reserve })));
  if (!rules && game.note) parts.push(el("p", { class: "muted" }, game.note));
  if (!game.playable) parts.push(el("p", { class: "error" }, t("game.not_playable", { note: game.note })));
  $("#game-summary").replaceChildren(...parts);
  $("#game-play").disabled = !game.playable;
  drawOptions(game);
}

// The house's choices for the game (its defaults first): whole numbers, yes/no, or a
// word the server checks (e.g. draw_limit 3, 4-ace or 5).
function drawOptions(game) {
  const box = $("#game-options");
  const inputs = Object.entries(game.options).map(([name, value]) => {
    const id = `opt-${name}`;
    const attrs = { id, dataset: { option: name, kind: typeof value } };
    const input = typeof value === "boolean" ? el("input", { ...attrs, type: "checkbox", checked: value }) :
      el("input", { ...attrs, type: typeof value === "number" ? "number" : "text", min: 0, value,
        style: "width:6em" });
    return el("label", { for: id }, t(`option.${name}`) === `option.${name}` ? name : t(`option.${name}`), input);
  });
  box.replaceChildren(el("legend", {}, t("game.options")), ...inputs);
  box.hidden = !inputs.length;
}

function chosenOptions(game) {
  const out = {};
  for (const input of $("#game-options").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const value = input.dataset.kind === "boolean" ? input.checked :
      input.dataset.kind === "number" ? Number(input.value) : input.value.trim();
    if (value !== game.options[name]) out[name] = value;
  }
  return out;
}

// The dealer's own pick in the game tab (the select or an option edited) stands until they
// press Play: a picture of the table arriving meanwhile (the first one after login, another
// tablet seating a player) must not put the server's next game back under their finger.
let picking = false;

export function pickGame() {
  picking = true;
  drawSummary();
}

export function pickOption() {
  picking = true;
}

export function playGame() {
  const game = S.games.find((g) => g.id === $("#game-select").value);
  if (game) {
    quietly(post("/api/games", { games: [game.id], options: chosenOptions(game) }).then(() => {
      picking = false;
    }));
  }
}

export async function loadGames() {
  S.games = await api("GET", "/api/games");
  $("#game-select").replaceChildren(...S.games.map((g) => el("option", { value: g.id }, g.name)));
  if (S.view && !picking) $("#game-select").value = S.view.games.next;
  drawSummary();
}

export function drawGame() {
  // drawn again once the games are loaded, so the current game shows its name
  section("game", [S.view.games, S.games.length], () => {
    const current = S.games.find((g) => g.id === S.view.games.next);
    $("#game-current").textContent = t("game.current", { name: current ? current.name : S.view.games.next });
    if (S.games.length && !picking) {
      $("#game-select").value = S.view.games.next;
      drawSummary();
    }
  });
}

// ------------------------------------------------------------------ the ledger tab
export async function drawLedger() {
  if ($("#panel-ledger").hidden) return;
  let data;
  try {
    data = await call("GET", "/api/ledger");
  } catch (err) {
    $("#ledger").replaceChildren();
    return;
  }
  // A player still seated counts the chips in front of them: the net so far.
  const stacks = new Map((S.view?.seats || []).map((s) => [s.name, s.stack]));
  const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
  const head = ["player", "bought", "rebuys", "cashed_out", "at_table", "net", "money"];
  const row = (r) => {
    const stack = r.seated ? stacks.get(r.player) ?? 0 : null;
    const net = r.net + (stack ?? 0);
    const money = stack === null ? r.net_money : (net * Number(data.chip_unit)).toFixed(2);
    return el("tr", { dataset: { seated: r.seated } },
      el("th", { scope: "row" }, r.player), el("td", {}, r.bought), el("td", {}, r.rebuys),
      el("td", {}, r.cashed_out), el("td", {}, stack ?? ""), el("td", {}, signed(net)),
      el("td", {}, `${Number(money) > 0 ? "+" : ""}${money} ${data.currency}`.trim()));
  };
  const table = el("table", { class: "ledger" },
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, t(`ledger.${h}`))))),
    el("tbody", {}, data.results.map(row)));
  const transfers = data.transfers.length ? el("ul", { id: "transfers" }, data.transfers.map((tr) =>
    el("li", {}, t("ledger.pays", { ...tr, money: `${tr.money} ${data.currency}` })))) :
    el("p", { class: "muted" }, t("ledger.none"));
  const soFar = data.results.some((r) => r.seated) ? el("p", { class: "muted" }, t("ledger.so_far")) : null;
  $("#ledger").replaceChildren(table, soFar || "", el("p", { class: "muted" }, data.bank.message),
    el("h3", {}, t("ledger.settle")), transfers);
}
