// The build's configuration (written in by esbuild: hooks/site_step/front_end.py, bundled) and the front
// end's constants. CONFIG: where Pyodide is, the build's version, which rollers take sheets.
// SHEETS_CONFIG, « Mes personnages »' (hooks/page/sheets.py widgets_config): each roller that reads
// sheets (its places, and those its « Personnage » choice draws), each game's page, the pools as they
// start. All pure: a bundle that reads none carries none (esbuild leaves out what no module uses).

export const CONFIG = /* @__PURE__ */ JSON.parse(BUILD_CONFIG);
export const SHEETS_CONFIG = /* @__PURE__ */ JSON.parse(BUILD_SHEETS_CONFIG);
// The games, each by its name ({solaires: "Solaires", …}): rules_py's list, and each game's sheet title.
export const GAMES = /* @__PURE__ */ JSON.parse(BUILD_GAMES);
export const BOOT_IDLE_MS = 20000; // the boot fails when nothing arrives for this long (never for being slow)
export const BOOT_START_MS = 120000; // then, everything downloaded, the engine's start (CPU only) may take this long
export const CALL_TIMEOUT_MS = 10000;
export const ODDS_DELAY_MS = 150;

export function pyodideBase(where) {
  // An absolute URL, or a path from the site root (the bundle is assets/rollers/rollers.js).
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(where)) return where;
  return new URL(where.replace(/^\//, ""), new URL("../../", import.meta.url)).href;
}
