// The public picture of the table, drawn the same way on the TV and on a phone:
// pots, the bet to call, the shared joker or board, each seat (name, stack,
// up cards, down cards as backs, last action), the seat to act, the result.
// Down card faces appear only where the view carries them (a player's own, or
// everyone's at a showdown): this code never has another seat's down cards.
import { api, card, cardBack, currentBet, el, handName, lastActionText, resultLines } from "./common.js";
import { t } from "./i18n.js";

// The hand's actions (/api/state/actions), refreshed after each new picture.
export class Actions {
  constructor(onChange) {
    this.onChange = onChange;
    this.list = [];
    this.handNo = -1;
    this.version = -1;
    this.pending = false;
    this.again = false;
  }

  async refresh() {
    if (this.pending) {
      this.again = true;
      return;
    }
    this.pending = true;
    try {
      const data = await api("GET", "/api/state/actions");
      if (data.version >= this.version) {
        Object.assign(this, { list: data.actions, handNo: data.hand_no, version: data.version,
          step: data.step });
        this.onChange();
      }
    } catch (err) {
      // the next picture asks again; the seats still show stacks and bets meanwhile
    } finally {
      this.pending = false;
      if (this.again) {
        this.again = false;
        this.refresh();
      }
    }
  }

  lastBySeat() {
    const out = new Map();
    // an action of an earlier betting round is shown dimmed
    for (const a of this.list) out.set(a.seat, { ...a, old: a.step !== this.step });
    return out;
  }
}

function potBlock(view) {
  const hand = view.hand;
  const done = hand.status === "complete";
  const total = done ? hand.pots.reduce((s, p) => s + p.amount, 0) : hand.pot_total;
  const parts = [el("div", { class: "pot-box" },
    el("span", { class: "label" }, t(hand.pots.length > 1 ? "table.pots" : "table.pot")),
    el("span", { class: "pot", id: "pot", dataset: { chips: total } }, total))];
  if (hand.pots.length > 1) {
    parts.push(el("div", { class: "side-pots" }, hand.pots.map((p, i) =>
      el("span", { class: "label" }, `${i ? t("table.side_pot", { n: i }) : t("table.pot")}: ${p.amount}`))));
  }
  const bet = currentBet(hand);
  const next = hand.next;
  if (!done && next.kind === "action" && bet > 0) {
    const p = hand.players.find((q) => q.seat === next.seat);
    const toCall = Math.max(0, bet - (p ? p.bet : 0));
    parts.push(el("div", { class: "bet-box" },
      el("span", { class: "label" }, t("table.current_bet", { bet })),
      el("span", { class: "bet", id: "to-call", dataset: { chips: toCall } },
        t("table.to_call", { chips: toCall }))));
  }
  const centre = hand.centre || [];
  if (centre.length) {
    parts.push(el("div", { class: "joker-box" }, el("span", { class: "label" }, t("table.joker")),
      centre.map((c) => card(c, "big"))));
  }
  const board = hand.board || [];
  if (board.length) {
    parts.push(el("div", { class: "board-box" }, el("span", { class: "label" }, t("table.board")),
      board.map((c) => card(c, "big"))));
  }
  if (Array.isArray(hand.layout) && hand.layout.length) parts.push(layoutBlock(hand.layout));
  return el("section", { class: "centre", "aria-label": t("table.pot") }, parts);
}

// A seed-004 board layout: named slots in rows. "r4.1" / "p2.3" / "L.1" go in the row
// named before the dot, "c1".."c5" in row "c", two-letter names ("tl", "br") by their
// first letter; Cross and Corner's top/left/centre/right/bottom are drawn as a cross.
// A turned slot shows its card, a dealt face-down slot its back, an undealt one a gap.
const CROSS = ["top", "left", "centre", "right", "bottom"];

function rowOf(name) {
  if (name.includes(".")) return name.split(".")[0];
  if (/\d+$/.test(name)) return name.replace(/\d+$/, "");
  return name.length === 2 ? name[0] : "";
}

function layoutBlock(layout) {
  const face = (slot) => {
    if (slot.card) return card(slot.card, "big");
    return slot.dealt ? cardBack("big") : el("span", { class: "card empty big", "aria-hidden": "true" });
  };
  const slotEl = (slot) => el("span", { class: "slot", dataset: { slot: slot.slot } }, face(slot));
  const box = (...children) => el("div", { class: "layout-box", id: "layout" },
    el("span", { class: "label" }, t("table.board")), ...children);
  if (layout.every((s) => CROSS.includes(s.slot))) {
    return box(el("div", { class: "layout-cross" }, layout.map((s) => {
      const node = slotEl(s);
      node.style.gridArea = s.slot;
      return node;
    })));
  }
  const rows = new Map();
  for (const slot of layout) {
    const row = rowOf(slot.slot);
    if (!rows.has(row)) rows.set(row, []);
    rows.get(row).push(slot);
  }
  return box([...rows.entries()].map(([name, slots]) =>
    el("div", { class: "layout-row", dataset: { row: name } }, slots.map(slotEl))));
}

