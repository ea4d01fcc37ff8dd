// The dealer's tablet: the seat to act and exactly its legal actions, the shoe's card
// feed, irregularities (with the unreadable card's image and a quick picker),
// corrections, seats and buy-ins, the next game, the ledger. Every change goes
// through the API; the page only draws the dealer stream's latest picture.
import { $, api, card, cardLabel, el, expectText, keepAwake, languageButton, Live, resultLines, seatName,
  showStatus, SUITS } from "./common.js";
import { applyStrings, errorText, feedLine, getLang, irregularityText, rulesText, t } from "./i18n.js";

const TOKEN_KEY = "pitboss.dealer";
let token = localStorage.getItem(TOKEN_KEY) || "";
let view = null;
let live = null;
let games = [];
let pickedRank = "";
let drawPicks = new Set();
const drawn = new Map();  // section name -> signature last drawn
const crops = new Map();  // irregularity number -> object URL (or "" when there is none)

// ------------------------------------------------------------------ talking to the table
function showError(err) {
  $("#error").textContent = err ? errorText(err) : "";
}

async function call(method, path, body) {
  try {
    const out = await api(method, path, body, token);
    showError(null);
    return out;
  } catch (err) {
    if (err.status === 401) logout();
    showError(err);
    throw err;
  }
}

const post = (path, body = {}) => call("POST", path, body);

function quietly(promise) {
  promise.catch(() => {});  // already shown in #error
}

// ------------------------------------------------------------------ login
function logout() {
  token = "";
  localStorage.removeItem(TOKEN_KEY);
  if (live) live.stop();
  live = null;
  $("#app").hidden = true;
  $("#logout").hidden = true;
  $("#login").hidden = false;
  $("#pin").focus();
}

async function login(event) {
  event.preventDefault();
  try {
    const out = await api("POST", "/api/auth/token", { pin: $("#pin").value });
    token = out.token;
    localStorage.setItem(TOKEN_KEY, token);
    $("#pin").value = "";
    $("#login-error").textContent = "";
    startLive();
  } catch (err) {
    $("#login-error").textContent = errorText(err);
  }
}

function startLive() {
  $("#login").hidden = true;
  $("#app").hidden = false;
  $("#logout").hidden = false;
  live = new Live("/ws/dealer", {
    token,
    onState(next) {
      view = next;
      render();
    },
    onStatus: (status) => showStatus($("#conn"), status),
    check: async () => {
      try {
        await api("GET", "/api/state/dealer", undefined, token);
        return true;
      } catch (err) {
        if (err.status === 401 || err.status === 403) {
          logout();
          return false;
        }
        return true;
      }
    },
  });
  window.pitboss = { live };
}

// ------------------------------------------------------------------ drawing helpers
// Redraw a section only when what it shows has changed, so a new picture does not
// take the focus or half-typed text away from the dealer.
function section(name, data, draw) {
  const signature = JSON.stringify([getLang(), data]);
  if (drawn.get(name) === signature) return;
  drawn.set(name, signature);
  draw();
}

function keepFocus(container, draw) {
  const had = container.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  draw();
  if (had !== null) {
    const again = container.querySelector(`[data-key="${had}"]`) || container.querySelector("button");
    if (again) again.focus();
  }
}

function currentPlayer(seat) {
  return view.hand?.players.find((p) => p.seat === seat);
}

// ------------------------------------------------------------------ the hand tab
function actionButton(seat, a) {
  const act = (amount) => quietly(post("/api/hand/actions",
    amount === undefined ? { seat, action: a.action } : { seat, action: a.action, amount }));
  if (a.amounts) {
    return a.amounts.map((amount) => el("button", { type: "button", class: `act-${a.action}`,
      dataset: { action: a.action, amount, key: `${a.action}-${amount}` }, onclick: () => act(amount) },
      t(`act.${a.action}`, { amount })));
  }
  if (a.max) {
    const id = `amount-${a.action}`;
    const input = el("input", { id, type: "number", min: a.min, max: a.max, value: a.min,
      dataset: { key: id } });
    return el("span", { class: "row" },
      el("label", { for: id }, t("act.amount", { min: a.min, max: a.max }), input),
      el("button", { type: "button", class: `act-${a.action}`, dataset: { action: a.action, key: a.action },
        onclick: () => act(Number(input.value)) }, t(`act.${a.action}_range`)));
  }
  return el("button", { type: "button", class: `act-${a.action}`, dataset: { action: a.action, key: a.action },
    onclick: () => act() }, t(`act.${a.action}`, { chips: a.chips }));
}

