// The build's configuration (written in by hooks/site_step/front_end.py) and the front-end's constants.

export const CONFIG = /*@build-config*/null;
export const BOOT_IDLE_MS = 20000; // the boot fails when nothing arrives for this long (never for being slow)
export const BOOT_START_MS = 120000; // then, everything downloaded, the engine's start (CPU only) may take this long
export const CALL_TIMEOUT_MS = 10000;
export const ODDS_DELAY_MS = 150;

export function pyodideBase(where) {
  // An absolute URL, or a path from the site root (the bundle is assets/rollers/rollers.js).
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(where)) return where;
  return new URL(where.replace(/^\//, ""), new URL("../../", import.meta.url)).href;
}
