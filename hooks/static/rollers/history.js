// The widget's last results kept for this tab (sessionStorage), by page and widget:
// going Back after instant navigation draws them again. Storage refused: nothing is kept, silently
// (the results on screen are not affected).

const HISTORY_PREFIX = "des-et-lames:jets:";
export const KEPT_RESULTS = 3;

function historyKey(widget) {
  return `${HISTORY_PREFIX}${window.location.pathname}#${widget.el.id}`;
}

// entries: newest first, [{number, source, result} | {number, error}]
export function saveHistory(widget, entries) {
  try {
    globalThis.sessionStorage.setItem(historyKey(widget), JSON.stringify({
      rolls: widget.rolls, lastRoll: widget.lastRoll || null, entries: entries.slice(0, KEPT_RESULTS),
    }));
  } catch (err) {
    console.warn("Lanceur : derniers jets non gardés pour cet onglet", err);
  }
}

// The tab's storage opened before the first tap, in an idle moment: its first use asks the browser
// process for permission and for the whole area, synchronously (traced in the first tap while the
// engine boots: 10-30 ms of waiting); opened, the reads and writes after it are the page's own.
export function openTabStorage() {
  try {
    return globalThis.sessionStorage.length;
  } catch {
    return 0; // refused: loadHistory and saveHistory say so
  }
}

export function loadHistory(widget) {
  try {
    const text = globalThis.sessionStorage.getItem(historyKey(widget));
    const kept = text ? JSON.parse(text) : null;
    return kept && Array.isArray(kept.entries) ? kept : null;
  } catch {
    return null;
  }
}
