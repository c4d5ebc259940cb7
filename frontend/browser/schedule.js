// When the rollers' work runs: a tap's task ended early, the rest in idle moments.

// The event loop's next turn, ahead of what waits for idleness: a tap's own task ends with what the
// reader sees (its pending notice), and the work it asks for goes on in the tasks after it.
export function nextTurn() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// An idle moment of the page's main thread (at most `timeoutMs` later; no idle callbacks: the next task).
export function idleMoment(timeoutMs) {
  return new Promise((resolve) => {
    if (globalThis.requestIdleCallback) requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}

// Work nothing on screen waits for (what the tab and the browser keep: a roll's results for Back,
// the widget's room, the journal): after the frame that draws the outcome, in the order asked,
// so that a tap's answer is drawn first; at once if the page is hidden or being left, where no
// frame comes (and a reload keeps it all).
const afterDrawnJobs = [];
let leavingHeard = false;

export function afterDrawn(job) {
  if (!leavingHeard) hearLeaving();
  afterDrawnJobs.push(job);
  if (afterDrawnJobs.length > 1) return; // a run is on its way
  if (document.hidden) setTimeout(runAfterDrawn, 0);
  else requestAnimationFrame(() => setTimeout(runAfterDrawn, 0)); // a task after the frame's paint
}

function runAfterDrawn() {
  while (afterDrawnJobs.length) {
    const job = afterDrawnJobs[0];
    try {
      job();
    } catch (err) {
      console.warn("Lanceur : travail d’après l’affichage en échec", err);
    }
    afterDrawnJobs.shift();
  }
}

// Once a job is asked: the page hidden or left runs what waits.
function hearLeaving() {
  leavingHeard = true;
  globalThis.addEventListener?.("pagehide", runAfterDrawn);
  globalThis.document?.addEventListener("visibilitychange", () => {
    if (document.hidden) runAfterDrawn();
  });
}
