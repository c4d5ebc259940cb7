// The header's colour scheme switch (light / dark), instead of the theme's palette script
// (overrides/partials/palette.html says why). It keeps the theme's contract: the choice is stored as
// the theme stores it (__md_set("__palette", {index, color})), so that the theme's inline script in
// the header applies it to <body> before the page paints, and the button shown is the one of the scheme
// on, named by what it does (« Passer au thème sombre »). As a page loads, nothing of the page changes but which button
// is shown, and <body>'s attributes only where they are not the chosen scheme's yet (a first visit
// whose system asks for dark): no restyle of the whole page on every load.
//
// Until the reader taps the switch, the site follows the system's scheme, live: what is stored then
// is the theme's own « automatic » palette (media "(prefers-color-scheme)", which its inline script
// resolves against the system as each page parses), and a change of the system's scheme while a page
// is open is applied at once. A tap stores the reader's choice (`choix: true`), kept from then on.
// (A palette stored without that mark was stored by an earlier site on a first visit, never chosen.)

const KEYS = ["media", "scheme", "primary", "accent"];
const AUTOMATIC = "(prefers-color-scheme)";

let followsSystem = null; // the media queries watched once per visit (the header outlives instant navigation)

export function bindPalette() {
  const form = document.querySelector("form[data-dl-palette]");
  if (!form || form.dlPalette) return;
  // One button per scheme (overrides/partials/palette.html), shown while its scheme is on, named by its action.
  const options = [...form.querySelectorAll("button[data-md-color-media]")];
  if (!options.length) return;
  const stored = readStored();
  const chosen = stored?.choix === true && Number.isInteger(stored.index) && options[stored.index] ? stored.index : null;
  const systemIndex = () => Math.max(0, options.findIndex((option) => matchMedia(option.dataset.mdColorMedia).matches));
  let index = chosen ?? systemIndex();
  let auto = chosen === null;
  const apply = (next, switching) => {
    index = next;
    const option = options[next];
    const color = Object.fromEntries(KEYS.map((key) => [key, option.getAttribute(`data-md-color-${key}`)]));
    const body = document.body;
    // The theme's stylesheet stops its transitions while this attribute is on (no colour fades through).
    if (switching) body.setAttribute("data-md-color-switching", "");
    for (const key of KEYS) {
      if (body.getAttribute(`data-md-color-${key}`) !== color[key]) body.setAttribute(`data-md-color-${key}`, color[key]);
    }
    options.forEach((each, i) => {
      const hidden = i !== next || !each.title;
      if (each.hidden !== hidden) each.hidden = hidden;
    });
    store(auto ? { index: next, color: { ...color, media: AUTOMATIC } } : { index: next, color, choix: true });
    if (!switching) return;
    // The new colours computed now, while transitions are off (as the theme's script did by reading the
    // header's style): with the attribute gone before the next style pass, every link and button faded
    // from the old colours for 125 ms.
    getComputedStyle(body).getPropertyValue("color");
    requestAnimationFrame(() => body.removeAttribute("data-md-color-switching"));
  };
  // The system's scheme, applied if the reader has not chosen one.
  const follow = () => {
    const next = systemIndex();
    if (auto && next !== index) apply(next, true);
  };
  form.dlPalette = { apply, follow };
  apply(index, false);
  // A tap, Enter or Space: the next scheme, kept as the reader's choice; the focus follows to the button
  // shown now (the one pressed is hidden: the focus would drop to the page).
  form.addEventListener("click", (event) => {
    const pressed = options.indexOf(event.target.closest?.("button[data-md-color-media]"));
    if (pressed < 0) return;
    const focused = document.activeElement === options[pressed];
    auto = false;
    apply((pressed + 1) % options.length, true);
    if (focused) options[index].focus();
  });
  // The system's scheme changes while the page is open: followed, unless the reader chose one.
  if (!followsSystem) {
    followsSystem = options.map((option) => matchMedia(option.dataset.mdColorMedia));
    for (const query of followsSystem) {
      query.addEventListener("change", () => document.querySelector("form[data-dl-palette]")?.dlPalette?.follow());
    }
  }
}

function readStored() {
  try {
    return globalThis.__md_get?.("__palette") ?? null;
  } catch {
    return null; // a stored value that is not JSON: as on a first visit
  }
}

function store(value) {
  const before = readStored();
  if (JSON.stringify(before) === JSON.stringify(value)) return;
  globalThis.__md_set?.("__palette", value);
}
