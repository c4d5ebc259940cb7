// Waking: a widget costs little until the reader comes near it.
//
// Bound at once (its buttons enabled, watched), a widget wakes (new Widget: its listeners,
// its kept results, a share link's replay) as it nears the screen, one per idle slice,
// never all at once on load; its engine is asked for then (Widget.nearScreen). A tap, a
// focus, a click, a submit or a field changed (by a script, an autofill) on a widget still
// asleep wakes it at once, in the capture phase, before the event reaches the widget's own
// listeners: no tap or change is lost. So does any use of `el.dlWidget` (a replay link, the tests).
// Bound, they have the fonts a result is drawn with looked up in idle moments (result/warm-fonts.js).
// The tab's storage of their kept results is open before a tap: the <head> read it
// (result/results-room.js), its first use a synchronous wait on the browser (10-30 ms traced in a tap).

import { idleMoment } from "../browser/index.js";
import { warmResultFonts } from "../result/index.js";
import { Widget } from "./widget.js";

const NEAR = "1200px 0px"; // generous: woken well before it is seen
const awake = new WeakMap(); // element -> its Widget
// element -> the page it was bound on: the keys of what it keeps for the tab (result/history.js). On Back
// after an instant navigation, the address is the page come back to while the page left is still
// shown, until the theme has fetched the other: a widget of it waking then (same id on both pages)
// drew the other page's kept results, and kept its room under the other page's address.
const pageOf = new WeakMap();
const nearScreen = []; // elements come near the screen, waiting for their slice
let waking = false;

const nearObserver = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    nearObserver.unobserve(entry.target);
    nearScreen.push(entry.target);
  }
  wakeInTurn();
}, { rootMargin: NEAR });

export function bindWidgets() {
  const asked = new URLSearchParams(window.location.search).get("lanceur");
  for (const el of document.querySelectorAll(".dl-roller[data-roller]")) {
    if (Object.hasOwn(el, "dlWidget")) continue;
    Object.defineProperty(el, "dlWidget", { configurable: true, get: () => wakeWidget(el) });
    pageOf.set(el, window.location.pathname);
    // Enabled now: a tap on a widget still asleep is a click like any other (it wakes the widget).
    for (const button of el.querySelectorAll(".dl-roller__form button")) button.disabled = false;
    if (el.id === asked) wakeWidget(el); // a share link's roll is replayed at once
    nearObserver.observe(el);
  }
  warmResultFonts(document.querySelector(".dl-roller[data-roller]"));
}

export function listenForTaps() {
  for (const type of ["pointerdown", "focusin", "click", "submit", "input", "change"]) {
    document.addEventListener(type, (event) => {
      const el = event.target.closest?.(".dl-roller[data-roller]");
      if (el && Object.hasOwn(el, "dlWidget")) wakeWidget(el);
    }, true);
  }
}

function wakeWidget(el) {
  let widget = awake.get(el);
  if (!widget) {
    widget = new Widget(el, pageOf.get(el));
    awake.set(el, widget);
    Object.defineProperty(el, "dlWidget", { configurable: true, writable: true, value: widget });
  }
  return widget;
}

// The widgets come near the screen, one per idle slice, in the order they came.
async function wakeInTurn() {
  if (waking) return;
  waking = true;
  while (nearScreen.length) {
    await idleMoment(500);
    const el = nearScreen.shift();
    // A widget of a page being left (its address gone) is not woken: the page is about to go.
    if (el.isConnected && pageOf.get(el) === window.location.pathname) wakeWidget(el).nearScreen();
  }
  waking = false;
}
