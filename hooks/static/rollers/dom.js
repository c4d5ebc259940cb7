// Small DOM helpers: markup only through elements and text nodes.

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child !== "" && child !== null) el.append(child);
  return el;
}

export function percent(p) {
  return `${(p * 100).toFixed(1).replace(/\.0$/, "").replace(".", ",")}\u00a0%`;
}
