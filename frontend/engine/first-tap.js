// A connection that asks to save data, or a slow one (Network Information API, where the browser
// has it): the engine waits for the reader's first tap (engine/runtime.js deferUntilTap), and every roller
// says so under its buttons, in a note the page holds (front_end.deferred_note: the download's
// size is the build's). It is shown by <html data-moteur-au-premier-jet>, set here from the end of
// <head> (this file is inlined there on pages with rollers, with result/results-room.js): written in each
// widget as it woke, it pushed what follows down (104 px at 390×844, a layout shift of 0.03-0.05 on
// a page opened at a roller), under the thumb about to tap. Taken off once the engine starts, set
// again after an instant navigation while it still waits (main.js).

export function waitsForTap() {
  const connection = globalThis.navigator?.connection;
  return Boolean(connection && (connection.saveData || ["slow-2g", "2g", "3g"].includes(connection.effectiveType)));
}

export function markFirstTap(waiting) {
  document.documentElement.toggleAttribute("data-moteur-au-premier-jet", waiting);
}
