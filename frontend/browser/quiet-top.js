// The theme's « Retour en haut de la page » button shows whenever the page scrolls up. A scroll the
// reader did not make (a save, a form's error or a result brings its words into view by moving the
// focus there) is not asking for it, and the button, fixed under the header, then covered what
// had just been brought into view. A focus moved by a script (not onto what the reader touched,
// clicked or tabbed to) keeps the button away, until the reader scrolls herself (a drag, the
// wheel, a scrolling key): <body data-dl-haut-calme> (rollers.css).

const SCROLL_KEYS = new Set(["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown", " "]);

let touched = null; // what the reader pointed at last, until the focus it gives
let tabbing = false;

export function quietBackToTop() {
  const calm = (on) => {
    if (document.body.hasAttribute("data-dl-haut-calme") !== on) document.body.toggleAttribute("data-dl-haut-calme", on);
  };
  document.addEventListener("pointerdown", (event) => (touched = event.target), true);
  document.addEventListener("keydown", (event) => {
    tabbing = event.key === "Tab";
    const typing = event.target.closest?.("input, select, textarea, [contenteditable]");
    if (SCROLL_KEYS.has(event.key) && !typing) calm(false);
  }, true);
  document.addEventListener("focusin", (event) => {
    const target = event.target;
    const theReaders = tabbing || (touched && (touched === target || touched.contains?.(target) || target.contains?.(touched)
      || touched.closest?.("label")?.control === target));
    touched = null;
    tabbing = false;
    if (!theReaders && target !== document.body) calm(true);
  }, true);
  for (const name of ["touchmove", "wheel"]) document.addEventListener(name, () => calm(false), { capture: true, passive: true });
}
