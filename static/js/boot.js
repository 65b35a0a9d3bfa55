// Loading overlay for the Gin Rummy page: shows PyScript's start-up progress, turns any
// load failure into a readable message, and hides itself when Python marks the page ready
// (<body data-ready="true">). Plain script, no inline handlers (the page will get a CSP).
(function () {
  "use strict";

  var TIMEOUT_MS = 90000;
  var done = false;
  var failed = false;
  var timer = null;

  function byId(id) {
    return document.getElementById(id);
  }

  function setText(text) {
    var el = byId("loading-text");
    if (el && !failed) el.textContent = text;
  }

  function fail(message) {
    if (done) return;
    failed = true;
    if (timer !== null) clearTimeout(timer);
    var show = function () {
      var overlay = byId("loading");
      var box = byId("loading-error");
      var text = byId("loading-text");
      if (!overlay || !box) return;
      overlay.hidden = false;
      overlay.classList.add("loading-failed");
      if (text) text.textContent = "The game could not start.";
      box.textContent = message;
      box.hidden = false;
    };
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", show);
    } else {
      show();
    }
  }

  function ready() {
    if (done || failed) return;
    done = true;
    if (timer !== null) clearTimeout(timer);
    var overlay = byId("loading");
    if (overlay) overlay.hidden = true;
    if (window.ginOffline) window.ginOffline.register();
  }

  if (location.protocol === "file:") {
    fail(
      "Browsers do not run this page from a file. Serve the folder over HTTP, " +
        "for example with `make play`, then open http://localhost:8000/."
    );
    return;
  }

  // PyScript reports start-up steps as "py:progress" events on window.
  window.addEventListener("py:progress", function (event) {
    if (typeof event.detail === "string") setText(event.detail + "…");
  });

  // Script/stylesheet/fetch failures (capture phase: resource errors do not bubble)
  // and uncaught JavaScript errors.
  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && target !== window && (target.src || target.href)) {
        fail("Could not load " + (target.src || target.href) + ".");
      } else if (!done) {
        fail("Error while starting: " + (event.message || "unknown error"));
      }
    },
    true
  );
  window.addEventListener("unhandledrejection", function (event) {
    if (done) return;
    var reason = event.reason;
    fail("Error while starting: " + (reason && reason.message ? reason.message : String(reason)));
  });

  document.addEventListener("DOMContentLoaded", function () {
    var body = document.body;
    if (body.dataset.ready === "true") {
      ready();
      return;
    }
    // Python sets data-ready; PyScript's error plugin adds a .py-error element on failure.
    var observer = new MutationObserver(function () {
      if (body.dataset.ready === "true") {
        observer.disconnect();
        ready();
        return;
      }
      var pyError = document.querySelector(".py-error");
      if (pyError && !done) {
        observer.disconnect();
        fail("Python error: " + pyError.textContent.trim().slice(-600));
      }
    });
    observer.observe(body, { attributes: true, attributeFilter: ["data-ready"], childList: true, subtree: true });
    timer = setTimeout(function () {
      fail(
        "Python did not start within " + TIMEOUT_MS / 1000 + " seconds. " +
          "Check your connection and reload the page."
      );
    }, TIMEOUT_MS);
  });
})();
