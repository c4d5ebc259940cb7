// Folds: what a page shows only once asked (a roller's « Réglages », its odds rows, the
// fields of an alternative not chosen, a probability table), made when its <details>
// opens (or its alternative is chosen: form/form.js).
//
// At build each is a <noscript class="dl-fold">, right after its <summary>: a reader
// without JavaScript gets its markup as elements, shown in place (rollers.css); with
// JavaScript the parser keeps it as one text node, so the page's DOM stays small. Made
// here from that text (the build's own markup, never the reader's), or from a maker set
// by whoever holds newer figures (the engine's odds: refold). A made fold tells its
// container with a bubbling "dl:unfold" event, for those who bind what is in it.

const makers = new WeakMap(); // fold -> () => nodes, instead of its build-time markup

// Every fold inside `root` (a form about to be read or written, a details opened) made now.
export function unfold(root) {
  for (const fold of root.querySelectorAll("noscript.dl-fold")) makeFold(fold);
}

// One fold made now (an alternative of a form chosen).
export function unfoldOne(fold) {
  makeFold(fold);
}

// The fold of `details` will be made by `maker` (newer figures than the build's), unless it is already made.
export function refold(details, maker) {
  const fold = details.querySelector(":scope > noscript.dl-fold");
  if (fold) makers.set(fold, maker);
  return Boolean(fold);
}

// A page shown by the theme's instant navigation was parsed without scripting: its folds
// hold elements. They are taken out of the page (kept for when they are opened).
export function settleFolds(root) {
  for (const fold of root.querySelectorAll("noscript.dl-fold")) {
    if (!fold.firstElementChild || makers.has(fold)) continue;
    const kept = document.createDocumentFragment();
    kept.append(...fold.childNodes);
    makers.set(fold, () => kept);
  }
}

// Once per page: a fold is made as its details opens, before the browser draws it open
// (the tap on its summary), or after (opened by a script, the theme, find in page), and
// all of them before printing.
export function watchFolds() {
  document.addEventListener("click", (event) => {
    const summary = event.target.closest?.("summary");
    const details = summary?.parentElement;
    if (details?.localName === "details" && !details.open && summary === details.querySelector(":scope > summary")) {
      openFolds(details);
    }
  }, true);
  document.addEventListener("toggle", (event) => {
    if (event.target.open) openFolds(event.target);
  }, true);
  window.addEventListener("beforeprint", () => unfold(document));
}

function openFolds(details) {
  for (const fold of details.querySelectorAll(":scope > noscript.dl-fold")) makeFold(fold);
}

function makeFold(fold) {
  if (!fold.isConnected) return; // made already, by a listener of the fold made before it
  const parent = fold.parentElement;
  const maker = makers.get(fold);
  makers.delete(fold);
  if (maker) {
    fold.replaceWith(maker());
  } else {
    // The build's markup, parsed inert (a template's content runs nothing) then put in place.
    const template = document.createElement("template");
    template.innerHTML = fold.textContent;
    fold.replaceWith(template.content);
  }
  parent?.dispatchEvent(new CustomEvent("dl:unfold", { bubbles: true }));
}
