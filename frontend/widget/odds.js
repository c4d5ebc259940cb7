// The odds as shown: one line with the success chance and its bar, the rows one tap away
// (a <details>, its rows made when opened: form/fold.js); the same markup and figures as
// hooks/page/templates/widget.html at build time.

import { fr, h, percent, percentRows } from "../browser/index.js";
import { refold } from "../form/index.js";

export function oddsView(details, odds) {
  const labels = Object.keys(odds.issues || {});
  // A JavaScript object lists integer-like keys ("0") first: numeric labels (simon.aide's -10 … +10)
  // go back to the rules' order, which is the numbers' order.
  if (labels.length && labels.every((label) => /^[+-]?\d+$/.test(label))) labels.sort((a, b) => Number(a) - Number(b));
  const values = labels.map((label) => odds.issues[label]);
  const { texts: shown, digits } = percentRows(values);
  const success = odds.reussite !== null && odds.reussite !== undefined;
  // Updated in place: the summary keeps its focus and whoever watches the title sees it change.
  let summary = details.querySelector("summary");
  if (!summary) details.prepend((summary = h("summary", {})));
  let title = summary.querySelector(".dl-roller__odds-title");
  if (!title) summary.prepend((title = h("span", { class: "dl-roller__odds-title" })));
  if (success) {
    title.replaceChildren("Chances exactes — réussite\u00a0: ", h("strong", { class: "dl-odds-success" }, percent(odds.reussite, digits)));
    if (glanceFraction(odds.reussite_exacte)) title.append(" ", h("small", {}, `(${odds.reussite_exacte})`));
  } else {
    title.replaceChildren(`Chances exactes\u00a0: ${labels.length} issues`);
  }
  summary.querySelector(".dl-oddsbar")?.remove();
  if (success) {
    summary.append(h("span", { class: "dl-oddsbar", "aria-hidden": "true" }, h("span", { style: `width: ${(odds.reussite * 100).toFixed(2)}%` })));
  }
  const rows = () => labels.map((label, i) =>
    h("li", { class: "dl-odds__row" },
      h("span", { class: "dl-odds__label" }, fr(label)),
      h("span", { class: "dl-odds__bar", "aria-hidden": "true" }, h("span", { style: `width: ${(values[i] * 100).toFixed(2)}%` })),
      h("span", { class: "dl-odds__value" }, `${shown[i]} `, h("small", {}, `(${odds.exact?.[label] ?? ""})`)),
    ),
  );
  // Rows still folded: made from these figures when the reader opens them, not now.
  const folded = refold(details, () => {
    const made = document.createDocumentFragment();
    made.append(h("ul", { class: "dl-odds" }, ...rows()));
    scaleView(details, odds.echelle, made);
    return made;
  });
  if (folded) return;
  const list = details.querySelector(".dl-odds");
  if (list) list.replaceChildren(...rows());
  else details.append(h("ul", { class: "dl-odds" }, ...rows()));
  scaleView(details, odds.echelle);
}

// The exact success fraction is shown in the one line only if it reads at a glance (« 1625/7776 »); a
// longer one (« 30537052563/81920000000 ») stays in the rows: the same rule as glance_fraction() in
// hooks/page/rollers.py.
const GLANCE_FRACTION = 9;

function glanceFraction(text) {
  return Boolean(text) && String(text).length <= GLANCE_FRACTION;
}

const WAYS = [["exactement", "exactement", ""], ["au_moins", "au moins", "au moins "], ["au_plus", "au plus", "au plus "]];

// An ordered outcome read three ways; the same markup and figures as scale_view() in
// hooks/page/rollers.py. The reader's choice (radios, fractions) is kept: only the lists change.
function scaleView(details, scale, into = details) {
  let block = into.querySelector(".dl-scale");
  if (!scale) {
    block?.remove();
    return;
  }
  if (!block) {
    const name = `${details.closest(".dl-roller")?.id || "lanceur"}-lecture`;
    block = h("div", { class: "dl-scale" },
      h("fieldset", { class: "dl-scale__ways" },
        h("legend", { class: "dl-scale__title" }),
        ...WAYS.map(([key, word], i) =>
          h("label", { class: "dl-scale__way" }, h("input", { type: "radio", name, value: key, ...(i ? {} : { checked: "" }) }), ` ${word}`)),
        h("label", { class: "dl-scale__way dl-scale__exact" }, h("input", { type: "checkbox", class: "dl-scale__fractions" }), " fractions exactes"),
      ));
    into.append(block);
  }
  block.querySelector(".dl-scale__title").textContent = fr(scale.titre);
  block.querySelectorAll(".dl-scale__rows").forEach((ul) => ul.remove());
  const { texts, digits } = percentRows(scale.exactement.probas);
  for (const [key, , before] of WAYS) {
    const { probas, exact } = scale[key];
    const shown = key === "exactement" ? texts : probas.map((p) => percent(p, digits));
    block.append(h("ul", { class: "dl-scale__rows", "data-way": key },
      ...scale.libelles.map((label, i) =>
        h("li", { class: "dl-scale__row" },
          h("span", { class: "dl-odds__label" }, before + label),
          h("span", { class: "dl-odds__bar", "aria-hidden": "true" }, h("span", { style: `width: ${(probas[i] * 100).toFixed(2)}%` })),
          h("span", { class: "dl-odds__value" }, `${shown[i]} `, h("small", { class: "dl-scale__fraction" }, `(${exact[i]})`)),
        ))));
  }
}
