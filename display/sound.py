"""Short sound effects synthesised by our own code and played through pygame's mixer.

Card landing, rejected play, stall cue, flip, the "SPEED!" claim, the win (a fanfare
under its moment, display/moments.py), the slap cue, a penalty (falling tones over the
riffle of its cards) and a photo finish's shutter click: under a second of tones and
noise each, made once at start-up. Playing
is ``Sound.play()``, which returns at once (the mixer runs on SDL's audio thread), so a
sound never delays the loop. No audio device (or any mixer error) means silence.

Levels: the service menu's game and attract volumes reach the board through the published
view (``SoundLevels``), set by the window's frame loop, so a change is heard at once.
"""

from __future__ import annotations

import logging
import math
import os
import random
import sys
from array import array
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from display.view import SoundLevels
from engine.events import (
    ActionRejected,
    CardFlipped,
    CardPlayed,
    Covered,
    Event,
    GameTied,
    GameWon,
    PenaltyTaken,
    PlayRejected,
    RoundOver,
    Slapped,
    Stalled,
)

log = logging.getLogger("speed_cabinet.sound")

RATE = 22050

EFFECTS = ("land", "reject", "stall", "flip", "speed", "win", "slap", "penalty", "photo")


@contextmanager
def _native_stderr_silenced() -> Iterator[None]:
    """File descriptor 2 points at /dev/null for the block. ALSA (under SDL's audio probe)
    writes its own lines straight to fd 2, eight of them when there is no sound card;
    the one line that matters is the warning logged after, once fd 2 is back."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no fd 2 to silence (a closed or odd stderr)
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _tone(parts: list[tuple[float, float, float]], noise: float = 0.0, seed: int = 1) -> array[int]:
    """Sum of (frequency Hz, start s, length s) notes with fast attack and decay, plus
    optional noise; 16-bit mono samples."""
    end = max(s + d for _, s, d in parts)
    n = int(end * RATE) + 1
    out = [0.0] * n
    rng = random.Random(seed)
    for freq, start, length in parts:
        i0 = int(start * RATE)
        m = int(length * RATE)
        for i in range(m):
            t = i / RATE
            env = min(1.0, i / 80) * math.exp(-5 * t / length)
            out[i0 + i] += math.sin(2 * math.pi * freq * t) * env
    if noise:
        for i in range(n):
            out[i] += (rng.random() * 2 - 1) * noise * math.exp(-30 * i / RATE)
    peak = max(1e-9, max(abs(x) for x in out))
    return array("h", (int(x / peak * 24000) for x in out))


def synthesise(name: str) -> array[int]:
    """The samples of effect ``name``."""
    match name:
        case "land":
            return _tone([(220, 0, 0.05)], noise=0.9)
        case "reject":
            return _tone([(140, 0, 0.12), (110, 0.09, 0.16)])
        case "stall":
            return _tone([(660, 0, 0.12), (440, 0.14, 0.2)])
        case "flip":
            return _tone([(330, 0, 0.06), (500, 0.05, 0.08)], noise=0.5, seed=2)
        case "speed":
            return _tone([(880, 0, 0.1), (1175, 0.09, 0.1), (1568, 0.18, 0.2)])
        case "win":  # up the major chord, then the chord held
            return _tone(
                [
                    (523, 0, 0.15),
                    (659, 0.15, 0.15),
                    (784, 0.3, 0.15),
                    (1046, 0.45, 0.5),
                    (784, 0.45, 0.5),
                    (659, 0.45, 0.5),
                ]
            )
        case "slap":
            return _tone([(180, 0, 0.08)], noise=1.0, seed=3)
        case "penalty":  # down a step twice, the cards' riffle under it
            return _tone([(392, 0, 0.16), (330, 0.15, 0.16), (262, 0.3, 0.4)], noise=0.6, seed=4)
        case "photo":  # a shutter: two clicks
            return _tone([(1800, 0, 0.03), (1400, 0.07, 0.04)], noise=1.0, seed=5)
    raise ValueError(f"unknown effect {name!r}; known: {', '.join(EFFECTS)}")


def effect_for(event: Event) -> str | None:
    """Which effect an engine event sounds, if any."""
    match event:
        case CardPlayed() | Covered():
            return "land"
        case PlayRejected() | ActionRejected():
            return "reject"
        case Stalled():
            return "stall"
        case CardFlipped():
            return "flip"
        case GameWon() | GameTied():
            return "win"
        case PenaltyTaken():
            return "penalty"
        case RoundOver():
            return "slap"
        case Slapped():
            return "land"
    return None


CHECK = "flip"
"""The operator's test sound when a volume row changes (``SoundLevels.check``): a card
turning over, short and heard all through a game."""


class SoundBoard:
    """The effects, ready to play; silent when there is no audio device or when muted.

    The level can change while it runs (``set_levels``: the service menu's game and
    attract volumes, applied at once), so the mixer starts even at volume 0; only ``mute``
    (the installed config's switch) keeps it off for good."""

    def __init__(self, volume: float = 0.7, mute: bool = False, *, later: bool = False) -> None:
        """``later``: start the mixer now but make the effects at ``prepare`` (the window
        calls it once its first frame is up: a boot's first frame does not wait for about
        80 ms of pure-Python synthesis here, several times that on a Pi; deploy/README.md,
        start-up). A board not prepared makes them at its first sound."""
        self.volume = _level(volume)
        self.mute = mute
        self.sounds: dict[str, object] = {}
        self.available = False
        self.levels: SoundLevels | None = None
        """The levels last set (None: the start's ``volume``)."""
        self._check: object | None = None
        """The test sound: its own ``Sound``, so its level is the row's, not the board's."""
        self._mixer: tuple[int, int] | None = None
        """The started mixer's rate and channels (None: no mixer, so never any effect)."""
        self._prepared = False
        if mute:
            return
        try:
            import pygame

            if not pygame.mixer.get_init():
                with _native_stderr_silenced():
                    pygame.mixer.init(RATE, -16, 1, 512)
            init = pygame.mixer.get_init()
            if init is None:
                return
            freq, _, channels = init
            self._mixer = (freq, channels)
        except Exception as exc:  # no audio device, no driver: silence, not a crash
            log.warning("no sound (playing on silently): %s", exc)
            return
        if not later:
            self.prepare()

    def prepare(self) -> None:
        """Make the effects at the board's level (once; nothing without a mixer)."""
        if self._prepared or self._mixer is None:
            return
        self._prepared = True
        freq, channels = self._mixer
        try:
            import pygame

            raw: dict[str, bytes] = {}
            for name in EFFECTS:
                samples = synthesise(name)
                if freq != RATE:
                    samples = _resample(samples, freq)
                if channels > 1:
                    samples = array("h", (x for x in samples for _ in range(channels)))
                raw[name] = samples.tobytes()
                sound = pygame.mixer.Sound(buffer=raw[name])
                sound.set_volume(self.volume)
                self.sounds[name] = sound
            self._check = pygame.mixer.Sound(buffer=raw[CHECK])  # made once, played apart
            pygame.mixer.set_num_channels(16)
            self.available = True
        except Exception as exc:  # a device that went away: silence, not a crash
            log.warning("no sound (playing on silently): %s", exc)
            self.sounds.clear()
            self._check = None

    def set_volume(self, volume: float) -> None:
        """Every effect at ``volume`` (0..1) from now on, the loaded ones included."""
        level = _level(volume)
        if level == self.volume:
            return
        self.volume = level
        for name, sound in list(self.sounds.items()):
            try:
                sound.set_volume(level)  # type: ignore[attr-defined]
            except Exception as exc:  # a mixer that went away: stay silent
                log.info("sound %s: volume not set: %s", name, exc)
                self.sounds.clear()
                self._check = None
                return

    def set_levels(self, levels: SoundLevels) -> None:
        """The published levels (the window calls this each frame; unchanged is a no-op):
        the level for the screen up now, and the operator's test sound once per new check
        (one already there the first time is old news, not played)."""
        before = self.levels
        if levels == before:
            return
        self.levels = levels
        self.set_volume(levels.now)
        check = levels.check
        if check is None or before is None or check == before.check:
            return
        log.info("volume check at %d%%", round(_level(check.level) * 100))
        self._play_check(check.level)

    def _play_check(self, level: float) -> None:
        self.prepare()
        sound = self._check
        if sound is None or _level(level) == 0:
            return
        try:
            sound.set_volume(_level(level))  # type: ignore[attr-defined]
            sound.play()  # type: ignore[attr-defined]
        except Exception as exc:  # a device that went away: stay silent
            log.info("volume check failed: %s", exc)
            self._check = None

    def play(self, name: str) -> None:
        if self.volume == 0:
            return  # a silent level (an attract volume of 0): no channel taken
        self.prepare()
        sound = self.sounds.get(name)
        if sound is not None:
            try:
                sound.play()  # type: ignore[attr-defined]
            except Exception as exc:  # a device that went away: stay silent
                log.info("sound %s failed: %s", name, exc)
                self.sounds.clear()

    def play_events(self, events: Iterable[Event]) -> list[str]:
        """Sound each event that has an effect (one of each kind per call)."""
        played: list[str] = []
        for ev in events:
            name = effect_for(ev)
            if name is not None and name not in played:
                played.append(name)
                self.play(name)
        return played


def _level(volume: float) -> float:
    return max(0.0, min(1.0, volume))


def _resample(samples: array[int], rate: int) -> array[int]:
    ratio = RATE / rate
    n = int(len(samples) / ratio)
    return array("h", (samples[min(len(samples) - 1, int(i * ratio))] for i in range(n)))


__all__ = ["CHECK", "EFFECTS", "SoundBoard", "effect_for", "synthesise"]
