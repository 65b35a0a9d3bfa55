// Offline play and updates: registers the service worker (./sw.js, written by
// tools/build.py) and tells the person when a new version of the game is ready.
//
// - First visit: the worker is registered once the game has started (boot.js calls
//   window.ginOffline.started() when Python marks the page ready), so its download of the
//   whole site does not compete with the first start.
// - Once the game has started, every worker of this page's registration that is active or
//   waiting is asked to cache the files that only make later starts faster (CACHE_LATER:
//   the start-up snapshot, static/sw.js), each into its own version's cache; not when the
//   person saves data (Save-Data).
// - Later visits: the page is already controlled; registering again at once lets us hear
//   about a new deployment found by the browser's update check.
// - A new version that has installed and waits sets window.ginUpdateReady = true and
//   <body data-update-ready="true">, dispatches "gin:update-ready" on window and shows the
//   #update banner of index.html. Its texts are the English fallback in index.html; the
//   Python side may translate them (#update-text, #update-reload) at any time.
// - The banner's button (or window.ginOffline.applyUpdate()) activates the waiting version
//   and reloads the page once it has taken control.
// Plain script, no inline handlers (the page has a strict CSP).
(function () {
  "use strict";

  var supported = "serviceWorker" in navigator && window.isSecureContext;
  var registration = null;
  var registering = null;
  var reloading = false;
  var gameStarted = false;

  function byId(id) {
    return document.getElementById(id);
  }

  function whenDom(fn) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", fn);
    } else {
      fn();
    }
  }

  function markOfflineReady() {
    var ready = Boolean(
      navigator.serviceWorker.controller && registration && registration.active &&
        registration.active.state === "activated"
    );
    window.ginOfflineReady = ready;
    if (ready) window.dispatchEvent(new CustomEvent("gin:offline-ready"));
  }

  function showUpdate() {
    if (window.ginUpdateReady) return;
    window.ginUpdateReady = true;
    whenDom(function () {
      document.body.dataset.updateReady = "true";
      var banner = byId("update");
      if (banner) banner.hidden = false;
      window.dispatchEvent(new CustomEvent("gin:update-ready"));
    });
  }

  // Save-Data (a browser setting, or a phone's data saver): the faster next start is not
  // worth megabytes of the person's data plan.
  function savingData() {
    return Boolean(navigator.connection && navigator.connection.saveData);
  }

  function cacheLater(worker) {
    if (gameStarted && worker && !savingData()) worker.postMessage({ type: "CACHE_LATER" });
  }

  function watch(worker) {
    // A version that finishes installing while another one controls the page is an update.
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && navigator.serviceWorker.controller) {
        showUpdate();
        cacheLater(worker);
      }
      if (worker.state === "activated") {
        markOfflineReady();
        cacheLater(worker);
      }
    });
  }

  function register() {
    if (!supported) return Promise.resolve(null);
    if (registering) return registering;
    // Relative to the page: the worker sits next to index.html, also under a sub-path.
    registering = navigator.serviceWorker
      .register("./sw.js")
      .then(function (reg) {
        registration = reg;
        if (reg.waiting && navigator.serviceWorker.controller) showUpdate();
        if (reg.installing) watch(reg.installing);
        reg.addEventListener("updatefound", function () {
          if (reg.installing) watch(reg.installing);
        });
        markOfflineReady();
        return reg;
      })
      .catch(function (error) {
        // Offline play is a bonus: never break the game over it.
        console.warn("Service worker not registered:", error);
        return null;
      });
    return registering;
  }

  function started() {
    gameStarted = true;
    return register().then(function (reg) {
      if (reg) {
        cacheLater(reg.active);
        cacheLater(reg.waiting);
      }
      return reg;
    });
  }

  function applyUpdate() {
    var waiting = registration && registration.waiting;
    if (waiting) {
      waiting.postMessage({ type: "SKIP_WAITING" });
    } else {
      location.reload();
    }
  }

  window.ginUpdateReady = false;
  window.ginOfflineReady = false;
  window.ginOffline = { register: register, started: started, applyUpdate: applyUpdate };

  if (!supported) return;

  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (window.ginUpdateReady) {
      // The person asked for the new version: load the page from it, once.
      if (reloading) return;
      reloading = true;
      location.reload();
    } else {
      markOfflineReady(); // first visit: the new worker has claimed the page
    }
  });

  whenDom(function () {
    var button = byId("update-reload");
    if (button) button.addEventListener("click", applyUpdate);
  });

  // A game left open for long (an installed app) still hears of new versions: look again
  // when the page comes back into view, at most once an hour.
  var lastCheck = Date.now();
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !registration) return;
    if (Date.now() - lastCheck < 3600 * 1000) return;
    lastCheck = Date.now();
    registration.update().catch(function () {}); // offline: try again next time
  });

  if (navigator.serviceWorker.controller) register();
})();
