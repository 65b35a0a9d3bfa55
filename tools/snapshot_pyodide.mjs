// Saves Pyodide's memory with the table already imported: the page's start-up snapshot.
//
//   node tools/snapshot_pyodide.mjs BUNDLE STDLIB LOCK OUT
//
// BUNDLE is build/gin.zip (what static/gin.zip.gz holds), STDLIB static/stdlib.zip.gz (the
// standard library the page mounts, tools/stdlib.py), LOCK Pyodide's pyodide-lock.json
// (whose "info" alone the page passes, as here); OUT gets the snapshot static/js/start.mjs restores instead of starting
// Python (gin/web/snapshot.py says what is in it and why). The Pyodide is the one of
// node_modules/, the very build the page vendors: Pyodide refuses a snapshot of another
// build, and the page then starts the ordinary way.
//
// OUT is the snapshot file of static/js/snapshot-format.mjs, gzipped: "GINSNAP3", the hashes
// of BUNDLE's and of the standard library's zips, then the memory's pages that are not all
// zero. The page restores it only with the very bundle and standard library it was made with
// (Python's memory holds the zip importer's table of contents of the one it had mounted), so
// files rebuilt without their snapshot (a test's copy of the site, a half-done deployment)
// never run old modules. The same inputs give the same bytes: no clock, hash seed or random
// state of this run ends up in the file.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { packSnapshot } from "../static/js/snapshot-format.mjs";

const [bundlePath, stdlibPath, lockPath, outPath] = process.argv.slice(2);
if (!bundlePath || !stdlibPath || !lockPath || !outPath) {
  console.error("usage: node tools/snapshot_pyodide.mjs BUNDLE STDLIB LOCK OUT");
  process.exit(2);
}

// Python reads the clock and the system's entropy while it starts, and keeps some of what
// it read: a fixed clock and no entropy for this run keep the bytes the same from build to
// build. The page seeds every random generator afresh after restoring (gin/web/snapshot.py).
let tick = 0;
Date.now = () => 1767225600000 + tick++;
performance.now = () => tick++;
crypto.randomFillSync = (array) => array.fill(0); // how Emscripten reads entropy in node

const { loadPyodide } = await import("../node_modules/pyodide/pyodide.mjs");
const bundle = new Uint8Array(fs.readFileSync(bundlePath));
const stdlib = new Uint8Array(zlib.gunzipSync(fs.readFileSync(stdlibPath)));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gin-snapshot-"));
const stdLibURL = path.join(folder, "stdlib.zip");
fs.writeFileSync(stdLibURL, stdlib);
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0" },
  stdLibURL,
  lockFileContents: { info: JSON.parse(fs.readFileSync(lockPath, "utf8")).info, packages: {} },
});
fs.rmSync(folder, { recursive: true });
pyodide.unpackArchive(bundle, "zip", { extractDir: "." });
pyodide.runPython("from gin.web.snapshot import prepare; prepare()");
const memory = pyodide.makeMemorySnapshot();

const file = packSnapshot(memory, bundle, stdlib);
const packed = zlib.gzipSync(file, { level: 9 });
fs.writeFileSync(outPath, packed);
const mb = (bytes) => (bytes.length / 1e6).toFixed(1);
console.log(
  `snapshot: ${mb(memory)} MB of memory, ${mb(file)} MB of it not zero pages -> ${outPath} ` +
    `(${mb(packed)} MB gzipped)`
);
process.exit(0);