function drawControls(next) {
  const p = currentPlayer(next.seat);
  const cards = [...(p.down || []), ...p.up];
  const picks = [...drawPicks].filter((c) => cards.includes(c));
  const toggles = cards.map((c) => el("button", { type: "button", "aria-pressed": String(drawPicks.has(c)),
    "aria-label": cardLabel(c), dataset: { key: `pick-${c}` }, onclick: () => {
      if (drawPicks.has(c)) drawPicks.delete(c);
      else drawPicks.add(c);
      drawn.delete("turn");
      render();
    } }, card(c)));
  const verb = next.kind === "exchange" ? "exchange" : "draw";
  return [
    el("div", { class: "actions draw-cards" }, toggles),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "act-bet", dataset: { action: verb, key: verb },
        disabled: !picks.length || picks.length > next.limit,
        onclick: () => quietly(post("/api/hand/actions", { seat: next.seat, action: verb, discard: picks })
          .then(() => drawPicks.clear())) }, t(`act.${verb}`, { n: picks.length })),
      el("button", { type: "button", class: "act-check", dataset: { action: "stand-pat", key: "stand-pat" },
        onclick: () => quietly(post("/api/hand/actions", { seat: next.seat, action: "stand-pat" })) },
      t("act.stand-pat"))),
  ];
}

function declareControls(next) {
  return next.seats.map((seat) => el("div", { class: "row" },
    el("span", { class: "who" }, t("declare.seat", { name: seatName(view, seat), seat })),
    ["high", "low", "both"].map((way) => el("button", { type: "button",
      dataset: { action: "declare", way, key: `declare-${seat}-${way}` },
      onclick: () => quietly(post("/api/hand/actions", { seat, action: "declare", way })) },
    t(`way.${way}`)))));
}

function drawTurn() {
  const hand = view.hand;
  const next = hand?.next;
  section("turn", [hand && hand.next, hand && hand.status, view.paused, view.pause_reason,
    next && next.seat && currentPlayer(next.seat), [...drawPicks], view.session?.open], () => {
    const title = $("#turn-title");
    const detail = $("#turn-detail");
    const actions = $("#actions");
    let parts = [];
    detail.textContent = "";
    if (view.paused) {
      title.textContent = t("hand.paused", { reason: view.pause_reason || "" });
    } else if (!hand) {
      title.textContent = t("hand.none");
    } else if (hand.status === "complete") {
      title.textContent = t("hand.complete");
      detail.textContent = resultLines(view).join(" · ");
    } else if (next.kind === "action") {
      title.textContent = t("hand.to_act", { name: seatName(view, next.seat), seat: next.seat });
      parts = next.legal.map((a) => actionButton(next.seat, a)).flat();
    } else if (next.kind === "card") {
      title.textContent = t("hand.waiting_shoe");
      detail.textContent = expectText(view);
    } else if (next.kind === "draw" || next.kind === "exchange") {
      const cost = next.cost ? t("hand.exchange_cost", { chips: next.cost }) : "";
      title.textContent = t(next.kind === "draw" ? "hand.draw" : "hand.exchange",
        { name: seatName(view, next.seat), seat: next.seat, limit: next.limit, cost });
      parts = drawControls(next);
    } else if (next.kind === "declare") {
      title.textContent = t("hand.declare");
      parts = declareControls(next);
    } else if (next) {  // a step this tablet has no buttons for yet: say what the table waits for
      title.textContent = next.text || next.kind;
    }
    title.dataset.kind = next ? next.kind : "none";
    title.dataset.seat = next && next.seat ? next.seat : "";
    keepFocus(actions, () => actions.replaceChildren(...parts));
    const canDeal = Boolean(view.session?.open) && (!hand || hand.status === "complete") && !view.paused;
    $("#deal").hidden = !canDeal;
  });
}

