#!/usr/bin/env python3
"""Set up .venv and run the cabinet or the tests: ``bootstrap.py run|test [args...]``.

    python3 deploy/bootstrap.py run [ARGS...]    # .venv/bin/speed-cabinet ARGS
    python3 deploy/bootstrap.py run --help       # .venv/bin/speed-cabinet run --help
    python3 deploy/bootstrap.py test [ARGS...]   # .venv/bin/python -m pytest ARGS

Standard library only, so it runs on a fresh machine that has nothing but python3.
The project is (re)installed editable with the ``dev`` extra only when the install
stamp in ``.venv`` does not match the current ``pyproject.toml``.
"""

# Keep this file runnable up to the version check by old Pythons (3.6+: no match, no walrus,
# no `from __future__ import annotations`, no runtime `list[str]`) so they print one line.
import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

MIN_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / "bin"  # POSIX layout: the cabinet is a Raspberry Pi, CI is Linux
STAMP = VENV / ".speed-cabinet-stamp"
USAGE = "usage: python3 deploy/bootstrap.py {run|test} [args...]"


class BootstrapError(Exception):
    """A setup step failed; the message is shown to the user as one line."""


def main(argv: "list[str]") -> int:
    """Parse the subcommand, make sure .venv is current, then exec the target."""
    if sys.version_info < MIN_PYTHON:
        found = ".".join(str(n) for n in sys.version_info[:3])
        print(
            f"bootstrap: speed-cabinet needs Python 3.11 or newer; this is {found}.",
            file=sys.stderr,
        )
        return 2
    if not argv or argv[0] not in ("run", "test"):
        print(USAGE, file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    try:
        python = ensure_venv()
        ensure_installed(python)
    except BootstrapError as err:
        print(f"bootstrap: {err}", file=sys.stderr)
        return 1

    sys.stdout.flush()
    sys.stderr.flush()
    if command == "run":
        # Stay in the caller's directory: `run scenario FILE` names FILE relative to it.
        script = BIN / "speed-cabinet"
        os.execv(script, [str(script), *cabinet_args(args)])
    # pytest reads its settings (testpaths, addopts) from the repo root.
    if Path.cwd().resolve() != ROOT:
        args = [_absolute_if_path(arg) for arg in args]
        os.chdir(ROOT)
    os.execv(python, [str(python), "-m", "pytest", *args])


def cabinet_args(args: "list[str]") -> "list[str]":
    """The cabinet's arguments for ``bootstrap.py run ARGS``: ``run`` names the cabinet's
    own ``run`` subcommand unless a subcommand follows (``run scenario FILE``), so with
    options only (``run --help``, ``run --seconds 5``) it is ``speed-cabinet run OPTIONS``
    and ``--help`` shows ``run``'s options, not the top-level help."""
    if not args or args[0].startswith("-"):
        return ["run", *args]
    return list(args)


def ensure_venv() -> Path:
    """Create .venv with pip if it has no working interpreter; return that interpreter."""
    python = BIN / "python"
    if python.exists():  # a dangling symlink (its base Python removed) counts as missing
        return python
    print(f"bootstrap: creating {VENV}", file=sys.stderr)
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    except (OSError, subprocess.CalledProcessError) as err:
        raise BootstrapError(
            f"could not create {VENV} ({err}). On Debian/Raspberry Pi OS install the "
            "venv module first: sudo apt-get install python3-venv"
        ) from None
    return python


def ensure_installed(python: Path) -> None:
    """pip install -e '.[dev]' into .venv unless the stamp says it is already current."""
    stamp = install_stamp()
    if STAMP.exists() and STAMP.read_text(encoding="utf-8").strip() == stamp:
        return
    print(
        "bootstrap: installing speed-cabinet[dev] into .venv (pyproject.toml is new or changed)",
        file=sys.stderr,
    )
    result = subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--editable",
            ".[dev]",
        ],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        tail = "\n".join(result.stdout.strip().splitlines()[-40:])
        if tail:
            print(tail, file=sys.stderr)
        raise BootstrapError(
            f"pip install -e '.[dev]' failed (exit {result.returncode}); see pip's output above."
        )
    STAMP.write_text(stamp + "\n", encoding="utf-8")


def install_stamp() -> str:
    """Hash of what the editable install depends on: pyproject.toml and the package set.

    setuptools' editable finder for this flat layout maps the top-level packages that
    existed at install time, so a package directory added later also needs a reinstall.
    """
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for name in ("engine", "cabinet", "display", "firmware_bridge"):
        if (ROOT / name / "__init__.py").exists():
            digest.update(b"\0" + name.encode())
    return digest.hexdigest()


def _absolute_if_path(arg: str) -> str:
    """Make a test path given relative to the caller's cwd survive the chdir to ROOT."""
    if arg.startswith("-"):
        return arg
    path, sep, node = arg.partition("::")
    if path and os.path.exists(path):
        return os.path.abspath(path) + sep + node
    return arg


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
