#!/usr/bin/env python3
"""Check that every runtime dependency has a wheel the Pi can install.

    python3 deploy/check_wheels.py [--python-version 3.11] [--extra pi] [--pyproject FILE]
    python3 deploy/check_wheels.py --python-version 3.13 --no-extras     # Trixie

For each runtime requirement in pyproject.toml (``[project] dependencies`` plus the ``pi``
extra) it asks pip for a wheel for 64-bit Raspberry Pi OS::

    pip download --platform manylinux_2_17_aarch64 --platform manylinux_2_34_aarch64
                 --only-binary=:all: --python-version 3.11 --no-deps -d TMP REQUIREMENT

Pure-Python (``py3-none-any``) wheels count. Exits 1 listing every requirement with no
wheel (a release must not depend on a build from source on the Pi, or worse, on lgpio
0.0.0.2's empty placeholder), 0 when all have one. Needs network access to the index.
Standard library only; pip is the running interpreter's (``python -m pip``).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLATFORMS = ("manylinux_2_17_aarch64", "manylinux_2_34_aarch64")
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def runtime_requirements(
    pyproject: str | Path = ROOT / "pyproject.toml", extras: Sequence[str] = ("pi",)
) -> list[str]:
    """The runtime requirement strings (markers dropped), the extras' after the base ones.

    Raises ValueError for a missing extra or an unreadable requirement."""
    with open(pyproject, "rb") as fh:
        project = tomllib.load(fh).get("project", {})
    reqs = list(project.get("dependencies", []))
    optional = project.get("optional-dependencies", {})
    for extra in extras:
        if extra not in optional:
            raise ValueError(f"{pyproject}: no [project.optional-dependencies] {extra}")
        reqs += optional[extra]
    out = []
    for req in reqs:
        text = req.split(";", 1)[0].strip()  # environment markers: the Pi matches them
        if not _NAME.match(text):
            raise ValueError(f"{pyproject}: cannot read requirement {req!r}")
        out.append(text)
    return out


def requirement_name(requirement: str) -> str:
    """The project name of a requirement string (``pygame-ce==2.5.8`` -> ``pygame-ce``)."""
    match = _NAME.match(requirement)
    if not match:
        raise ValueError(f"cannot read requirement {requirement!r}")
    return match.group(1)


def download_command(requirement: str, dest: str | Path, python_version: str) -> list[str]:
    cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q"]
    for platform in PLATFORMS:
        cmd += ["--platform", platform]
    return [
        *cmd,
        "--only-binary=:all:",
        "--python-version",
        python_version,
        "--no-deps",
        "-d",
        str(dest),
        requirement,
    ]


def check(requirement: str, dest: Path, python_version: str) -> tuple[str, str | None]:
    """(requirement, None) when a wheel downloads, else (requirement, pip's last line)."""
    result = subprocess.run(
        download_command(requirement, dest, python_version),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode == 0:
        return requirement, None
    lines = [line for line in (result.stderr + result.stdout).splitlines() if line.strip()]
    return requirement, lines[-1].strip() if lines else f"pip exit {result.returncode}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--pyproject", default=str(ROOT / "pyproject.toml"))
    parser.add_argument(
        "--extra",
        action="append",
        default=None,
        help="optional-dependency group to include (default: pi)",
    )
    parser.add_argument(
        "--no-extras",
        action="store_true",
        help="base dependencies only (Trixie: lgpio comes from apt)",
    )
    parser.add_argument(
        "--python-version", default="3.11", help="the Pi's Python (Bookworm 3.11; Trixie 3.13)"
    )
    args = parser.parse_args(argv)
    extras = [] if args.no_extras else (args.extra if args.extra is not None else ["pi"])
    try:
        reqs = runtime_requirements(args.pyproject, extras)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        print(f"check_wheels: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="speed-cabinet-wheels-") as tmp:
        with ThreadPoolExecutor(max_workers=4) as pool:
            # One folder per requirement: parallel pips never share a download.
            results = list(
                pool.map(
                    lambda ir: check(ir[1], Path(tmp) / str(ir[0]), args.python_version),
                    enumerate(reqs),
                )
            )
        wheels = sorted(p.name for p in Path(tmp).glob("*/*.whl"))
    missing = [(req, why) for req, why in results if why is not None]
    for name in wheels:
        print(f"ok   {name}")
    for req, why in missing:
        print(f"MISSING {req}: no aarch64 wheel for Python {args.python_version} ({why})")
    if missing:
        print(
            f"check_wheels: {len(missing)} of {len(reqs)} requirements have no wheel for the Pi",
            file=sys.stderr,
        )
        return 1
    print(
        f"check_wheels: all {len(reqs)} requirements have a wheel for aarch64 Python "
        f"{args.python_version}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
