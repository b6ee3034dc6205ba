"""End to end: the real ``speed-cabinet`` in a real X window (Xvfb), played with xdotool.

Two keyboard seats: the window opens in attract mode (a bot demo); both seats join and
ready with SLAM, the 3-2-1 countdown deals the match's first game. The test plans the keys
from that deal with the engine (plays until a stall), sends them to the window, slams for
the flip, takes screenshots and checks that the table moved and that the game logged the
plays and the flip.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cabinet.config import laptop_config
from cabinet.controls.base import Drawn
from cabinet.controls.registry import make_controller
from cabinet.modes.flow import seed_of
from engine.commands import Play
from engine.games import speed
from engine.match import SINGLE, Match
from engine.rules import Game

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import")
SLOT_KEYS = ("12345", "67890")
LEFT_RIGHT = (("q", "w"), ("i", "o"))
SLAM = ("e", "p")

missing = [t for t in TOOLS if shutil.which(t) is None]
pytestmark = pytest.mark.skipif(
    bool(missing),
    reason=f"Xvfb is missing: the end-to-end window test needs {', '.join(missing)} "
    "(apt-get install xvfb xdotool imagemagick; .ci/run does this)",
)


def plan(max_plays: int = 8) -> tuple[int, list[str], int]:
    """A ``--seed`` whose first match game (the flow's deal 1: deal 0 is the attract demo)
    reaches a stall within ``max_plays`` legal plays; the keys that play them; and how many
    plays that is."""
    for seed in range(1, 400):
        config = laptop_config(2, 2, "medium", seed)
        deal = Match(SINGLE, 2, seed_of(seed, 1)).deal_seed()
        state, _ = speed.new_game(config.rules, random.Random(deal), deal)
        keys: list[str] = []
        t = 0
        for n in range(max_plays + 1):
            if state.phase.is_stall:
                if n >= 1:
                    return seed, keys, n
                break
            moves = [(0, c, pile) for c, pile in speed.legal_plays(state, 0)] + [
                (1, c, pile) for c, pile in speed.legal_plays(state, 1)
            ]
            if not moves:
                break
            p, card, pile = moves[0]
            slot = state.players[p].hand.index(card)
            # The seat's own controls say which button aims there (P2 sits upright at the
            # top of a laptop's window: its LEFT is the pile on the screen's left).
            seat = config.seats[p]
            aim = make_controller(
                Game.SPEED, p, seat.left_handed, drawn=Drawn.of(seat.upright, seat.position)
            )
            left, _ = aim.piles(state)
            keys += [SLOT_KEYS[p][slot], LEFT_RIGHT[p][0 if pile == left else 1]]
            t += 10
            state, _ = speed.step(state, Play(t, p, card.code, pile))
            if state.is_over:
                break
    raise AssertionError("no seed stalls within a few plays")


def _screenshot(env: dict[str, str], path: Path) -> bytes:
    subprocess.run(["import", "-window", "root", str(path)], env=env, check=True, timeout=20)
    return path.read_bytes()


STARTUP_S = 120
"""How long the app may take to draw its first frame: a fresh checkout compiles every
module and builds the font cache first, on a machine the other tests share."""


def _wait_for_x(env: dict[str, str], xvfb: subprocess.Popen[bytes]) -> None:
    """Until the X server answers a client (xdpyinfo where it is installed, else xdotool):
    a window started before that would find no display."""
    probe = ["xdpyinfo"] if shutil.which("xdpyinfo") else ["xdotool", "getmouselocation"]
    deadline = time.monotonic() + 30
    while subprocess.run(probe, env=env, capture_output=True, timeout=10).returncode != 0:
        assert xvfb.poll() is None, f"Xvfb exited with {xvfb.returncode}"
        assert time.monotonic() < deadline, "Xvfb did not accept a client within 30 s"
        time.sleep(0.05)


def _wait_for_line(app: subprocess.Popen[bytes], out: Path, line: str, seconds: float) -> None:
    """Until the app's output has ``line``; the app's output if it died or took too long."""
    deadline = time.monotonic() + seconds
    while line not in out.read_text():
        assert app.poll() is None, out.read_text()
        assert time.monotonic() < deadline, f"no {line!r} after {seconds} s:\n{out.read_text()}"
        time.sleep(0.1)


def _find_window(env: dict[str, str], app: subprocess.Popen[bytes], out: Path) -> str:
    """The app's window id, once it is mapped (search again until it shows: a search can
    fail while windows come and go); the app's own output if it died first. Called once
    the app has drawn its first frame, so the window exists."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        assert app.poll() is None, out.read_text()
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", "speed-cabinet-e2e"],
            env=env,
            capture_output=True,
            text=True,
            timeout=10,
        )
        if found.stdout.split():
            return found.stdout.split()[0]
        time.sleep(0.1)
    raise AssertionError(f"no window after 20 s:\n{out.read_text()}")


