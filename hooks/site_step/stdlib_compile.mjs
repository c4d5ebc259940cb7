// The site's standard library as bytecode: every module of the cut library
// (hooks/site_step/engine.py) compiled by the pinned Pyodide itself, so that the
// engine's start does not compile ~150 modules from source on the reader's
// device (measured on this machine: loadPyodide 3.6-4.1 s -> 1.3-1.4 s).
//
//   node hooks/site_step/stdlib_compile.mjs PYODIDE_DIR LOCK_JSON IN.zip OUT.zip
//
// PYODIDE_DIR holds the pinned Pyodide's files (node_modules/pyodide or the
// build's cache); LOCK_JSON its pyodide-lock.json. Each member `x.py` of IN.zip
// becomes `x.pyc` in OUT.zip: an unchecked hash-based pyc (PEP 552: no source to
// compare with, no timestamp, the same bytes for the same input), its line tables
// left out (40 % of the bytecode's size; a traceback inside the library then has
// no line numbers, rules_py's own modules keep theirs). zipimport loads them as
// it loads source. Members keep their names' order and dates: the same input
// gives the same zip, byte for byte.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, lockPath, input, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node hooks/site_step/stdlib_compile.mjs PYODIDE_DIR LOCK_JSON IN.zip OUT.zip");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(dir), "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const py = await loadPyodide({
  indexURL: `${resolve(dir)}/`,
  lockFileContents: { info: lock.info, packages: {} },
  stdout: () => {},
  stderr: (line) => process.stderr.write(`${line}\n`),
});
py.FS.writeFile("/tmp/in.zip", readFileSync(input));
py.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import sys
import types
import zipfile

# The path the engine mounts its library at: code objects name their files as zipimport would.
library = next(path for path in sys.path if path.endswith(".zip"))


def without_lines(code):
    consts = tuple(without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)


with zipfile.ZipFile("/tmp/in.zip") as source, zipfile.ZipFile(
    "/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9
) as dest:
    for info in source.infolist():
        data = source.read(info)
        name = info.filename
        if name.endswith(".py"):
            code = compile(data, f"{library}/{name}", "exec", dont_inherit=True)
            data = bytes(bootstrap._code_to_hash_pyc(without_lines(code), importlib.util.source_hash(data), checked=False))
            name += "c"
        member = zipfile.ZipInfo(name, date_time=info.date_time)
        member.compress_type = zipfile.ZIP_DEFLATED
        member.external_attr = info.external_attr
        dest.writestr(member, data)
`);
writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
