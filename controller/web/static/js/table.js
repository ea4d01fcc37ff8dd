// The table screen (a TV, 1920x1080): the public stream, drawn whole on every picture.
import { $, keepAwake, Live, languageButton, showStatus } from "./common.js";
import { Actions, drawTable } from "./board.js";
import { applyStrings, t } from "./i18n.js";

let view = null;
const actions = new Actions(render);

function render() {
  if (!view) return;
  const hand = view.hand;
  $("#game").textContent = hand ? hand.name : t("app.name");
  $("#hand-no").textContent = view.hand_no ? t("hand.number", { n: view.hand_no }) : "";
  $("#table-name").textContent = view.session ? view.session.table : "";
  drawTable($("#table"), view, actions);
  document.body.dataset.version = view.version;
}

applyStrings();
languageButton($("#lang"), render);
keepAwake();
window.pitboss = {
  live: new Live("/ws/table", {
    onState(next) {
      view = next;
      render();
      actions.refresh();
    },
    onStatus: (status) => showStatus($("#conn"), status),
  }),
};
