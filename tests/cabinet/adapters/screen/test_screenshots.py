"""F12's screenshots (cabinet/adapters/screen/window.py, issue 26 item 13): numbered, the
newest few kept so that a kiosk's F12 cannot fill its RAM under /run, and by default in a
``screenshots/`` folder that git ignores, not the checkout's root."""

from __future__ import annotations

import logging
import subprocess
from pathlib import Path

import pygame
import pytest

from cabinet.adapters.screen.window import (
    SCREENSHOT,
    SCREENSHOTS_KEPT,
    save_screenshot,
    screenshot_path,
)

ROOT = Path(__file__).resolve().parents[4]


def _surface() -> pygame.Surface:
    surface = pygame.Surface((32, 18))
    surface.fill((200, 30, 30))
    return surface


def test_f12_numbers_its_screenshots_and_logs_where(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    surface = _surface()
    base = tmp_path / "shot.png"
    with caplog.at_level(logging.INFO, logger="speed_cabinet.screen"):
        first = save_screenshot(surface, base)
        second = save_screenshot(surface, base)
    assert first == tmp_path / "shot-1.png"
    assert second == tmp_path / "shot-2.png"
    assert first.is_file()  # the first shot is kept
    assert second.is_file()
    assert pygame.image.load(str(second)).get_at((3, 3))[:3] == (200, 30, 30)
    logged = [r.getMessage() for r in caplog.records]
    kept = f"(the newest {SCREENSHOTS_KEPT} are kept)"
    assert logged == [f"screenshot saved to {first} {kept}", f"screenshot saved to {second} {kept}"]
    with caplog.at_level(logging.INFO, logger="speed_cabinet.screen"):
        assert save_screenshot(surface, tmp_path / "no-such-file" / "shot.png") is not None
        (tmp_path / "a-file").write_text("")
        assert save_screenshot(surface, tmp_path / "a-file" / "shot.png") is None
    assert "not saved" in caplog.records[-1].getMessage()


def test_f12_pressed_again_and_again_keeps_only_the_newest_few(tmp_path: Path) -> None:
    surface = _surface()
    base = tmp_path / "shot.png"
    (tmp_path / "shot-notes.png").write_text("not a shot of ours")
    saved = [save_screenshot(surface, base) for _ in range(SCREENSHOTS_KEPT + 7)]
    numbers = range(8, SCREENSHOTS_KEPT + 8)
    assert sorted(p.name for p in tmp_path.glob("shot-*.png")) == sorted(
        [f"shot-{n}.png" for n in numbers] + ["shot-notes.png"]
    )
    assert saved[-1] == tmp_path / f"shot-{SCREENSHOTS_KEPT + 7}.png"
    assert screenshot_path(base) == tmp_path / f"shot-{SCREENSHOTS_KEPT + 8}.png"  # no reuse


def test_the_default_goes_into_a_folder_git_ignores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPEED_CABINET_SCREENSHOT", raising=False)
    monkeypatch.chdir(tmp_path)
    shot = save_screenshot(_surface())
    assert shot == Path(SCREENSHOT).with_name("speed-cabinet-1.png")
    assert shot.parent.name == "screenshots"  # not the working directory itself
    ignored = subprocess.run(["git", "check-ignore", "-q", str(ROOT / shot)], cwd=ROOT, check=False)
    assert ignored.returncode == 0, f"{shot} in the checkout is not ignored by git"
