// The landing page: where the tablet and the TV start.
import { $, languageButton } from "./common.js";
import { applyStrings } from "./i18n.js";

applyStrings();
languageButton($("#lang"), () => applyStrings());
