// Share links: a roll's parameters, dice and follow-ups in the page's URL, and their replay.

import { fr, h } from "../browser/index.js";
import { writeForm } from "../form/index.js";

// A share link's own fields (the rest are the roller's parameters); « reels=1 »: the dice were the reader's own.
const LINK_FIELDS = ["lanceur", "des", "suite", "reels"];
const MAX_LINK_STEPS = 60;

// The link of the widget's last roll and its follow-ups (href), or its paragraph when given an href.
export function shareLink(widget, href = null) {
  if (href === null) {
    const url = new URL(window.location.href);
    url.search = "";
    url.searchParams.set("lanceur", widget.el.id);
    for (const [name, value] of Object.entries(widget.lastRoll.params || {})) url.searchParams.set(name, String(value));
    url.searchParams.set("des", (widget.lastRoll.dice || []).join(","));
    if (widget.lastRoll.reels) url.searchParams.set("reels", "1");
    const steps = widget.lastRoll.steps || [];
    if (steps.length) url.searchParams.set("suite", JSON.stringify(steps));
    url.hash = widget.el.id;
    href = url.href;
  }
  const text = new URL(href).searchParams.has("suite")
    ? "Lien vers ce jet et sa suite (mêmes paramètres, mêmes dés, mêmes choix)"
    : "Lien vers ce jet (mêmes paramètres, mêmes dés)";
  return h("p", { class: "dl-share" }, h("a", { href }, text));
}

export function replayLink(widget) {
  const query = new URLSearchParams(window.location.search);
  if (query.get("lanceur") !== widget.el.id) return;
  // A name given twice is refused, never « the last one wins »: the link's own fields here, the
  // roller's parameters by the rules (sent as pairs, they name the field in their own sentence).
  const twice = LINK_FIELDS.find((name) => query.getAll(name).length > 1);
  if (twice) {
    const values = query.getAll(twice).map((v) => `« ${v} »`).join(" puis ");
    widget.showError(fr(`Lien invalide : « ${twice} » est donné plusieurs fois (${values}) ; le formulaire reste utilisable.`), null, 0);
    return;
  }
  const pairs = [...query].filter(([name]) => !LINK_FIELDS.includes(name));
  const repeated = new Set(pairs.map(([name]) => name).filter((name, i, names) => names.indexOf(name) !== i));
  const params = Object.fromEntries(pairs.filter(([name]) => !repeated.has(name)));
  const steps = linkSteps(query.get("suite"));
  if (steps === null) {
    widget.showError("Lien invalide : la suite du jet (suite) est illisible ; le formulaire reste utilisable.", null, 0);
    return;
  }
  writeForm(widget.form, params);
  widget.scheduleOdds(); // the link's values: their own odds, not the page's preset
  if (repeated.size) {
    // The rules refuse it in their own sentence, naming the field: nothing is rolled.
    widget.run({ op: "roll", roller: widget.roller, params: pairs }, false, "lien");
    return;
  }
  if (!query.has("des")) return; // a link without dice (a probability table's cell) only sets the form and its odds
  // A roll of real dice says so again (its steps too, those that draw nothing with an empty list).
  const real = query.get("reels") === "1" ? { reels: true } : {};
  widget.run({ op: "roll", roller: widget.roller, params, dice: query.get("des") || (real.reels ? [] : undefined), ...real }, true, "lien");
  for (const step of steps) {
    // a step's dice as the link has them (none when it drew none): never new dice for « mêmes dés »;
    // a roll of real dice says so again for each step
    widget.run({ op: "action", roller: widget.roller, action: step.action, params: step.params || {}, dice: step.dice || [], fromLast: true, ...real }, false, "lien");
  }
}

// A replay link to the page already shown (a widget's share link, a journal entry) replays
// in place, the engine kept: Material's instant navigation would leave the page as it is (and a
// reload would boot Python again). Listened for before Material, at the window's capture phase.
export function bindReplayLinks() {
  window.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest?.("a[href]");
    if (!link || link.target) return;
    const url = new URL(link.href, window.location.href);
    const id = url.searchParams.get("lanceur");
    if (url.origin !== window.location.origin || url.pathname !== window.location.pathname || !id) return;
    const widget = document.getElementById(id)?.dlWidget;
    if (!widget) return;
    event.preventDefault();
    event.stopPropagation();
    link.closest("dialog")?.close();
    window.history.pushState(window.history.state, "", url.href);
    replayLink(widget);
    widget.el.scrollIntoView({ block: "start" });
  }, true);
}

// The follow-ups of a share link ("suite"): a list of {action, params?, dice?};
// [] when there are none, null when the text is not such a list.
export function linkSteps(text) {
  if (text === null) return [];
  let steps;
  try {
    steps = JSON.parse(text);
  } catch (err) {
    console.warn("Lien de lanceur : suite illisible", err);
    return null;
  }
  const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const valid = Array.isArray(steps) && steps.length <= MAX_LINK_STEPS && steps.every((step) =>
    plain(step) && typeof step.action === "string" && (step.params === undefined || plain(step.params)) &&
    (step.dice === undefined || Array.isArray(step.dice)));
  return valid ? steps : null;
}
