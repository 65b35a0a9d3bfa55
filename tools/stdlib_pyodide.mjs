// Lists the modules of Pyodide's standard library that the page imports, for tools/stdlib.py.
//
//   node tools/stdlib_pyodide.mjs BUNDLE NAMES.json OUT.json
//
// Starts the Pyodide of node_modules/ (the build the page vendors) with its whole standard
// library, unpacks BUNDLE (build/gin.zip, the zip of static/gin.zip.gz) into the working directory and runs
// tools/stdlib_probe.py there with NAMES (every module name an import of the bundle or of
// PyScript's Python names): OUT gets the modules that ended up imported, with their files in
// the standard library's zip, and the interpreter's built-in modules.
import fs from "node:fs";

import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [bundlePath, namesPath, outPath] = process.argv.slice(2);
if (!bundlePath || !namesPath || !outPath) {
  console.error("usage: node tools/stdlib_pyodide.mjs BUNDLE NAMES.json OUT.json");
  process.exit(2);
}
try {
  const pyodide = await loadPyodide();
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(bundlePath)), "zip", { extractDir: "." });
  pyodide.globals.set("NAMES", pyodide.toPy(JSON.parse(fs.readFileSync(namesPath, "utf8"))));
  pyodide.runPython(fs.readFileSync(new URL("./stdlib_probe.py", import.meta.url), "utf8"));
  fs.writeFileSync(outPath, await pyodide.runPythonAsync("await main(NAMES)"));
  process.exit(0);
} catch (error) {
  // The message only (a Python traceback): node would print the minified line it came from.
  console.error(error.message);
  process.exit(1);
}
