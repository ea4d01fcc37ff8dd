// The dealer's tablet: the seat to act and exactly its legal actions, the shoe's card
// feed, irregularities (with the unreadable card's image and a quick picker),
// corrections, seats and buy-ins, the next game, the ledger. Every change goes
// through the API; the page only draws the dealer stream's latest picture.
import { $, api, keepAwake, languageButton, Live, showStatus } from "./common.js";
import { applyStrings, errorText, t } from "./i18n.js";
import { drawn, post, quietly, S, showError, TOKEN_KEY } from "./tablet_core.js";
import { drawAlerts, drawDealerSeats, drawFeed, drawPicker, drawTurn } from "./tablet_hand.js";
import { drawBroadcast, loadBroadcast, wireBroadcast } from "./tablet_broadcast.js";
import { addSeat, confirmBox, drawGame, drawLedger, drawSeats, drawSummary, loadGames, newJoinCode,
  openJoin, openSession, pickGame, pickOption, playGame } from "./tablet_session.js";

let live = null;

// ------------------------------------------------------------------ login
function logout() {
  S.token = "";
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
    S.token = out.token;
    localStorage.setItem(TOKEN_KEY, S.token);
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
    token: S.token,
    onState(next) {
      S.view = next;
      render();
    },
    onStatus: (status) => showStatus($("#conn"), status),
    check: async () => {
      try {
        await api("GET", "/api/state/dealer", undefined, S.token);
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
  loadBroadcast();
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
  if (!S.view) return;
  applyStrings();
  $("#hand-info").textContent = [S.view.session?.table, S.view.hand_no ? t("hand.number", { n: S.view.hand_no }) : "",
    S.view.hand?.name].filter(Boolean).join(" · ");
  const pause = $("#pause");
  pause.hidden = !S.view.session?.open;
  pause.textContent = t(S.view.paused ? "fix.resume" : "fix.pause");
  drawTurn();
  drawAlerts();
  drawPicker();
  drawDealerSeats();
  drawFeed();
  drawSeats();
  drawGame();
  if (!$("#panel-ledger").hidden) drawLedger();
  document.body.dataset.version = S.view.version;
}

function wire() {
  applyStrings();
  keepAwake();
  languageButton($("#lang"), () => {
    drawn.clear();
    render();
    drawSummary();
    drawLedger();
    drawBroadcast();
  });
  $("#login").addEventListener("submit", login);
  $("#logout").addEventListener("click", logout);
  $("#deal").addEventListener("click", () => quietly(post("/api/hands", {})));
  $("#undo").addEventListener("click", () => quietly(post("/api/hand/undo")));
  $("#misdeal").addEventListener("click", async () => {
    if (await confirmBox(t("fix.misdeal_confirm"))) quietly(post("/api/hand/misdeal"));
  });
  $("#pause").addEventListener("click", () => quietly(S.view.paused ? post("/api/table/resume") :
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
  wireBroadcast();
  $("#join-close").addEventListener("click", () => $("#join").close());
  $("#join-new").addEventListener("click", () => quietly(newJoinCode()));
  $("#game-select").addEventListener("change", pickGame);
  $("#game-options").addEventListener("input", pickOption);
  $("#game-play").addEventListener("click", playGame);
  $("#ledger-refresh").addEventListener("click", drawLedger);
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    tab.addEventListener("click", () => selectTab(tab));
  }
  $(".tabs").addEventListener("keydown", tabKeys);
  loadGames().catch(showError);
  S.onUnauthorized = logout;
  if (S.token) startLive();
  else logout();
}

wire();