def _laid_out_for(shot: Path, size: tuple[int, int]) -> None:
    """The window's screenshot is ``size`` and the table fills it: felt in every corner
    band and P1's card faces along its bottom edge (none cut off below it)."""
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == size
    w, h = size
    bottom = {tuple(image.get_at((x, h - h // 8)))[:3] for x in range(0, w, 4)}
    assert (252, 250, 244) in bottom, "no card face along the bottom: not laid out again"
    felt = (12, 66, 40)
    for x, y in ((4, 4), (w - 5, 4), (4, h - 5), (w - 5, h - 5)):
        assert tuple(image.get_at((x, y)))[:3] == felt, (x, y)


def test_window_plays_a_card_and_a_stall_flip(tmp_path: Path) -> None:
    seed, keys, plays = plan()
    # -displayfd: Xvfb picks a free display and writes its number, so parallel runs (or a
    # leftover server) never collide on a fixed one.
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as numbers:
        number = numbers.readline().strip()
    assert number.isdigit(), f"Xvfb gave no display number (exit {xvfb.poll()})"
    # A private runtime dir: SDL (and what it loads) looks there, and a fresh machine or a
    # CI shell may have none set (the one failure seen had XDG_RUNTIME_DIR unset).
    runtime = tmp_path / "xdg-runtime"
    runtime.mkdir(mode=0o700)
    # SDL names the window's X class after this, so xdotool can find it without a WM.
    env = {
        **os.environ,
        "DISPLAY": f":{number}",
        "XDG_RUNTIME_DIR": str(runtime),
        "SDL_AUDIODRIVER": "dummy",
        "SDL_VIDEO_X11_WMCLASS": "speed-cabinet-e2e",
    }
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    app = None
    try:
        _wait_for_x(env, xvfb)
        out = tmp_path / "out.txt"
        with open(out, "w") as fh:
            app = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "cabinet.cli",
                    "run",
                    "--humans",
                    "2",
                    "--seed",
                    str(seed),
                    "--seconds",
                    "180",
                ],
                cwd=ROOT,
                env=env,
                stdout=fh,
                stderr=subprocess.STDOUT,
            )
            _wait_for_line(app, out, "first frame", STARTUP_S)
            window = _find_window(env, app, out)
            subprocess.run(
                ["xdotool", "windowfocus", "--sync", window], env=env, check=True, timeout=10
            )
            # No window manager: keys go where the pointer is, too.
            subprocess.run(["xdotool", "mousemove", "640", "400"], env=env, check=True, timeout=10)
            time.sleep(0.5)  # the first frame
            attract = _screenshot(env, tmp_path / "attract.png")
            # Join (SLAM each), then ready (SLAM again): the countdown, then the deal.
            subprocess.run(
                ["xdotool", "key", "--delay", "80", *SLAM, *SLAM], env=env, check=True, timeout=10
            )
            time.sleep(0.5)
            countdown = _screenshot(env, tmp_path / "countdown.png")
            _wait_for_line(app, out, "deal seed", 10)
            time.sleep(0.3)
            before = _screenshot(env, tmp_path / "before.png")
            subprocess.run(
                ["xdotool", "key", "--delay", "60", *keys], env=env, check=True, timeout=30
            )
            time.sleep(0.3)
            subprocess.run(
                ["xdotool", "key", "--delay", "60", *SLAM], env=env, check=True, timeout=10
            )
            time.sleep(0.6)
            after = _screenshot(env, tmp_path / "after.png")
            # Resized, the window lays the table out again for the size it has.
            subprocess.run(
                ["xdotool", "windowsize", window, "960", "600"], env=env, check=True, timeout=10
            )
            _wait_for_line(app, out, "window resized to 960x600", 10)
            time.sleep(0.5)
            resized = tmp_path / "resized.png"
            subprocess.run(
                ["import", "-window", window, str(resized)], env=env, check=True, timeout=20
            )
            subprocess.run(["xdotool", "key", "Escape"], env=env, check=True, timeout=10)
            app.wait(timeout=15)
        text = out.read_text()
        assert "a window" in text, text
        assert "attract mode" in text, text
        deal = Match(SINGLE, 2, seed_of(seed, 1)).deal_seed()
        assert f"game 1 of the match (single), deal seed {deal}" in text, text
        game = text.split("deal seed", 1)[1]
        assert game.count(" played ") >= plays, text
        assert "stalled" in game, text
        assert "flipped" in game, text
        assert attract != countdown != before != after
        _laid_out_for(resized, (960, 600))
        assert app.returncode == 0, text
    finally:
        if app is not None and app.poll() is None:
            app.kill()
            app.wait(timeout=5)
        xvfb.terminate()
        xvfb.wait(timeout=5)
