// The header's colour scheme switch (light / dark), instead of the theme's palette script
// (overrides/partials/palette.html says why). It keeps the theme's contract: the choice is stored as
// the theme stores it (__md_set("__palette", {index, color})), so that the theme's inline script in
// the header applies it to <body> before the page paints, and the button shown is the label of the
// scheme the reader would switch to. As a page loads, nothing of the page changes but which button
// is shown, and <body>'s attributes only where they are not the chosen scheme's yet (a first visit
// whose system asks for dark): no restyle of the whole page on every load.

const KEYS = ["media", "scheme", "primary", "accent"];

export function bindPalette() {
  const form = document.querySelector("form[data-dl-palette]");
  if (!form || form.dlPalette) return;
  const inputs = [...form.querySelectorAll("input.md-option")];
  if (!inputs.length) return;
  const stored = readStored();
  let index = stored && Number.isInteger(stored.index) && inputs[stored.index]
    ? stored.index
    : Math.max(0, inputs.findIndex((input) => matchMedia(input.dataset.mdColorMedia).matches));
  const apply = (next, switching) => {
    index = next;
    const input = inputs[next];
    const color = Object.fromEntries(KEYS.map((key) => [key, input.getAttribute(`data-md-color-${key}`)]));
    const body = document.body;
    // The theme's stylesheet stops its transitions while this attribute is on (no colour fades through).
    if (switching) body.setAttribute("data-md-color-switching", "");
    for (const key of KEYS) {
      if (body.getAttribute(`data-md-color-${key}`) !== color[key]) body.setAttribute(`data-md-color-${key}`, color[key]);
    }
    inputs.forEach((each, i) => {
      const label = each.nextElementSibling;
      if (label instanceof HTMLLabelElement && label.hidden !== (i !== next)) label.hidden = i !== next;
    });
    globalThis.__md_set?.("__palette", { index: next, color });
    if (switching) requestAnimationFrame(() => body.removeAttribute("data-md-color-switching"));
  };
  form.dlPalette = { apply };
  apply(index, false);
  form.addEventListener("change", (event) => {
    const next = inputs.indexOf(event.target);
    if (next >= 0) apply(next, true);
  });
  // As the theme's: Enter on the switch goes to the next scheme, focus following.
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const next = inputs[(index + 1) % inputs.length];
    next.click();
    next.focus();
  });
}

function readStored() {
  try {
    return globalThis.__md_get?.("__palette") ?? null;
  } catch {
    return null; // a stored value that is not JSON: as on a first visit
  }
}
