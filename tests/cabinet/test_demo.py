"""``speed-cabinet demo`` plays the headless cabinet (bots in every seat, no window) and
prints the game as it goes; the scenario command reads stdin and fails in one line. Real
subprocesses, each with a timeout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _demo(*args: str) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "NOTIFY_SOCKET", "STATE_DIRECTORY")
    }
    return subprocess.run(
        [sys.executable, "-m", "cabinet.cli", "demo", *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_demo_prints_the_game_as_it_plays_and_stops_after_its_seconds() -> None:
    # Speed, seed 8, three bots: plays from the first second. Two seconds of it: the game
    # to its end (about 8 s of real play) is test_headless_demo.py's, the same headless
    # run through ``run --headless``.
    done = _demo("--seed", "8", "--players", "3", "--seconds", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0] == (
        "speed-cabinet: no display (--headless), so this is a headless bot demo: 3 bots "
        "playing Speed on the cabinet loop (mock GPIO, seed 8)"
    )
    assert lines[1].startswith("         start  speed")
    assert any(" played " in line for line in lines)  # the cabinet's text view
    assert lines[-2].startswith("         end    speed")
    assert lines[-1].startswith("speed-cabinet: stopped before the end after ")


def test_scenario_command_reads_stdin() -> None:
    text = '{"rules": {"game": "speed", "players": 2}, "seed": 4, "until": 10}'
    done = subprocess.run(
        [sys.executable, "-m", "cabinet.cli", "scenario", "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert '"cards_total": 52' in done.stdout


def test_scenario_command_missing_file_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cabinet.cli", "scenario", "/nonexistent.json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