async function cropUrl(number) {
  if (crops.has(number)) return crops.get(number);
  crops.set(number, "");
  try {
    const response = await fetch(`/api/irregularities/${number}/crop`,
      { headers: { Authorization: `Bearer ${token}` } });
    if (response.ok) crops.set(number, URL.createObjectURL(await response.blob()));
  } catch (err) {
    // no image: the alert still says what happened and the picker still works
  }
  return crops.get(number);
}

function drawAlerts() {
  section("alerts", view.irregularities, () => {
    const box = $("#alerts");
    const items = view.irregularities.map((irr) => {
      const img = el("img", { alt: t("alerts.crop", { n: irr.number }), hidden: true });
      if (irr.code === "card_unreadable") {
        cropUrl(irr.number).then((url) => {
          if (url) {
            img.src = url;
            img.hidden = false;
          }
        });
      }
      return el("div", { class: "alert", dataset: { code: irr.code, number: irr.number } },
        el("strong", {}, irregularityText(irr)), img,
        el("button", { type: "button", "aria-label": t("alerts.dismiss_label", { n: irr.number }),
          dataset: { key: `dismiss-${irr.number}` },
          onclick: () => quietly(post(`/api/irregularities/${irr.number}/dismiss`)) }, t("alerts.dismiss")));
    });
    keepFocus(box, () => box.replaceChildren(...(items.length ? items :
      [el("p", { class: "muted" }, t("alerts.none"))])));
  });
}

function drawPicker() {
  section("picker", [pickedRank], () => {
    const ranks = $("#ranks");
    const suits = $("#suits");
    keepFocus(ranks, () => ranks.replaceChildren(...[..."23456789TJQKA"].map((r) => el("button", {
      type: "button", "aria-pressed": String(pickedRank === r), dataset: { rank: r, key: r },
      onclick: () => {
        pickedRank = pickedRank === r ? "" : r;
        drawPicker();
      } }, r === "T" ? "10" : r)),
    el("button", { type: "button", dataset: { rank: "Jk", key: "Jk" },
      onclick: () => enterCard("Jk") }, t("picker.joker"))));
    keepFocus(suits, () => suits.replaceChildren(...Object.entries(SUITS).map(([s, symbol]) =>
      el("button", { type: "button", class: `suit-${s}`, dataset: { suit: s, key: s },
        disabled: !pickedRank, "aria-label": pickedRank ? cardLabel(pickedRank + s) : symbol,
        onclick: () => enterCard(pickedRank + s) }, symbol))));
  });
}

function enterCard(code) {
  pickedRank = "";
  drawPicker();
  quietly(post("/api/hand/cards", { card: code }));
}

function drawDealerSeats() {
  const hand = view.hand;
  section("dealer-seats", [hand && hand.players, hand && hand.next, view.seats], () => {
    const rows = hand ? hand.players.map((p) => el("div", {
      class: `dealer-seat${hand.next.seat === p.seat ? " acting" : ""}${p.folded ? " folded" : ""}`,
      dataset: { seat: p.seat } },
    el("span", { class: "who" }, `${p.seat}. ${p.name}`),
    el("span", { class: "muted" }, t("seats.stack", { stack: p.stack })),
    (p.down || []).map((c) => card(c, "hole")), p.up.map((c) => card(c)),
    p.folded ? el("span", { class: "muted" }, t("table.folded")) : null)) : [];
    $("#dealer-seats").replaceChildren(...rows);
  });
}

