// Service worker of the Gin Rummy page: makes the game start and play offline after the
// first visit, and installs each new deployment as one versioned cache.
//
// This file is a template. `tools/build.py site` writes the published copy to _site/sw.js
// (next to index.html, so its scope is the whole site, also under a sub-path) and fills in
// VERSION (a hash of every published file), PRECACHE (every published file the page needs,
// relative to this script, with the SHA-256 of its bytes) and LATER (the files that only
// make a later start faster: the start-up snapshot). Any change to the site changes
// VERSION, hence the bytes of sw.js, which is how the browser notices a new deployment.
//
// Rules:
// - Only same-origin GET requests are answered; anything else is left to the browser
//   (never cached, never answered here), so outside requests stay visible to the page's
//   Content-Security-Policy and to the browser tests, which abort them.
// - A version installs only whole: each file is fetched with its hash as the request's
//   integrity, so a server or CDN that still (or already) answers with another version's
//   bytes fails the install, and the running version stays.
// - Precached files are answered from the cache of the running version (cache first), so
//   the page, Pyodide and the engine always come from one consistent deployment.
// - Except Pyodide's WebAssembly: V8 reuses its compiled code only for a response from the
//   HTTP cache, so static/js/start.mjs fetches it from the network (checked against this
//   version's hash) and asks for "?offline", which is answered from the cache, only when
//   that fails.
// - LATER's files are not part of the install: the page asks for them (CACHE_LATER) once
//   its table is up and unless the person saves data (Save-Data), so a first visit never
//   waits for them, and each is fetched with its hash as the request's integrity, like the
//   rest, and cached unpacked (see unpacked()). A failure (no room left: a quota error, or
//   offline) costs nothing but the faster start, and the next CACHE_LATER tries again. Until
//   a file is cached, a request for it is answered "204 No Content" from here, never from
//   the network: the page then starts Python the ordinary way (static/js/start.mjs).
// - A new version installs in the background and waits; the page (static/js/offline.js)
//   shows "a new version is ready" and, when the person asks, sends SKIP_WAITING.
"use strict";

const VERSION = "dev"; // filled in by tools/build.py
const PRECACHE = []; // filled in by tools/build.py
const LATER = []; // filled in by tools/build.py

const SCOPE = new URL("./", self.location.href).href;
// Cache names carry the scope: several apps on one origin (user.github.io/a/, /b/) must
// never delete each other's caches.
const PREFIX = "gin-rummy:" + SCOPE + ":";
const CACHE = PREFIX + VERSION;
const SHELL = SCOPE; // index.html is cached under the scope URL "./"
const WASM = SCOPE + "static/vendor/pyodide/pyodide.asm.wasm";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": revalidate with the server, never take a stale HTTP-cache copy into a
      // new version; integrity: these bytes and no others.
      cache.addAll(
        PRECACHE.map(([url, integrity]) => new Request(url, { cache: "no-cache", integrity }))
      )
    )
  );
  // No skipWaiting here: a new version waits until the page asks (see "message").
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name))
        )
      )
      // Take over the page of the first visit, so it is offline-ready without a reload.
      .then(() => self.clients.claim())
  );
});

// A gzip file as the page will read it, unpacked once here: the start-up snapshot is 5 MB
// gzipped and 15 MB unpacked, and inflating it would cost every later start a few hundred
// milliseconds of the page's main thread. Other bytes are stored as they came.
async function unpacked(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new Response(bytes);
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(await new Response(inflated).arrayBuffer());
}

async function cacheLater() {
  const cache = await caches.open(CACHE);
  for (const [url, integrity] of LATER) {
    try {
      if (await cache.match(url)) continue;
      const response = await fetch(new Request(url, { cache: "no-cache", integrity }));
      if (response.ok) await cache.put(url, await unpacked(response));
    } catch (error) {
      console.info(`Not cached for now: ${url} (${error.message || error})`);
    }
  }
}

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") self.skipWaiting();
  if (type === "CACHE_LATER") event.waitUntil(cacheLater());
});

function isShell(url) {
  return url.href.split(/[?#]/)[0] === SHELL || url.href.split(/[?#]/)[0] === SHELL + "index.html";
}

const LATER_URLS = new Set(LATER.map(([url]) => new URL(url, self.location.href).href));

async function answer(request, url) {
  const cache = await caches.open(CACHE);
  const key = request.mode === "navigate" && isShell(url) ? SHELL : request;
  const cached = await cache.match(key, { ignoreSearch: true });
  if (cached) return cached;
  if (LATER_URLS.has(url.href)) return new Response(null, { status: 204 }); // not yet
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  if (url.href === WASM) return; // to the network and the HTTP cache (see above)
  event.respondWith(answer(request, url));
});
