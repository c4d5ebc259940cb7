// ESLint (bash tools/lint.sh): the recommended rules over the front-end.
// frontend/**/*.js are ES modules run in the page (bundled by esbuild at
// build time, which writes in the build's configuration: BUILD_CONFIG,
// BUILD_SHEETS_CONFIG and BUILD_GAMES in config.js; the worker's CONFIG, its first line),
// frontend/rollers-worker.js is a module Web Worker that also sees Pyodide's
// loadPyodide, frontend/sw.js the service worker;
// bench/*.mjs, tools/*.mjs and hooks/**/*.mjs (the build's library compiler) run under Node.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/**", "site/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["frontend/**/*.js"],
    ignores: ["frontend/rollers-worker.js", "frontend/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["frontend/config.js"],
    languageOptions: { globals: { BUILD_CONFIG: "readonly", BUILD_SHEETS_CONFIG: "readonly", BUILD_GAMES: "readonly" } },
  },
  {
    files: ["frontend/rollers-worker.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.worker, CONFIG: "readonly" } },
  },
  {
    files: ["frontend/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["bench/**/*.mjs", "tools/**/*.mjs", "tests/**/*.mjs", "hooks/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
