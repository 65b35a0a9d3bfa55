"""Short sounds made on the spot with the Web Audio API: no sound files, nothing to license."""

from __future__ import annotations

from typing import Any

from gin.table.effects import Sound

# (frequency in Hz, duration in s) notes per sound.
TUNES: dict[Sound, tuple[tuple[float, float], ...]] = {
    Sound.DRAW: ((520.0, 0.06),),
    Sound.TAKE: ((440.0, 0.05), (660.0, 0.06)),
    Sound.PASS: ((300.0, 0.05),),
    Sound.DISCARD: ((360.0, 0.07),),
    Sound.KNOCK: ((220.0, 0.08), (220.0, 0.08)),
    Sound.GIN: ((523.0, 0.09), (659.0, 0.09), (784.0, 0.14)),
    Sound.REFUSED: ((180.0, 0.05),),
}


class Player:
    """Plays the tune of a move.  The audio context starts ahead (:meth:`prepare`) or at the
    first sound.

    Browsers let a page start audio only after a person has interacted with
    it, and the first sound always follows a click or a key press.
    """

    def __init__(self, window: Any) -> None:
        self.window = window
        self._context: Any = None

    def prepare(self) -> None:
        """Start the audio context before the first sound (the page calls this in idle time
        once the table is up): creating one took a phone-class CPU (Chromium at 4x) about a
        quarter of a second, which the first move's click waited for.  A browser may start
        a context created before any input suspended: :meth:`play` resumes it, in the click
        or key press that makes the sound."""
        if self._context is None and hasattr(self.window, "AudioContext"):
            self._context = self.window.AudioContext.new()

    def play(self, sound: Sound) -> None:
        tune = TUNES[sound]
        self.prepare()
        context = self._context
        if context is None:
            return
        if context.state == "suspended":
            context.resume()
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
