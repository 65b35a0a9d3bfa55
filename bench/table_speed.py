#!/usr/bin/env python3
"""How quickly the table answers a person, in headless chromium: click -> painted, and long tasks.

Plays hands at normal speed (so the computer's moves are animated) with the
scripted person of the browser tests, and reads two browser measurements:

- the Event Timing API's duration of every click and key press: the time from
  the input to the next paint of the table (what a person feels as lag);
- the main thread's work while cards are moving: the Long Tasks API's tasks of
  50 ms or more, and, in every long animation frame (a frame that took 50 ms or
  more from its first task to its paint), the longest script it ran (Python
  included: Pyodide runs it from a MessagePort task).  A long frame is not a long
  task: several short tasks (a paint, the next animation step) can share one.

Between decisions the scripted person waits as a player does, for the table to take input
and its cards to come to rest, and it looks without touching the frames being measured:
every 100 ms, from a timer, it reads the page's ``data-busy`` attribute and a count of the
page's running ``Element.animate`` animations that this bench keeps (``--wait every-frame``
is the browser tests' wait instead, ``document.getAnimations()`` at every frame: that
restyles the animated page in the very frames being timed, which a player's page never
does; on a loaded machine the two waits' figures differed by less than the noise).

Prints medians and p95 per run and over all runs; targets 50 ms for click ->
paint (p95) and for the longest task.  With ``--cpu-throttle 4`` Chromium slows the page's
main thread down four times (``Emulation.setCPUThrottlingRate``, a mid-range phone's
processor) once the table is up; the targets are then 100 ms (p95) and 200 ms.  With
``--against SITE`` a second build plays the same seeds in turn with the first, and each
build's figures are pooled over its runs: on a shared host one build's p95 at 4x ranges over
half its value within an hour, more than most changes gain.  Needs the built site (``make
site``) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import CDPSession, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from e2e.players import IDLE, Person, click_visible, wait_idle  # noqa: E402
from tools import serve  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PROBE = """
(() => {
  window.__inputs = [];
  window.__frames = [];
  window.__tasks = [];
  // What an input touched, to tell the slowest apart ("click card", "click stock"): read as
  // it happens, since the entry comes later, when a redrawn target has left the page.  An
  // entry's startTime is its event's timeStamp.
  const touched = new Map();
  for (const type of ["click", "keydown", "pointerup"]) {
    addEventListener(type, (e) => {
      const target = e.target instanceof Element
        ? e.target.closest("[data-card],[data-testid],button") : null;
      const name = !target ? "page"
        : target.dataset.card ? (target.dataset.selected ? "chosen card" : "card")
        : target.dataset.testid || target.dataset.action || target.textContent.trim();
      touched.set(e.timeStamp, `${e.type} ${type === "keydown" ? e.key : name}`);
    }, {capture: true});
  }
  const what = (e) => touched.get(e.startTime) || e.name;
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__tasks.push(e.duration);
  }).observe({type: "longtask", buffered: true});
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      // Its three parts: waiting for the page (input delay), the handlers, and the frame
      // after them up to its paint (presentation delay).
      if (["click", "keydown", "pointerup"].includes(e.name)) {
        window.__inputs.push([
          e.duration,
          e.processingStart - e.startTime,
          e.processingEnd - e.processingStart,
          e.startTime + e.duration - e.processingEnd,
          what(e),
        ]);
      }
    }
  }).observe({type: "event", durationThreshold: 16, buffered: true});
  // Cards in flight, counted as the page starts and ends their animations (every flight,
  // fade and pulse is an Element.animate call: static/js/table-dom.mjs), so that waiting for
  // the table to come to rest reads a number instead of restyling the page.
  window.__moving = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    window.__moving += 1;
    const done = () => { window.__moving -= 1; };
    animation.finished.then(done, done);
    return animation;
  };
  if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) {
        window.__frames.push(Math.max(0, ...e.scripts.map((script) => script.duration)));
      }
    }).observe({type: "long-animation-frame", buffered: true});
  }
})();
"""


AT_REST = f"""() => document.body.matches('{IDLE}') && window.__moving === 0"""
"""The table takes input and no card is in flight: attributes and a counter, no style."""
AT_REST_POLL_MS = 100
"""How often the bench looks (a player thinks for longer than that between decisions)."""


def wait_at_rest(page: Page) -> str:
    """Wait as a player does, without touching the frames being measured: one cheap look
    every :data:`AT_REST_POLL_MS` from a timer.  (The browser tests' ``wait_idle`` asks for
    ``document.getAnimations()`` at every frame, which makes the browser bring the style of
    the animated page up to date in the very frames the bench times.)"""
    page.wait_for_function(AT_REST, polling=AT_REST_POLL_MS)
    return page.get_attribute("body", "data-phase") or ""


WAITS: dict[str, Callable[[Page], str]] = {"at-rest": wait_at_rest, "every-frame": wait_idle}


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


Input = tuple[float, float, float, float, str]
"""An input's Event Timing duration, its parts (input delay, processing, presentation), and
what it touched ("click card", "pointerup stock")."""


def slowest_parts(inputs: list[Input]) -> str:
    """Where the time of the slowest inputs (those at the p95 or above) goes: the median of
    each part among them."""
    cut = p95([duration for duration, *_ in inputs])
    slow = [entry for entry in inputs if entry[0] >= cut]
    if not slow:
        return "no input over 16 ms"
    delay, handlers, frame = (
        statistics.median(entry[part] for entry in slow) for part in (1, 2, 3)
    )
    touched = Counter(entry[4] for entry in slow).most_common()
    return (
        f"the {len(slow)} slowest inputs: waiting {delay:.0f} ms, handlers {handlers:.0f} ms, "
        f"the frame after them {frame:.0f} ms (medians); "
        + ", ".join(f"{what} {count}" for what, count in touched)
    )


def open_probed_table(
    p: Playwright, url: str, seed: int, cpu_rate: float
) -> tuple[Page, CDPSession]:
    """The table of ``seed`` against Hard, animated, with this bench's probe, its CPU slowed
    ``cpu_rate`` times once it is up (so start-up is not slowed); also the page's CDP session."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(PROBE)
    page.goto(f"{url}?seed={seed}&speed=1&level=hard", wait_until="domcontentloaded")
    wait_idle(page)
    if page.locator(PLAY_NOW).count():  # a first visit: the lessons' offer holds the table
        page.click(PLAY_NOW)
        wait_idle(page)
    cdp = page.context.new_cdp_session(page)
    if cpu_rate != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_rate})
    return page, cdp


