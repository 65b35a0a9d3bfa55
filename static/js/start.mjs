// Starts Pyodide and fetches the engine as soon as the page is parsed, before PyScript has
// even loaded.
//
// Without this module PyScript fetches its core, then pyscript.json, then its plugins, and
// only then imports pyodide.mjs and calls loadPyodide(): a chain of round trips in front of
// the slowest step of the page, and gin.zip only after that. index.html runs this module
// right after PyScript's (deferred module scripts run in document order, so PyScript's
// config fetch is under way first) and pyscript.json names it as the "interpreter": PyScript
// imports the same module (one instance per URL), calls its loadPyodide() and receives the
// interpreter that has been starting all along, with the engine bundle (static/gin.zip, the
// `gin` package folder) already unpacked into the working directory. That is the contract
// of pyodide.mjs (loadPyodide + version), so PyScript needs no patch.
//
// Python itself is not started here but restored: static/gin.snapshot holds Pyodide's memory
// saved by the build with the table already imported (gin/web/snapshot.py), which skips
// most of a bare Pyodide start. Without a usable snapshot (missing, or made from another
// gin.zip or another Pyodide build) Python starts the ordinary way, a little later.
//
// PyScript passes its own stdout/stderr (they feed its error display); lines written before
// it asks go to the console. Any other option would change how Pyodide starts, so it is
// refused loudly rather than ignored (e.g. "packages" added to pyscript.json).
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { readSnapshot } from "./snapshot-format.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const ENGINE = new URL("../gin.zip", import.meta.url).href;
const SNAPSHOT = new URL("../gin.snapshot", import.meta.url).href;

// Pyodide's WebAssembly is the one file the service worker (sw.js) leaves to the browser:
// V8 keeps the code it compiled with the HTTP cache's copy of a response, not with a
// service worker's (nor a <link rel="preload">'s), and compiling it anew costs a warm start
// about half its time (bench/load_time.py). So Pyodide's request for it goes to the network
// or the HTTP cache, checked against this version's hash (which the build writes here): a
// file of another version fails the check, and so does the network when offline; either
// way the worker's copy of this version is used instead ("?offline", which it answers).
const WASM = indexURL + "pyodide.asm.wasm";
const WASM_INTEGRITY = ""; // written by tools/build.py
const pageFetch = window.fetch;

function fetchWasm(options) {
  const checked = { ...options, integrity: WASM_INTEGRITY };
  return pageFetch(WASM, checked).catch((error) => {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) throw error;
    return pageFetch(`${WASM}?offline`, checked);
  });
}

function fetchForPyodide(resource, options) {
  if (String(resource) === WASM) return fetchWasm(options);
  return pageFetch.call(this, resource, options);
}

// Steps for the skeleton's progress bar (static/js/boot.js), beside PyScript's "py:progress",
// and a performance mark each (bench/load_time.py reports when Pyodide was up).
function progress(step) {
  return (value) => {
    performance.mark(`gin:${step}`);
    window.dispatchEvent(new CustomEvent("gin:progress", { detail: step }));
    return value;
  };
}

let stdout = (line) => console.log(line);
let stderr = (line) => console.error(line);

function download(url) {
  // Same request as the <link rel="preload"> of index.html (same URL, credentials mode
  // "same-origin"), so the preloaded response is the one used.
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`[${response.status}] Unable to fetch ${url}`);
    return response;
  });
}

const engine = download(ENGINE)
  .then((response) => response.arrayBuffer())
  .then(progress("engine"));
const memory = download(SNAPSHOT)
  .then((response) => readSnapshot(response.body, engine))
  .then(progress("snapshot"));
memory.catch(() => {}); // its failure is reported (and survived) where it is used

function boot(options) {
  window.fetch = fetchForPyodide; // while Pyodide starts (it looks fetch up at each call)
  return startPyodide({
    indexURL,
    stdout: (line) => stdout(line),
    stderr: (line) => stderr(line),
    ...options,
  }).finally(() => {
    if (window.fetch === fetchForPyodide) window.fetch = pageFetch;
  });
}

// Pyodide's download and compilation start at once, the snapshot arriving meanwhile; if it
// cannot be used, Python starts again without it.
const runtime = boot({ _loadSnapshot: memory })
  .then((pyodide) => {
    document.documentElement.dataset.python = "restored";
    return pyodide;
  })
  .catch((error) => {
    console.info(`Starting Python without the start-up snapshot (${error.message || error}).`);
    document.documentElement.dataset.python = "started";
    return boot({});
  })
  .then(progress("pyodide"));

const interpreter = Promise.all([runtime, engine]).then(([pyodide, bundle]) => {
  // Also after a restore: the modules the table imports later, and the translations.
  pyodide.unpackArchive(bundle, "zip", { extractDir: "." });
  if (document.documentElement.dataset.python === "restored") {
    pyodide.runPython("from gin.web.snapshot import restored; restored()");
  }
  return pyodide;
});
// PyScript awaits this promise and reports its failure; this keeps the browser from also
// reporting it as unhandled while PyScript is still on its way.
interpreter.catch(() => {});

const ADOPTED = new Set(["indexURL", "stdout", "stderr"]);

export { version };

export function loadPyodide(options = {}) {
  const unknown = Object.keys(options).filter((name) => !ADOPTED.has(name));
  if (unknown.length) {
    return Promise.reject(
      new Error(`static/js/start.mjs cannot honour loadPyodide options: ${unknown.join(", ")}`)
    );
  }
  if (options.stdout) stdout = options.stdout;
  if (options.stderr) stderr = options.stderr;
  return interpreter;
}
