// A player's phone: their own hole cards and the public picture, behind the seat's token.
// The join link carries the token in the fragment (#token=...), which never reaches a
// server log; the page keeps it for this tab and takes it out of the address bar.
import { $, api, card, currentBet, el, handName, languageButton, Live, showStatus } from "./common.js";
import { Actions, drawTable } from "./board.js";
import { applyStrings, errorText, t } from "./i18n.js";

const seat = Number(location.pathname.split("/").filter(Boolean).pop());
const KEY = `pitboss.seat.${seat}`;
let view = null;
const actions = new Actions(render);

function takeToken() {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromLink) {
    sessionStorage.setItem(KEY, fromLink);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(KEY) || "";
}

function problem(text) {
  const node = $("#problem");
  node.textContent = text;
  node.hidden = !text;
}

function renderMine() {
  const hand = view.hand;
  const me = hand ? hand.players.find((p) => p.seat === seat) : null;
  const sat = (view.seats || []).find((s) => s.seat === seat);
  $("#mine").hidden = !(me || sat);
  $("#you").textContent = t("player.you", { name: (me || sat || {}).name || "", seat });
  const down = me ? (me.down || []).map((c) => card(c, "huge hole")) : [];
  $("#my-cards").replaceChildren(...down, ...(me ? me.up.map((c) => card(c, "huge")) : []));
  const next = hand?.next;
  const turn = Boolean(hand && hand.status !== "complete" && next.seat === seat && next.kind !== "card");
  if (turn && $("#your-turn").hidden && navigator.vibrate) navigator.vibrate(200);  // a nudge
  $("#your-turn").hidden = !turn;
  if (turn && me && next.kind === "action") {
    const toCall = Math.max(0, currentBet(hand) - me.bet);
    $("#your-turn").textContent = toCall ? `${t("player.your_turn")} · ${t("table.to_call", { chips: toCall })}`
      : t("player.your_turn");
  }
  const mine = (hand?.result?.hands || []).filter((h) => h.seat === seat);
  $("#my-hand").replaceChildren(...mine.map((h) => el("div", {}, handName(h.hand))));
}

function render() {
  if (!view) return;
  applyStrings();
  $("#game").textContent = view.hand ? view.hand.name : t("app.name");
  renderMine();
  drawTable($("#table"), view, actions, { you: seat });
  document.body.dataset.version = view.version;
}

async function start() {
  applyStrings();
  languageButton($("#lang"), render);
  const token = takeToken();
  if (!token) {
    problem(t("player.no_token"));
    return;
  }
  try {
    view = await api("GET", `/api/state/seats/${seat}`, undefined, token);
    render();
  } catch (err) {
    problem(err.status === 401 || err.status === 403 ? t("player.bad_token") : errorText(err));
    if (err.status && err.status < 500) return;  // a wrong token must not be retried
  }
  window.pitboss = {
    live: new Live(`/ws/player/${seat}`, {
      token,
      onState(next) {
        view = next;
        problem("");
        render();
        actions.refresh();
      },
      onStatus: (status) => showStatus($("#conn"), status),
      check: async () => {
        try {
          await api("GET", `/api/state/seats/${seat}`, undefined, token);
          return true;
        } catch (err) {
          if (err.status === 401 || err.status === 403 || err.status === 429) {
            problem(t("player.bad_token"));
            return false;
          }
          return true;  // the server is away: keep trying
        }
      },
    }),
  };
}

start();
