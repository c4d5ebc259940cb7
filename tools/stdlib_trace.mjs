// Which standard-library modules the browser's engine imports: runs Pyodide
// (Node, the npm package) as the worker does (inline lock, rules_py written to
// its file system, rules_py.api.call_json), with tools/stdlib_exercise.py
// going through every roller, follow-up action and odds query.
//
//   node tools/stdlib_trace.mjs [--stdlib path/to/python_stdlib.zip] [--write hooks/site_step/stdlib-modules.txt]
//
// Prints one JSON object:
//   modules    every module imported from the standard-library zip (Pyodide's
//              own boot imports included), sorted
//   not_found  every module some import looked for and found nowhere (after boot)
//   count, digest  tools/stdlib_exercise.py's requests and the SHA-256 of its answers
// --write writes `modules` to the list the build cuts the library by (hooks/site_step/front_end.py).
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const stdlib = option("--stdlib");
const output = option("--write");

const pyodideDir = dirname(createRequire(import.meta.url).resolve("pyodide/package.json"));
const lock = JSON.parse(readFileSync(join(pyodideDir, "pyodide-lock.json"), "utf8"));
const py = await loadPyodide({
  lockFileContents: { info: lock.info, packages: {} }, // as the worker boots: no lock file, no package
  ...(stdlib ? { stdLibURL: resolve(stdlib) } : {}),
  stdout: () => {},
  stderr: (line) => process.stderr.write(`${line}\n`),
});

// The recorder: a finder after every other one sees only the names nobody found.
py.runPython(`
import sys
class _Missing:
    seen = []
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.seen.append(name)
        return None
sys.meta_path.append(_Missing)
`);

// What the worker does (frontend/rollers-worker.js): rules_py in the FS, imported, called.
// rules_py and its games' packages, at their paths ("solaires/action.py"), as the worker writes them.
for (const name of readdirSync(join(root, "rules_py"), { recursive: true }).filter((n) => n.endsWith(".py"))) {
  py.FS.mkdirTree(dirname(`/home/pyodide/rules_py/${name}`));
  py.FS.writeFile(`/home/pyodide/rules_py/${name}`, readFileSync(join(root, "rules_py", name)));
}
py.FS.writeFile("/home/pyodide/stdlib_exercise.py", readFileSync(join(root, "tools", "stdlib_exercise.py")));
py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
const run = (code) => {
  try {
    return py.runPython(code);
  } catch (err) { // a module the library lacks: say which, not Pyodide's minified stack
    console.error(String(err.message).trim().split("\n").slice(-4).join("\n"));
    process.exit(1);
  }
};
run("import rules_py.api");
run("import importlib\nimportlib.invalidate_caches()");
// A Python error crossing into JavaScript (the worker's catch): Pyodide formats its traceback.
try {
  py.runPython("raise ValueError('trace')");
} catch (err) {
  if (!String(err.message).includes("trace")) throw err;
}
const [count, digest] = run("import stdlib_exercise\nstdlib_exercise.main()").toJs();

const result = JSON.parse(py.runPython(`
import json, sys
prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
modules = sorted(
    name for name, module in list(sys.modules.items())
    if (getattr(module, "__file__", None) or "").startswith(prefix)
)
json.dumps({"modules": modules, "not_found": sorted(set(_Missing.seen))})
`));
Object.assign(result, { count, digest, python: py.runPython("import sys; sys.version.split()[0]") });
if (output) {
  const header = [
    "# Standard-library modules the rollers' engine imports in Pyodide: written by",
    "# `node tools/stdlib_trace.mjs --write hooks/site_step/stdlib-modules.txt` (every roller, follow-up",
    "# action and odds query, plus Pyodide's own boot). hooks/site_step/front_end.py keeps these",
    "# (and their packages) in the site's python_stdlib.zip; tests/test_stdlib.py fails when",
    "# the list is stale. Do not edit by hand.",
  ];
  writeFileSync(output, `${header.join("\n")}\n${result.modules.join("\n")}\n`);
}
console.log(JSON.stringify(result));