PLAY_NOW = '[data-testid="learn-offer"] [data-action="play-now"]'

HINT_SHOWN = "() => (document.querySelector('[data-testid=hint]')?.textContent.length || 0) > 0"
"""Hard's advice is on show (the page works it out after the click, a slice at a time)."""


def play(
    page: Page,
    decisions: int,
    settle: Callable[[Page], str],
    second_click_ms: float = 0,
    hints: bool = False,
) -> None:
    """The scripted person's next ``decisions`` decisions, or up to the game's end; with
    ``hints``, it asks for a hint before each draw and discard and waits for it."""
    person = Person(page, settle=settle, second_click_ms=second_click_ms)
    for _ in range(decisions):
        phase = settle(page)
        if phase == "game-over":
            break
        if hints and phase in ("draw", "discard"):
            click_visible(page, '[data-action="hint"]')
            page.wait_for_function(HINT_SHOWN, polling=AT_REST_POLL_MS)
        person.decide()


def run_once(
    url: str,
    seed: int,
    decisions: int,
    cpu_rate: float,
    settle: Callable[[Page], str],
    second_click_ms: float = 0,
    hints: bool = False,
) -> tuple[list[Input], list[float], list[float]]:
    with sync_playwright() as p:
        page, _ = open_probed_table(p, url, seed, cpu_rate)
        page.evaluate(  # not start-up
            "window.__inputs.length = 0; window.__frames.length = 0; window.__tasks.length = 0"
        )
        play(page, decisions, settle, second_click_ms, hints)
        page.wait_for_timeout(1000)
        inputs = page.evaluate("window.__inputs")
        frames = page.evaluate("window.__frames")
        tasks = page.evaluate("window.__tasks")
        steps = page.evaluate(
            """() => { const out = {};
              for (const m of performance.getEntriesByType("measure")) {
                if (m.name.startsWith("gin:")) (out[m.name] = out[m.name] || []).push(m.duration);
              } return out; }"""
        )
        for name, values in sorted(steps.items()):
            print(f"  {name}: median {statistics.median(values):.1f} ms, p95 {p95(values):.1f} ms")
        page.context.close()
    return (
        [(float(a), float(b), float(c), float(d), str(e)) for a, b, c, d, e in inputs],
        [float(v) for v in frames],
        [float(v) for v in tasks],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--seed", type=int, default=1, help="the first run's deal (the next runs: the next seeds)"
    )
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--site", default=str(ROOT / "_site"))
    parser.add_argument(
        "--against",
        metavar="SITE",
        help="a second build to compare (e.g. main's, copied aside): the two play each seed in "
        "turn, and each build's figures are pooled over all its runs",
    )
    parser.add_argument(
        "--cpu-throttle",
        type=float,
        default=1,
        metavar="RATE",
        help="slow the page's main thread down this many times once the table is up (4: a "
        "mid-range phone; targets 100 ms p95 and 200 ms instead of 50 and 50)",
    )
    parser.add_argument(
        "--wait",
        choices=sorted(WAITS),
        default="at-rest",
        help="how the scripted person waits for the table to come to rest between decisions: "
        "at-rest (a cheap look every 100 ms) or every-frame (the browser tests' wait, which "
        "restyles the page at every frame; to show what that costs the figures)",
    )
    parser.add_argument(
        "--second-click-ms",
        type=float,
        default=0,
        metavar="MS",
        help="the time between the two clicks (or taps) of a discard: 0 (the default) sends "
        "them at once, faster than any hand; a person's double-click takes some 100-200 ms",
    )
    parser.add_argument(
        "--hints",
        action="store_true",
        help="ask for a hint before each draw and discard (its click is timed with the rest)",
    )
    parser.add_argument(
        "--list-slowest",
        type=int,
        default=0,
        metavar="N",
        help="also list the N slowest inputs of all runs: duration, its parts, what was touched",
    )
    args = parser.parse_args()
    paint_target, task_target = (50, 50) if args.cpu_throttle == 1 else (100, 200)
    sites = [args.site] + ([args.against] if args.against else [])
    figures = {site: Figures() for site in sites}
    servers = [serve.make_server(Path(site), "127.0.0.1", 0, "/") for site in sites]
    threads = [serve.serve_in_thread(server) for server in servers]
    urls = {
        site: f"http://127.0.0.1:{server.server_port}/"
        for site, server in zip(sites, servers, strict=True)
    }
    try:
        for run in range(args.runs):
            # Seed by seed, each build in turn, the first one changing from seed to seed: a
            # host that slows down over the runs slows both builds alike.
            for site in sites if run % 2 == 0 else sites[::-1]:
                inputs, frames, tasks = run_once(
                    urls[site],
                    seed=args.seed + run,
                    decisions=args.decisions,
                    cpu_rate=args.cpu_throttle,
                    settle=WAITS[args.wait],
                    second_click_ms=args.second_click_ms,
                    hints=args.hints,
                )
                figures[site].add(inputs, frames, tasks)
                durations = [duration for duration, *_ in inputs]
                build = f" ({site})" if len(sites) > 1 else ""
                print(
                    f"run {run + 1}{build}: {len(inputs)} inputs over 16 ms, click->paint p95 "
                    f"{p95(durations):.0f} ms ({slowest_parts(inputs)}); {len(tasks)} tasks of "
                    f"50 ms or more, longest "
                    f"{max(tasks, default=0):.0f} ms; longest script of a long frame "
                    f"{max(frames, default=0):.0f} ms",
                    flush=True,
                )
    finally:
        for server, thread in zip(servers, threads, strict=True):
            server.shutdown()
            thread.join(timeout=5)
    throttled = f" with the CPU {args.cpu_throttle:g}x slower" if args.cpu_throttle != 1 else ""
    for site in sites:
        build = f" of {site}" if len(sites) > 1 else ""
        print(f"all runs{build}{throttled}: {figures[site].summary(paint_target, task_target)}")
        for duration, delay, handlers, frame, what in sorted(figures[site].inputs, reverse=True)[
            : args.list_slowest
        ]:
            print(
                f"  {duration:4.0f} ms {what}: waiting {delay:.0f}, handlers {handlers:.0f}, "
                f"the frame after {frame:.0f}"
            )
    return 0


