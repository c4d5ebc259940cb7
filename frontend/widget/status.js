// The engine's state shown in a widget: loading progress (bytes, then steps), failure with
// « Réessayer ». (A download waiting for the first tap is said by a note of the page: engine/first-tap.js.)

import { fr, h, megabytes } from "../browser/index.js";
import { offlineControl } from "../offline/index.js";
import { pageSystems, runtime } from "../engine/index.js";

export function showState(widget, state) {
  // The engine's progress is shown where something waits for it: a roll asked for (its notice just
  // above), odds asked for a changed form. Shown in every widget, each status appearing, growing a
  // line and going as the engine booted moved the page below it, each time a frame of the whole
  // page's layout and paint: 50-90 ms with two cores shared with the boot (traced). A roll's own
  // loading message goes with its answer, in the same frame (Widget.draw).
  if (state.name === "ready" && widget.output.dataset.pending) return;
  if (state.name === "ready" || state.name === "idle" || (state.name === "loading" && !widget.waitsForEngine())) {
    if (!widget.status.hidden || widget.status.firstChild) { // each result asks: written only if shown
      widget.status.hidden = true;
      widget.status.replaceChildren();
    }
    return;
  }
  widget.status.hidden = false;
  if (state.name === "loading") {
    const { fraction, text } = loadingText(state);
    const bar = widget.status.querySelector("progress");
    const label = widget.status.querySelector(".dl-progress");
    if (bar && label) { // a download's progress: the same nodes, new figures (no re-layout of the widget)
      bar.value = Math.round(fraction * 100);
      if (label.textContent !== ` ${text}`) label.textContent = ` ${text}`;
      return;
    }
    widget.status.replaceChildren(
      h("progress", { max: "100", value: String(Math.round(fraction * 100)), "aria-label": "Chargement du moteur de dés" }),
      h("span", { class: "dl-progress" }, ` ${text}`),
      offlineControl(),
    );
    return;
  }
  const retry = h("button", { type: "button", class: "md-button dl-retry" }, "Réessayer");
  retry.addEventListener("click", () => {
    runtime.restart(pageSystems()).catch((err) => widget.showState({ name: "failed", text: err.message }));
  });
  if (state.offline) return widget.status.replaceChildren(h("span", { class: "dl-error dl-offline-engine" }, state.text), " ", retry);
  if (state.integrity) return widget.status.replaceChildren(h("span", { class: "dl-error dl-integrity" }, state.text), " ", retry);
  widget.status.replaceChildren(
    h("span", { class: "dl-error" }, fr(
      (state.stuck ? `Le moteur de dés s’est arrêté : ${state.text}. `
        : `Le moteur de dés n’a pas pu être chargé : ${state.text}. `) +
      "Le texte des règles et les chances affichées restent valables. ")),
    retry,
  );
}

// « Téléchargement du moteur de dés : 42 % (environ 4,8 Mo), étape 1 sur 3 »; the bar
// gives the download most of its length (it is most of the wait on a phone network).
function loadingText(state) {
  const step = state.step ? `, étape ${state.step} sur ${state.steps}` : "";
  if (state.step === 1 && state.total) {
    const part = Math.min(1, state.received / state.total);
    const size = state.download ? ` (environ ${state.download})` : "";
    return { fraction: 0.85 * part, text: `${state.text}\u00a0: ${Math.floor(part * 100)}\u00a0%${size}${step}` };
  }
  if (state.step === 1 && state.received) {
    return { fraction: 0, text: `${state.text}\u00a0: ${megabytes(state.received)} reçus${step}` };
  }
  const fraction = { 1: 0, 2: 0.9, 3: 0.95 }[state.step] || 0;
  return { fraction, text: `${state.text}${state.step === 1 ? "…" : ""}${step}` };
}
