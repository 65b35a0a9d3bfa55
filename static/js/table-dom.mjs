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
//                          move log shows its newest move; the controls under a side panel
//                          are made inert; once the table is still, the cards' pictures
//                          become bitmaps as wide as the cards (warm)
//   animate(json)          the flights, fades and pulses of gin/web/motion.py's plan, and
//                          the scores that count up
//   timings(json)          the User Timing measures of a turn (bench/table_speed.py)
//   whenIdle(work)         work(deadline) when the page is idle (the sounds' audio context)
//   inNextFrame(draw, ms)  draw() once, in the next animation frame (or after ms, if the
//                          page is hidden and has no frames)
//   followPresses(root, px, beginDrag)  a press on a card becomes a drag past px: only then
//                          beginDrag(source, x, y, move) (gin/web/drag.py)
//   swallowClick()         the click the browser sends after a drop is not a tap
//   holdFocusUnderQuestions(root)  a press on what a question dims leaves the focus on it,
//                                  and Tab goes round the question's controls
//   followHandFocus(root)  the card that takes the focus becomes the hand's one tab stop
//   closeMenuOnLeave(root, leave)  the focus Tabbed out of the open menu closes it
//
// Reads come before writes in each step, so no step forces a second layout.
//
// A changed region is drawn anew (innerHTML) unless only attributes changed, such as the
// cards of the hand that become playable when the person's turn comes: then they change
// in place, and the browser does not build the cards' pictures again; or unless it only
// grew at its end, as the move log does with each move: then only the new lines are added,
// and the browser styles and lays out those instead of the whole log.  In a region drawn in
// parts (data-parts: gin/web/render IN_PARTS) the parts that did not change are kept and
// those that did are drawn anew, each part whole (morph): the computer's fan stays while its
// seat's line says it is thinking, the hand's sort buttons while its fan changes.  A part is
// never patched: an element kept while the table around it moves (the computer's fan when
// it grows by a card, the pile's cards under a new top) is a layout shift for the browser,
// where an element drawn anew is not, and the table's promise is that nothing shifts
// (e2e/test_motion.py).

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

function sameAttributes(old, next) {
  const names = old.getAttributeNames();
  return (
    names.length === next.getAttributeNames().length &&
    names.every((name) => old.getAttribute(name) === next.getAttribute(name))
  );
}

// If `next`'s children are `old`'s with more after them (the move log's new line), append
// those and say so.  The last old child may itself have grown (the log's list inside its
// section).  Nothing kept moves: what is added comes after it.
function grow(old, next) {
  const kept = old.childNodes;
  const drawn = next.childNodes;
  const last = kept.length - 1;
  if (kept.length > drawn.length || kept.length === 0) return false;
  for (let i = 0; i < last; i += 1) if (!kept[i].isEqualNode(drawn[i])) return false;
  const lastOld = kept[last];
  const lastNew = drawn[last];
  if (!lastOld.isEqualNode(lastNew)) {
    const element = lastOld.nodeType === Node.ELEMENT_NODE;
    if (!element || lastOld.nodeName !== lastNew.nodeName || !sameAttributes(lastOld, lastNew)) {
      return false;
    }
    if (!grow(lastOld, lastNew)) return false;
  }
  old.append(...Array.prototype.slice.call(drawn, kept.length));
  return true;
}

// The steps that make `old`'s children show `next`'s with as few new elements as it takes,
// into `steps`; false if `old` must be drawn anew whole.  An equal child is kept, a child of
// the same shape takes the new attributes, an element with the same attributes and as many
// children is worked on inside (the computer's section when only its seat's line changed,
// the hand's area when only its fan did), and any other child is drawn anew, whole.  A text
// that changed redraws the element around it: a line kept while its text changes length
// moves its text, a layout shift.  So what is drawn anew is always a whole part (a fan that
// gained a card, a line that says something else), never a fan patched card by card, and
// nothing kept moves.  Each new element costs its style and layout, some 30 µs unthrottled:
// a discard drew some 90 of them anew before, some 35 of them the computer's fan and the
// parts of the hand's area around its fan, and draws some 60 now.
function morphSteps(old, next, steps) {
  const kept = old.childNodes;
  const drawn = next.childNodes;
  for (let i = 0; i < kept.length; i += 1) {
    const was = kept[i];
    const now = drawn[i];
    if (was.isEqualNode(now)) continue;
    if (was.nodeType !== Node.ELEMENT_NODE || now.nodeType !== Node.ELEMENT_NODE) return false;
    const inside = [];
    if (sameShape(was, now)) {
      steps.push([was, now, false]);
    } else if (
      was.nodeName === now.nodeName &&
      !FORM_CONTROLS.has(was.nodeName) &&
      sameAttributes(was, now) &&
      was.childNodes.length === now.childNodes.length &&
      morphSteps(was, now, inside)
    ) {
      steps.push(...inside);
    } else {
      steps.push([was, now, true]);
    }
  }
  return true;
}

