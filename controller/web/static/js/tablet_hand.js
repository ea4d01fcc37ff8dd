// The tablet's hand tab: the seat to act and exactly its legal actions (with amounts),
// draws and declarations, irregularity alerts with the unreadable card's crop, the
// quick card picker, every seat's cards and the card feed.
import { $, card, cardLabel, el, expectText, resultLines, seatName, SUITS } from "./common.js";
import { feedLine, irregularityText, t } from "./i18n.js";
import { currentPlayer, drawn, keepFocus, post, quietly, S, section } from "./tablet_core.js";
import { decisionTitle, money, refreshDecision } from "./tablet_choices.js";

let pickedRank = "";
const drawPicks = new Set();
const crops = new Map();  // irregularity number -> object URL (or "" when there is none)

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
      drawTurn();
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

// An exchange of one card (seed 003 English Stud, seed 004 5-4 Buy 2, Acey Deucey): one
// tap on the card thrown away, or stand pat.
function exchangeControls(next) {
  const p = currentPlayer(next.seat);
  const act = (body) => quietly(post("/api/hand/actions", { seat: next.seat, ...body }));
  return [
    el("div", { class: "actions draw-cards" }, [...(p.down || []), ...p.up].map((c) => el("button", {
      type: "button", class: "choice", "aria-label": t("act.exchange_card", { card: cardLabel(c) }),
      dataset: { action: "exchange", card: c, key: `exchange-${c}` },
      onclick: () => act({ action: "exchange", discard: [c] }) }, card(c)))),
    el("div", { class: "actions" }, el("button", { type: "button", class: "act-check",
      dataset: { action: "stand-pat", key: "stand-pat" }, onclick: () => act({ action: "stand-pat" }) },
    t("act.stand-pat"))),
  ];
}

// What the shoe owes: the house book's offered card (Push 'Em) and market cards (Buy
// Happiness) by name; everything else as every page says it.
function shoeText(next) {
  if (next.target === "offer") {
    return t("hand.card_offer", { name: seatName(S.view, next.seat), seat: next.seat });
  }
  if (next.target === "market") {
    return t("hand.card_market", { place: (next.slot || "").replace(/^market /, "") });
  }
  return expectText(S.view);
}

function declareControls(next) {
  return next.seats.map((seat) => el("div", { class: "row" },
    el("span", { class: "who" }, t("declare.seat", { name: seatName(S.view, seat), seat })),
    ["high", "low", "both"].map((way) => el("button", { type: "button",
      dataset: { action: "declare", way, key: `declare-${seat}-${way}` },
      onclick: () => quietly(post("/api/hand/actions", { seat, action: "declare", way })) },
    t(`way.${way}`)))));
}

export function drawTurn() {
  const hand = S.view.hand;
  const next = hand?.next;
  section("turn", [hand && hand.next, hand && hand.status, S.view.paused, S.view.pause_reason,
    next && next.seat && currentPlayer(next.seat), [...drawPicks], S.view.session?.open,
    next && (next.kind === "choice" || next.kind === "turn") ? S.view.version : 0], () => {
    const title = $("#turn-title");
    const detail = $("#turn-detail");
    const actions = $("#actions");
    let parts = [];
    detail.textContent = "";
    if (S.view.paused) {
      title.textContent = t("hand.paused", { reason: S.view.pause_reason || "" });
    } else if (!hand) {
      title.textContent = t("hand.none");
    } else if (hand.status === "complete") {
      title.textContent = t("hand.complete");
      // Pass 'Em step 4: too few stayed in, so every chip went back and the cards are dealt again
      detail.textContent = hand.result?.reason === "redeal" ? t("hand.redeal")
        : resultLines(S.view).join(" · ");
    } else if (next.kind === "action") {
      title.textContent = t("hand.to_act", { name: seatName(S.view, next.seat), seat: next.seat });
      parts = next.legal.map((a) => actionButton(next.seat, a)).flat();
    } else if (next.kind === "card") {
      title.textContent = t("hand.waiting_shoe");
      detail.textContent = shoeText(next);
    } else if (next.kind === "exchange" && next.limit === 1) {
      title.textContent = t(next.cost ? "hand.exchange_buy" : "hand.exchange_free",
        { name: seatName(S.view, next.seat), seat: next.seat, price: money(next.cost) });
      parts = exchangeControls(next);
    } else if (next.kind === "draw" || next.kind === "exchange") {
      const cost = next.cost ? t("hand.exchange_cost", { chips: next.cost }) : "";
      title.textContent = t(next.kind === "draw" ? "hand.draw" : "hand.exchange",
        { name: seatName(S.view, next.seat), seat: next.seat, limit: next.limit, cost });
      parts = drawControls(next);
    } else if (next.kind === "choice" || next.kind === "turn") {
      title.textContent = decisionTitle(next);
      const box = el("div", { id: "decision", class: "decision" });
      parts = [box];
    } else if (next.kind === "declare") {
      title.textContent = t("hand.declare");
      parts = declareControls(next);
    } else if (next) {  // a step this tablet has no buttons for yet: say what the table waits for
      title.textContent = next.text || next.kind;
    }
    title.dataset.kind = next ? next.kind : "none";
    title.dataset.seat = next && next.seat ? next.seat : "";
    keepFocus(actions, () => actions.replaceChildren(...parts));
    if ($("#decision")) refreshDecision();
    const canDeal = Boolean(S.view.session?.open) && (!hand || hand.status === "complete") && !S.view.paused;
    $("#deal").hidden = !canDeal;
  });
}

async function cropUrl(number) {
  if (crops.has(number)) return crops.get(number);
  crops.set(number, "");
  try {
    const response = await fetch(`/api/irregularities/${number}/crop`,
      { headers: { Authorization: `Bearer ${S.token}` } });
    if (response.ok) crops.set(number, URL.createObjectURL(await response.blob()));
  } catch (err) {
    // no image: the alert still says what happened and the picker still works
  }
  return crops.get(number);
}

export function drawAlerts() {
  section("alerts", S.view.irregularities, () => {
    const box = $("#alerts");
    const items = S.view.irregularities.map((irr) => {
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

export function drawPicker() {
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

export function drawDealerSeats() {
  const hand = S.view.hand;
  section("dealer-seats", [hand && hand.players, hand && hand.next, S.view.seats], () => {
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
  const who = `${seatName(S.view, e.seat)}:`;
  const what = t(`feed.action.${e.action}`);
  const extra = e.amount !== undefined ? ` ${e.amount}` : e.way ? ` ${t(`way.${e.way}`)}` : "";
  return [who, " ", what, extra, ...(e.discard || []).map((c) => card(c))];
}

export function drawFeed() {
  section("feed", S.view.feed, () => {
    const items = [...S.view.feed].reverse().map((f) => el("li", { dataset: { source: f.source } },
      el("span", { class: "src" }, t(`feed.${f.source}`)),
      f.event && f.event.card && !f.event.correction ? card(f.event.card) : null, " ",
      ...feedText(f)));
    $("#feed").replaceChildren(...items);
  });
}
