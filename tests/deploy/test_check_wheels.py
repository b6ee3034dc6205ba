"""deploy/check_wheels.py: reading pyproject's pins, and one real run against the index.

The real run asks the package index for aarch64 wheels (about 2-10 s). It runs by default;
set SPEED_CABINET_OFFLINE=1 to skip it on a machine without network access.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "check_wheels", ROOT / "deploy" / "check_wheels.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cw = _load()


def test_the_projects_runtime_requirements_and_the_pi_extra() -> None:
    reqs = cw.runtime_requirements(ROOT / "pyproject.toml")
    names = [cw.requirement_name(r) for r in reqs]
    assert {"gpiozero", "pyserial", "pygame-ce"} <= set(names)
    assert names[-1] == "lgpio"  # the extra comes after the base dependencies
    assert all("==" in r for r in reqs[:-1])  # the base dependencies are pinned exactly
    assert "lgpio>=0.2.2" in reqs  # never the empty 0.0.0.2
    assert "pytest" not in " ".join(reqs)  # dev tools are not runtime
    assert cw.runtime_requirements(ROOT / "pyproject.toml", extras=()) == reqs[:-1]


def test_markers_are_dropped_and_a_missing_extra_is_an_error(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "x"\ndependencies = ["a==1.0 ; python_version >= \'3.11\'", '
        '"B.c_d[extra]==2"]\n[project.optional-dependencies]\npi = ["lgpio>=0.2.2"]\n',
        encoding="utf-8",
    )
    assert cw.runtime_requirements(pyproject) == ["a==1.0", "B.c_d[extra]==2", "lgpio>=0.2.2"]
    assert cw.requirement_name("B.c_d[extra]==2") == "B.c_d"
    with pytest.raises(ValueError, match=r"no \[project\.optional-dependencies\] gpu"):
        cw.runtime_requirements(pyproject, extras=("gpu",))


def test_the_pip_command() -> None:
    cmd = cw.download_command("pygame-ce==2.5.8", "/tmp/x", "3.11")
    assert cmd[:4] == [sys.executable, "-m", "pip", "download"]
    text = " ".join(cmd)
    for part in (
        "--platform manylinux_2_17_aarch64",
        "--platform manylinux_2_34_aarch64",
        "--only-binary=:all:",
        "--python-version 3.11",
        "--no-deps",
        "-d /tmp/x",
    ):
        assert part in text
    assert cmd[-1] == "pygame-ce==2.5.8"


@pytest.mark.skipif(
    os.environ.get("SPEED_CABINET_OFFLINE") == "1",
    reason="SPEED_CABINET_OFFLINE=1: no package index",
)
def test_every_runtime_dependency_has_a_wheel_for_the_pi(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = cw.main([])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert "lgpio-0.2" in out.out
    assert "aarch64" in out.out