// The seats the hand waits on when no one bets or draws: the house book's choices (in or
// out, keep or push: one seat, or every seat at once), the dealer turning a board card,
// a high-low game's declarations. Without them the screen looks stuck while the tablet
// waits for an answer.
function deciders(hand) {
  if (hand.status === "complete") return [];
  const next = hand.next;
  if (next.kind === "choice") return next.seats?.length ? next.seats : [next.seat];
  if (next.kind === "declare") return next.seats || [];
  if (next.kind === "turn") return [hand.dealer];
  return [];
}

function waitingOn(hand) {
  const seats = deciders(hand);
  if (!seats.length) return null;
  const names = seats.map((s) => hand.players.find((p) => p.seat === s)?.name ?? t("table.seat", { seat: s }));
  const text = hand.next.kind === "turn" ? t("hand.turn_board") :
    t(hand.next.kind === "declare" ? "table.declaring" : "table.deciding_on", { names: names.join(", ") });
  return el("section", { class: "waiting-on", id: "waiting-on", role: "status",
    dataset: { kind: hand.next.kind, seats: seats.join(" ") } }, text);
}

function seatBlock(view, p, last, opts) {
  const hand = view.hand;
  const next = hand.next;
  const acting = hand.status !== "complete" && ["action", "draw", "exchange"].includes(next.kind) &&
    next.seat === p.seat;
  const deciding = deciders(hand).includes(p.seat);
  const result = hand.result;
  const won = result && result.winners.includes(p.seat);
  const shown = (result?.hands || []).filter((h) => h.seat === p.seat);
  const classes = ["seat", (acting || deciding) && "to-act", p.folded && "folded", won && "winner",
    p.seat === opts.you && "you"].filter(Boolean).join(" ");
  const down = p.down ? p.down.map((c) => card(c, "big")) :
    Array.from({ length: p.down_count }, () => cardBack("big"));
  let lastText = "";
  if (p.folded) lastText = t("last.fold");
  else if (last) lastText = lastActionText(last);
  return el("article", { class: classes, dataset: { seat: p.seat },
    "aria-current": acting || deciding ? "true" : undefined, "aria-label": `${p.name}, ${t("table.seat", { seat: p.seat })}` },
    p.seat === hand.dealer ? el("span", { class: "dealer-button", title: t("table.dealer") }, "D") : null,
    el("div", { class: "name" }, p.name, acting || deciding ? el("span", { class: "muted" },
      ` · ${t(acting ? "table.to_act" : "table.deciding")}`) : null),
    el("div", { class: "stack", dataset: { chips: p.stack } }, t("seats.stack", { stack: p.stack }),
      p.bet ? el("span", { class: "bet-chip" }, ` · ${t("table.bet", { bet: p.bet })}`) : null,
      p.all_in ? ` · ${t("table.all_in")}` : null),
    el("div", { class: "cards", "aria-label": p.down ? undefined : t("table.down_cards", { n: p.down_count }) },
      down, p.up.map((c) => card(c, "big"))),
    el("div", { class: `last${last && last.old && !p.folded ? " old" : ""}`, dataset: { seat: p.seat } }, lastText),
    shown.map((h) => el("div", { class: "hand-name" }, handName(h.hand))));
}

function idleSeats(view, seats = view.seats) {
  return seats.map((s) => el("article", { class: `seat${view.hand ? " out" : ""}`, dataset: { seat: s.seat } },
    s.seat === view.button ? el("span", { class: "dealer-button", title: t("table.dealer") }, "D") : null,
    el("div", { class: "name" }, s.name),
    el("div", { class: "stack", dataset: { chips: s.stack } }, t("seats.stack", { stack: s.stack }),
      s.sitting_out ? ` · ${t("seats.out")}` : null)));
}

// Replace root's content with the public picture of `view`.
export function drawTable(root, view, actions, opts = {}) {
  const hand = view.hand;
  const parts = [];
  if (view.paused) parts.push(el("p", { class: "paused", id: "paused", role: "status" }, t("table.paused")));
  if (!hand) {
    parts.push(el("p", { class: "idle" }, view.session && view.session.open ?
      t("table.waiting") : t("table.no_session")));
    parts.push(el("section", { class: "seats" }, idleSeats(view)));
    root.replaceChildren(...parts);
    return;
  }
  const last = actions && actions.handNo === view.hand_no ? actions.lastBySeat() : new Map();
  parts.push(potBlock(view));
  // the result goes above the seats, so a full table never pushes it off the screen
  const lines = resultLines(view);
  if (lines.length) {
    parts.push(el("section", { class: "result", id: "result", role: "status" }, lines.join(" · ")));
  }
  const waiting = waitingOn(hand);
  if (waiting) parts.push(waiting);
  // seated but not dealt in (sitting out, or sat down during the hand): shown dimmed
  const playing = new Set(hand.players.map((p) => p.seat));
  const away = (view.seats || []).filter((s) => !playing.has(s.seat));
  parts.push(el("section", { class: "seats", "aria-label": t("seats.title") },
    hand.players.map((p) => seatBlock(view, p, last.get(p.seat), opts)), idleSeats(view, away)));
  root.replaceChildren(...parts);
}
