// Simulation only (`pitboss run` with no camera): a "deal a card" button on the tablet.
// The synthetic shoe renders the next card of the hand's shuffled deck as camera frames
// and the real shoe reader reads them, so the card reaches the table like any other.
// Shown only when GET /api/sim says simulation is on; a real shoe has no such button.
import { $, api, el } from "./common.js";
import { errorText, getLang } from "./i18n.js";

const LABEL = { en: "Deal a card (synthetic shoe)", fr: "Tirer une carte (sabot simulé)" };

async function deal(button) {
  button.disabled = true;
  try {
    await api("POST", "/api/sim/deal", {}, localStorage.getItem("pitboss.dealer") || "");
    $("#error").textContent = "";
  } catch (err) {
    $("#error").textContent = errorText(err);
  } finally {
    button.disabled = false;
  }
}

async function start() {
  const info = await api("GET", "/api/sim").catch(() => ({ simulation: false }));
  if (!info.simulation) return;
  const button = el("button", { id: "sim-deal", type: "button", class: "primary" },
    LABEL[getLang()] || LABEL.en);
  button.addEventListener("click", () => deal(button));
  $("#deal").after(button);
}

start();
