// The replay page: a finished hand street by street (cards, actions, pot, equities) and
// its equity chart, inline SVG made by the server (the same file "save SVG" downloads).
import { $, api, card, el } from "./common.js";
import { t } from "./i18n.js";

// Every string shown is in the i18n table (EN/FR), under "replay.*".
const w = (key, params = {}) => t(`replay.${key}`, params);

const pct = (x) => `${(x * 100).toFixed(1)}%`;

function where() {
  const [, , session, hand] = location.pathname.split("/").map(decodeURIComponent);
  return { session, hand: Number(hand) };
}

function equityCell(odds) {
  if (!odds || odds.equity === null) return el("td", { class: "equity" }, "–");
  if (odds.folded) return el("td", { class: "equity" }, w("folded"));
  const bar = el("span", { style: `width: ${(odds.equity * 100).toFixed(1)}%` });
  const title = odds.error ? w("mc", { e: pct(odds.error) }) : w("exact");
  // a split pot: each half's share and the chance to scoop
  const halves = odds.high === undefined ? null : el("small", { class: "halves" },
    t("odds.halves", { high: pct(odds.high), low: pct(odds.low), scoop: pct(odds.scoop ?? 0) }));
  return el("td", { class: "equity", title, dataset: { equity: String(odds.equity) } },
    el("span", { class: "eq-bar" }, bar), el("strong", {}, pct(odds.equity)), halves);
}

function cardsCell(hand, fresh) {
  const faces = [];
  for (const code of hand.down) {
    const face = card(code, "small");
    face.classList.add("down");
    if (fresh.has(code)) face.classList.add("new");
    faces.push(face);
  }
  for (const code of hand.up) {
    const face = card(code, "small");
    if (fresh.has(code)) face.classList.add("new");
    faces.push(face);
  }
  return el("td", { class: "cards" }, faces);
}

function actionText(a, names) {
  const name = names[a.seat] || a.name;
  const key = `replay.act.${a.action}`;
  const way = a.way ? t(`replay.way.${a.way}`) : "";
  const text = t(key, { name, amount: a.amount ?? "", cards: a.cards ?? "", way });
  if (text !== key) return text.trim();
  // a house-book decision (kind=..., value=...) is shown as the server wrote it
  const extra = a.amount ?? a.cards ?? a.way ?? "";
  return `${name} ${a.action}${extra === "" ? "" : ` ${extra}`}`;
}

function streetSection(st, names) {
  const fresh = new Set(st.dealt.map((d) => d.card));
  const odds = Object.fromEntries(st.odds.map((o) => [o.seat, o]));
  const rows = st.hands.map((h) => el("tr", {
    class: odds[h.seat]?.folded ? "folded" : "", dataset: { seat: String(h.seat) },
  }, el("td", {}, names[h.seat]), cardsCell(h, fresh), equityCell(odds[h.seat])));
  if (st.board.length) {
    rows.push(el("tr", { class: "board-row" }, el("td", {}, w("board")),
      el("td", { class: "cards" }, st.board.map((c) => card(c, "small"))), el("td")));
  }
  const head = el("tr", {}, el("th", {}, w("player")), el("th", {}, w("cards")),
    el("th", {}, w("equity")));
  return el("section", { class: "street", dataset: { street: st.name } },
    el("h2", {}, el("span", {}, st.name), el("span", { class: "pot" }, w("pot", { n: st.pot }))),
    el("table", {}, el("thead", {}, head), el("tbody", {}, rows)),
    st.note ? el("p", { class: "muted" }, w("none", { note: st.note })) : null,
    st.actions.length ? el("ol", { class: "actions" },
      st.actions.map((a) => el("li", {}, actionText(a, names)))) : null);
}

async function showChart(base, hand) {
  const response = await fetch(`${base}/chart.svg`);
  const doc = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  $("#chart").replaceChildren(svg);
  const save = $("#save-svg");
  save.href = `${base}/chart.svg?download=1`;
  save.download = `hand-${hand}-equity.svg`;
  save.textContent = w("save");
  $("#chart-title").textContent = w("chart");
  $("#chart-box").hidden = false;
}

function navLinks(session, hand) {
  const prev = $("#prev");
  if (hand > 1) {
    prev.href = `/replay/${encodeURIComponent(session)}/${hand - 1}`;
    prev.querySelector(".label").textContent = w("prev", { n: hand - 1 });
    prev.hidden = false;
  }
  const next = $("#next");
  next.href = `/replay/${encodeURIComponent(session)}/${hand + 1}`;
  next.querySelector(".label").textContent = w("next", { n: hand + 1 });
  next.hidden = false;
}

async function main() {
  const { session, hand } = where();
  const base = `/api/history/${encodeURIComponent(session)}/${hand}`;
  $("#title").textContent = w("hand", { n: hand });
  navLinks(session, hand);
  let replay;
  try {
    replay = await api("GET", `${base}/replay`);
  } catch (err) {
    const box = $("#error");
    box.textContent = err.message;
    box.dataset.code = err.code;
    box.hidden = false;
    document.body.dataset.ready = "error";
    return;
  }
  const names = Object.fromEntries(replay.seats.map((s) => [s.seat, s.name]));
  $("#game").textContent = replay.name;
  document.title = `pitboss: ${w("hand", { n: hand })}, ${replay.name}`;
  $("#streets").replaceChildren(...replay.streets.map((st) => streetSection(st, names)));
  if (replay.result) {
    const won = Object.entries(replay.result.payouts)
      .map(([seat, chips]) => w("won", { name: names[seat], chips }));
    $("#result").textContent = `${w("result")}: ${won.join(", ")}`;
  }
  await showChart(base, hand);
  document.body.dataset.ready = "yes";
}

main();
