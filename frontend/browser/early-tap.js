// A tap on a link to another page of the book, made before the theme can take it as an instant
// navigation. The theme knows its pages from the site's sitemap.xml, which it asks for once its script
// has run (on a phone network, up to a second or two after the page is shown); a tap before that was
// the browser's: the page loaded in full and the engine started again, and the theme, once its sitemap
// came, also drew the page, on top of that load. Until the sitemap is in, such a tap is held: the browser
// does not follow it, and the theme, which keeps the last tap it was shown, navigates instantly as soon as
// its sitemap comes. Should it not (no sitemap: no network and no copy; a link it does not manage), the
// browser follows the link a moment later: a tap is never lost. A tap before the theme's script has run
// is left to the browser (the theme was not there to see it).
// Inlined at the end of every page's <head> with browser/same-page.js (hooks/site_step/front_end.py).

export function holdEarlyTaps() {
  if (location.protocol === "file:" || !globalThis.PerformanceObserver) return;
  const AFTER_SITEMAP_MS = 400; // the theme navigates at once: it has this long to move the address
  const NO_SITEMAP_MS = 3000; // no sitemap by then: the browser's own navigation
  const isSitemap = (entry) => new URL(entry.name).pathname.endsWith("/sitemap.xml");
  const pageOf = (url) => url.origin + url.pathname + url.search;
  let ready = false;
  let held = null;
  let fallback = 0;
  let watching = false;
  const follow = () => {
    const url = held;
    held = null;
    if (url && pageOf(new URL(location.href)) !== pageOf(url)) location.assign(url.href);
  };
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some(isSitemap)) return;
    ready = true;
    observer.disconnect();
    if (!held) return;
    clearTimeout(fallback);
    fallback = setTimeout(follow, AFTER_SITEMAP_MS);
  });
  observer.observe({ type: "resource", buffered: true });
  document.addEventListener("click", (event) => {
    if (ready || !globalThis.document$ || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest?.("a[href]");
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || pageOf(url) === pageOf(new URL(location.href))) return;
    event.preventDefault();
    if (!watching) {
      // The theme's move (to this page or any other the reader chose since): nothing is held. (Its subject
      // gives the address it holds at once, as it is subscribed to: before this tap is held.)
      watching = true;
      globalThis.location$?.subscribe?.(() => {
        held = null;
        clearTimeout(fallback);
      });
    }
    held = url;
    clearTimeout(fallback);
    fallback = setTimeout(follow, NO_SITEMAP_MS);
  }, true);
}
