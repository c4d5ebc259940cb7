// A move within the page drawn stays within it. The theme's instant navigation fetches and draws
// again the page of the first navigation it is told of, even one to a heading of the same page
// (a link of « Sur cette page », a heading's ¶, a link of the table opened in the same tab): the
// rollers' forms, their « Personnage » choices and a roll on its way went with the old page, and a
// phone fetched the whole page again. So a link to a part of the page drawn is left to the browser
// (the theme leaves alone a link with a target), and the theme is not told of a move within it
// (back or forward included), which scrolls as the theme would have: to the place kept, or the heading.
// Inlined at the end of every page's <head> (hooks/site_step/front_end.py, navigation_script): at the window,
// listeners run in the order they were added, and this one must come before the theme's.

const here = () => location.pathname + location.search;

export function keepSamePage() {
  let drawn = here();
  // a page drawn by instant navigation (the theme's document$, there once its script has run)
  addEventListener("DOMContentLoaded", () => globalThis.document$?.subscribe?.(() => (drawn = here())));
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[href]");
    if (!link || link.target) return;
    const url = new URL(link.href, location.href);
    if (url.hash && url.origin === location.origin && url.pathname + url.search === drawn) link.target = "_self";
  }, true);
  addEventListener("popstate", (event) => {
    if (here() !== drawn) return;
    event.stopImmediatePropagation();
    const { state } = history;
    if (state !== null || !location.hash) scrollTo(0, state?.y ?? 0);
    else {
      // (a fragment that names no heading, or is not even a name: a link of the table, its data)
      try {
        document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      } catch {
        return;
      }
    }
  });
}
