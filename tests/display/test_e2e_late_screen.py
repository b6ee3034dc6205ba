"""End to end: the kiosk started before its screen (issue 18 item 1, deploy/README.md "When
the screen is missing, late or unplugged").

The real ``speed-cabinet run --config`` kiosk (mock pins) starts with ``DISPLAY`` naming an
X server that is not there yet: SDL's x11 driver really fails, so the kiosk plays on its
panels and writes the screen's lines to the journal. Then a real X server (Xvfb) comes up
on that display, as a TV switched on late would: the kiosk's next try opens the window
without a restart, the same game goes on, and the screenshot shows the table's felt.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "import")
FELT = (12, 66, 40)

missing = [t for t in TOOLS if shutil.which(t) is None]
pytestmark = pytest.mark.skipif(
    bool(missing),
    reason=f"Xvfb is missing: the late-screen test needs {', '.join(missing)} "
    "(apt-get install xvfb imagemagick; .ci/run does this)",
)

STARTUP_S = 120
"""A fresh checkout compiles every module first, on a machine the other tests share."""


def _free_display() -> int:
    """A display number no X server holds (no socket, no lock file)."""
    for n in range(170 + os.getpid() % 50, 400):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise AssertionError("no free X display number")


def _wait_for(out: Path, app: subprocess.Popen[bytes], line: str, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while line not in (text := out.read_text()):
        assert app.poll() is None, text
        assert time.monotonic() < deadline, f"no {line!r} after {seconds} s:\n{text}"
        time.sleep(0.1)
    return text


def test_a_kiosk_started_before_its_screen_opens_it_when_it_comes(tmp_path: Path) -> None:
    number = _free_display()
    runtime = tmp_path / "xdg-runtime"
    runtime.mkdir(mode=0o700)
    env = {
        **os.environ,
        "DISPLAY": f":{number}",
        "XDG_RUNTIME_DIR": str(runtime),
        "SDL_VIDEODRIVER": "x11",
        "SDL_AUDIODRIVER": "dummy",
    }
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("NOTIFY_SOCKET", None)
    out = tmp_path / "out.txt"
    xvfb = None
    with open(out, "w") as fh:
        app = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cabinet.cli",
                "run",
                "--config",
                str(ROOT / "deploy" / "config.example.toml"),
                "--mock",
                "--state-dir",
                str(tmp_path / "state"),
                "--seed",
                "7",
                "--seconds",
                "180",
            ],
            cwd=ROOT,
            env=env,
            stdout=fh,
            stderr=subprocess.STDOUT,
        )
    try:
        text = _wait_for(out, app, "no screen", STARTUP_S)
        assert "screen opened" not in text
        _wait_for(out, app, "speed-cabinet: screen: attract", 30)  # the journal's lines
        xvfb = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        text = _wait_for(out, app, "first frame", 60)
        assert "screen opened (1280x720)" in text
        time.sleep(1.0)  # a few frames
        shot = tmp_path / "late.png"
        subprocess.run(
            ["import", "-display", f":{number}", "-window", "root", str(shot)],
            env=env,
            check=True,
            timeout=20,
        )
        import pygame

        image = pygame.image.load(str(shot))
        colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 16) for y in (8, 712)}
        assert FELT in colours, "the late screen shows the table's felt"
        assert app.poll() is None, "the kiosk runs on after its screen came"
    finally:
        app.terminate()
        app.wait(20)
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(20)
    text = out.read_text()
    assert "Traceback" not in text, text
    assert text.count("screen opened") == 1