// Every step is planned before any is taken: taking one moves a new element out of `next`.
function morph(old, next) {
  const steps = [];
  if (!morphSteps(old, next, steps)) return false;
  for (const [was, now, anew] of steps) {
    if (anew) was.replaceWith(now);
    else copyAttributes(was, now);
  }
  return true;
}

function drawRegion(region, html, anew) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const drawn = template.content;
  const old = region.childNodes;
  const sameCount = old.length === drawn.childNodes.length;
  const same =
    sameCount && Array.prototype.every.call(old, (node, i) => sameShape(node, drawn.childNodes[i]));
  if (anew) {
    region.replaceChildren(drawn);
  } else if (same) {
    for (let i = 0; i < old.length; i += 1) copyAttributes(old[i], drawn.childNodes[i]);
  } else if (!grow(region, drawn)) {
    const inParts = sameCount && region.hasAttribute("data-parts");
    if (!inParts || !morph(region, drawn)) region.replaceChildren(drawn);
  }
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
// {classes, regions: {name: html}, anew: [name]} the table's classes, the regions that changed
// and those of them to draw anew even where they only grew (or did not change); then
// {body: {phase, turn, busy}, lang, title, label, texts: {id: text}, shake: selector,
// focus: [{target, otherwise, ifLost}]} (moveFocus).
export function paint(root, json) {
  const drawing = JSON.parse(json);
  const focused = document.activeElement;
  const focus = root.contains(focused) ? focusKey(focused) : null;
  if (drawing.table !== undefined) {
    root.innerHTML = drawing.table;
  } else {
    const table = root.firstElementChild;
    if (table.className !== drawing.classes) table.className = drawing.classes;
    const regions = Object.keys(drawing.regions).map((name) => [
      root.querySelector(`[data-region="${name}"]`),
      drawing.regions[name],
      drawing.anew.includes(name),
    ]);
    // Removing the focused element makes the browser bring style and layout up to date at
    // once, in the middle of the drawing (a pass of 10 ms at 4x, then another for the rest):
    // its focus is taken off first, while the table is still as it was laid out, and put
    // back below, after every region is drawn, in one pass with the rest.
    if (focus && regions.some(([region]) => region.contains(focused))) focused.blur();
    for (const [region, html, anew] of regions) drawRegion(region, html, anew);
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
  let holder = root.contains(document.activeElement) ? document.activeElement : null;
  if (focus && !holder) holder = focused.isConnected ? focused : root.querySelector(focus);
  holder = moveFocus(root, holder, drawing.focus || []);
  if (holder && holder !== document.activeElement) holder.focus();
  if (drawing.shake) {
    const shaken = root.querySelector(drawing.shake);
    if (shaken) shaken.classList.add("shake");
  }
  roveHand(root);
}

// Where the drawing's focus effects (gin.table.effects.Focus) take the focus, from `holder`,
// the element that holds it once the regions are drawn (null: it fell to the page's start):
// each to its target, a control of the open panel first (the table under it may have one of
// that name), else to its `otherwise`; one with `ifLost` only if nothing holds it.  Worked
// out before any focus() call, so that the drawing pays one style and layout pass for it.
function moveFocus(root, holder, requests) {
  const find = (selector) =>
    root.querySelector(`[data-region="overlay"] ${selector}`) || root.querySelector(selector);
  for (const { target, otherwise, ifLost } of requests) {
    if (ifLost && holder) continue;
    holder = find(target) || (otherwise && find(otherwise)) || holder;
  }
  return holder;
}

// --- the hand's one tab stop -----------------------------------------------------------------

// The hand is one stop of the Tab key, as a toolbar is: the arrows move along it
// (gin/table/keys.py), and Tab goes on to the controls past it, where eleven cards were eleven
// presses before.  Python draws every card with tabindex="-1"; after each drawing, and when a
// card takes the focus, one card gets tabindex="0": the focused card, else the one that was
// the stop if it is still in the hand, else the first.  The page, not Python, keeps it, as
// it keeps the focus itself: a region redrawn in place gives the card its -1 back, and this
// puts the 0 back on it in the same task.
let handStop = null;

function roveHand(root) {
  const hand = root.querySelector('[data-testid="hand"]');
  const cards = hand ? hand.querySelectorAll("[data-card]") : [];
  if (!cards.length) return;
  const focused = document.activeElement;
  const kept = handStop && hand.querySelector(`[data-card="${CSS.escape(handStop)}"]`);
  const stop = hand.contains(focused) && focused.dataset.card ? focused : kept || cards[0];
  for (const card of cards) {
    const index = card === stop ? "0" : "-1";
    if (card.getAttribute("tabindex") !== index) card.setAttribute("tabindex", index);
  }
  handStop = stop.dataset.card;
}

// The menu is a list under its button, over the table: when Tab takes the focus from it (its
// entries or its button) to another control of the table, past its last entry and round by
// the page's start, it closes (leave(): the table's MenuLeft), and the focus stays where it
// went; it stayed open over the move log the focus had gone to.  A focus that goes nowhere
// (the page's redrawing takes it off a control and puts it back) changes nothing; leave()
// runs once the focus has moved, so that the drawing cannot take it away.
export function closeMenuOnLeave(root, leave) {
  let fromMenu = false;
  root.addEventListener("focusin", (event) => {
    const menu = root.querySelector('[data-testid="menu"]');
    const target = event.target;
    const inMenu = !!menu && (menu.contains(target) || !!target.closest('[data-action="menu"]'));
    if (menu && fromMenu && !inMenu) setTimeout(leave, 0);
    fromMenu = inMenu;
  });
}

export function followHandFocus(root) {
  root.addEventListener("focusin", (event) => {
    if (event.target.closest?.('[data-testid="hand"] [data-card]')) roveHand(root);
  });
}

// The browser lays the new table out here, and the move log scrolls to its newest move.  Once
// the table has been still for a moment, the cards' bitmaps are made if the cards are wider
// than they are or the four-colour deck has none (warm).
export function layOut(root, scrollLog) {
  void root.offsetHeight;
  coverUnderPanel(root);
  followLogs(root, scrollLog);
  clearTimeout(warmTimer);
  warmTimer = setTimeout(() => whenIdle(warm), WARM_AFTER_STILL_MS);
}

// A move log shows its newest moves: one drawn anew (the side column's when the sheet above it
// changed, a panel's as it opens) starts at its end, one given a new move goes to its end, and
// one the player left at its end stays there as its size changes.  An open panel widens the
// side column, so its log no longer overflowed and fell back to its top; narrowed again as the
// panel closed, it hid the newest moves (2560 x 1080).  Scrolled up to read, it stays put.
const logAtEnd = new WeakMap(); // a log's list -> whether it shows its end
const logSizes = new ResizeObserver((entries) => {
  for (const { target } of entries) if (logAtEnd.get(target)) target.scrollTop = target.scrollHeight;
});

function followLogs(root, scrollLog) {
  for (const log of root.querySelectorAll('[data-testid="move-log"] ol')) {
    if (!logAtEnd.has(log)) {
      log.addEventListener(
        "scroll",
        () => logAtEnd.set(log, log.scrollTop + log.clientHeight >= log.scrollHeight - 2),
        { passive: true }
      );
      logSizes.observe(log);
    } else if (!scrollLog) {
      continue;
    }
    logAtEnd.set(log, true);
    log.scrollTop = log.scrollHeight;
  }
}

// --- animate ---------------------------------------------------------------------------------

function target(root, step) {
  return step.piece !== undefined ? measured[step.piece] : root.querySelector(step.select);
}

// A hand's result and the game over scroll inside their box when taller than the window, and a
// box that scrolls clips what it holds: the cards flying into it from the hands below it were
// cut at its edge (2560 x 1440).  While they fly, a box with nothing to scroll lets them show
// (.landing, table.css); one that scrolls keeps its edge, or its own content would spill.
const SCROLL_BOXES = ".result, .game-over";

// gin/web/motion.py's plan: {plays: [{piece | select, frames, duration, delay}],
// counts: [{select, from, to, steps, step_ms}]}. Every element is found, and every box that
// cards land in measured, before any animation starts.
export function animate(root, json) {
  const plan = JSON.parse(json);
  const plays = [];
  const landings = new Map(); // a box with nothing to scroll -> its cards' flights
  for (const play of plan.plays) {
    const element = target(root, play);
    if (!element || !element.isConnected) continue;
    const box = element.closest(SCROLL_BOXES);
    if (box && !landings.has(box) && box.scrollHeight <= box.clientHeight) landings.set(box, []);
    plays.push([element, play, box]);
  }
  for (const [element, play, box] of plays) {
    const animation = element.animate(play.frames, {
      duration: play.duration,
      delay: play.delay,
      easing: EASE,
      fill: "backwards",
    });
    landings.get(box)?.push(animation.finished);
  }
  for (const [box, flights] of landings) {
    box.classList.add("landing");
    Promise.allSettled(flights).then(() => box.classList.remove("landing"));
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

// --- warm: the cards' pictures as bitmaps ------------------------------------------------------

// cards.css draws each card as an SVG document (a background image).  The browser lays such a
// document out and paints it again on the main thread wherever a card is drawn anew, at each
// size it is drawn at: 1 to 10 ms a card with the CPU 4x slower, a fifth of a click's frame
// (bench/table_trace.py).  A bitmap is only copied, by the compositor's raster threads.  So,
// in idle time, each picture is drawn once into a canvas as wide, in device pixels, as the
// widest card on the table, and a stylesheet of the same rules (adopted, so it comes after
// cards.css and wins at the same specificity) points the cards at those bitmaps.  Until it is
// ready, or if anything fails, the SVG pictures draw the cards.  When the cards grow (a wider
// window, a zoom) past the bitmaps' width, they are drawn again at the new width.
const BITMAP_STEP = 48; // px: widths are rounded up to this, so a small resize keeps them
const BITMAP_MIN = 96;
const BITMAP_MAX = 768;
const RESIZE_SETTLE_MS = 400;
// Some 9 ms of work a picture, unthrottled: begun once the table has been still this long, so
// that it does not compete with a game being played quickly.
const WARM_AFTER_STILL_MS = 1000;
let bitmaps = { width: 0, fourColour: false, sheet: null, urls: [], held: [] };
let warming = false;
let warmTimer = 0;
let resizeTimer = 0;

// [selector, SVG data: URL] of every rule of the page's stylesheets that draws a picture; the
// four-colour deck's only if it is in use (else its cards stay SVG pictures: its rules are
// more specific than the bitmaps' plain ones).
function svgPictures(fourColour) {
  const found = [];
  for (const sheet of document.styleSheets) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet: none of ours
    }
    for (const rule of rules) {
      const image = rule.style ? rule.style.backgroundImage : "";
      const match = /^url\("(data:image\/svg\+xml,[^"]*)"\)$/.exec(image || "");
      if (match && (fourColour || !rule.selectorText.startsWith(".four-colour"))) {
        found.push([rule.selectorText, match[1]]);
      }
    }
  }
  return found;
}

