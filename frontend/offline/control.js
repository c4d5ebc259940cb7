// « Rendre le livre disponible hors ligne »: one shared state, drawn by every
// control (the home page's, and the small one in a widget's loading message):
// download everything at once with a progress in bytes, the end state with the
// storage used, and a way to remove it.

import { besides, h, megabytes, offlineSupported, SITE_ROOT } from "../browser/index.js";
import { askWorker, offlineRemoved, registerWorker, setOfflineRemoved } from "./state.js";

const offlineBook = { phase: "unknown", loaded: 0, total: 0, usage: 0, error: "", views: new Set() };

function setBook(patch) {
  Object.assign(offlineBook, patch);
  for (const view of offlineBook.views) view();
}


async function storageUsed() {
  try {
    return (await navigator.storage.estimate()).usage || 0;
  } catch {
    return 0;
  }
}

// Where the book stands on this device (asked once per page).
export async function refreshOfflineBook() {
  if (!offlineSupported()) return setBook({ phase: "unsupported" });
  if (offlineRemoved()) return setBook({ phase: "removed" });
  if (!navigator.serviceWorker.controller) return setBook({ phase: "absent" });
  const status = await askWorker({ type: "status" });
  if (busy()) return null;
  if (status.site && status.engine) {
    const usage = await storageUsed();
    return busy() ? null : setBook({ phase: "done", usage });
  }
  return setBook({ phase: "absent" });
}

// A download or a removal under way (or done meanwhile) has the last word over an older status.
function busy() {
  return offlineBook.phase === "downloading" || offlineBook.phase === "removing" || offlineRemoved();
}

export async function downloadBook() {
  if (offlineBook.phase === "downloading") return;
  setBook({ phase: "downloading", loaded: 0, total: 0, error: "" });
  try {
    setOfflineRemoved(false);
    await registerWorker();
    navigator.storage?.persist?.().catch(besides("storage.persist (the browser decides; the book is kept either way)"));
    const end = await askWorker({ type: "download" }, (message) => {
      if (message.type === "progress") setBook({ loaded: message.loaded, total: message.total });
      return message.type !== "progress";
    });
    if (end.type === "error") throw new Error(end.text);
    setBook({ phase: "done", usage: await storageUsed() });
  } catch (err) {
    setBook({ phase: "error", error: err.message || String(err) });
  }
}

export async function removeBook() {
  setBook({ phase: "removing" });
  try {
    await askWorker({ type: "remove" });
    const registration = await navigator.serviceWorker.getRegistration(SITE_ROOT);
    if (registration) await registration.unregister();
  } catch {
    // no worker to ask: nothing was kept
  }
  setOfflineRemoved(true);
  setBook({ phase: "removed", loaded: 0, total: 0 });
}

function button(label, action, primary) {
  const el = h("button", { type: "button", class: `md-button${primary ? " md-button--primary" : ""} dl-offline__button` }, label);
  el.addEventListener("click", action);
  return el;
}

function drawBook(el, compact) {
  const { phase, loaded, total, usage, error } = offlineBook;
  el.hidden = phase === "unsupported" || (compact && phase === "done");
  const download = () => button("Rendre le livre disponible hors ligne", downloadBook, !compact);
  const parts = [];
  if (phase === "unknown" || phase === "absent" || phase === "removed") {
    if (!compact) {
      parts.push(h("p", { class: "dl-offline__intro" },
        phase === "removed" ? "Le livre a été retiré de cet appareil." :
          "Pour jouer sans réseau\u202F: toutes les pages et le moteur des lanceurs, téléchargés une fois et gardés sur cet appareil."));
    }
    parts.push(download());
  } else if (phase === "downloading") {
    parts.push(
      h("progress", { class: "dl-offline__bar", max: String(total || 1), value: String(loaded), "aria-label": "Téléchargement du livre" }),
      h("span", { class: "dl-offline__bytes" }, total ? ` ${megabytes(loaded)} sur ${megabytes(total)}` : " Préparation…"),
    );
  } else if (phase === "done") {
    parts.push(h("p", { class: "dl-offline__done" },
      `Le livre et les lanceurs fonctionnent maintenant sans réseau sur cet appareil\u202F; place qu’ils y occupent, pages et moteur décompressés\u00a0: ${megabytes(usage)}`));
    if (!compact) parts.push(button("Retirer le livre de cet appareil", removeBook, false));
  } else if (phase === "removing") {
    parts.push(h("p", {}, "Retrait en cours…"));
  } else if (phase === "error") {
    parts.push(h("p", { class: "dl-error" }, `Le téléchargement n’a pas abouti (${error}). Rien d’incomplet n’a été gardé\u202F; réessayez avec du réseau.`), download());
  }
  // A button pressed is replaced by what it started (a progress, the end): the focus stays with the control,
  // not dropped to the top of the page (WCAG 2.4.3); its words, a polite live region, are said.
  const focused = el !== document.activeElement && el.contains(document.activeElement);
  el.replaceChildren(...parts);
  if (focused) {
    el.tabIndex = -1;
    el.focus();
  }
}

// A control bound to the shared state; it stops listening once out of the page.
export function offlineControl({ compact = true } = {}) {
  const el = h("div", { class: `dl-offline${compact ? " dl-offline--compact" : ""}`, "aria-live": "polite" });
  const view = () => (el.isConnected || !el.dataset.drawn ? drawBook(el, compact) : offlineBook.views.delete(view));
  offlineBook.views.add(view);
  view();
  el.dataset.drawn = "1";
  return el;
}
