"""The computer's thinking in the page runs a slice at a time (gin.web.app.in_slices)."""

from __future__ import annotations

import asyncio
import time

from gin.ai.base import Steps
from gin.web.app import SLICE_SECONDS, in_slices


def slow_steps(count: int, seconds: float, log: list[str]) -> Steps[int]:
    for index in range(count):
        time.sleep(seconds)
        log.append(f"step {index}")
        yield
    return count


def test_the_page_gets_its_thread_back_between_slices_and_the_result_is_kept() -> None:
    log: list[str] = []

    async def tap() -> None:
        log.append("tap")

    async def both() -> int:
        answered = asyncio.ensure_future(tap())
        result = await in_slices(slow_steps(6, SLICE_SECONDS / 2, log))
        await answered
        return result

    assert asyncio.run(both()) == 6
    # The tap was answered once the first slice's time was up, not after all six steps.
    assert log.index("tap") < len(log) - 1
    assert log.index("tap") <= 3


def test_quick_steps_run_in_one_slice() -> None:
    log: list[str] = []

    async def both() -> int:
        answered = asyncio.ensure_future(asyncio.sleep(0))
        answered.add_done_callback(lambda _: log.append("tap"))
        result = await in_slices(slow_steps(5, 0, log))
        await answered
        return result

    assert asyncio.run(both()) == 5
    assert log[-1] == "tap"