// The bitmaps' width: the widest card on the table, in device pixels, rounded up.
function wantedWidth() {
  let widest = 0;
  for (const art of document.querySelectorAll("#app .card-art")) {
    widest = Math.max(widest, art.getBoundingClientRect().width);
  }
  const pixels = Math.max(widest * window.devicePixelRatio, BITMAP_MIN);
  return Math.min(Math.ceil(pixels / BITMAP_STEP) * BITMAP_STEP, BITMAP_MAX);
}

function idle() {
  return new Promise((resolve) => whenIdle(resolve));
}

// The picture at `url` as a bitmap `width` pixels wide (an object URL): a lossless WebP (quality
// 1), which Chromium encodes away from the main thread; it encodes a PNG in the main thread's
// idle periods, and a still page has none (whenIdle), so each waited for its fallback, a second
// or so.  A browser that cannot encode WebP gives a PNG.
async function bitmap(url, width) {
  const picture = new Image();
  picture.src = url;
  await picture.decode();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = Math.round((width * picture.naturalHeight) / picture.naturalWidth);
  canvas.getContext("2d").drawImage(picture, 0, 0, canvas.width, canvas.height);
  const encoded = await new Promise((resolve, reject) => {
    const done = (blob) => (blob ? resolve(blob) : reject(new Error("no bitmap")));
    canvas.toBlob(done, "image/webp", 1);
  });
  return URL.createObjectURL(encoded);
}

