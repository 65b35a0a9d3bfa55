"""Short sounds made on the spot with the Web Audio API: no sound files, nothing to license."""

from __future__ import annotations

from typing import Any

# (frequency in Hz, duration in s) notes per kind of move.
TUNES: dict[str, tuple[tuple[float, float], ...]] = {
    "draw": ((520.0, 0.06),),
    "take": ((440.0, 0.05), (660.0, 0.06)),
    "pass": ((300.0, 0.05),),
    "discard": ((360.0, 0.07),),
    "knock": ((220.0, 0.08), (220.0, 0.08)),
    "gin": ((523.0, 0.09), (659.0, 0.09), (784.0, 0.14)),
}
_ALIASES = {"draw stock": "draw", "draw pile": "take"}


class Sound:
    """Plays the tune of a move.  The audio context starts lazily, at the first sound.

    Browsers let a page start audio only after a person has interacted with
    it, and the first sound always follows a click or a key press.
    """

    def __init__(self, window: Any) -> None:
        self.window = window
        self._context: Any = None

    def play(self, move: str) -> None:
        tune = TUNES.get(_ALIASES.get(move, move))
        if tune is None or not hasattr(self.window, "AudioContext"):
            return
        if self._context is None:
            self._context = self.window.AudioContext.new()
        context = self._context
        start = context.currentTime
        for frequency, duration in tune:
            oscillator = context.createOscillator()
            gain = context.createGain()
            oscillator.frequency.value = frequency
            gain.gain.setValueAtTime(0.08, start)
            gain.gain.exponentialRampToValueAtTime(0.001, start + duration)
            oscillator.connect(gain)
            gain.connect(context.destination)
            oscillator.start(start)
            oscillator.stop(start + duration)
            start += duration