@dataclass
class Figures:
    """One build's measurements over its runs, pooled: each run's p95 moves with the host's
    load by more than most changes gain, so builds are compared over every input of all their
    runs (``--against``)."""

    inputs: list[Input] = field(default_factory=list)
    frames: list[float] = field(default_factory=list)
    tasks: list[float] = field(default_factory=list)
    run_p95s: list[float] = field(default_factory=list)

    def add(self, inputs: list[Input], frames: list[float], tasks: list[float]) -> None:
        self.inputs += inputs
        self.frames += frames
        self.tasks += tasks
        self.run_p95s.append(p95([duration for duration, *_ in inputs]))

    def summary(self, paint_target: int, task_target: int) -> str:
        durations = [duration for duration, *_ in self.inputs]
        median = statistics.median(durations) if durations else 0.0
        runs = " / ".join(f"{value:.0f}" for value in self.run_p95s)
        return (
            f"click->paint median {median:.0f} ms, p95 {p95(durations):.0f} ms (target "
            f"{paint_target}; each run's: {runs}; inputs under 16 ms are not reported by the "
            f"browser; {slowest_parts(self.inputs)}); tasks of 50 ms or more: "
            f"{len(self.tasks)}, longest {max(self.tasks, default=0):.0f} ms (target "
            f"{task_target}); the longest script of each long animation frame: p95 "
            f"{p95(self.frames):.0f} ms, longest {max(self.frames, default=0):.0f} ms"
        )


if __name__ == "__main__":
    sys.exit(main())
