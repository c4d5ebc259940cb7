// Small DOM helpers: markup only through elements and text nodes; the one rounding
// rule for percentages and the one French-typography rule (both as in hooks/page/rollers.py).

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child !== "" && child !== null && child !== undefined) el.append(child);
  return el;
}

// The page's own layer, last in <body>: what the rollers add outside the page's text (the journal's
// dialog and live words, the update banner, the fonts' warm-up box, a download's link) goes in it.
// Made once as the rollers start, before the load, and left there: a child put in or taken out of
// <body> itself has the style of the whole page computed again (the theme's sibling rules on
// body's children: 40-60 ms, 1,200 elements, traced on a roller page after the load); in this
// layer, only that child's.
export function pageLayer() {
  let layer = document.body.querySelector(":scope > .dl-layer");
  if (!layer) {
    layer = h("div", { class: "dl-layer" });
    document.body.append(layer);
  }
  return layer;
}

// One figure, to `digits` decimals of a percent (halves to even, as Python's round()); a possible
// outcome never shows as 0.
export function percent(p, digits = 1) {
  return unitsText(pyRound(p * 10 ** (digits + 2)), p, digits);
}

// Percentages that add up to 100 (largest remainder, ties to the first row), and their decimals:
// one, unless the rounding would show two equal chances differently; then two, or three (none fair: one).
export function percentRows(probabilities) {
  let units = [];
  let digits = 1;
  for (digits of [1, 2, 3, 1]) { // no fair rounding within three decimals: back to one
    units = largestRemainder(probabilities, 10 ** (digits + 2));
    if (probabilities.every((p, i) => probabilities.every((q, j) => p !== q || units[i] === units[j]))) break;
  }
  return { texts: units.map((u, i) => unitsText(u, probabilities[i], digits)), digits };
}

function largestRemainder(probabilities, scale) {
  const units = probabilities.map((p) => Math.floor(p * scale));
  const total = probabilities.reduce((a, b) => a + b, 0);
  const left = pyRound(total * scale) - units.reduce((a, b) => a + b, 0);
  const order = probabilities.map((_, i) => i)
    .sort((i, j) => (probabilities[j] * scale - units[j]) - (probabilities[i] * scale - units[i]) || i - j);
  for (const i of order.slice(0, Math.max(0, left))) units[i] += 1;
  return units;
}

function pyRound(x) {
  // Python's round() on a float: halves to even.
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

function unitsText(units, p, digits) {
  const scale = 10 ** digits;
  if (units === 0 && p > 0) return `<\u00a00,${"0".repeat(digits - 1)}1\u00a0%`;
  if (units === 100 * scale && p < 1) return `>\u00a099,${"9".repeat(digits)}\u00a0%`;
  const whole = Math.floor(units / scale);
  const decimals = String(units % scale).padStart(digits, "0").replace(/0+$/, "");
  return decimals ? `${whole},${decimals}\u00a0%` : `${whole}\u00a0%`;
}

// French typography: U+202F before ; ? !, U+00A0 before : and inside « »; « le camp A ».
export function fr(text) {
  return String(text ?? "")
    .replace(/[ \u00a0\u202f]+(?=[;?!])/g, "\u202f")
    .replace(/[ \u00a0\u202f]+(?=:)/g, "\u00a0")
    .replace(/«[ \u00a0\u202f]*/g, "«\u00a0")
    .replace(/[ \u00a0\u202f]*»/g, "\u00a0»")
    // « le camp a l’emporte » reads as the verb avoir: the side's name is a capital.
    .replace(/\b([Cc]amps?) ([ab])\b/g, (_, word, side) => `${word} ${side.toUpperCase()}`);
}

// A size in megabytes, in French: « 4,5 Mo », « 15 Mo ».
export function megabytes(bytes) {
  const mo = bytes / 1e6;
  return `${mo.toLocaleString("fr-FR", { maximumFractionDigits: mo < 10 ? 1 : 0 })}\u00a0Mo`;
}