// A feed line: the shoe's cards as the table wrote them; the dealer's own taps in
// the page's language (with the cards of a draw: the feed is for the dealer only).
function feedText(f) {
  const e = f.event;
  if (!e || !e.action) return [feedLine(f.text)];
  const who = `${seatName(view, e.seat)}:`;
  const what = t(`feed.action.${e.action}`);
  const extra = e.amount !== undefined ? ` ${e.amount}` : e.way ? ` ${t(`way.${e.way}`)}` : "";
  return [who, " ", what, extra, ...(e.discard || []).map((c) => card(c))];
}

function drawFeed() {
  section("feed", view.feed, () => {
    const items = [...view.feed].reverse().map((f) => el("li", { dataset: { source: f.source } },
      el("span", { class: "src" }, t(`feed.${f.source}`)),
      f.event && f.event.card && !f.event.correction ? card(f.event.card) : null, " ",
      ...feedText(f)));
    $("#feed").replaceChildren(...items);
  });
}

// ------------------------------------------------------------------ seats and session
function seatTokens() {
  const id = view?.session?.id || "none";
  return JSON.parse(localStorage.getItem(`pitboss.seats.${id}`) || "{}");
}

function keepSeatToken(seat, seatToken) {
  const id = view?.session?.id || "none";
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
      s.seat === view.button ? ` · ${t("seats.has_button")}` : ""),
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

function drawSeats() {
  section("seats", [view.seats, view.button, view.session], () => {
    const open = Boolean(view.session?.open);
    $("#open-session").hidden = open;
    $("#end-session").hidden = !open;
    $("#add-seat").hidden = !open;
    $("#session-info").textContent = view.session ? t("session.info", { table: view.session.table,
      unit: view.session.chip_unit, currency: view.session.currency }) : t("session.none");
    const list = $("#seat-list");
    keepFocus(list, () => list.replaceChildren(...(view.seats.length ? view.seats.map(seatRow) :
      [el("p", { class: "muted" }, t("seats.empty"))])));
    const free = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((n) => !view.seats.some((s) => s.seat === n));
    if (free && !$("#add-seat").contains(document.activeElement)) $("#a-seat").value = free;
  });
}

async function openSession(event) {
  event.preventDefault();
  quietly(post("/api/session", { table: $("#s-table").value, chip_unit: $("#s-unit").value,
    stakes: $("#s-stakes").value, currency: $("#s-currency").value }));
}

async function addSeat(event) {
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
  $("#join-title").textContent = t("join.title", { name: seatName(view, seat), seat });
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
    svg.setAttribute("aria-label", t("join.title", { name: seatName(view, seat), seat }));
  }
}

async function openJoin(seat) {
  const dialog = $("#join");
  dialog.dataset.seat = seat;
  await drawJoin(seat).catch(() => {});
  dialog.showModal();
}

async function newJoinCode() {
  const seat = Number($("#join").dataset.seat);
  const out = await call("POST", `/api/seats/${seat}/token`);
  keepSeatToken(seat, out.token);
  await drawJoin(seat);
}

