"""Start-up imports only what the first frame needs (issue 18 item 5): the real command,
laptop mode and the kiosk (the example config, pins mocked), run to its first frame on
SDL's dummy drivers, has imported none of the modules only other subcommands or later
moments use. A later change that puts one back on the start-up path fails here, naming it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.cli import COMMANDS, build_parser
from cabinet.tools.bench.startup import kiosk_config

ROOT = Path(__file__).resolve().parents[2]

NOT_AT_START = (
    "cabinet.tools.scenario",  # the scenario command
    "cabinet.tools.sim",  # the sim command
    "cabinet.tools.bench",  # the bench
    "cabinet.kiosk.records_cli",  # the records command
    "cabinet.adapters.safe_state",  # the leds-off stop hook (its own process)
    "firmware_bridge.sim",  # the panel simulator
    "firmware_bridge.firmware",  # the simulator's panel firmware
    "pty",  # the simulator's pseudo-terminal
    "hypothesis",  # tests only
    "pytest",
    "unittest",
    "doctest",
    "pydoc",
)
"""Modules (and their submodules) the start-up must not import."""

NEEDED = ("display.renderer", "display.attract", "cabinet.adapters.screen.window", "engine.game")
"""What the first frame does import: proof the list was taken at the right moment."""

TAP = """
import io, json, sys
path = sys.argv[1]
real = sys.stdout

class Tap(io.TextIOBase):
    # stdout, listing sys.modules when the window says it drew its first frame
    done = False

    def write(self, text):
        if not Tap.done and "first frame" in text:
            Tap.done = True
            with open(path, "w") as out:
                json.dump(sorted(sys.modules), out)
        return real.write(text)

    def flush(self):
        real.flush()

sys.stdout = Tap()  # before cabinet.run binds sys.stdout as its default
import cabinet.cli
sys.exit(cabinet.cli.main(sys.argv[2:]))
"""


def _modules_at_first_frame(tmp_path: Path, args: list[str]) -> list[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "STATE_DIRECTORY", "CACHE_DIRECTORY"):
        env.pop(name, None)
    listed = tmp_path / "modules.json"
    seconds = 2
    while True:  # a loaded machine may take longer than the run to draw: give it more
        out = subprocess.run(
            [sys.executable, "-c", TAP, str(listed), "run", *args, "--seconds", str(seconds)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr[-2000:]
        if listed.exists() or seconds >= 32:
            break
        seconds *= 4
    assert listed.exists(), f"no first frame in {seconds} s: {out.stdout[-500:]}"
    modules: list[str] = json.loads(listed.read_text())
    return modules


@pytest.mark.parametrize("mode", ["laptop", "kiosk"])
def test_the_first_frame_imports_nothing_it_does_not_need(tmp_path: Path, mode: str) -> None:
    args = ["--seed", "1"]
    if mode == "kiosk":
        config = kiosk_config(tmp_path / "config.toml")
        args = ["--config", str(config), "--state-dir", str(tmp_path / "state")]
    modules = _modules_at_first_frame(tmp_path, args)
    for name in NEEDED:
        assert name in modules, name
    loaded = sorted(
        m for m in modules if any(m == n or m.startswith(n + ".") for n in NOT_AT_START)
    )
    assert loaded == [], f"imported before the first frame: {loaded}"


def test_the_command_line_registers_every_subcommand_or_only_the_one_run() -> None:
    every = build_parser()
    (sub,) = [a for a in every._actions if a.dest == "command"]
    assert tuple(sub.choices) == COMMANDS  # type: ignore[arg-type]
    for name in COMMANDS:
        (one,) = [a for a in build_parser(name)._actions if a.dest == "command"]
        assert list(one.choices) == [name]  # type: ignore[arg-type]
