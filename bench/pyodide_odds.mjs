// Runs bench/odds_grid.py inside Pyodide (Node, local npm copy): odds timings in the browser's runtime.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
// rules_py and its games' packages, at their paths ("solaires/action.py")
for (const name of readdirSync(join(root, "rules_py"), { recursive: true }).filter((n) => n.endsWith(".py"))) {
  py.FS.mkdirTree(dirname(`/bench/rules_py/${name}`));
  py.FS.writeFile(`/bench/rules_py/${name}`, readFileSync(join(root, "rules_py", name)));
}
py.FS.writeFile("/bench/odds_grid.py", readFileSync(join(root, "bench", "odds_grid.py")));
const out = py.runPython(`
import sys
sys.path.insert(0, "/bench")
import json, odds_grid
json.dumps(odds_grid.main())
`);
console.log(out);