// Draw every picture as a bitmap (one per idle period), have the page fetch them all, then swap
// the stylesheet in.
async function warm() {
  if (warming) return;
  const width = wantedWidth();
  const fourColour = document.querySelector("#app .four-colour") !== null;
  if (width <= bitmaps.width && (bitmaps.fourColour || !fourColour)) return;
  warming = true;
  const urls = [];
  try {
    const pictures = svgPictures(fourColour);
    for (const [, url] of pictures) {
      await idle();
      urls.push(await bitmap(url, width));
    }
    const held = await fetchPictures(urls);
    const sheet = new CSSStyleSheet();
    const rules = pictures.map(([selector], i) => `${selector}{background-image:url("${urls[i]}")}`);
    sheet.replaceSync(rules.join("\n"));
    const others = document.adoptedStyleSheets.filter((adopted) => adopted !== bitmaps.sheet);
    document.adoptedStyleSheets = [...others, sheet];
    const old = bitmaps;
    bitmaps = { width, fourColour, sheet, urls, held };
    const revoke = () => old.urls.forEach((u) => URL.revokeObjectURL(u));
    requestAnimationFrame(() => setTimeout(revoke, 1000));
    document.documentElement.dataset.cardBitmaps = String(width);
  } catch (error) {
    urls.forEach((u) => URL.revokeObjectURL(u));
    console.warn("the cards stay SVG pictures:", error);
    return; // tried again at the next drawing
  } finally {
    warming = false;
  }
  if (wantedWidth() > bitmaps.width) warm(); // the cards grew meanwhile
}

