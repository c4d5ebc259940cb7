// Small DOM helpers: markup only through elements and text nodes; the one rounding
// rule for percentages and the one French-typography rule (both as in hooks/rollers_content.py).

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child !== "" && child !== null && child !== undefined) el.append(child);
  return el;
}

// One figure, to the nearest tenth of a percent (halves up); a possible outcome never shows as 0.
export function percent(p) {
  return tenthsText(Math.floor(p * 1000 + 0.5), p);
}

// Percentages to one decimal that add up to 100: tenths by largest remainder (ties: first row).
export function percentRows(probabilities) {
  const tenths = probabilities.map((p) => Math.floor(p * 1000));
  const total = probabilities.reduce((a, b) => a + b, 0);
  const left = pyRound(total * 1000) - tenths.reduce((a, b) => a + b, 0);
  const order = probabilities.map((_, i) => i)
    .sort((i, j) => (probabilities[j] * 1000 - tenths[j]) - (probabilities[i] * 1000 - tenths[i]) || i - j);
  for (const i of order.slice(0, Math.max(0, left))) tenths[i] += 1;
  return tenths.map((t, i) => tenthsText(t, probabilities[i]));
}

function pyRound(x) {
  // Python's round() on a float: halves to even (only the total of the rows, near an integer).
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

function tenthsText(tenths, p) {
  if (tenths === 0 && p > 0) return "<\u00a00,1\u00a0%";
  if (tenths === 1000 && p < 1) return ">\u00a099,9\u00a0%";
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return tenth ? `${whole},${tenth}\u00a0%` : `${whole}\u00a0%`;
}

// French typography: U+202F before ; ? !, U+00A0 before : and inside « ».
export function fr(text) {
  return String(text ?? "")
    .replace(/[ \u00a0\u202f]+(?=[;?!])/g, "\u202f")
    .replace(/[ \u00a0\u202f]+(?=:)/g, "\u00a0")
    .replace(/«[ \u00a0\u202f]*/g, "«\u00a0")
    .replace(/[ \u00a0\u202f]*»/g, "\u00a0»");
}
