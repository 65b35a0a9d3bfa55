// Compiles Python sources to the bytecode of the vendored Pyodide, for tools/build.py bundle.
//
//   node tools/compile_pyodide.mjs FOLDER [MOUNTED_AT]
//
// Every .py file under FOLDER gets its .pyc beside it (the "legacy" layout, which Python
// imports without the .py file), hash-based and unchecked, so file times play no part and
// the same sources give the same bytes; tracebacks name the files relative to FOLDER, or
// under MOUNTED_AT (where the page mounts them). The compiler is the Python inside node_modules/pyodide,
// the very one the page runs, so the bytecode always matches the page's Python version.
// Fails (exit status 1) if any file does not compile.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [folder, mountedAt] = process.argv.slice(2);
if (!folder) {
  console.error("usage: node tools/compile_pyodide.mjs FOLDER [MOUNTED_AT]");
  process.exit(2);
}
// Without column positions (python -X no_debug_ranges): a quarter less bytecode to download;
// tracebacks still name each line, they only lose the carets under the failing expression.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/bundle");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/bundle");
pyodide.globals.set("mounted_at", mountedAt || undefined); // undefined is None; null is not
const compiled = pyodide.runPython(`
import compileall
import py_compile

compileall.compile_dir(
    "/bundle",
    quiet=1,
    legacy=True,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    # Without docstrings and asserts (python -OO): a quarter less to download; the page
    # never reads a docstring, and no assert of the game checks input.
    optimize=2,
    # Tracebacks name "gin/game.py", as relative to the page's working directory (or name
    # the file where the page mounts it).
    stripdir="/bundle",
    prependdir=mounted_at,
)
`);
process.exit(compiled ? 0 : 1);