// A picture is fetched the first time an element is styled with it: 1 to 8 ms at 4x for a
// bitmap's object URL, in the very frame that first shows that card (a new deal paid it for
// ten cards).  So before the stylesheet points the cards at the bitmaps, each is loaded and
// decoded as an image, a few at a time in idle time, and held (`bitmaps.held`): a card styled
// with it then finds it in the page's memory cache (ten cards styled in 0.7 ms at 4x, against
// 5 to 13 ms for bitmaps never loaded).  Hidden elements styled with the pictures did the same
// but changed the page's DOM while the table played: one added in the frame that a chosen card
// rose in made that rise a layout shift (e2e/test_motion.py).
const PICTURES_PER_IDLE = 4;
async function fetchPictures(urls) {
  const held = [];
  for (let first = 0; first < urls.length; first += PICTURES_PER_IDLE) {
    await idle();
    await Promise.all(
      urls.slice(first, first + PICTURES_PER_IDLE).map((url) => {
        const picture = new Image();
        picture.src = url;
        held.push(picture);
        return picture.decode();
      })
    );
  }
  return held;
}

window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    warm();
    if (coveredRoot) coverUnderPanel(coveredRoot);
  }, RESIZE_SETTLE_MS);
});

// --- what a side panel lies over ------------------------------------------------------------

// Beside a wider table a framed panel is a side sheet and the table stays in play, but the
// table's controls under it (at 768 px wide the pile, Take, Pass, Hint and the sorts; from
// 1280 px, where the table makes room for the panel, the move log) took the keyboard's focus
// unseen.  Once the table is laid
// out (layOut, and after a resize), each control whose middle lies under the open panel is
// made inert, until the panel closes or the control is out from under it.  The table's
// regions are drawn without the attribute, so a redrawn control comes back without it and
// is looked at again here.  (Up to 40rem the panel covers the whole table: table.css hides
// it all.)
const FOCUSABLE = "button, a[href], select, input, textarea, [tabindex]";
let coveredRoot = null;

function coverUnderPanel(root) {
  const table = root.firstElementChild;
  const panel = table?.classList.contains("panel-open")
    ? root.querySelector('[data-region="overlay"] > .panel')
    : null;
  const under = [];
  if (panel) {
    const box = panel.getBoundingClientRect();
    for (const control of table.querySelectorAll(FOCUSABLE)) {
      if (panel.contains(control) || control.closest('[data-region="overlay"]')) continue;
      const r = control.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) under.push(control);
    }
  }
  for (const control of root.querySelectorAll("[data-under-panel]")) {
    if (!under.includes(control)) {
      control.inert = false;
      control.removeAttribute("data-under-panel");
    }
  }
  for (const control of under) {
    control.inert = true;
    control.setAttribute("data-under-panel", "");
  }
  coveredRoot = panel ? root : null;
}

