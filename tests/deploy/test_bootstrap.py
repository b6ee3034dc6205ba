"""deploy/bootstrap.py: what ``bootstrap.py run ARGS`` hands the cabinet (issue 26 item 13),
and one real run of ``bootstrap.py run --help`` against this checkout's .venv."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bootstrap", ROOT / "deploy" / "bootstrap.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bootstrap = _load()


def test_run_with_options_only_is_the_cabinets_run_subcommand() -> None:
    assert bootstrap.cabinet_args([]) == ["run"]
    assert bootstrap.cabinet_args(["--help"]) == ["run", "--help"]
    assert bootstrap.cabinet_args(["-h"]) == ["run", "-h"]
    assert bootstrap.cabinet_args(["--seconds", "5"]) == ["run", "--seconds", "5"]


def test_run_with_a_subcommand_passes_it_on() -> None:
    assert bootstrap.cabinet_args(["scenario", "f.json"]) == ["scenario", "f.json"]
    assert bootstrap.cabinet_args(["run", "--seed", "3"]) == ["run", "--seed", "3"]
    assert bootstrap.cabinet_args(["sim", "--games", "2"]) == ["sim", "--games", "2"]


def test_bootstrap_run_help_shows_the_run_subcommands_help() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "deploy" / "bootstrap.py"), "run", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: speed-cabinet run"), result.stdout
    assert "--seconds" in result.stdout
    assert "{scenario,demo" not in result.stdout  # not the top-level help


def test_the_readmes_commands_are_ones_that_run_after_the_bootstrap() -> None:
    """The bootstrap puts ``speed-cabinet`` in .venv, not on PATH: a command in README.md
    (a code block's line or inline code) names .venv/bin/ (or the Pi's venv) or goes through
    bootstrap.py, and so does every command line in deploy/README.md's code blocks;
    ``speed-cabinet ...`` alone fails in a new shell."""
    assert (ROOT / "pyproject.toml").read_text().count('speed-cabinet = "cabinet.cli:main"') == 1
    readme = (ROOT / "README.md").read_text()
    assert re.findall(r"(?:^|`)speed-cabinet(?: |$)", readme, re.MULTILINE) == []
    assert "`.venv/bin/speed-cabinet run --game spit`" in readme
    deploy = (ROOT / "deploy" / "README.md").read_text()
    assert re.findall(r"^ +(?:sudo -u \S+ )?speed-cabinet .*$", deploy, re.MULTILINE) == []
    assert "/opt/speed-cabinet/venv/bin/speed-cabinet scenario game42.json" in deploy
