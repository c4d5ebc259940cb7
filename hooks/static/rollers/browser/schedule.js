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
