"""The volume path end to end through the real window (cabinet/adapters/screen/window.py) on SDL's
dummy drivers: a cabinet built as the kiosk builds it (``build_cabinet`` with the flow, an
installed config file and a state directory), the operator's presses as real edges on
the loop's inbox from another thread in real time, and a real ``SoundBoard`` whose
``pygame.mixer.Sound`` volumes change as the service menu's rows do, without a restart."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from cabinet.adapters.screen.frame_loop import run_window
from cabinet.app import build_cabinet
from cabinet.config import Control, load_config
from cabinet.inputs import ButtonEdge, Inbox, ServiceEdge, ServiceSource
from cabinet.kiosk.settings import load_settings
from cabinet.modes.flow import FlowPhase
from cabinet.modes.service import ITEMS, Page
from cabinet.seating import RunMode
from display.sound import EFFECTS, SoundBoard
from tests.cabinet.modes.service_rigs import BASE_TOML

pytestmark = [
    pytest.mark.filterwarnings("ignore:no fast renderer available"),
    pytest.mark.usefixtures("dummy_sdl"),
]

DEADLINE_S = 30.0
"""The bound on the window's run (a healthy one ends in a few seconds)."""


class Checked(SoundBoard):
    """A real board that also keeps the levels of the check sounds it played."""

    def __init__(self, volume: float) -> None:
        super().__init__(volume)
        self.checks: list[float] = []

    def _play_check(self, level: float) -> None:
        self.checks.append(level)
        super()._play_check(level)


def playing_at(board: SoundBoard, level: float) -> bool:
    """Every effect's real mixer volume is ``level`` (the mixer keeps 1/128 steps)."""
    got = [s.get_volume() for s in board.sounds.values()]  # type: ignore[attr-defined]
    return len(got) == len(EFFECTS) and all(abs(v - level) <= 1 / 128 for v in got)


def test_the_operators_volume_is_heard_at_once_through_the_window(
    tmp_path: Path, mock_factory: Any
) -> None:
    installed = tmp_path / "config.toml"
    installed.write_text(BASE_TOML + "\n[display]\nvolume = 70\nattract_volume = 30\n")
    state = tmp_path / "state"
    state.mkdir()
    cab = build_cabinet(
        load_config(installed),
        mock=True,
        mode=RunMode(kiosk=True, window=True, keys=True),
        factory=mock_factory,
        state_dir=state,
        out=io.StringIO(),
    )
    assert cab.flow is not None
    assert cab.window is not None
    director = cab.flow.menu
    inbox: Inbox = cab.loop.inbox
    board = Checked(0.7)
    assert board.available
    steps: list[str] = []
    failed: list[BaseException] = []

    def until(done: Any, what: str) -> None:
        end = time.monotonic() + DEADLINE_S / 2
        while not done():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(0.01)
        steps.append(what)

    def press(seat: int, control: Control) -> None:
        inbox.put(ButtonEdge(time.monotonic(), seat, control, True))
        time.sleep(0.03)
        inbox.put(ButtonEdge(time.monotonic(), seat, control, False))
        time.sleep(0.03)

    def service_button() -> None:
        inbox.put(ServiceEdge(time.monotonic(), ServiceSource.PIN, True))
        time.sleep(0.05)
        inbox.put(ServiceEdge(time.monotonic(), ServiceSource.PIN, False))
        time.sleep(0.05)

    def operator() -> None:
        try:
            until(lambda: board.levels is not None, "the first levels")
            assert playing_at(board, 0.3)  # the attract demo, at the attract volume
            service_button()
            until(lambda: director.menu.open, "the menu")
            for _ in range(ITEMS.index(Page.SETTINGS)):
                press(0, Control.RIGHT)
            press(0, Control.SLAM)
            until(lambda: director.menu.page is Page.SETTINGS, "the settings page")
            keys = [r.key for r in director.menu.rows]
            for _ in range(keys.index("display.attract_volume")):
                press(0, Control.RIGHT)
            press(0, Control.SLOT2)  # attract 30 -> 40: heard now, with a check
            until(lambda: playing_at(board, 0.4), "the attract volume at 40")
            press(0, Control.LEFT)
            press(0, Control.SLOT2)  # game 70 -> 80
            press(0, Control.SLAM)  # saved
            until(lambda: (state / "settings.toml").exists(), "the saved settings")
            service_button()
            until(lambda: not director.menu.open, "the menu closed")
            press(0, Control.SLAM)  # a player joins: the game volume from now on
            until(lambda: director.below.flow.phase is FlowPhase.JOIN, "the join screen")
            until(lambda: playing_at(board, 0.8), "the game volume at 80")
        except BaseException as exc:
            failed.append(exc)
        finally:
            cab.loop.stop()

    feeder = threading.Thread(target=operator, name="operator", daemon=True)
    feeder.start()
    try:
        run_window(
            cab.loop,
            cab.window.feed,
            cab.window.keys,
            until=time.monotonic() + DEADLINE_S,
            sound=board,
        )
    finally:
        feeder.join(DEADLINE_S)
        cab.close()
    if failed:
        raise AssertionError(f"after {steps}: {failed[0]}") from failed[0]
    assert [round(c, 2) for c in board.checks] == [0.4, 0.8]
    assert load_settings(state / "settings.toml") == {
        "display": {"volume": 80, "attract_volume": 40}
    }
    assert board.levels is not None
    assert (board.levels.game, board.levels.attract) == (0.8, 0.4)
