"""What the kiosk says at start-up about Esc (issue 26 item 13): in the kiosk a keyboard's
Esc does nothing, so it says only that, even with keyboard seats whose key lines used to
end in "Esc or Ctrl-C quits."; laptop mode keeps "Esc quits"."""

from __future__ import annotations

import io
import os
import pty
import sys
from pathlib import Path
from typing import Any

import pytest

from cabinet.config import load_config
from cabinet.run import run_cabinet
from cabinet.seating import RunMode
from tests.cabinet.modes.service_rigs import BASE_TOML

pytestmark = [
    pytest.mark.filterwarnings("ignore:no fast renderer available"),
    pytest.mark.usefixtures("dummy_sdl"),
]


def _said(tmp_path: Path, mock_factory: Any, mode: RunMode) -> str:
    installed = tmp_path / "config.toml"
    installed.write_text(BASE_TOML)  # two keyboard seats, as a kiosk may have
    state = tmp_path / "state"
    state.mkdir()
    out = io.StringIO()
    code = run_cabinet(
        load_config(installed),
        mode=mode,
        mock=True,
        seconds=0.3,
        factory=mock_factory,
        out=out,
        state_dir=state,
    )
    assert code == 0, out.getvalue()
    return out.getvalue()


def test_the_kiosks_screen_says_only_that_esc_does_nothing(
    tmp_path: Path, mock_factory: Any
) -> None:
    said = _said(tmp_path, mock_factory, RunMode(kiosk=True, window=True, keys=True))
    assert "P1 keys: slots 1 2 3 4 5" in said  # the keyboard seats' keys are still named
    assert "quits" not in said.lower()
    assert "(a keyboard's Esc does nothing)" in said


def test_the_headless_kiosk_on_a_terminal_says_its_esc_quits(
    tmp_path: Path, mock_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--headless`` with keyboard seats reads them from the terminal, where Esc does
    stop the run (cabinet/adapters/keyboard.py): that line is true there."""
    master, slave = pty.openpty()
    with os.fdopen(master, "rb", buffering=0), os.fdopen(slave, "r") as terminal:
        monkeypatch.setattr(sys, "stdin", terminal)
        said = _said(tmp_path, mock_factory, RunMode(kiosk=True, window=False, keys=True))
    assert "  Esc or Ctrl-C quits." in said
    assert "does nothing" not in said


def test_laptop_mode_still_says_esc_quits(tmp_path: Path, mock_factory: Any) -> None:
    said = _said(tmp_path, mock_factory, RunMode(window=True, keys=True))
    assert "  Esc or Ctrl-C quits." in said
    assert "(Esc quits)" in said
    assert "does nothing" not in said
