// The engine's state shown in a widget: loading progress, failure with « Réessayer ».

import { h } from "./dom.js";
import { offlineControl } from "./offline-control.js";
import { pageSystems, runtime } from "./runtime.js";

export function showState(widget, state) {
  if (state.name === "ready" || state.name === "idle") {
    widget.status.hidden = true;
    widget.status.replaceChildren();
    return;
  }
  widget.status.hidden = false;
  if (state.name === "loading") {
    widget.status.replaceChildren(
      h("progress", { max: String(state.steps), value: String(state.step), "aria-label": "Chargement du moteur de dés" }),
      h("span", {}, ` ${state.text}`),
      offlineControl(),
    );
    return;
  }
  const retry = h("button", { type: "button", class: "md-button dl-retry" }, "Réessayer");
  retry.addEventListener("click", () => {
    runtime.restart(pageSystems()).catch((err) => widget.showState({ name: "failed", text: err.message }));
  });
  if (state.offline) return widget.status.replaceChildren(h("span", { class: "dl-error dl-offline-engine" }, state.text), " ", retry);
  widget.status.replaceChildren(
    h("span", { class: "dl-error" },
      (state.stuck ? `Le moteur de dés (Python dans le navigateur) s'est arrêté : ${state.text}. `
        : `Le moteur de dés (Python dans le navigateur) n'a pas pu être chargé : ${state.text}. `) +
      "Le texte des règles et les chances affichées restent valables. "),
    retry,
  );
}
