#!/usr/bin/env python3
"""Where a click's time goes in the browser at 4x: a CDP trace of the scripted person's play.

bench/table_speed.py says how long a click takes to be painted; this says what the browser
spends it on.  It plays ``--decisions`` decisions with the CPU throttled (after the table
is up and a few seconds of idle time, so the cards' pictures are built), records a Chromium
trace (``Tracing.start``, categories ``devtools.timeline``, and ``cc`` for the frames) and
prints, for every click whose handlers took 15 ms or more: the style recalculations (ms and
element counts), layouts and ``ParseHTML`` inside the handlers, then the next frame's paint
(and its ``PaintImage``, the card pictures drawn into the display list), pre-paint, layerize
and commit.  ``--save FILE`` keeps the raw events (JSON) for a closer look.
"""

from __future__ import annotations

import argparse
import bisect
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.table_speed import open_probed_table, play, wait_at_rest  # noqa: E402
from tools import serve  # noqa: E402

Event = dict[str, Any]
STEPS = ("UpdateLayoutTree", "Layout", "ParseHTML", "Paint", "PaintImage", "PrePaint", "Layerize")
STEPS += ("Commit",)


def record(url: str, seed: int, decisions: int, rate: float) -> list[Event]:
    """The trace events of ``decisions`` decisions of the scripted person at ``rate``."""
    events: list[Event] = []
    done: list[bool] = []
    with sync_playwright() as p:
        page, cdp = open_probed_table(p, url, seed, rate)
        page.wait_for_timeout(3000)  # the cards' pictures are built in idle time
        cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
        cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
        categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "cc"]
        categories.append("blink.user_timing")  # the page's gin:* steps
        cdp.send(
            "Tracing.start",
            {"traceConfig": {"includedCategories": categories}, "transferMode": "ReportEvents"},
        )
        play(page, decisions, wait_at_rest)
        page.wait_for_timeout(500)
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)
        page.context.close()
    return events


def main_thread(events: list[Event]) -> list[Event]:
    """The renderer main thread's complete events, by start."""
    threads = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
        if e["args"]["name"] == "CrRendererMain"
    }
    ours = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in threads]
    return sorted(ours, key=lambda e: e["ts"])


def within(events: list[Event], starts: list[int], start: int, end: int) -> list[Event]:
    return events[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]


def totals(events: list[Event]) -> str:
    """Milliseconds per step.  A top-level Paint (the document's) holds the nested ones."""
    spent: Counter[str] = Counter()
    for e in events:
        if e["name"] in STEPS and not (
            e["name"] == "Paint" and e["args"].get("data", {}).get("nodeId") != 2
        ):
            spent[e["name"]] += e["dur"] / 1000
    return ", ".join(f"{name} {ms:.1f}" for name, ms in spent.most_common())


def report(events: list[Event]) -> None:
    ours = main_thread(events)
    starts = [e["ts"] for e in ours]
    frames = [e for e in ours if e["name"] == "ProxyMain::BeginMainFrame"]
    frame_starts = [e["ts"] for e in frames]
    for click in ours:
        data = click.get("args", {}).get("data", {})
        if click["name"] != "EventDispatch" or data.get("type") != "click":
            continue
        if click["dur"] < 15000:
            continue
        end = click["ts"] + click["dur"]
        inside = within(ours, starts, click["ts"], end)
        styles = [
            (round(e["dur"] / 1000, 1), e["args"].get("elementCount"))
            for e in inside
            if e["name"] == "UpdateLayoutTree"
        ]
        print(f"click: handlers {click['dur'] / 1000:.1f} ms ({totals(inside)}); style {styles}")
        index = bisect.bisect_left(frame_starts, end)
        if index < len(frames):
            frame = frames[index]
            after = within(ours, starts, frame["ts"], frame["ts"] + frame["dur"])
            print(
                f"  next frame {(frame['ts'] - end) / 1000:.1f} ms later, "
                f"{frame['dur'] / 1000:.1f} ms: {totals(after)}"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "_site"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=16)
    parser.add_argument("--cpu-throttle", type=float, default=4, metavar="RATE")
    parser.add_argument("--save", metavar="FILE", help="write the raw trace events here")
    args = parser.parse_args()
    server = serve.make_server(Path(args.site), "127.0.0.1", 0, "/")
    thread = serve.serve_in_thread(server)
    try:
        url = f"http://127.0.0.1:{server.server_port}/"
        events = record(url, args.seed, args.decisions, args.cpu_throttle)
    finally:
        server.shutdown()
        thread.join(timeout=5)
    if args.save:
        Path(args.save).write_text(json.dumps(events))
    report(events)
    return 0


if __name__ == "__main__":
    sys.exit(main())
