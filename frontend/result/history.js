// The widget's last results kept for this tab (sessionStorage), by page and widget:
// going Back after instant navigation draws them again. Storage refused: nothing is kept, silently
// (the results on screen are not affected). Beside them, the widget's height with them drawn, held
// from the parse when the page is drawn again (result/results-room.js).

import { ROOMS_PREFIX, pageWidth, sameWidth } from "./results-room.js";
import { afterDrawn } from "../browser/index.js";

const HISTORY_PREFIX = "des-et-lames:jets:";
export const KEPT_RESULTS = 3;

function historyKey(widget) {
  return `${HISTORY_PREFIX}${widget.page}#${widget.el.id}`;
}

// entries: newest first, [{number, source, result} | {number, error}]; written once the results
// are drawn (browser/schedule.js afterDrawn: not in the tap's path; before the page is left).
export function saveHistory(widget, entries) {
  const kept = { rolls: widget.rolls, lastRoll: widget.lastRoll || null, entries: entries.slice(0, KEPT_RESULTS) };
  afterDrawn(() => writeHistory(widget, kept));
}

function writeHistory(widget, kept) {
  try {
    globalThis.sessionStorage.setItem(historyKey(widget), JSON.stringify(kept));
  } catch (err) {
    console.warn("Lanceur : derniers jets non gardés pour cet onglet", err);
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

// The widget's height, its results drawn, kept for the page in this tab at the window's width:
// watched after every drawing (no layout read of its own, a ResizeObserver's), kept only at rest,
// as the page would draw it again (nothing of it open, no roll or odds waiting for the engine);
// a height taken otherwise would hold too much room, then give it back under the reader's eyes,
// and none is better than the height of the results drawn before.
const roomOf = new WeakMap(); // element -> its Widget
let watcher = null;

export function keepRoom(widget) {
  watcher ||= new ResizeObserver((entries) => {
    for (const entry of entries) {
      if (!entry.target.isConnected) { // its page left: told a height of 0
        watcher.unobserve(entry.target);
        continue;
      }
      const watched = roomOf.get(entry.target);
      if (!watched || !atRest(watched)) continue;
      // Measured now, with nothing left to lay out; written once the frame is painted.
      const height = entry.borderBoxSize[0].blockSize;
      const width = pageWidth();
      afterDrawn(() => saveRoom(watched, height, width));
    }
  });
  roomOf.set(widget.el, widget);
  afterDrawn(() => forgetRoom(widget)); // the height of the results before (kept again once at rest), once drawn
  watcher.unobserve(widget.el);
  watcher.observe(widget.el); // observed anew: told its size after the next layout, changed or not
}

function atRest(widget) {
  return widget.entries.length > 0 && !widget.output.dataset.pending && widget.status.hidden
    && !widget.el.querySelector("details[open]");
}

// Told by the ResizeObserver, after a layout: the page's width was read with nothing left to lay out.
function saveRoom(widget, height, width) {
  const key = ROOMS_PREFIX + widget.page;
  try {
    const kept = JSON.parse(globalThis.sessionStorage.getItem(key) || "null");
    const rooms = sameWidth(kept, width) && kept.h ? kept.h : {};
    rooms[widget.el.id] = Math.round(height * 100) / 100;
    globalThis.sessionStorage.setItem(key, JSON.stringify({ ...width, h: rooms }));
  } catch {
    // refused or full: the results still come back, without their room held
  }
}

// Once a drawing is painted (every roll): the page's width not read (a layout of its own), the
// record written only if it held this widget; its other heights keep the width they were taken at.
function forgetRoom(widget) {
  const key = ROOMS_PREFIX + widget.page;
  try {
    const kept = JSON.parse(globalThis.sessionStorage.getItem(key) || "null");
    if (!kept?.h || !Object.hasOwn(kept.h, widget.el.id)) return;
    delete kept.h[widget.el.id];
    globalThis.sessionStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // refused or unreadable: the next height kept writes the record whole
  }
}
