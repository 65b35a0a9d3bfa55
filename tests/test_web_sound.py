"""The page's sounds (gin.web.sound) with a stand-in for the Web Audio API.

The audio context is created ahead, in idle time (``prepare``), because creating
one cost a phone-class CPU a quarter of a second inside the first move's click.
A browser may start a context made before any input suspended: the first sound,
which follows a click or key press, must resume it, or the game stays silent.
Headless Chromium starts contexts running, so the browser tests cannot see that
path; these tests do.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gin.table.effects import Sound
from gin.web.sound import TUNES, Player


class FakeNode:
    """An oscillator or gain node: records what was scheduled on it."""

    def __init__(self, log: list[tuple[str, float]]) -> None:
        self.log = log
        self.frequency = SimpleNamespace(value=0.0)
        self.gain = SimpleNamespace(
            setValueAtTime=lambda value, at: None,
            exponentialRampToValueAtTime=lambda value, at: None,
        )

    def connect(self, other: Any) -> None:
        pass

    def start(self, at: float) -> None:
        self.log.append(("start", at))

    def stop(self, at: float) -> None:
        pass


class FakeContext:
    """An AudioContext as a browser makes it: ``suspended`` until resumed."""

    def __init__(self, state: str) -> None:
        self.state = state
        self.resumed = 0
        self.currentTime = 1.5  # noqa: N815 (the browser's name)
        self.destination = object()
        self.log: list[tuple[str, float]] = []

    def resume(self) -> None:
        self.resumed += 1
        self.state = "running"

    def createOscillator(self) -> FakeNode:  # noqa: N802
        return FakeNode(self.log)

    def createGain(self) -> FakeNode:  # noqa: N802
        return FakeNode([])


def window_with(state: str) -> tuple[Any, list[FakeContext]]:
    contexts: list[FakeContext] = []

    def new() -> FakeContext:
        contexts.append(FakeContext(state))
        return contexts[-1]

    return SimpleNamespace(AudioContext=SimpleNamespace(new=new)), contexts


def test_a_context_prepared_ahead_is_the_one_the_sounds_use() -> None:
    window, contexts = window_with("running")
    player = Player(window)
    player.prepare()
    player.prepare()
    player.play(Sound.GIN)
    player.play(Sound.DRAW)
    assert len(contexts) == 1
    notes = len(TUNES[Sound.GIN]) + len(TUNES[Sound.DRAW])
    assert len(contexts[0].log) == notes
    assert contexts[0].resumed == 0


def test_a_suspended_context_is_resumed_by_the_first_sound_only() -> None:
    window, contexts = window_with("suspended")
    player = Player(window)
    player.prepare()
    assert contexts[0].resumed == 0  # never outside an input: the browser would refuse
    player.play(Sound.DISCARD)
    player.play(Sound.DISCARD)
    assert contexts[0].resumed == 1
    assert [at for _, at in contexts[0].log] == [1.5, 1.5]


def test_without_prepare_the_first_sound_makes_the_context() -> None:
    window, contexts = window_with("running")
    Player(window).play(Sound.KNOCK)
    assert len(contexts) == 1
    assert len(contexts[0].log) == len(TUNES[Sound.KNOCK])


def test_a_browser_without_web_audio_is_silent_not_broken() -> None:
    player = Player(SimpleNamespace())
    player.prepare()
    player.play(Sound.GIN)  # no AudioContext: nothing to do, no error