// work(deadline) once the page is idle, or at the latest after IDLE_AT_THE_LATEST_MS (Safari
// has no requestIdleCallback: a while later).  Chromium begins an idle period at the end of a
// frame, and a still page draws no frames: a table at rest, once the first visit's offer was
// answered, never had one, so its cards' bitmaps were begun only when the person played, in
// the gaps between the frames of the moves, and a click could wait for one.
const IDLE_AT_THE_LATEST_MS = 100;
export function whenIdle(work) {
  if (window.requestIdleCallback) {
    window.requestIdleCallback(work, { timeout: IDLE_AT_THE_LATEST_MS });
  } else {
    setTimeout(() => work({ timeRemaining: () => 0 }), 50);
  }
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

// --- presses: a tap stays in the page, a drag goes to Python ------------------------------------

// A press on a card of the hand, the stock or the pile is followed here until the pointer has
// moved `thresholdPx`; only then is it a drag, and beginDrag(source, x, y, move) hands it to
// gin/web/drag.py, which follows it to the drop.  A tap or a click, most presses, so makes no
// call into Python before its click: each made two before, with six listeners added and
// removed through Pyodide's proxies, some 4 ms of a tap with the CPU 4x slower.
const PRESSABLE = '[data-testid="hand"] [data-card],[data-testid="stock"],[data-testid="pile"]';
let swallowing = false;

export function followPresses(root, thresholdPx, beginDrag) {
  let press = null;
  const release = () => {
    press = null;
    removeEventListener("pointermove", moved);
    removeEventListener("pointerup", ended);
    removeEventListener("pointercancel", ended);
  };
  const moved = (event) => {
    if (event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (dx * dx + dy * dy < thresholdPx * thresholdPx) return;
    const { source, x, y } = press;
    release();
    beginDrag(source, x, y, event);
  };
  const ended = (event) => {
    if (event.pointerId === press.id) release();
  };
  root.addEventListener("pointerdown", (event) => {
    swallowing = false; // a drop off its card was followed by no click
    if (event.button !== 0 || press) return;
    const source = event.target.closest(PRESSABLE);
    if (!source) return;
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, source };
    addEventListener("pointermove", moved);
    addEventListener("pointerup", ended);
    addEventListener("pointercancel", ended);
  });
  // Captured, so that the table's own click listener never hears it; a click made with the
  // keyboard (detail 0) is never the tail of a drag.
  root.addEventListener(
    "click",
    (event) => {
      if (swallowing && event.detail !== 0) {
        swallowing = false;
        event.stopImmediatePropagation();
      }
    },
    true
  );
}

// While a box (a question, the share box, the first visit's offer, a lesson's introduction or
// the end of the lessons' path) waits for its answer, what it
// dims is inert (table.css, .asking), but a press there, or on the question's own words (on a
// phone the box lies over the stock), still took the keyboard's focus off the question, to the
// page: only a press on one of its controls moves the focus now.
const QUESTION_CONTROLS =
  ":is(.confirm, .share, .learn-offer, .lesson-intro, .lessons-done) :is(button, textarea)";

export function holdFocusUnderQuestions(root) {
  const asking = () => root.firstElementChild?.classList.contains("asking");
  root.addEventListener(
    "mousedown",
    (event) => {
      if (asking() && !event.target.closest(QUESTION_CONTROLS)) event.preventDefault();
    },
    true
  );
  // Tab goes round the box's controls, as in a modal dialog: past the last it left the page
  // (to the browser's own bar, or to nothing at all, the page's start) before coming back.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!asking()) return;
    const controls = [...root.querySelectorAll(QUESTION_CONTROLS)].filter(
      (control) => !control.disabled && control.getClientRects().length
    );
    if (!controls.length) return;
    const at = controls.indexOf(document.activeElement);
    const last = controls.length - 1;
    const next = event.shiftKey ? (at <= 0 ? last : at - 1) : at === last ? 0 : at + 1;
    event.preventDefault();
    controls[next].focus();
  });
}

// The settings are a form only for its fields' sake: each is applied as it changes.  Enter
// in a field sent the form, which the page's policy (form-action 'none') refused with a
// console error; a value out of range had the browser's own bubble, in its language, beside
// the game's word.  The page keeps every form here, unsent and unchecked by the browser.
export function keepFormsHome(root) {
  root.addEventListener("submit", (event) => event.preventDefault());
}

// The click the browser sends after a drop, on the card where the pointer was pressed, is not
// a tap (the next press forgets this: a drop off its card is followed by no click).
export function swallowClick() {
  swallowing = true;
}
