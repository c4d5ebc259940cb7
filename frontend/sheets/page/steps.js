// The sheet view as a step of the tab's history (« #personnage=<id> » in the address): the phone's back
// button goes from a sheet back to the list, not out of « Mes personnages »; forward opens it again, and a
// reload shows it. Only the address says it (the theme writes its scroll offsets over history's state),
// and the page follows its changes by `hashchange` (browser/same-page.js keeps the theme out of a move
// within the page, and stops its `popstate` there).

const SHEET_STEP = "#personnage=";

// The sheet the address names, or null.
export function sheetInAddress() {
  if (!location.hash.startsWith(SHEET_STEP)) return null;
  try {
    return decodeURIComponent(location.hash.slice(SHEET_STEP.length)) || null;
  } catch {
    return null;
  }
}

// The address for `id`'s view (null: the list). From the list to a sheet: a new step; from that sheet back to
// the list: back to the step it came from (no second list to go back through); otherwise the same step.
export function stepTo(page, id) {
  const hash = id ? `${SHEET_STEP}${encodeURIComponent(id)}` : "";
  if (location.hash === hash || (!id && !sheetInAddress())) return;
  const url = `${location.pathname}${location.search}${hash}`;
  if (id && !sheetInAddress()) {
    history.pushState(null, "", url);
    page.stepped = true;
  } else if (!id && page.stepped) {
    page.stepped = false;
    history.back();
  } else {
    history.replaceState(history.state, "", url);
  }
}

// Back and forward between those steps: the view follows the address.
export function followSteps(page) {
  const follow = () => {
    if (!page.el.isConnected) return window.removeEventListener("hashchange", follow); // the page has gone
    const id = sheetInAddress();
    const view = page.current?.view;
    if (id) {
      page.stepped = true; // forward: the list is the step before
      if (!(view === "sheet" && page.current.id === id)) page.showSheet(id);
    } else if (!location.hash) {
      page.stepped = false;
      if (view === "sheet" || view === "form") page.showList(page.current.id);
    }
  };
  window.addEventListener("hashchange", follow);
}
