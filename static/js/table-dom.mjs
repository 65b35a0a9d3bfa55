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
//                          attributes; regions are patched, not replaced (see below)
//   layOut(root, scrollLog) the browser lays the new table out (timed on its own), and the
//                          move log shows its newest move
//   animate(json)          the flights, fades and pulses of gin/web/motion.py's plan, and
//                          the scores that count up
//   timings(json)          the User Timing measures of a turn (bench/table_speed.py)
//
// Reads come before writes in each step, so no step forces a second layout.
//
// Patching instead of replacing: the new HTML of a region is parsed once (into an inert
// <template>) and the region's elements are kept wherever they stay the same, each card
// found again by its data-card. A card's picture is an SVG <use> of the sprite, whose copy
// of the symbol the browser builds, styles and lays out anew for every new element: replacing
// a region redrew every card in it, now only the cards that came, went or changed are. Form
// controls are replaced whole when they change (their live value is not an attribute). What
// the DOM looks like afterwards is exactly what the HTML says.

const ANIMATION_ID = "gin";
const EASE = "cubic-bezier(0.2, 0.7, 0.2, 1)";
const REPLACED_WHOLE = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION", "DETAILS", "DIALOG"]);
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

function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-card") : null;
}

function sameKind(old, next) {
  return old.nodeType === next.nodeType && old.nodeName === next.nodeName;
}

// `old` made to be `next` (returned: `old` itself, or `next` in its place).
function patchNode(old, next) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return old;
  }
  if (old.isEqualNode(next)) return old;
  if (REPLACED_WHOLE.has(old.nodeName)) {
    old.replaceWith(next);
    return next;
  }
  for (const name of old.getAttributeNames()) {
    if (!next.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const name of next.getAttributeNames()) {
    const value = next.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  patchChildren(old, next);
  return old;
}

// The children of `parent` made to be those of `source`: a card (data-card) is kept
// wherever it moved to, any other node where it is, if it is of the same kind.
export function patchChildren(parent, source) {
  const old = Array.from(parent.childNodes);
  const byKey = new Map();
  for (const node of old) {
    const key = keyOf(node);
    if (key !== null && !byKey.has(key)) byKey.set(key, node);
  }
  const wanted = new Set();
  for (const node of source.childNodes) {
    const key = keyOf(node);
    if (key !== null) wanted.add(key);
  }
  const kept = new Set();
  let cursor = parent.firstChild;
  const passOver = () => {
    // A node already placed, or a card that is leaving, is not a place to keep a node at.
    while (cursor) {
      const key = keyOf(cursor);
      if (!kept.has(cursor) && (key === null || wanted.has(key))) break;
      cursor = cursor.nextSibling;
    }
  };
  for (const next of Array.from(source.childNodes)) {
    passOver();
    const key = keyOf(next);
    let match = null;
    if (key !== null) {
      const found = byKey.get(key);
      if (found && !kept.has(found) && sameKind(found, next)) match = found;
    } else if (cursor && keyOf(cursor) === null && sameKind(cursor, next)) {
      match = cursor;
    }
    if (match === null) {
      parent.insertBefore(next, cursor);
      kept.add(next);
      continue;
    }
    if (match === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(match, cursor);
    kept.add(patchNode(match, next));
  }
  for (const node of old) {
    if (!kept.has(node) && node.parentNode === parent) node.remove();
  }
}

// The region's new content: `html` parsed once, patched into the region.
export function patchRegion(region, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  patchChildren(region, template.content);
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
    const changed = Object.entries(drawing.regions).map(([name, html]) => [
      root.querySelector(`[data-region="${name}"]`),
      html,
    ]);
    // What was flying in a changed region stops, as it did when a region was drawn anew: the
    // new flights start from where the cards are seen now.  Asked once, before any change:
    // getAnimations() brings the styles up to date, which after a change means the whole
    // table's (hundreds of milliseconds on a phone-class CPU).
    const flying = changed.length ? root.getAnimations({ subtree: true }) : [];
    for (const animation of flying) {
      const element = animation.effect && animation.effect.target;
      if (animation.id === ANIMATION_ID && changed.some(([region]) => region.contains(element))) {
        animation.cancel();
      }
    }
    if (table.className !== drawing.classes) table.className = drawing.classes;
    for (const [region, html] of changed) patchRegion(region, html);
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
    const animation = element.animate(play.frames, {
      duration: play.duration,
      delay: play.delay,
      easing: EASE,
      fill: "backwards",
    });
    animation.id = ANIMATION_ID;
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
