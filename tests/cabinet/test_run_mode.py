"""The run mode (cabinet/seating.py ``RunMode``): the four ways the cabinet runs, and what
each one asks of the composition (docs/architecture.md, "The run mode")."""

from __future__ import annotations

import pytest

from cabinet.seating import DEMO, RunMode


@pytest.mark.parametrize(
    ("mode", "flow", "joins", "terminal_keys"),
    [
        (DEMO, False, False, False),  # laptop, no window: one game, bots
        (RunMode(keys=True), False, False, True),  # --humans on the terminal
        (RunMode(window=True, keys=True), True, True, False),  # laptop's window
        (RunMode(kiosk=True, window=True), True, False, False),  # the kiosk's screen
        (RunMode(kiosk=True, keys=True), True, False, True),  # the kiosk, --headless
    ],
)
def test_each_run_mode_says_what_runs(
    mode: RunMode, flow: bool, joins: bool, terminal_keys: bool
) -> None:
    assert (mode.flow, mode.joins, mode.terminal_keys) == (flow, joins, terminal_keys)
    assert mode.laptop is not mode.kiosk


def test_the_run_mode_is_one_frozen_value() -> None:
    with pytest.raises(AttributeError):
        DEMO.window = True  # type: ignore[misc]
    assert RunMode() == DEMO
