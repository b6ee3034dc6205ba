"""The headless demo plays a whole game and prints it as it goes."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from cabinet.tools.demo import run_demo

ROOT = Path(__file__).resolve().parents[2]


def test_demo_plays_a_game_to_its_end() -> None:
    out = io.StringIO()
    assert run_demo(seed=3, pace=0, out=out) == 0
    lines = out.getvalue().splitlines()
    assert "no cabinet yet" in lines[0]
    assert any(" played " in line for line in lines)
    assert lines[-1].startswith("speed-cabinet demo: P")
    assert "wins" in lines[-1]


def test_demo_is_the_same_game_for_the_same_seed() -> None:
    a, b = io.StringIO(), io.StringIO()
    run_demo(seed=8, pace=0, players=3, out=a)
    run_demo(seed=8, pace=0, players=3, out=b)
    assert a.getvalue() == b.getvalue()


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
