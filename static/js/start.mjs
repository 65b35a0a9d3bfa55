// Starts Pyodide and fetches the engine as soon as the page is parsed, before PyScript has
// even loaded.
//
// Without this module PyScript fetches its core, then pyscript.json, then its plugins, and
// only then imports pyodide.mjs and calls loadPyodide(): a chain of round trips in front of
// the slowest step of the page, and gin.zip only after that. index.html runs this module
// right after PyScript's (deferred module scripts run in document order, so PyScript's
// config fetch is under way first) and pyscript.json names it as the "interpreter": PyScript
// imports the same module (one instance per URL), calls its loadPyodide() and receives the
// interpreter that has been starting all along, with the engine bundle (static/gin.zip.gz,
// the `gin` package folder) already unpacked into the working directory. That is the contract
// of pyodide.mjs (loadPyodide + version), so PyScript needs no patch.
//
// The standard library is the page's own (static/stdlib.zip.gz, tools/stdlib.py): only the
// modules the page can import, compiled by the build, gzipped whole. Pyodide's lock file
// is not fetched either: the page loads no package, so Pyodide gets its header only.
//
// A first visit starts Python the ordinary way. Once the table is up, the service worker
// caches the start-up snapshot (static/gin.snapshot: Pyodide's memory saved by the build
// with the table already imported, gin/web/snapshot.py), and later visits restore Python
// from it, which skips most of a start. Only a page the worker controls asks for it, and
// the worker answers from its cache only (204 when it has none yet), so the snapshot's
// megabytes never stand between a player and the table. A snapshot that is corrupt or was
// made from another gin.zip, another standard library or another Pyodide build is refused
// and Python starts the ordinary way.
//
// PyScript passes its own stdout/stderr (they feed its error display); lines written before
// it asks go to the console. Any other option would change how Pyodide starts, so it is
// refused loudly rather than ignored (e.g. "packages" added to pyscript.json).
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { gunzipped, readSnapshot, storedFiles } from "./snapshot-format.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const ENGINE = new URL("../gin.zip.gz", import.meta.url).href;
const SNAPSHOT = new URL("../gin.snapshot", import.meta.url).href;
const STDLIB = new URL("../stdlib.zip.gz", import.meta.url).href;
// What Pyodide is told to fetch as its standard library: answered here, with STDLIB unpacked.
const STDLIB_ZIP = new URL("../stdlib.zip", import.meta.url).href;
const LOCK_INFO = {}; // written by tools/build.py: the "info" of Pyodide's pyodide-lock.json

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
  if (String(resource) === WASM) {
    const wasm = compiledWasm ? Promise.resolve(COMPILED) : fetchWasm(options);
    return wasm.then(progress("wasm"));
  }
  if (String(resource) === STDLIB_ZIP) return stdlib.then((bytes) => new Response(bytes));
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

// The bytes of the engine and the standard library as they arrive, for the progress bar: on a
// slow first visit they are most of what there is to tell before Pyodide's WebAssembly
// arrives (which is fetched with its integrity checked, so it comes whole, in one step).
const COUNTED_DOWNLOADS = 2;
function counted(response) {
  const total = Number(response.headers.get("Content-Length")) || 0;
  if (!total || !response.body) return response;
  let loaded = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      loaded = Math.min(loaded + chunk.byteLength, total); // a zipped transfer grows as read
      const detail = { url: response.url, loaded, total, of: COUNTED_DOWNLOADS };
      window.dispatchEvent(new CustomEvent("gin:download", { detail }));
      controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
}

const engine = download(ENGINE).then(counted).then(gunzipped).then(progress("engine"));
const stdlib = download(STDLIB).then(counted).then(gunzipped).then(progress("stdlib"));
const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
const memory = controlled
  ? download(SNAPSHOT).then((response) => {
      if (response.status === 204) throw new Error("the service worker has not cached it yet");
      return readSnapshot(response, engine, stdlib);
    })
  : Promise.reject(new Error("a first visit does not download it"));
memory.then(progress("snapshot"), () => {}); // its failure is reported (and survived) below

// Pyodide compiles its WebAssembly only once it has the snapshot in hand (it sizes the
// memory from it), and compiling, even from V8's cache, is a third of a return visit's
// start: so a return visit compiles it at once, while the snapshot is read, and Pyodide's
// request for it gets COMPILED, which Pyodide hands to WebAssembly.instantiateStreaming
// (patched while Pyodide starts, as fetch is), answered with the module compiled meanwhile.
// If that compile failed, the WebAssembly is fetched and compiled the ordinary way.
const COMPILED = new Response(null);
const compiledWasm = controlled ? WebAssembly.compileStreaming(fetchWasm({})) : null;
if (compiledWasm) compiledWasm.catch(() => {}); // survived by instantiateForPyodide
const pageInstantiateStreaming = WebAssembly.instantiateStreaming;

async function instantiateForPyodide(source, imports) {
  if ((await source) !== COMPILED) {
    return pageInstantiateStreaming.call(WebAssembly, source, imports);
  }
  const module = await compiledWasm.catch(() => null);
  if (!module) return pageInstantiateStreaming.call(WebAssembly, fetchWasm({}), imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
}

function boot(options) {
  window.fetch = fetchForPyodide; // while Pyodide starts (it looks fetch up at each call)
  WebAssembly.instantiateStreaming = instantiateForPyodide; // likewise
  return startPyodide({
    indexURL,
    stdLibURL: STDLIB_ZIP,
    lockFileContents: { info: LOCK_INFO, packages: {} },
    stdout: (line) => stdout(line),
    stderr: (line) => stderr(line),
    ...options,
  }).finally(() => {
    if (window.fetch === fetchForPyodide) window.fetch = pageFetch;
    if (WebAssembly.instantiateStreaming === instantiateForPyodide) {
      WebAssembly.instantiateStreaming = pageInstantiateStreaming;
    }
  });
}

function started(how) {
  return (pyodide) => {
    document.documentElement.dataset.python = how;
    return pyodide;
  };
}

// With the worker's snapshot, Pyodide's WebAssembly is compiled while the snapshot arrives;
// if the snapshot cannot be used, Python starts again without it (with that same module).
const runtime = (
  controlled
    ? boot({ _loadSnapshot: memory })
        .then(started("restored"))
        .catch((error) => {
          console.info(`Starting Python without the start-up snapshot (${error.message || error}).`);
          return boot({}).then(started("started"));
        })
    : boot({}).then(started("started"))
).then(progress("pyodide"));

// The table's side of the page's DOM work (painting, measuring, animating), which the
// table's Python imports as `table_dom`: fetched meanwhile, as small as it is.
const tableDom = import("./table-dom.mjs");

// The engine bundle into Python's working directory, as Pyodide's unpackArchive would put it.
function unpackEngine(pyodide, zip) {
  const files = storedFiles(zip);
  if (!files) return pyodide.unpackArchive(zip, "zip", { extractDir: "." });
  const { FS } = pyodide;
  const home = FS.cwd();
  for (const [name, bytes] of files) {
    const path = `${home}/${name}`;
    if (name.endsWith("/")) {
      FS.mkdirTree(path);
    } else {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, bytes);
    }
  }
}

const interpreter = Promise.all([runtime, engine, tableDom]).then(([pyodide, bundle, dom]) => {
  // Also after a restore: the modules the table imports later, and the translations.
  unpackEngine(pyodide, bundle);
  pyodide.registerJsModule("table_dom", dom);
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
