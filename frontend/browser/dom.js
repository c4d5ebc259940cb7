// Small DOM helpers: markup only through elements and text nodes; the one rounding
// rule for percentages (as in hooks/page/rollers.py) and the one French-typography rule
// (as in rules_py/typography.py).

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

// French typography: the one rule of rules_py/typography.py (widget_text: fr, then « le camp A »),
// copied here and checked against it under Node (tests/test_typography.py). U+202F before ; ? !,
// U+00A0 before : and inside « »: a run of spaces there becomes the right one, and a missing one is
// added where the mark closes a word; marks inside a word (https://, 10:30, ?x=1) are left alone.
const FR_SPACE = " \t\n\r\u00a0\u202f\u2009\u2007\u2008\u200a";
const FR_SPACES = `[${FR_SPACE}]+`;
const FR_AFTER_MARK = `(?=$|[${FR_SPACE}.,;!?…)\\]»’'"])`;
const FR_WORD_END = `[\\p{L}\\p{N}]|[)\\]»…’'"%°]`;
const FR_RULES = [
  [new RegExp(`${FR_SPACES}(?=[;?!]${FR_AFTER_MARK})|(?<=${FR_WORD_END})(?=[;?!]${FR_AFTER_MARK})`, "gu"), "\u202f"],
  [new RegExp(`${FR_SPACES}(?=:${FR_AFTER_MARK})|(?<=${FR_WORD_END})(?=:${FR_AFTER_MARK})`, "gu"), "\u00a0"],
  [new RegExp(`(?<=«)${FR_SPACES}|(?<=«)(?=[^${FR_SPACE}])`, "gu"), "\u00a0"],
  [new RegExp(`${FR_SPACES}(?=»)|(?<=[^${FR_SPACE}«])(?=»)`, "gu"), "\u00a0"],
];
// « le camp a l’emporte » reads as the verb avoir: a side's name is a capital (\b as Python's, over letters).
const FR_SIDE = /(?<![\p{L}\p{N}_])([Cc]amps?) ([ab])(?![\p{L}\p{N}_])/gu;

export function fr(value) {
  let text = String(value ?? "");
  if (/[;?!:«»]/.test(text)) {
    const edits = new Map(); // start -> [end, space]: a run already claimed keeps its first rule
    for (const [pattern, space] of FR_RULES) {
      for (const m of text.matchAll(pattern)) if (!edits.has(m.index)) edits.set(m.index, [m.index + m[0].length, space]);
    }
    let out = "";
    let pos = 0;
    for (const start of [...edits.keys()].sort((a, b) => a - b)) {
      if (start < pos) continue;
      const [end, space] = edits.get(start);
      out += text.slice(pos, start) + space;
      pos = end;
    }
    text = out + text.slice(pos);
  }
  return text.includes("amp") ? text.replace(FR_SIDE, (_, word, side) => `${word} ${side.toUpperCase()}`) : text;
}

// A size in megabytes, in French: « 4,5 Mo », « 15 Mo ».
export function megabytes(bytes) {
  const mo = bytes / 1e6;
  return `${mo.toLocaleString("fr-FR", { maximumFractionDigits: mo < 10 ? 1 : 0 })}\u00a0Mo`;
}
