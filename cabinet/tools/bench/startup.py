"""Start-up figures of the ``frame`` group: from starting the process to the table.

* ``startup_ms``: laptop mode (``speed-cabinet run``, no ``--config``), process start to
  the "first frame" line (cabinet/run.py ``run_display``), SDL's dummy drivers;
* ``startup_kiosk_ms``: the kiosk, run as the unit runs it (``run --config``: the example
  config with its pins mocked, its own state and cache directories, ``NOTIFY_SOCKET``
  set), process start to its first frame; the runs share their directories, as a
  cabinet's boots do (the first run makes the records and attract's placement cache,
  ``display/attract_cache.py``, the later ones find them);
* ``startup_kiosk_ready_ms``: the same runs, process start to ``READY=1``, heard on a unix
  datagram socket the bench binds and passes as ``NOTIFY_SOCKET``, as systemd does;
* ``startup_kiosk_imports_ms``: where the kiosk's time goes, first part: the interpreter
  and the command's modules (``cabinet.cli`` and ``cabinet.run`` with what they import
  at the top), to a marker line printed right after them;
* ``startup_kiosk_seated_ms``: to the line saying what it seated (cabinet/run.py's
  ``_announce``: config read, pins opened, seats, records);
* ``startup_kiosk_built_ms``: to the window's "the table is in" line (the modes and the
  loop composed, the sound made), before the window opens and says READY.

Each best of ``RUNS``; the kiosk's parts are those of its run with the quickest first
frame, so they add up. The machine's Python settings stay as they are: where
``PYTHONDONTWRITEBYTECODE`` is set (as in the unit) and no ``.pyc`` files were installed,
every start compiles its modules, and the figures include that.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from cabinet.tools.bench.figures import Figures

RUNS = 3
ROOT = Path(__file__).resolve().parents[3]
"""The checkout the runs start in (bench/tools/cabinet/..)."""
EXAMPLE = ROOT / "deploy" / "config.example.toml"
DEADLINE_S = 60.0
"""How long one run may take to draw (a loaded machine, a Pi's first start)."""

FIRST_FRAME = "first frame"
"""The window's line after its first frame (cabinet/run.py ``run_display``)."""
SEATED = "so this is"
"""The line saying what runs, once seated (cabinet/run.py ``_announce``)."""
BUILT = "the table is in"
"""The window's first line, once the cabinet is built (``run_display``)."""
IMPORTED = "bench: imports done"
"""The marker the kiosk run prints once its command's modules are imported."""

KIOSK_CHILD = (
    "import sys, cabinet.cli, cabinet.run\n"
    f"print({IMPORTED!r}, flush=True)\n"
    "sys.exit(cabinet.cli.main(sys.argv[1:]))\n"
)
"""The kiosk run: the unit's command (``python -m cabinet.cli run --config ...``) with a
marker once its modules are imported; the rest runs as the unit's does."""


def _env(**extra: str) -> dict[str, str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **extra}
    for name in (
        "WATCHDOG_USEC",
        "WATCHDOG_PID",
        "STATE_DIRECTORY",
        "NOTIFY_SOCKET",
        "CACHE_DIRECTORY",
    ):
        if name not in extra:
            env.pop(name, None)
    return env


def startup_ms(runs: int = RUNS) -> float:
    """Best of ``runs``: process start to the first frame of the real command (laptop)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, "-m", "cabinet.cli", "run", "--seed", "1", "--seconds", "30"],
            cwd=ROOT,
            env=_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        try:
            for line in proc.stdout:
                if FIRST_FRAME in line:
                    best = min(best, (time.monotonic() - t0) * 1000)
                    break
        finally:
            proc.kill()
            proc.wait()
    if best == float("inf"):
        raise RuntimeError("speed-cabinet never reported its first frame")
    return round(best, 1)


def kiosk_config(path: Path) -> Path:
    """The example config (deploy/config.example.toml) with mock pins, written to
    ``path``: the kiosk as shipped, short of a Pi's GPIO chip."""
    lines = [
        'pin_factory = "mock"' if line.strip().startswith("pin_factory") else line
        for line in EXAMPLE.read_text().splitlines()
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


@dataclass(frozen=True, slots=True)
class KioskStart:
    """One kiosk start, each mark in ms from the process's start."""

    imports: float
    seated: float
    built: float
    ready: float
    first_frame: float


class _Lines:
    """The child's stdout lines with when each came, read on a thread."""

    def __init__(self, proc: subprocess.Popen[str], t0: float) -> None:
        self.seen: dict[str, float] = {}
        self.tail: list[str] = []
        self._proc, self._t0 = proc, t0
        self.thread = threading.Thread(target=self._read, name="bench-startup", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            at = (time.monotonic() - self._t0) * 1000
            self.tail = [*self.tail[-5:], line.rstrip()]
            for mark in (IMPORTED, SEATED, BUILT, FIRST_FRAME):
                if mark in line:
                    self.seen.setdefault(mark, at)


def kiosk_start(work: Path) -> KioskStart:
    """Start the kiosk once (in ``work``: its config, state and notify socket; a later
    start finds the records the first made, as a cabinet's every boot but its first) and
    time its marks; the process is killed once it has drawn."""
    config = kiosk_config(work / "config.toml")
    address = work / "notify"
    address.unlink(missing_ok=True)
    state = work / "state"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(address))
        sock.settimeout(0.02)
        t0 = time.monotonic()
        proc = subprocess.Popen(
            [
                *(sys.executable, "-c", KIOSK_CHILD, "run", "--config", str(config)),
                *("--state-dir", str(state), "--seconds", f"{DEADLINE_S:.0f}"),
            ],
            cwd=ROOT,
            env=_env(NOTIFY_SOCKET=str(address), CACHE_DIRECTORY=str(work / "cache")),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        lines = _Lines(proc, t0)
        ready: float | None = None
        try:
            while FIRST_FRAME not in lines.seen or ready is None:
                if time.monotonic() - t0 > DEADLINE_S or proc.poll() is not None:
                    break
                try:
                    message = sock.recv(4096).decode("utf-8", "replace")
                except TimeoutError:
                    continue
                if ready is None and "READY=1" in message.splitlines():
                    ready = (time.monotonic() - t0) * 1000
                    if "needs the operator" in message:
                        raise RuntimeError(f"the bench's kiosk did not start: {message!r}")
        finally:
            proc.kill()
            proc.wait()
            lines.thread.join(5)
    seen = lines.seen
    missing = [m for m in (IMPORTED, SEATED, BUILT, FIRST_FRAME) if m not in seen]
    if ready is None:
        missing.append("READY=1 on NOTIFY_SOCKET")
    if missing:
        raise RuntimeError(
            f"the kiosk's start never showed {', '.join(map(repr, missing))} in "
            f"{DEADLINE_S:.0f} s; its last lines: {' | '.join(lines.tail)}"
        )
    assert ready is not None
    return KioskStart(seen[IMPORTED], seen[SEATED], seen[BUILT], ready, seen[FIRST_FRAME])


def kiosk_figures(runs: int = RUNS) -> Figures:
    """Best of ``runs`` kiosk starts: to READY, to the first frame, and the parts of the
    run with the quickest first frame."""
    with tempfile.TemporaryDirectory(prefix="speed-bench-") as tmp:
        starts = [kiosk_start(Path(tmp)) for _ in range(runs)]
    best = min(starts, key=lambda s: s.first_frame)
    return {
        "startup_kiosk_ms": round(best.first_frame, 1),
        "startup_kiosk_ready_ms": round(min(s.ready for s in starts), 1),
        "startup_kiosk_imports_ms": round(best.imports, 1),
        "startup_kiosk_seated_ms": round(best.seated, 1),
        "startup_kiosk_built_ms": round(best.built, 1),
    }


def startup_figures(runs: int = RUNS) -> Figures:
    """Laptop mode's ``startup_ms``, then the kiosk's figures."""
    return {"startup_ms": startup_ms(runs), **kiosk_figures(runs)}


__all__ = ["KioskStart", "kiosk_config", "kiosk_figures", "kiosk_start", "startup_figures"]
