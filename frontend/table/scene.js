// « Proposer à la table »: a roller of the table page as the meneur set it, under a title (a scene,
// record "s"), and the same roller set so on a player's phone when she opens its link.
//
//   body {t: the scene's title, l: the roller's name in its game, p: {parameter: value as typed}}
//
// A scene carries the form as the meneur sees it (every field she filled); the player's form is
// set to it whole (the others emptied: the rules' defaults), and her « Personnage » stays hers.
// The form is read and written by the widget's own functions (rollers.js's: widget.formKit), whose
// folds are the page's.

import { fr, h } from "../browser/index.js";
import { isPlainObject } from "../links/index.js";

const SCENE_TITLE_MAX = 80;

export function sceneBody(widget, title) {
  return { t: title.trim().slice(0, SCENE_TITLE_MAX), l: widget.roller.split(".").slice(1).join("."), p: widget.formKit.readForm(widget.form) };
}

// → {kind, text, scene: {title, el}} ; the roller's form set, its odds asked again.
export function applyScene(record) {
  const { t: title, l: name, p: params } = record.body;
  const valid = typeof title === "string" && title.trim() && title.length <= SCENE_TITLE_MAX && typeof name === "string" &&
    /^[a-z_]{1,40}$/.test(name) && isPlainObject(params) && Object.values(params).every((v) => typeof v === "string" && v.length <= 400);
  if (!valid) return { kind: "error", text: "Ce lien de la table est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau." };
  const el = document.querySelector(`.dl-roller[data-roller="${record.jeu}.${name}"]`);
  if (!el) return { kind: "error", text: "Cette scène demande un lanceur que cette page n’a pas\u202F: mettez le site à jour, puis rouvrez le lien." };
  const widget = el.dlWidget; // woken now (widget/wake.js)
  const form = widget.form;
  const cleared = {};
  for (const input of form.querySelectorAll("[name][data-kind]")) cleared[input.name] = input.dataset.kind === "bool" ? "false" : "";
  widget.formKit.writeForm(form, { ...cleared, ...Object.fromEntries(Object.entries(params).filter(([key]) => Object.hasOwn(cleared, key))) });
  widget.scheduleOdds();
  el.querySelector(".dl-table-scene")?.remove();
  el.querySelector(".dl-roller__title")?.after(h("p", { class: "dl-table-scene" }, h("strong", {}, "Scène proposée : "), fr(`« ${title.trim()} »`)));
  return { kind: "ok", text: `Scène proposée par le meneur\u00a0: « ${title.trim()} ». Le lanceur ci-dessous est prêt\u202F: choisissez votre personnage, puis lancez.`,
    scene: { title: title.trim(), el } };
}
