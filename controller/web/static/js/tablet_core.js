// The tablet's shared state and plumbing: the dealer's token, the latest picture,
// calls to the table (refusals shown in #error), and redraw-only-on-change helpers.
import { $, api } from "./common.js";
import { errorText, getLang, t } from "./i18n.js";

export const TOKEN_KEY = "pitboss.dealer";
export const S = {
  token: localStorage.getItem(TOKEN_KEY) || "",
  view: null,
  games: [],
  onUnauthorized: () => {},
};
export const drawn = new Map();  // section name -> signature last drawn

// ------------------------------------------------------------------ talking to the table
// A refusal shows the table's message and its stable code ("... [out_of_turn]").
export function showError(err) {
  const box = $("#error");
  const coded = err && err.code && err.code !== "network";
  box.textContent = !err ? "" : coded ? t("err.refused", { message: errorText(err), code: err.code })
    : errorText(err);
  if (coded) box.dataset.code = err.code;
  else delete box.dataset.code;
}

export async function call(method, path, body) {
  try {
    const out = await api(method, path, body, S.token);
    showError(null);
    return out;
  } catch (err) {
    if (err.status === 401) S.onUnauthorized();
    showError(err);
    throw err;
  }
}

export const post = (path, body = {}) => call("POST", path, body);

export function quietly(promise) {
  promise.catch(() => {});  // already shown in #error
}

// ------------------------------------------------------------------ drawing helpers
// Redraw a section only when what it shows has changed, so a new picture does not
// take the focus or half-typed text away from the dealer.
export function section(name, data, draw) {
  const signature = JSON.stringify([getLang(), data]);
  if (drawn.get(name) === signature) return;
  drawn.set(name, signature);
  draw();
}

export function keepFocus(container, draw) {
  const had = container.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  draw();
  if (had !== null) {
    const again = container.querySelector(`[data-key="${had}"]`) || container.querySelector("button");
    if (again) again.focus();
  }
}

export function currentPlayer(seat) {
  return S.view.hand?.players.find((p) => p.seat === seat);
}