// ------------------------------------------------------------------ confirm
function confirmBox(text) {
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

function drawSummary() {
  const game = games.find((g) => g.id === $("#game-select").value);
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

function playGame() {
  const game = games.find((g) => g.id === $("#game-select").value);
  if (game) quietly(post("/api/games", { games: [game.id], options: chosenOptions(game) }));
}

async function loadGames() {
  games = await api("GET", "/api/games");
  $("#game-select").replaceChildren(...games.map((g) => el("option", { value: g.id }, g.name)));
  if (view) $("#game-select").value = view.games.next;
  drawSummary();
}

function drawGame() {
  section("game", [view.games], () => {
    const current = games.find((g) => g.id === view.games.next);
    $("#game-current").textContent = t("game.current", { name: current ? current.name : view.games.next });
    if (games.length && !$("#panel-game").contains(document.activeElement)) {
      $("#game-select").value = view.games.next;
      drawSummary();
    }
  });
}

// ------------------------------------------------------------------ the ledger tab
async function drawLedger() {
  if ($("#panel-ledger").hidden) return;
  let data;
  try {
    data = await call("GET", "/api/ledger");
  } catch (err) {
    $("#ledger").replaceChildren();
    return;
  }
  // A player still seated counts the chips in front of them: the net so far.
  const stacks = new Map((view?.seats || []).map((s) => [s.name, s.stack]));
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

// ------------------------------------------------------------------ tabs
function selectTab(tab, focus = false) {
  for (const other of document.querySelectorAll('[role="tab"]')) {
    const on = other === tab;
    other.setAttribute("aria-selected", String(on));
    other.tabIndex = on ? 0 : -1;
    $(`#${other.getAttribute("aria-controls")}`).hidden = !on;
  }
  if (focus) tab.focus();
  if (tab.id === "tab-ledger") drawLedger();
}

function tabKeys(event) {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const i = tabs.indexOf(document.activeElement);
  if (i < 0) return;
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (step) {
    event.preventDefault();
    selectTab(tabs[(i + step + tabs.length) % tabs.length], true);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    selectTab(tabs[event.key === "Home" ? 0 : tabs.length - 1], true);
  }
}

// ------------------------------------------------------------------ the whole page
function render() {
  if (!view) return;
  applyStrings();
  $("#hand-info").textContent = [view.session?.table, view.hand_no ? t("hand.number", { n: view.hand_no }) : "",
    view.hand?.name].filter(Boolean).join(" · ");
  const pause = $("#pause");
  pause.hidden = !view.session?.open;
  pause.textContent = t(view.paused ? "fix.resume" : "fix.pause");
  drawTurn();
  drawAlerts();
  drawPicker();
  drawDealerSeats();
  drawFeed();
  drawSeats();
  drawGame();
  if (!$("#panel-ledger").hidden) drawLedger();
  document.body.dataset.version = view.version;
}

function wire() {
  applyStrings();
  keepAwake();
  languageButton($("#lang"), () => {
    drawn.clear();
    render();
    drawSummary();
    drawLedger();
  });
  $("#login").addEventListener("submit", login);
  $("#logout").addEventListener("click", logout);
  $("#deal").addEventListener("click", () => quietly(post("/api/hands", {})));
  $("#undo").addEventListener("click", () => quietly(post("/api/hand/undo")));
  $("#misdeal").addEventListener("click", async () => {
    if (await confirmBox(t("fix.misdeal_confirm"))) quietly(post("/api/hand/misdeal"));
  });
  $("#pause").addEventListener("click", () => quietly(view.paused ? post("/api/table/resume") :
    post("/api/table/pause", { reason: "" })));
  $("#replace").addEventListener("submit", (event) => {
    event.preventDefault();
    quietly(post("/api/hand/cards/replace", { old: $("#replace-old").value.trim(),
      new: $("#replace-new").value.trim(), reason: $("#replace-reason").value }).then(() => event.target.reset()));
  });
  $("#expose").addEventListener("submit", (event) => {
    event.preventDefault();
    quietly(post("/api/hand/cards/expose", { seat: Number($("#expose-seat").value),
      card: $("#expose-card").value.trim() }).then(() => event.target.reset()));
  });
  $("#open-session").addEventListener("submit", openSession);
  $("#end-session").addEventListener("click", async () => {
    if (await confirmBox(t("session.end_confirm"))) {
      quietly(post("/api/session/end").then(() => selectTab($("#tab-ledger"))));
    }
  });
  $("#add-seat").addEventListener("submit", addSeat);
  $("#join-close").addEventListener("click", () => $("#join").close());
  $("#join-new").addEventListener("click", () => quietly(newJoinCode()));
  $("#game-select").addEventListener("change", drawSummary);
  $("#game-play").addEventListener("click", playGame);
  $("#ledger-refresh").addEventListener("click", drawLedger);
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    tab.addEventListener("click", () => selectTab(tab));
  }
  $(".tabs").addEventListener("keydown", tabKeys);
  loadGames().catch(showError);
  if (token) startLive();
  else logout();
}

wire();
