// The tablet's odds switch (issue 11 broadcast mode): one tap shows the live odds on the
// table screen (after the chosen delay), another hides them. The state is the server's
// (GET /api/odds/broadcast), read again after every tap and at login.
import { $, api } from "./common.js";
import { t } from "./i18n.js";
import { post, quietly, S } from "./tablet_core.js";

let settings = { on: false, delay: 0 };

export function drawBroadcast() {
  const button = $("#broadcast");
  button.textContent = t(settings.on ? "broadcast.off" : "broadcast.on");
  button.setAttribute("aria-pressed", String(settings.on));
  button.dataset.on = String(settings.on);
  $("#broadcast-state").textContent = settings.on
    ? t("broadcast.state_on", { delay: settings.delay }) : t("broadcast.state_off");
}

export async function loadBroadcast() {
  try {
    settings = await api("GET", "/api/odds/broadcast", undefined, S.token);
  } catch (err) {
    // the switch still works; it shows "off" until the table answers
  }
  drawBroadcast();
}

export function wireBroadcast() {
  $("#broadcast").addEventListener("click", () => {
    const delay = Math.max(0, Number($("#broadcast-delay").value) || 0);
    quietly(post("/api/odds/broadcast", { on: !settings.on, delay }).then((out) => {
      settings = out;
      drawBroadcast();
    }));
  });
}
