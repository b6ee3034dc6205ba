"""The service menu's shared rigs (for tests/cabinet/modes/test_service_director.py,
test_volume.py and tests/cabinet/adapters/screen/test_volume_window.py): a base config
file, the service button, and the way to a page."""

from __future__ import annotations

from cabinet.config import Control
from cabinet.inputs import ServiceEdge, ServiceSource
from cabinet.loop import CabinetLoop
from cabinet.modes.service import Page
from cabinet.modes.service.director import ServiceDirector
from tests.cabinet.rigs import FakeClock, press

SLAM = Control.SLAM
BASE_TOML = """
[cabinet]
pin_factory = "mock"

[[seat]]
controls = "keyboard"
keys = 1

[[seat]]
controls = "keyboard"
keys = 2
"""


def pin(loop: CabinetLoop, clock: FakeClock) -> None:
    """The service button: a press, some bounce, a release."""
    clock.t += 0.05
    loop.process(
        [
            ServiceEdge(clock.t, ServiceSource.PIN, True),
            ServiceEdge(clock.t + 0.001, ServiceSource.PIN, False),
            ServiceEdge(clock.t + 0.002, ServiceSource.PIN, True),
        ]
    )
    clock.t += 0.1
    loop.process([ServiceEdge(clock.t, ServiceSource.PIN, False)])
    clock.t += 0.05
    loop.catch_up(clock.t)


def goto(loop: CabinetLoop, clock: FakeClock, director: ServiceDirector, page: Page) -> None:
    from cabinet.modes.service import ITEMS

    while ITEMS[director.menu.cursor] is not page:
        press(loop, clock, 0, Control.RIGHT)
    press(loop, clock, 0, SLAM)
