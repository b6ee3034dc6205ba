"""The screen's shared rigs (for tests/cabinet/adapters/screen/test_screen_hotplug.py and
test_drm_connectors.py): screens that come and go (on SDL's dummy driver, or with no SDL
at all), a publish recorder, the kiosk as ``run --config`` composes it, and its LEDs."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from cabinet.adapters.screen.driver import NoScreen, PygameScreen, ScreenLost
from cabinet.adapters.screen.watch import ScreenRetry
from cabinet.app import Cabinet, build_cabinet
from cabinet.config import CabinetConfig, load_config
from cabinet.loop import Published
from cabinet.seating import RunMode

BASE = Path(__file__).resolve().parents[4] / "deploy" / "config.example.toml"


RETRY = ScreenRetry(every_s=0.05)


DEADLINE_S = 20.0


def wait_for(check: Callable[[], bool], what: str, seconds: float = DEADLINE_S) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


class FlakyScreen:
    """A display there only while ``present`` is set: an open fails without it, and an
    open screen's next flip fails once it is cleared (a display gone mid-game). The screen
    itself is real (``PygameScreen`` on SDL's dummy driver), and so is the drawing."""

    def __init__(self) -> None:
        self.real = PygameScreen()
        self.present = threading.Event()
        self.opens = 0
        self.failed_opens = 0
        self.closes = 0
        self.flips: list[float] = []
        self.video_after_failed_open: list[bool] = []

    def open(self, size: tuple[int, int] | None, fullscreen: bool) -> pygame.Surface:
        self.opens += 1
        if not self.present.is_set():
            self.failed_opens += 1
            self.video_after_failed_open.append(pygame.display.get_init())
            raise NoScreen("No connected displays found.")
        return self.real.open(size, fullscreen)

    def surface(self) -> pygame.Surface:
        return self.real.surface()

    def flip(self) -> None:
        if not self.present.is_set():
            raise ScreenLost("the display went away")
        self.real.flip()
        self.flips.append(time.monotonic())

    def events(self) -> list[pygame.event.Event]:
        return self.real.events()

    def close(self) -> None:
        self.closes += 1
        self.real.close()


@dataclass(frozen=True)
class Seen:
    """One publish, as the test saw it: when, the game's deal and its clock."""

    t: float
    seed: int
    now: int


class Recorder:
    """A loop observer keeping what each publish said of the game."""

    def __init__(self) -> None:
        self.seen: list[Seen] = []
        self.lock = threading.Lock()

    def __call__(self, pub: Published) -> None:
        with self.lock:
            self.seen.append(Seen(time.monotonic(), pub.state.seed, pub.state.now))

    def since(self, t: float) -> list[Seen]:
        with self.lock:
            return [s for s in self.seen if s.t >= t]

    def last(self) -> Seen:
        with self.lock:
            return self.seen[-1]


def kiosk_config() -> CabinetConfig:
    return replace(load_config(BASE), seed=5)


def led_pins(config: CabinetConfig) -> list[int]:
    return [p for seat in config.seats for p in seat.leds.values()]


def led_changes(factory: Any, pins: list[int]) -> int:
    """LED changes on the mock pins so far (each pin keeps every state it went through)."""
    return sum(len(factory.pin(p).states) for p in pins)


def kiosk(factory: Any, tmp_path: Path, out: io.StringIO, recorder: Recorder) -> Cabinet:
    """The kiosk as ``run --config`` composes it: panels, flow, service menu, window side."""
    return build_cabinet(
        kiosk_config(),
        mode=RunMode(kiosk=True, window=True),
        factory=factory,
        out=out,
        observers=[recorder],
        state_dir=tmp_path,
    )


class StepClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class PaperScreen:
    """A driver with no SDL at all (the watch only opens and closes): a plain surface."""

    def __init__(self) -> None:
        self.present = False
        self.opens = 0
        self.open_now = False

    def open(self, size: tuple[int, int] | None, fullscreen: bool) -> pygame.Surface:
        self.opens += 1
        if not self.present:
            raise NoScreen("No connected displays found.")
        self.open_now = True
        return pygame.Surface(size or (64, 48))

    def surface(self) -> pygame.Surface:
        raise AssertionError("not used by the watch")

    def flip(self) -> None:
        raise AssertionError("not used by the watch")

    def events(self) -> list[pygame.event.Event]:
        raise AssertionError("not used by the watch")

    def close(self) -> None:
        self.open_now = False


class ScreenLinesStub:
    """The journal's screen lines, as the watch switches them."""

    active = True
