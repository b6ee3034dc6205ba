"""``speed-cabinet run --headless`` as a user runs it (issue 13, item 4): the bot demo
plays one game, prints the result and exits 0; Esc on its terminal stops it early. Real
subprocesses, each with a timeout: a hang fails the test instead of stalling the suite."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# California, seed 3, impossible bots: a short game (about 8 s of play).
DEMO = ["run", "--headless", "--seed", "3", "--game", "california", "--difficulty", "impossible"]


def _env() -> dict[str, str]:
    return {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "NOTIFY_SOCKET", "STATE_DIRECTORY")
    }


def test_the_headless_demo_plays_one_game_and_exits() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cabinet.cli", *DEMO],
        cwd=ROOT,
        env=_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        # Only a bound against a hang: the bots play on the wall clock, so a machine whose
        # cores are both busy plays a different, sometimes much longer, game (about 8 s
        # quiet; one passed 60 s in a fresh clone beside two CPU hogs).
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert any(" covered " in line for line in lines)  # the cabinet's text view
    assert lines[-2].startswith("         end    california")
    last = lines[-1]
    assert last.startswith("speed-cabinet: P"), last
    assert " wins after " in last, last


def test_esc_on_the_terminal_stops_the_headless_demo() -> None:
    master, slave = os.openpty()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "cabinet.cli", *DEMO],
            cwd=ROOT,
            env=_env(),
            stdin=slave,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            assert child.stdout is not None
            for line in child.stdout:  # dealt and playing: the first move is printed
                if " covered " in line:
                    break
            t0 = time.monotonic()
            os.write(master, b"\x1b")
            out, _ = child.communicate(timeout=20)
            # A bound against a hang, generous for a busy machine: that Esc cut the game
            # short (about 7 s of play were left) is the output's "stopped before the end".
            assert time.monotonic() - t0 < 15
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    finally:
        os.close(master)
        os.close(slave)
    assert child.returncode == 0, out
    assert "stopped before the end" in out
