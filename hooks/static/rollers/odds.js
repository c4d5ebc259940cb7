// The odds as shown: one line with the success chance and its bar, the rows one tap away
// (a <details>); the same markup and figures as hooks/templates/widget.html at build time.

import { fr, h, percent, percentRows } from "./dom.js";

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
    if (odds.reussite_exacte) title.append(" ", h("small", {}, `(${odds.reussite_exacte})`));
  } else {
    title.replaceChildren(`Chances exactes\u00a0: ${labels.length} issues`);
  }
  summary.querySelector(".dl-oddsbar")?.remove();
  if (success) {
    summary.append(h("span", { class: "dl-oddsbar", "aria-hidden": "true" }, h("span", { style: `width: ${(odds.reussite * 100).toFixed(2)}%` })));
  }
  const rows = labels.map((label, i) =>
    h("li", { class: "dl-odds__row" },
      h("span", { class: "dl-odds__label" }, fr(label)),
      h("span", { class: "dl-odds__bar", "aria-hidden": "true" }, h("span", { style: `width: ${(values[i] * 100).toFixed(2)}%` })),
      h("span", { class: "dl-odds__value" }, `${shown[i]} `, h("small", {}, `(${odds.exact?.[label] ?? ""})`)),
    ),
  );
  const list = details.querySelector(".dl-odds");
  if (list) list.replaceChildren(...rows);
  else details.append(h("ul", { class: "dl-odds" }, ...rows));
}
