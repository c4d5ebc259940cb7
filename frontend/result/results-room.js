// The room of the results kept for this tab (result/history.js), held from the parse.
//
// A page a reader comes back to in the same tab (Back, the same address again, the theme's
// instant navigation back) draws a widget's kept results as the widget wakes, after the first
// paint: what follows the widget moved down under the reader's eyes (a layout shift of
// 0.10-0.17 at 390×844). Each widget's height with its results drawn is kept beside them
// (result/history.js keepRoom, for the window's width), and held here before the page is drawn: a
// min-height on the widget until it wakes (class dl-roller--awake, widget/widget.js), its odds line
// hidden meanwhile (it would stand where the results come, then jump below them).
//
// This file is inlined, as a classic script, at the end of the <head> of every page with rollers
// (hooks/site_step/front_end.py head_script); the rollers' module calls it again after an
// instant navigation (main.js), whose new page keeps the first page's <head>.

export const ROOMS_PREFIX = "des-et-lames:jets-place:";

// The width the heights were taken at: the window's (a desktop's scrollbar comes once the body is
// long enough) or its layout's (a phone's window widens for a moment while a page loads: 400 px
// for 390, seen as a page came back); either the same, the page is laid out the same.
export function pageWidth() {
  return { w: window.innerWidth, c: document.documentElement.clientWidth };
}

export function sameWidth(kept, now = pageWidth()) {
  return Boolean(kept) && (kept.w === now.w || kept.c === now.c);
}

export function holdResultsRooms() {
  const page = window.location.pathname;
  let style = document.getElementById("dl-results-rooms");
  if (style && style.dataset.page === page) return;
  if (style) style.remove();
  let kept = null;
  try {
    kept = JSON.parse(globalThis.sessionStorage.getItem(ROOMS_PREFIX + page));
  } catch {
    return; // storage refused or unreadable: nothing held, the results come as before
  }
  if (!sameWidth(kept) || !kept.h) return;
  const rules = [];
  for (const [id, height] of Object.entries(kept.h)) {
    if (!(height > 0)) continue;
    const widget = `.dl-roller[id="${CSS.escape(id)}"]:not(.dl-roller--awake)`;
    rules.push(`${widget}{min-height:${Number(height)}px}${widget}>.dl-roller__odds{visibility:hidden}`);
  }
  style = document.createElement("style");
  style.id = "dl-results-rooms";
  style.dataset.page = page;
  style.textContent = rules.join("\n");
  document.head.append(style);
}
