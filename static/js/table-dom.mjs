// The table's work in the page's DOM, for the table's Python (gin/web/app.py): one call per
// step of a turn of the loop instead of a proxied call per element, attribute and rectangle.
//
// Every call from Python into JavaScript goes through Pyodide's proxies, which costs far more
// than the DOM work itself on a phone-class CPU. So Python decides (what each region shows,
// which card flies from where, at what pace: gin/web/render, gin/web/motion.py) and hands
// this module one description per step, as JSON:
//
//   measure(root)          where every card of the table is now (and remembers the elements)
//   paint(root, json)      the regions whose HTML changed, the table's classes and the page's
//                          attributes
//   layOut(root, scrollLog) the browser lays the new table out (timed on its own), and the
//                          move log shows its newest move
//   animate(json)          the flights, fades and pulses of gin/web/motion.py's plan, and
//                          the scores that count up
//   timings(json)          the User Timing measures of a turn (bench/table_speed.py)
//   warm(json)             every card's picture, shown unseen a few at a time in idle time
//   whenIdle(work)         work(deadline) when the page is idle (the sounds' audio context)
//   inNextFrame(draw, ms)  draw() once, in the next animation frame (or after ms, if the
//                          page is hidden and has no frames)
//
// Reads come before writes in each step, so no step forces a second layout.
//
// A changed region is drawn anew (innerHTML) unless only attributes changed, such as the
// cards of the hand that become playable when the person's turn comes: then they change
// in place, and the browser does not build the cards' pictures again.  A region whose
// elements or texts changed is drawn anew, not patched: an element kept while the table
// around it moves (the computer's fan when it grows by a card, the pile's cards under a
// new top) is a layout shift for the browser, where an element drawn anew is not, and the
// table's promise is that nothing shifts (e2e/test_motion.py).

const FORM_CONTROLS = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION", "DETAILS", "DIALOG"]);
const EASE = "cubic-bezier(0.2, 0.7, 0.2, 1)";
const PLACES =
  '[data-testid="hand"],[data-testid="opponent-hand"],[data-testid="pile"],' +
  '[data-testid="stock"],[data-testid="result"]';

let measured = [];

// --- measure ---------------------------------------------------------------------------------

// Every card on the table (and every element drawn as one), in document order:
// [place, code, flags, left, top, width, height], place being the data-testid of the hand,
// pile... that holds it ("" elsewhere), flags "t" (the pile's top), "b" (a back), "l" (the
// last child of its parent). animate() refers to them by their index.
export function measure(root) {
  measured = Array.from(root.querySelectorAll("[data-card], .card"));
  return JSON.stringify(
    measured.map((element) => {
      const place = element.closest(PLACES);
      const classes = element.classList;
      const flags =
        (classes.contains("top") ? "t" : "") +
        (classes.contains("back") ? "b" : "") +
        (element.nextElementSibling ? "" : "l");
      const box = element.getBoundingClientRect();
      return [
        place ? place.dataset.testid : "",
        element.dataset.card || "",
        flags,
        box.left,
        box.top,
        box.width,
        box.height,
      ];
    })
  );
}

// --- paint -----------------------------------------------------------------------------------

// The same elements and texts, in the same order (attributes aside; a form control's
// attributes too, since its live state does not follow them).
function sameShape(old, next) {
  if (old.nodeType !== next.nodeType || old.nodeName !== next.nodeName) return false;
  if (old.nodeType !== Node.ELEMENT_NODE) return old.nodeValue === next.nodeValue;
  if (FORM_CONTROLS.has(old.nodeName) && !old.isEqualNode(next)) return false;
  const children = old.childNodes;
  const others = next.childNodes;
  if (children.length !== others.length) return false;
  for (let i = 0; i < children.length; i += 1) {
    if (!sameShape(children[i], others[i])) return false;
  }
  return true;
}

