// Start-up status of the Gin Rummy page, shown in the table's skeleton (index.html's
// <main id="app">, static/css/skeleton.css): speaks the player's language, moves the progress
// bar on as static/js/start.mjs and PyScript report their steps, turns any load failure into
// a readable message, and hides the skeleton if it is still there when Python marks the page
// ready (<body data-ready="true">; the table's first drawing replaces it).
// A deferred plain script (index.html): it runs once the page is parsed, before PyScript and
// start.mjs. No inline handlers (the page has a strict CSP).
(function () {
  "use strict";

  // The page fails as stalled when no start-up step has come for this long (a test may set
  // a shorter one).  A stall is not final: if Python is up after all, the table takes over.
  var TIMEOUT_MS = window.GIN_BOOT_STALL_MS || 90000;
  var done = false;
  var failed = false;
  var stalled = false;
  var timer = null;

  function byId(id) {
    return document.getElementById(id);
  }

  // The loading screen speaks the player's language before Python runs: the texts come
  // from the game's gettext catalogs (written by tools/build.py into boot-text.js).
  // The settings' storage key of this copy of the game (gin/table/storage.py): keys are
  // scoped by the app's folder, so two copies on one origin keep their own settings. The
  // first release's unscoped key is read until the game has moved it.
  function settingsKeys() {
    var path = location.pathname;
    var folder = path.slice(0, path.lastIndexOf("/") + 1);
    return ["gin-rummy@" + folder + "settings", "gin-rummy/settings"];
  }

  function language() {
    var texts = window.GIN_BOOT_TEXT || {};
    // Own properties only: a stored "toString" or "__proto__" is no language.
    var known = function (name) {
      return typeof name === "string" && Object.prototype.hasOwnProperty.call(texts, name);
    };
    try {
      var keys = settingsKeys();
      for (var k = 0; k < keys.length; k++) {
        var text = localStorage.getItem(keys[k]);
        if (text === null) continue;
        // Only a flat object is looked at (the game checks the rest, nesting included).
        var saved = text.length < 10000 ? JSON.parse(text) : null;
        if (saved && known(saved.language)) return saved.language;
        break;
      }
    } catch (error) {
      // unreadable settings, or storage blocked: the game itself reports both
    }
    var preferred = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < preferred.length; i++) {
      var base = String(preferred[i]).split("-")[0].toLowerCase();
      if (known(base)) return base;
    }
    return "en";
  }

  var LANGUAGE = language();

  function t(key, values) {
    var table = (window.GIN_BOOT_TEXT || {})[LANGUAGE] || {};
    var text = table[key] || key;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(values[name]);
    });
    return text;
  }

  function whenParsed(fn) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", fn);
    } else {
      fn();
    }
  }

  function translateOverlay() {
    var title = byId("loading-title");
    var text = byId("loading-text");
    if (title && window.GIN_BOOT_TEXT) title.textContent = t("title");
    if (text && window.GIN_BOOT_TEXT && !failed) text.textContent = t("loading");
    document.documentElement.lang = LANGUAGE;
  }

  // The progress bar (0 to 100) follows the start's milestones, each at about its share of a
  // slow first visit: the engine and the standard library downloaded (their bytes move it as
  // they arrive, "gin:download"), Pyodide's WebAssembly in hand ("gin:progress" wasm, which
  // comes whole: its integrity is checked), Python started (pyodide), then the table drawn
  // (the bar is gone).  Between two milestones the bar creeps on towards the next, ever
  // slower, never past nine tenths of the way: it takes as long again as the start has taken
  // so far to go 63 % of that way (once the WebAssembly is in, 1.5 to 2 s).  At 5 Mbit/s the
  // WebAssembly's download alone took 15 s, with the bar standing still.  The creep is an
  // animation of the fill's transform, which the compositor plays on while Python's start
  // holds the main thread (3 s and more at a time on a phone-class CPU, where a bar moved by
  // script stood still again).
  //
  // [step, value, pace of the creep after it in ms (0: as long as the start has taken)]: what
  // follows the WebAssembly is Python's start, then its work on the table, each 1 to 4 s of
  // the processor's, whatever the network (at 1.5 Mbit/s the bar crept 2 px in those 3 s).
  var MILESTONES = [
    ["downloads", 45, 0],
    ["wasm", 75, 2000],
    ["pyodide", 85, 1500],
    ["table", 100, 0],
  ];
  var CREEP_SHARE = 0.9;
  var FIRST_PACE_MS = 3000;
  var KEYFRAMES = 12;
  var files = {}; // url: the latest gin:download detail
  var arrived = {}; // the gin:progress steps that came
  var milestone = 0; // index of the next milestone in MILESTONES
  var reachedAt = 0; // when the last one was reached (ms since the page's start)
  // The bar's course since it was last steered: from `from` at `since` towards `to`,
  // v(t) = to - (to - from) * exp(-(t - since) / pace).
  var course = { from: 0, to: 0, since: 0, pace: 1 };
  var creep = null;
  // Asked for less motion, the bar does not glide: it is set anew every second.
  var STILL = Boolean(window.matchMedia) && matchMedia("(prefers-reduced-motion: reduce)").matches;
  var STILL_STEP_MS = 1000;
  var stepper = null;

  function valueAt(now) {
    return course.to - (course.to - course.from) * Math.exp(-(now - course.since) / course.pace);
  }

  // The downloads' share of the bar, by the bytes of the engine and the standard library
  // (once the size of each is known).
  function downloaded() {
    var loaded = 0;
    var total = 0;
    var urls = Object.keys(files);
    if (!urls.length || urls.length < files[urls[0]].of) return 0;
    urls.forEach(function (url) {
      loaded += files[url].loaded;
      total += files[url].total;
    });
    return total ? (MILESTONES[0][1] * loaded) / total : 0;
  }

  // A new course from `from` (at least where the bar is now), played as an animation.
  function steer(from) {
    var bar = byId("loading-progress");
    var fill = bar && bar.firstElementChild;
    if (!fill || failed || done) {
      stopBar();
      return;
    }
    var now = performance.now();
    var reached = milestone ? MILESTONES[milestone - 1][1] : 0;
    // Where the bar is shown now: the course's clock and the animation's differ by a frame or
    // more (an animation starts at a frame), and a new course from the clock alone went back
    // a few pixels.
    var shown = 0;
    if (bar.hasAttribute("aria-valuenow") && window.DOMMatrix) {
      shown = 100 * new DOMMatrix(getComputedStyle(fill).transform).a;
    }
    var start = Math.max(from, shown, reached);
    var goal = reached + CREEP_SHARE * (MILESTONES[milestone][1] - reached);
    var pace = (milestone && MILESTONES[milestone - 1][2]) || Math.max(reachedAt, FIRST_PACE_MS);
    course = { from: start, to: Math.max(goal, start), since: now, pace: pace };
    var frames = [];
    for (var i = 0; i <= KEYFRAMES; i++) {
      var at = (5 * pace * i) / KEYFRAMES;
      frames.push({ transform: "scaleX(" + valueAt(now + at) / 100 + ")", offset: i / KEYFRAMES });
    }
    if (creep) creep.cancel();
    if (fill.animate && !STILL) {
      creep = fill.animate(frames, { duration: 5 * pace, fill: "forwards" });
    } else {
      fill.style.transform = frames[0].transform;
      if (stepper === null) stepper = setInterval(stepOn, STILL_STEP_MS, fill);
    }
    bar.setAttribute("aria-valuenow", String(Math.round(start)));
  }

  // The bar a second further along its course, asked for less motion (no glide).
  function stepOn(fill) {
    if (failed || done) {
      stopBar();
      return;
    }
    fill.style.transform = "scaleX(" + valueAt(performance.now()) / 100 + ")";
  }

  // The table is up, or the start failed: the bar stops where it is.
  function stopBar() {
    if (creep) creep.cancel();
    clearInterval(stepper);
  }

  function reach(name) {
    for (var i = milestone; i < MILESTONES.length - 1; i++) {
      if (MILESTONES[i][0] !== name) continue;
      milestone = i + 1;
      reachedAt = performance.now();
      steer(MILESTONES[i][1]);
      return;
    }
  }

  function advance(event) {
    var detail = event.detail;
    if (event.type === "gin:download") {
      files[detail.url] = detail;
      var bytes = milestone === 0 ? downloaded() : 0;
      if (bytes > valueAt(performance.now()) + 1) steer(bytes);
    } else if (event.type === "gin:progress") {
      arrived[detail] = true;
      reach(detail);
      if (arrived.engine && arrived.stdlib) reach("downloads");
    }
    if (!failed) watch();
  }

  // A step came: the watch starts again.  It was one 90 s limit from the page's start, and a
  // first visit on a slow phone connection, still downloading, was told the game could not
  // start (and, once it did, was never made to work offline).
  function watch() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(function () {
      fail(t("timeout", { seconds: TIMEOUT_MS / 1000 }), true);
    }, TIMEOUT_MS);
  }

  function fail(message, stall) {
    if (done) return;
    failed = true;
    stalled = stall === true;
    if (timer !== null) clearTimeout(timer);
    stopBar(); // hidden with the failure's words
    var show = function () {
      var overlay = byId("loading");
      var box = byId("loading-error");
      var text = byId("loading-text");
      if (!overlay || !box) return;
      overlay.hidden = false;
      overlay.classList.add("loading-failed");
      if (text) text.textContent = t("failed");
      box.textContent = message;
      box.hidden = false;
    };
    whenParsed(show);
  }

  function ready() {
    if (done || (failed && !stalled)) return;
    done = true;
    if (timer !== null) clearTimeout(timer);
    stopBar();
    var overlay = byId("loading");
    if (overlay) overlay.hidden = true;
    if (window.ginOffline) window.ginOffline.started();
  }

  // Inside another site's frame Python declines to start the game and shows a link that
  // opens it on its own page (<body data-ready="framed">): the overlay must not cover it,
  // and no worker is installed for a page that does not run.
  function declined() {
    if (done || failed) return;
    done = true;
    if (timer !== null) clearTimeout(timer);
    var overlay = byId("loading");
    if (overlay) overlay.hidden = true;
  }

  function settled(body) {
    if (body.dataset.ready === "true") ready();
    else if (body.dataset.ready === "framed") declined();
    return done;
  }

  if (location.protocol === "file:") {
    fail(t("file"));
    return;
  }

  // start.mjs reports its start-up steps ("gin:progress") and the bytes of its downloads
  // ("gin:download") as events on window, which move the progress bar on; PyScript's steps
  // ("py:progress") only show that the start goes on.  Each restarts the stall's watch.
  window.addEventListener("gin:progress", advance);
  window.addEventListener("gin:download", advance);
  window.addEventListener("py:progress", advance);

  // Script/stylesheet/fetch failures (capture phase: resource errors do not bubble)
  // and uncaught JavaScript errors.
  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && target !== window && (target.src || target.href)) {
        fail(t("missing", { url: target.src || target.href }));
      } else if (!done) {
        fail(t("error", { error: event.message || "?" }));
      }
    },
    true
  );
  window.addEventListener("unhandledrejection", function (event) {
    if (done) return;
    var reason = event.reason;
    fail(t("error", { error: reason && reason.message ? reason.message : String(reason) }));
  });

  whenParsed(function () {
    translateOverlay();
    steer(0);
    var body = document.body;
    if (settled(body)) return;
    // Python sets data-ready; PyScript's error plugin adds a .py-error element on failure.
    var observer = new MutationObserver(function () {
      if (settled(body)) {
        observer.disconnect();
        return;
      }
      var pyError = document.querySelector(".py-error");
      if (pyError && !done) {
        observer.disconnect();
        fail(t("python", { error: pyError.textContent.trim().slice(-600) }));
      }
    });
    observer.observe(body, { attributes: true, attributeFilter: ["data-ready"], childList: true, subtree: true });
    watch();
  });
})();
