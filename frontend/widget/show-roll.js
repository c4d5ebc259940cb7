// « Montrer ce jet », under a result that has a share link: the roll shown to the meneur as a link
// and a QR code (« La table »: table/show-roll.js, in table.js, fetched at the first press).

import { h, loadBundle } from "../browser/index.js";

export function showRollButton(widget, entry) {
  if (!("CompressionStream" in globalThis)) return "";
  const button = h("button", { type: "button", class: "md-button dl-show-roll" }, "Montrer ce jet");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await loadBundle("table.js");
      await globalThis.desEtLames.table.showRollToMeneur(widget, entry);
    } catch (err) {
      console.warn("Montrer ce jet", err);
      button.after(h("span", { class: "dl-error", role: "alert" }, ` Pas possible ici\u202F: ${err.message}`));
    } finally {
      button.disabled = false;
    }
  });
  return h("p", { class: "dl-show-roll__line" }, button);
}