function copyAttributes(old, next) {
  if (old.nodeType !== Node.ELEMENT_NODE) return;
  for (const name of old.getAttributeNames()) {
    if (!next.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const name of next.getAttributeNames()) {
    const value = next.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  for (let i = 0; i < old.childNodes.length; i += 1) {
    copyAttributes(old.childNodes[i], next.childNodes[i]);
  }
}

function drawRegion(region, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const drawn = template.content;
  const old = region.childNodes;
  const same =
    old.length === drawn.childNodes.length &&
    Array.prototype.every.call(old, (node, i) => sameShape(node, drawn.childNodes[i]));
  if (!same) {
    region.replaceChildren(drawn);
    return;
  }
  for (let i = 0; i < old.length; i += 1) copyAttributes(old[i], drawn.childNodes[i]);
}

// A selector that finds the focused control again if its element was replaced.
function focusKey(element) {
  if (!element || !element.dataset) return null;
  for (const [name, attribute] of [
    ["card", "data-card"],
    ["action", "data-action"],
    ["testid", "data-testid"],
    ["setting", "data-setting"],
    ["control", "data-control"],
  ]) {
    const value = element.dataset[name];
    if (value) return `[${attribute}="${CSS.escape(value)}"]`;
  }
  return null;
}

function setText(id, text) {
  const element = document.getElementById(id);
  if (element && element.textContent !== text) element.textContent = text;
}

// One drawing of the table: {table} the whole table's HTML (the first drawing), or
// {classes, regions: {name: html}} the table's classes and the regions that changed; then
// {body: {phase, turn, busy}, lang, title, label, texts: {id: text}, shake: selector}.
export function paint(root, json) {
  const drawing = JSON.parse(json);
  const focused = document.activeElement;
  const focus = root.contains(focused) ? focusKey(focused) : null;
  if (drawing.table !== undefined) {
    root.innerHTML = drawing.table;
  } else {
    const table = root.firstElementChild;
    if (table.className !== drawing.classes) table.className = drawing.classes;
    for (const [name, html] of Object.entries(drawing.regions)) {
      drawRegion(root.querySelector(`[data-region="${name}"]`), html);
    }
  }
  const data = document.body.dataset;
  for (const [name, value] of Object.entries(drawing.body)) {
    if (data[name] !== value) data[name] = value;
  }
  const page = document.documentElement;
  if (page.lang !== drawing.lang) page.lang = drawing.lang;
  if (document.title !== drawing.title) document.title = drawing.title;
  if (root.getAttribute("aria-label") !== drawing.label) root.setAttribute("aria-label", drawing.label);
  // The new-version banner (static/js/offline.js) lives outside #app.
  for (const [id, text] of Object.entries(drawing.texts)) setText(id, text);
  if (focus && !root.contains(document.activeElement)) {
    const again = root.querySelector(focus);
    if (again) again.focus();
  }
  if (drawing.shake) {
    const shaken = root.querySelector(drawing.shake);
    if (shaken) shaken.classList.add("shake");
  }
}

// The browser lays the new table out here, and the move log scrolls to its newest move.
export function layOut(root, scrollLog) {
  void root.offsetHeight;
  if (scrollLog) {
    const log = root.querySelector('[data-testid="move-log"] ol');
    if (log) log.scrollTop = log.scrollHeight;
  }
}

// --- animate ---------------------------------------------------------------------------------

function target(root, step) {
  return step.piece !== undefined ? measured[step.piece] : root.querySelector(step.select);
}

// gin/web/motion.py's plan: {plays: [{piece | select, frames, duration, delay}],
// counts: [{select, from, to, steps, step_ms}]}. Every element is found before any
// animation starts.
export function animate(root, json) {
  const plan = JSON.parse(json);
  const plays = plan.plays.map((play) => [target(root, play), play]);
  for (const [element, play] of plays) {
    if (!element || !element.isConnected) continue;
    element.animate(play.frames, {
      duration: play.duration,
      delay: play.delay,
      easing: EASE,
      fill: "backwards",
    });
  }
  for (const count of plan.counts) {
    const element = root.querySelector(count.select);
    if (element) countUp(element, count);
  }
}

function countUp(element, { from, to, steps, step_ms: stepMs }) {
  element.classList.add("counting");
  let step = 0;
  const tick = () => {
    step += 1;
    element.textContent = String(from + Math.floor(((to - from) * step) / steps));
    if (step < steps) setTimeout(tick, stepMs);
    else element.classList.remove("counting");
  };
  setTimeout(tick, 0);
}

// --- timing ----------------------------------------------------------------------------------

// [[name, start, end], ...] as User Timing measures.
export function timings(json) {
  for (const [name, start, end] of JSON.parse(json)) performance.measure(name, { start, end });
}

// --- warm ------------------------------------------------------------------------------------

// The browser builds a card's picture (an SVG document) the first time the card is styled:
// some 10 ms a card on a phone-class CPU, 150 ms for a new deal's ten cards in the task of
// the click. Here every picture (gin/web/render/pieces.py's deck_pictures, one HTML piece
// each) is styled once, unseen, while the page is idle, and kept: the pictures stay built.
export function warm(json) {
  const pictures = JSON.parse(json);
  const holder = document.createElement("div");
  holder.className = "card-pictures";
  holder.setAttribute("aria-hidden", "true");
  document.body.append(holder);
  const step = (deadline) => {
    do {
      const template = document.createElement("template");
      template.innerHTML = pictures.shift();
      holder.append(template.content);
      void holder.offsetWidth; // styled now, in this idle time
    } while (pictures.length && deadline.timeRemaining() > 25);
    if (pictures.length) whenIdle(step);
  };
  if (pictures.length) whenIdle(step);
}

// work(deadline) once the page is idle (Safari has no requestIdleCallback: a while later).
export function whenIdle(work) {
  if (window.requestIdleCallback) window.requestIdleCallback(work);
  else setTimeout(() => work({ timeRemaining: () => 0 }), 50);
}

// draw() once, at the start of the next animation frame, or after latestMs if no frame comes
// first (a hidden page has none).
export function inNextFrame(draw, latestMs) {
  let drawn = false;
  const once = () => {
    if (drawn) return;
    drawn = true;
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    draw();
  };
  const timer = setTimeout(once, latestMs);
  const frame = requestAnimationFrame(once);
}
