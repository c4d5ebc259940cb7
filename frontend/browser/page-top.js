// A page reached by the theme's instant navigation opens where it should: a new one at its top (or
// at its heading), one come back to where the reader had left it. The theme keeps the reader's place
// in the history entry 100 ms after her last scroll, in whatever entry is then the current one: a
// tap on « Suivant » within those 100 ms, or a scroll of the page still shown while the next one
// comes (a slow network), wrote the place of the page left into the entry of the page coming, which
// then opened there, mid-page (back or forward: at the wrong place). So from the move to the next
// page drawn, the theme's writes of a place are not kept: the place of the page left was kept by the
// theme at the tap (or by the browser at back and forward), and the page drawn keeps its own.
// Inlined at the end of every page's <head> with browser/same-page.js (hooks/site_step/front_end.py).

export function keepPlaces() {
  let drawn = location.pathname;
  let moving = false;
  const replace = History.prototype.replaceState;
  history.replaceState = function (state, unused, url) {
    // (the theme's write of a place: an offset, with no address)
    if (moving && url === undefined && typeof state?.y === "number") return undefined;
    return replace.call(this, state, unused, url);
  };
  // (the theme's subjects, there once its script has run)
  addEventListener("DOMContentLoaded", () => {
    globalThis.location$?.subscribe?.((url) => (moving = url.pathname !== drawn));
    globalThis.document$?.subscribe?.(() => {
      drawn = location.pathname;
      moving = false;
    });
  });
}
