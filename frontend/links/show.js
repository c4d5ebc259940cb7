// Showing a record to the table: a dialog over the whole screen with the link as a QR code (when the
// link is short enough for one phone's camera to read it from another's screen), the phone's share
// sheet (navigator.share) or a copy, and the link itself. Text goes in as text only.

import { fr, h, pageLayer } from "../browser/index.js";
import { sheetButton } from "../sheets/index.js";
import { QR_MAX_LINK } from "./record.js";
import { drawQr } from "./qr.js";

let showDialog = null;

// title: « Montrer la fiche de Ysil au meneur »; what: one sentence on what the link carries.
export async function showLink(link, title, what) {
  showDialog?.remove();
  const status = h("p", { class: "dl-table-show__status", role: "status" });
  const field = h("input", { type: "text", readonly: "", id: "dl-table-show-lien", class: "dl-table-show__link", value: link });
  const send = "share" in navigator
    ? sheetButton("Envoyer le lien…", async () => {
      try {
        await navigator.share({ title, url: link });
        status.textContent = fr("Lien envoyé.");
      } catch (err) {
        if (err?.name !== "AbortError") status.textContent = fr(`Le partage n’a pas pu se faire (${err?.message || err}) : copiez le lien ci-dessous.`);
      }
    }, { primary: true })
    : sheetButton("Copier le lien", async () => {
      try {
        await navigator.clipboard.writeText(link);
        status.textContent = fr("Lien copié : collez-le dans un message, ou dans « Coller un lien » de l’autre appareil.");
      } catch (err) {
        console.warn("La table : copie refusée", err);
        field.select();
        status.textContent = fr("Le navigateur a refusé la copie : le lien est sélectionné, copiez-le vous-même.");
      }
    });
  const code = h("div", { class: "dl-table-show__code" });
  const close = sheetButton("Fermer", () => showDialog.close());
  showDialog = h("dialog", { class: "dl-table-show md-typeset", "aria-labelledby": "dl-table-show-titre", "data-link-length": String(link.length) },
    h("h2", { id: "dl-table-show-titre" }, fr(title)),
    code,
    h("p", { class: "dl-table-show__buttons" }, send, close),
    h("p", {}, fr(what)),
    h("label", { for: field.id }, "Le lien (les données sont dans le lien lui-même, jamais envoyées à un serveur)"),
    field, status);
  showDialog.addEventListener("close", () => showDialog?.remove());
  pageLayer().append(showDialog);
  showDialog.showModal();
  if (link.length > QR_MAX_LINK) {
    code.append(h("p", { class: "dl-table-show__why" }, fr(`Ce lien fait ${link.length} caractères : au-delà de ${QR_MAX_LINK}, son code QR serait trop dense pour qu’un téléphone le lise sur l’écran d’un autre. Envoyez-le comme lien.`)));
    return;
  }
  const canvas = h("canvas", { class: "dl-table-show__qr", role: "img", "aria-label": "Code QR du lien" });
  code.append(canvas, h("p", { class: "dl-table-show__light" }, fr("Montez la luminosité de l’écran au plus fort : l’autre téléphone lit ce code avec son appareil photo, qui ouvre le lien.")));
  try {
    await drawQr(canvas, link);
  } catch (err) {
    console.warn("La table : code QR non dessiné", err);
    canvas.replaceWith(h("p", { class: "dl-table-show__why" }, fr("Le code QR n’a pas pu être dessiné ici : envoyez le lien.")));
  }
}
