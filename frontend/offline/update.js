// A new build deployed: a French banner offers to reload. Nothing reloads on
// its own; a page where a roll still offers its follow-ups (a confrontation
// under way, a reroll not yet taken) asks once more before reloading.

import { besides, h, pageLayer } from "../browser/index.js";

export function watchUpdates(registration) {
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration);
  };
  offer();
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    incoming?.addEventListener("statechange", () => incoming.state === "installed" && offer());
  });
  // A phone keeps a tab for days: look for a new build when the reader comes back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(besides("a check for a newer site (checked again at the next visit)"));
  });
}

function rollUnderWay() {
  return [...document.querySelectorAll(".dl-roller__result")].some((el) => el.querySelector("form.dl-action"));
}

function showUpdate(registration) {
  if (document.querySelector(".dl-update")) return;
  const reload = h("button", { type: "button", class: "md-button md-button--primary dl-update__reload" }, "Recharger");
  const text = h("span", { class: "dl-update__text" }, "Une nouvelle version du livre est disponible — ");
  const banner = h("div", { class: "dl-update", role: "status" }, text, reload);
  reload.addEventListener("click", () => {
    if (!rollUnderWay() || banner.dataset.confirm) return takeOver(registration);
    banner.dataset.confirm = "1";
    text.textContent = "Un jet de cette page attend encore sa suite\u202F: recharger l’effacera (son lien sous le résultat le garde). ";
    reload.textContent = "Recharger quand même";
    const later = h("button", { type: "button", class: "md-button dl-update__later" }, "Plus tard");
    later.addEventListener("click", () => banner.remove());
    banner.append(later);
  });
  pageLayer().append(banner);
}

function takeOver(registration) {
  // Reload once the new worker controls the page (this page asked for it).
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  if (registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
  else window.location.reload();
}
