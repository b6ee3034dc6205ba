"""``deploy/image-check``: install, boot and run the kiosk under real systemd on arm64
Debian Bookworm (what 64-bit Raspberry Pi OS is built on), short of a Pi (issue 17).

The root is built once with debootstrap through qemu's user-mode emulation (binfmt) and
cached as a tarball outside the repo; every run boots a fresh copy with
``systemd-nspawn --boot``, runs ``deploy/install.sh`` inside as on a Pi, checks what the
kiosk does, and prints a report. What a container cannot be (no tty1, GPIO chip, DRM or
seccomp) is bridged by the drop-ins listed as deviations, or marked "not exercised":
``deploy/hardware-checklist.md`` covers those on a Pi.

Standard library only: it runs with the host's python3, before any venv exists.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

PROG = "image-check"
SUITE = "bookworm"
ARCH = "arm64"
MIRROR = "http://deb.debian.org/debian"
INCLUDE = ("python3", "python3-venv", "udev", "systemd-sysv", "dbus", "ca-certificates")
"""What debootstrap adds to minbase: the Python and the systemd a Pi OS image has."""
HOST_PACKAGES = ("qemu-user-static", "debootstrap", "systemd-container")
BINFMT_DIR = Path("/proc/sys/fs/binfmt_misc")
BINFMT_CONF = Path("/usr/lib/binfmt.d/qemu-aarch64.conf")
UNIT = "speed-cabinet.service"
DROPIN_DIR = "/etc/systemd/system/speed-cabinet.service.d"
DROPIN_NAME = "image-check.conf"
CONFIG = "/etc/speed-cabinet/config.toml"
STATE = "/var/lib/speed-cabinet"
VENV_PY = "/opt/speed-cabinet/venv/bin/python"


class ImageCheckError(RuntimeError):
    """A step of the check itself failed (not a check of the cabinet); one line."""


# --- options -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    cache: Path
    work: Path
    src: Path
    rebuild: bool = False
    keep: bool = False
    tests: tuple[str, ...] = ()
    """pytest selections to run inside the image (empty: the default subset)."""
    skip_tests: bool = False
    mirror: str = MIRROR
    boot_timeout: float = 900.0


DEFAULT_TESTS = (
    "tests/deploy",
    "tests/cabinet/kiosk/test_operator_wait.py",
    "tests/cabinet/adapters/test_sdnotify.py",
    "tests/cabinet/kiosk/test_kiosk_wiring.py",
    "tests/cabinet/kiosk/test_kill9_app.py",
    "tests/cabinet/adapters/test_headless_kiosk.py",
    "tests/cabinet/adapters/test_safe_state.py",
    "tests/cabinet/kiosk/test_records.py",
    "tests/cabinet/loop/test_debounce.py",
    "tests/display/test_sound_and_screen.py",
    "tests/firmware_bridge/test_link.py",
    "tests/firmware_bridge/test_panel_sim_cli.py",
    "tests/engine/test_scenario.py",
)
"""The subset of the suite run under emulation by default (the whole suite takes hours
there): the deploy tests, the kiosk's systemd contract and records, the timing-sensitive
ones (debounce, the serial link and its bench, the window's first frame) and the engine's
scenarios. About a minute natively."""

DESELECT = {
    "tests/firmware_bridge/test_panel_sim_cli.py::test_serial_bench_group_figures": (
        "under qemu the simulated panel drains its pty too slowly for the link's 100 ms "
        "write timeout, which then reports it unplugged (the bench is a native figure)"
    ),
    "tests/firmware_bridge/test_link.py::test_an_idle_link_uses_next_to_no_cpu": (
        "under qemu it measures the emulator's own CPU, not the link's"
    ),
    "tests/deploy/test_bootstrap.py::test_bootstrap_run_help_shows_the_run_subcommands_help": (
        "the tests there run from /root/venv, so the bootstrap first builds the tree's own "
        ".venv from PyPI, which under qemu takes far longer than the test's bound"
    ),
}
"""Tests of the subset left out under emulation, each with why (run natively by .ci/run)."""


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "speed-cabinet" / "image-check"


def parse_args(argv: Sequence[str]) -> Options:
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Install, boot and run speed-cabinet under systemd on arm64 Debian "
        "Bookworm (debootstrap + qemu-user-static + systemd-nspawn). Needs root.",
        allow_abbrev=False,
    )
    p.add_argument(
        "--cache", type=Path, default=default_cache(), help="where the root tarball is kept"
    )
    p.add_argument(
        "--work",
        type=Path,
        default=Path("/var/tmp/speed-cabinet-image-check"),
        help="where the fresh copy is booted (wiped at each run)",
    )
    p.add_argument(
        "--src",
        type=Path,
        default=Path(__file__).resolve().parents[1],
        help="the source tree to install (default: this repository)",
    )
    p.add_argument("--rebuild", action="store_true", help="build the root again")
    p.add_argument("--keep", action="store_true", help="leave the container running")
    p.add_argument(
        "--tests",
        action="append",
        default=[],
        metavar="SELECTION",
        help="a pytest selection to run inside the image (repeatable; default: a subset)",
    )
    p.add_argument("--skip-tests", action="store_true", help="do not run tests inside")
    p.add_argument("--mirror", default=MIRROR, help=f"Debian mirror (default {MIRROR})")
    args = p.parse_args(list(argv))
    src = args.src.resolve()
    if not (src / "deploy" / "install.sh").is_file():
        p.error(f"--src {src} has no deploy/install.sh: give a speed-cabinet source tree")
    work = args.work.resolve()
    if work == Path("/") or src == work or src.is_relative_to(work):
        p.error(f"--work {work} would wipe the source tree: give a scratch directory")
    return Options(
        cache=args.cache,
        work=work,
        src=src,
        rebuild=args.rebuild,
        keep=args.keep,
        tests=tuple(args.tests),
        skip_tests=args.skip_tests,
        mirror=args.mirror,
    )


# --- the report ------------------------------------------------------------------------


class Outcome(Enum):
    PASS = "pass"
    FAIL = "FAIL"
    NOT_EXERCISED = "not exercised"


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    outcome: Outcome
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Deviation:
    """A way the container differs from a Pi on purpose, and why."""

    what: str
    why: str


@dataclass
class Report:
    checks: list[Check] = field(default_factory=list)
    deviations: list[Deviation] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    seccomp: str = "not probed"
    """What the seccomp probe saw (``seccomp_probe``)."""

    def add(self, name: str, ok: bool, detail: str = "") -> bool:
        self.checks.append(Check(name, Outcome.PASS if ok else Outcome.FAIL, detail))
        return ok

    def skip(self, name: str, why: str) -> None:
        self.checks.append(Check(name, Outcome.NOT_EXERCISED, why))

    @property
    def passed(self) -> bool:
        return all(c.outcome is not Outcome.FAIL for c in self.checks) and bool(self.checks)


def format_report(report: Report) -> str:
    """The report: each check, then the deviations, the timings and the notes."""
    lines = ["speed-cabinet image check: arm64 Debian Bookworm under systemd-nspawn (qemu-user)"]
    width = max((len(c.outcome.value) for c in report.checks), default=4)
    for c in report.checks:
        detail = f": {c.detail}" if c.detail else ""
        lines.append(f"  [{c.outcome.value:<{width}}] {c.name}{detail}")
    counts = {o: sum(1 for c in report.checks if c.outcome is o) for o in Outcome}
    lines.append(
        f"  {counts[Outcome.PASS]} passed, {counts[Outcome.FAIL]} failed, "
        f"{counts[Outcome.NOT_EXERCISED]} not exercised"
    )
    if report.deviations:
        lines.append("deviations from a Pi (container only):")
        lines.extend(f"  - {d.what}: {d.why}" for d in report.deviations)
    if report.timings:
        lines.append("timings (under emulation; figures, not targets):")
        lines.extend(f"  {name}: {secs:.1f} s" for name, secs in report.timings.items())
    lines.extend(report.notes)
    lines.append("result: " + ("PASS" if report.passed else "FAIL"))
    return "\n".join(lines)


# --- the container's deviations ------------------------------------------------------------


TTY_DEVIATION = Deviation(
    "unit drop-in: StandardInput=null, TTYPath=/dev/console, no TTY reset/hangup/disallocate",
    "a container has no /dev/tty1 (the unit's TTYPath)",
)
PTY_DEVIATION = Deviation(
    "unit drop-in: DeviceAllow=char-pts rw",
    "the panel-sim serial seat is a pty, where a Pi has a USB ttyACM (already allowed)",
)
MOCK_DEVIATION = Deviation(
    'config: [cabinet] pin_factory = "mock", one panel-sim serial seat',
    "a container has no /dev/gpiochip*; the shipped lgpio config is checked first",
)
CA_DEVIATION = Deviation(
    "the host's CA bundle copied into the root", "pip reaches PyPI through this host's TLS setup"
)


def unit_dropin() -> str:
    """The drop-in the container needs: no VT, and the panel-sim's pty allowed."""
    return (
        f"# {PROG}: container only (no /dev/tty1; the panel-sim serial seat is a pty).\n"
        "[Service]\n"
        "StandardInput=null\n"
        "TTYPath=/dev/console\n"
        "TTYReset=no\n"
        "TTYVHangup=no\n"
        "TTYVTDisallocate=no\n"
        "DeviceAllow=char-pts rw\n"
    )


def mock_config(shipped: str, sim_path: str) -> str:
    """The shipped config with mock pins and its first seat a panel-sim serial seat."""
    out: list[str] = []
    seat = 0
    in_seat = False
    for line in shipped.splitlines():
        stripped = line.strip()
        if stripped.startswith("pin_factory"):
            line = 'pin_factory = "mock"'
        if stripped.startswith("[["):
            in_seat = stripped == "[[seat]]"
            seat += in_seat
            if in_seat and seat == 1:
                out += [line, 'controls = "serial"', f'serial = {{ path = "{sim_path}" }}']
                continue
        elif stripped.startswith("["):
            in_seat = False
        if (
            in_seat
            and seat == 1
            and stripped.split("=")[0].strip()
            in (
                "controls",
                "buttons",
                "leds",
                "pull_up",
            )
        ):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


# --- the host --------------------------------------------------------------------------------


def say(text: str) -> None:
    print(f"{PROG}: {text}", file=sys.stderr, flush=True)


def sh(
    cmd: Sequence[str], *, check: bool = True, timeout: float | None = None, quiet: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run a host command, capturing its output; a failure is one line with its tail."""
    if not quiet:
        say("$ " + shlex.join(cmd))
    result = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout, check=False)
    if check and result.returncode != 0:
        tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise ImageCheckError(f"{shlex.join(cmd)} exited {result.returncode}: {' | '.join(tail)}")
    return result


def host_setup() -> None:
    """The host tools, and the aarch64 binfmt handler (registered here if missing)."""
    if os.geteuid() != 0:
        raise ImageCheckError("run as root (debootstrap and systemd-nspawn need it)")
    missing = [p for p in HOST_PACKAGES if not _installed(p)]
    if missing:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env)
    if not (BINFMT_DIR / "register").exists():
        sh(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT_DIR)])
    if not (BINFMT_DIR / "qemu-aarch64").exists():
        line = BINFMT_CONF.read_text().strip()
        (BINFMT_DIR / "register").write_text(line)
        say(f"registered the aarch64 binfmt handler from {BINFMT_CONF}")


def _installed(package: str) -> bool:
    r = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True, check=False
    )
    return r.stdout.startswith("install ok installed")


def cache_key(mirror: str) -> str:
    """The tarball's name: what it was built from, so a changed recipe builds anew."""
    recipe = f"{SUITE} {ARCH} minbase {','.join(INCLUDE)} {mirror}"
    return f"{SUITE}-{ARCH}-{hashlib.sha256(recipe.encode()).hexdigest()[:12]}.tar.zst"


def build_root(opts: Options, report: Report) -> Path:
    """The cached tarball of the debootstrapped root; built when missing."""
    tarball = opts.cache / cache_key(opts.mirror)
    if tarball.is_file() and not opts.rebuild:
        report.notes.append(f"root: cached {tarball}")
        return tarball
    opts.cache.mkdir(parents=True, exist_ok=True)
    build = opts.work / "build"
    shutil.rmtree(build, ignore_errors=True)
    build.mkdir(parents=True)
    t0 = time.monotonic()
    sh(
        [
            "debootstrap",
            f"--arch={ARCH}",
            "--variant=minbase",
            f"--include={','.join(INCLUDE)}",
            SUITE,
            str(build),
            opts.mirror,
        ],
        timeout=7200,
    )
    # apt's lists and caches are not part of an image a Pi would boot.
    sh(["chroot", str(build), "apt-get", "clean"])
    partial = tarball.with_suffix(".partial")
    sh(["tar", "--numeric-owner", "--zstd", "-C", str(build), "-cf", str(partial), "."])
    partial.rename(tarball)
    shutil.rmtree(build, ignore_errors=True)
    report.timings["debootstrap and cache the root"] = time.monotonic() - t0
    report.notes.append(f"root: built {tarball}")
    return tarball


def fresh_root(opts: Options, tarball: Path) -> Path:
    root = opts.work / "root"
    if root.exists():
        sh(["rm", "-rf", "--one-file-system", str(root)])
    root.mkdir(parents=True)
    sh(["tar", "--numeric-owner", "--zstd", "-C", str(root), "-xf", str(tarball)])
    return root


# --- the container ----------------------------------------------------------------------


PATH_INSIDE = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def nspid_leader(pid: int) -> int | None:
    """The container's PID 1 among ``pid``'s descendants: the one whose innermost PID is 1."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
        ppid = int(fields.get("PPid", "0"))
        children.setdefault(ppid, []).append(int(entry.name))
        nspid = fields.get("NSpid", "").split()
        if len(nspid) > 1 and nspid[-1] == "1" and _descends(int(entry.name), pid):
            return int(entry.name)
    return None


def _descends(child: int, ancestor: int) -> bool:
    while child > 1:
        if child == ancestor:
            return True
        try:
            stat = Path(f"/proc/{child}/stat").read_text()
        except OSError:
            return False
        child = int(stat.rsplit(")", 1)[1].split()[1])
    return False


class Container:
    """A booted copy of the root: ``run`` executes a command inside it (nsenter)."""

    def __init__(self, root: Path, log: Path) -> None:
        self.root = root
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.leader = 0
        self.booted_at = 0.0

    def boot(self, timeout: float) -> float:
        """Boot; return the seconds until systemd inside says it is up (running/degraded)."""
        t0 = self.booted_at = time.monotonic()
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [
                    "systemd-nspawn",
                    "--quiet",
                    "-D",
                    str(self.root),
                    "--boot",
                    "--register=no",
                    "--keep-unit",
                    "--console=passive",
                    "--machine=speed-image-check",
                ],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        end = t0 + timeout
        while not self.leader:
            if self.proc.poll() is not None:
                raise ImageCheckError(
                    f"systemd-nspawn exited {self.proc.returncode}: see {self.log}"
                )
            if time.monotonic() > end:
                raise ImageCheckError(f"the container did not start in {timeout:.0f} s")
            self.leader = nspid_leader(self.proc.pid) or 0
            time.sleep(0.5)
        while True:
            state = self.run(["systemctl", "is-system-running"], check=False, quiet=True)
            if state.stdout.strip() in ("running", "degraded"):
                return time.monotonic() - t0
            if time.monotonic() > end:
                raise ImageCheckError(
                    f"systemd in the container was not up in {timeout:.0f} s "
                    f"({state.stdout.strip() or state.stderr.strip()})"
                )
            time.sleep(2)

    def run(
        self,
        cmd: Sequence[str],
        *,
        check: bool = True,
        timeout: float | None = 600,
        quiet: bool = False,
        stdin: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """``cmd`` as root inside the container, with a clean environment."""
        if not quiet:
            say("# " + shlex.join(cmd))
        full = [
            "nsenter",
            f"--target={self.leader}",
            "--mount",
            "--uts",
            "--ipc",
            "--net",
            "--pid",
            "--cgroup",
            "--root",
            "--wd",
            "--",
            "env",
            "-i",
            f"PATH={PATH_INSIDE}",
            "LANG=C.UTF-8",
            "HOME=/root",
            *cmd,
        ]
        result = subprocess.run(
            full, capture_output=True, text=True, timeout=timeout, check=False, input=stdin
        )
        if check and result.returncode != 0:
            tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
            raise ImageCheckError(
                f"(in the container) {shlex.join(cmd)} exited {result.returncode}: "
                f"{' | '.join(tail)}"
            )
        return result

    def sh(self, script: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
        return self.run(["/bin/sh", "-c", script], **kwargs)  # type: ignore[arg-type]

    def show(self, *props: str, unit: str = UNIT) -> dict[str, str]:
        """``systemctl show`` properties of ``unit``."""
        out = self.run(
            ["systemctl", "show", unit, *(f"--property={p}" for p in props)], quiet=True
        ).stdout
        return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)

    def journal(self, since: str = "") -> str:
        cmd = ["journalctl", "--no-pager", "-o", "cat", "-u", UNIT]
        if since:
            cmd += ["--since", since]
        return self.run(cmd, quiet=True, check=False).stdout

    def now(self) -> str:
        return self.run(["date", "+%Y-%m-%d %H:%M:%S"], quiet=True).stdout.strip()

    def poweroff(self, timeout: float = 300) -> None:
        """``systemctl poweroff`` inside, then wait for nspawn to end. Not a signal from
        here: qemu's user mode keeps two real-time signals for itself and shifts the rest,
        so the host's SIGRTMIN+4 (systemd's poweroff) reaches the guest as SIGRTMIN+2, its
        emergency mode."""
        if self.proc is None:
            return
        if self.proc.poll() is None and self.leader:
            self.run(["systemctl", "--no-block", "poweroff"], check=False, quiet=True)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                say(f"the container did not power off in {timeout:.0f} s; killing it")
                self.proc.kill()
                with contextlib.suppress(ProcessLookupError):  # SIGKILL is not remapped
                    os.kill(self.leader, 9)
                self.proc.wait(30)
        self.proc = None
        self.leader = 0


def wait_until(what: Callable[[], bool], timeout: float, every: float = 1.0) -> tuple[bool, float]:
    """Poll ``what`` until true or ``timeout``: (true?, seconds taken)."""
    t0 = time.monotonic()
    while True:
        if what():
            return True, time.monotonic() - t0
        if time.monotonic() - t0 > timeout:
            return False, time.monotonic() - t0
        time.sleep(every)


SRC_PARTS = (
    "pyproject.toml",
    "README.md",
    "engine",
    "cabinet",
    "display",
    "firmware_bridge",
    "deploy",
    "tests",
    "docs",
)
"""The tree copied in: what install.sh ships, plus the tests and docs the suite reads."""


def copy_source(src: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    parts = [p for p in SRC_PARTS if (src / p).exists()]
    pack = subprocess.Popen(
        [
            "tar",
            "-C",
            str(src),
            "--exclude=__pycache__",
            "--exclude=*.egg-info",
            "--exclude=.venv",
            "-cf",
            "-",
            *parts,
        ],
        stdout=subprocess.PIPE,
    )
    subprocess.run(["tar", "-C", str(dest), "-xf", "-"], stdin=pack.stdout, check=True)
    if pack.wait() != 0:
        raise ImageCheckError(f"could not copy {src}")


# --- the checks --------------------------------------------------------------------------


SRC_IN = "/root/speed-cabinet"
NEW_IN = "/root/speed-cabinet-newer"
SIM_DIR = "/run/panel-sim"
RECORDS_PY = (
    "import sys\n"
    "from cabinet.kiosk.records import Records\n"
    "with Records.open_readonly(sys.argv[1]) as rec:\n"
    "    for g in rec.recent_games(50):\n"
    "        print(g.id, g.status.value, 'abandoned' if g.abandoned else '-')\n"
)


def records(box: Container) -> list[tuple[int, str, bool]]:
    """(id, status, abandoned) of each recorded game, read with the installed package."""
    r = box.run([VENV_PY, "-c", RECORDS_PY, STATE], check=False, quiet=True)
    out = []
    for line in r.stdout.splitlines():
        gid, status, abandoned = line.split()
        out.append((int(gid), status, abandoned == "abandoned"))
    return out


def unit_state(box: Container) -> dict[str, str]:
    return box.show("ActiveState", "SubState", "NRestarts", "MainPID", "StatusText")


def run_checks(opts: Options, root: Path, box: Container, report: Report) -> None:
    # As on a Pi: the source tree is cloned into the system, then install.sh runs as root.
    copy_source(opts.src, root / SRC_IN.lstrip("/"))
    shutil.copy2("/etc/ssl/certs/ca-certificates.crt", root / "etc/ssl/certs/ca-certificates.crt")
    report.deviations.append(CA_DEVIATION)
    booted = box.boot(opts.boot_timeout)
    report.timings["first boot (systemd up)"] = booted
    udevd = box.run(["systemctl", "is-active", "systemd-udevd"], check=False, quiet=True)
    t0 = time.monotonic()
    install = box.run(["bash", f"{SRC_IN}/deploy/install.sh"], check=False, timeout=3600)
    report.timings["install.sh (apt, pip: first install)"] = time.monotonic() - t0
    log = install.stdout + install.stderr
    (opts.work / "install.log").write_text(log)
    ok = report.add(
        "install.sh installs as on a Pi",
        install.returncode == 0,
        f"exit {install.returncode}" + ("" if install.returncode == 0 else f": {log[-300:]!r}"),
    )
    if not ok:
        return
    if udevd.stdout.strip() != "active":
        report.add(
            "install.sh warns where udevd is missing and goes on",
            "warning: udevd is not running" in log,
            f"systemd-udevd is {udevd.stdout.strip() or 'absent'} in the container",
        )
    enabled = box.run(["systemctl", "is-enabled", UNIT], check=False, quiet=True).stdout.strip()
    report.add("the unit is enabled", enabled == "enabled", enabled)
    compiled(box, report)
    security(box, report)

    # The container's drop-in (no tty1), then a reboot: the unit starts at boot.
    dropin = root / DROPIN_DIR.lstrip("/") / DROPIN_NAME
    dropin.parent.mkdir(parents=True, exist_ok=True)
    dropin.write_text(unit_dropin())
    report.deviations += [TTY_DEVIATION, PTY_DEVIATION]
    box.poweroff()
    box.boot(opts.boot_timeout)
    shipped_config(box, report)

    # The operator's fix: a mock-pin config with a panel-sim serial seat.
    start_panel_sim(box, root)
    shipped = (root / CONFIG.lstrip("/")).read_text()
    (root / CONFIG.lstrip("/")).write_text(mock_config(shipped, f"{SIM_DIR}/sim1"))
    report.deviations.append(MOCK_DEVIATION)
    fixed_config(box, report)
    recorded_game(box, report)
    killed(box, report)
    frozen(box, report)
    reboot_to_ready(box, opts, report)
    stopped(box, report)
    upgrade(box, root, report)
    stop_panel_sim(box, root)
    uninstall(box, root, report)
    report.skip(
        "seccomp filters (SystemCallFilter=, SystemCallArchitectures=)",
        f"{report.seccomp}: {SECCOMP_WHY}",
    )
    report.skip("kmsdrm on tty1, sound", "no DRM device, VT or sound card in a container")
    report.skip("real GPIO (lgpio on /dev/gpiochip*)", "no GPIO chip in a container")
    report.skip(
        "the needs-the-operator line on screen and the LEDs' error blink",
        "no display and no GPIO chip in a container (tests/cabinet/kiosk/test_operator_wait.py "
        "draws it on SDL's dummy driver and blinks mock pins)",
    )
    if not opts.skip_tests:
        tests_inside(box, opts, report)


COMPILED_PY = (
    "import importlib.util, pathlib\n"
    "n, missing = 0, []\n"
    "for pkg in ('cabinet', 'display', 'engine', 'firmware_bridge'):\n"
    "    spec = importlib.util.find_spec(pkg)\n"
    "    for p in pathlib.Path(spec.origin).parent.rglob('*.py'):\n"
    "        n += 1\n"
    "        if not pathlib.Path(importlib.util.cache_from_source(str(p))).exists():\n"
    "            missing.append(str(p))\n"
    "print(n, len(missing), *missing[:3])\n"
)


def compiled(box: Container, report: Report) -> None:
    """The installed package is byte-compiled: the unit runs with PYTHONDONTWRITEBYTECODE
    (a read-only /opt), so a module without its .pyc would be compiled at every boot, on
    the way to the first frame. Checked before anything inside has run Python as root."""
    r = box.run([VENV_PY, "-c", COMPILED_PY], check=False, quiet=True)
    words = r.stdout.split()
    ok = r.returncode == 0 and len(words) >= 2 and words[0] != "0" and words[1] == "0"
    detail = f"{words[0]} modules, {words[1]} without a .pyc" if len(words) >= 2 else r.stderr
    report.add("the installed package is byte-compiled (no compiling at boot)", ok, detail[:200])


SECCOMP_WHY = (
    "qemu's user mode refuses seccomp, so systemd skips them here: checked offline with "
    "systemd-analyze (tests/deploy/test_unit.py) and on a Pi (deploy/hardware-checklist.md)"
)


def security(box: Container, report: Report) -> None:
    r = box.run(["systemd-analyze", "security", "--no-pager", UNIT], check=False, quiet=True)
    last = [line for line in r.stdout.splitlines() if "Overall exposure level" in line]
    figure = last[-1].split(":", 1)[1].strip() if last else "?"
    report.notes.append(f"systemd-analyze security {UNIT}: {figure}")
    missing = [
        line.split()[1]
        for line in r.stdout.splitlines()
        if line.startswith("✗") and len(line.split()) > 1
    ]
    if missing:
        report.notes.append("  still open: " + ", ".join(missing))


def shipped_config(box: Container, report: Report) -> None:
    """The shipped config (lgpio) with no GPIO chip: one line, no restart loop."""
    ok, _ = wait_until(
        lambda: "needs the operator" in unit_state(box).get("StatusText", ""), 300, 2
    )
    report.add(
        "with the shipped config the unit starts at boot and waits for the operator",
        ok,
        unit_state(box).get("StatusText", "")[:160],
    )
    time.sleep(15)  # long enough for several RestartSec=1s cycles, were it spinning
    state = unit_state(box)
    lines = [x for x in box.journal().splitlines() if "needs the operator" in x]
    report.add(
        "... says what is wrong in one line in the journal and does not spin",
        len(lines) == 1 and state["NRestarts"] == "0" and state["ActiveState"] == "active",
        f"{len(lines)} line(s), NRestarts={state['NRestarts']}, {state['ActiveState']}: "
        + (lines[0][:200] if lines else ""),
    )


PANEL_SIM_UNIT = "image-check-panel-sim.service"


def panel_sim_unit() -> str:
    """A serial panel on a pty, as the cabinet's user, started at boot before the cabinet;
    its keys come through a FIFO (held open read-write, so no writer means no EOF)."""
    script = (
        f"rm -f {SIM_DIR}/keys; mkfifo {SIM_DIR}/keys && exec {VENV_PY} -m cabinet.cli "
        f"panel-sim --id sim1 --link {SIM_DIR}/sim1 <>{SIM_DIR}/keys"
    )
    return (
        f"# {PROG}: the test rig's serial panel (not part of the cabinet).\n"
        "[Unit]\n"
        f"Before={UNIT}\n"
        "[Service]\n"
        "User=speed-cabinet\n"
        "RuntimeDirectory=panel-sim\n"
        "RuntimeDirectoryMode=0755\n"
        f"ExecStart=/bin/sh -c {shlex.quote(script)}\n"
        "[Install]\n"
        "WantedBy=multi-user.target\n"
    )


def start_panel_sim(box: Container, root: Path) -> None:
    (root / "etc/systemd/system" / PANEL_SIM_UNIT).write_text(panel_sim_unit())
    box.run(["systemctl", "daemon-reload"])
    box.run(["systemctl", "enable", "--now", PANEL_SIM_UNIT])
    wait_until(
        lambda: box.run(["test", "-e", f"{SIM_DIR}/sim1"], check=False, quiet=True).returncode == 0,
        120,
    )


def stop_panel_sim(box: Container, root: Path) -> None:
    """The rig goes before the uninstall: it runs as the cabinet's user (userdel refuses a
    user with a running process) from the venv the uninstall removes."""
    box.run(["systemctl", "disable", "--now", PANEL_SIM_UNIT], check=False)
    (root / "etc/systemd/system" / PANEL_SIM_UNIT).unlink(missing_ok=True)
    box.run(["systemctl", "daemon-reload"], check=False)


BOOT_TO_READY_LIMIT_S = 120.0
"""The most boot to READY may take in the container. Generous: qemu's user mode runs the
arm64 Python some 10-30 times slower than a Pi would (natively the kiosk says READY well
under a second after its start: ``speed-cabinet bench --only frame``, startup_kiosk_*)."""
ONLINE_WAITS = ("network-online.target", "wait-online")
"""Units that wait for the network to be up (a link, an address): none may be in the
cabinet's start. ``network.target`` is not one: it is reached once the network's managers
have started, online or not (``systemd-user-sessions.service``, which the unit follows as
getty does, orders itself after it)."""


@dataclass(frozen=True, slots=True)
class ReadyTimes:
    """systemd's own monotonic stamps (us) of one boot: its start, the cabinet process's
    start, and the unit reaching active (READY=1, under Type=notify)."""

    boot_us: int
    exec_us: int
    ready_us: int

    @property
    def boot_to_ready_ms(self) -> int:
        return (self.ready_us - self.boot_us) // 1000

    @property
    def start_to_ready_ms(self) -> int:
        return (self.ready_us - self.exec_us) // 1000


def ready_times(manager: dict[str, str], unit: dict[str, str]) -> ReadyTimes | None:
    """The stamps from ``systemctl show`` of the manager and of the unit; None when one is
    missing or zero (the unit never went active in this boot)."""
    try:
        times = ReadyTimes(
            int(manager["UserspaceTimestampMonotonic"]),
            int(unit["ExecMainStartTimestampMonotonic"]),
            int(unit["ActiveEnterTimestampMonotonic"]),
        )
    except (KeyError, ValueError):
        return None
    if 0 in (times.boot_us, times.exec_us, times.ready_us) or times.ready_us < times.exec_us:
        return None
    return times


def network_waits(chain: str) -> list[str]:
    """The units of ``systemd-analyze critical-chain`` output that wait for the network
    to be online."""
    found = []
    for line in chain.splitlines():
        for word in line.replace("└─", " ").split():
            if word.endswith((".service", ".target", ".mount")) and any(
                n in word.lower() for n in ONLINE_WAITS
            ):
                found.append(word)
    return found


def reboot_to_ready(box: Container, opts: Options, report: Report) -> None:
    """A reboot with the working config: the time from boot to the cabinet's READY, by
    systemd's own clock (its start, the unit's process start, the unit reaching active
    under Type=notify), and nothing in its start waiting for a network."""
    box.poweroff()
    box.boot(opts.boot_timeout)
    ok, _ = wait_until(
        lambda: unit_state(box).get("StatusText", "").startswith(("attract", "headless")), 600
    )
    took = time.monotonic() - box.booted_at
    report.timings["boot to READY (mock pins, emulated)"] = took
    report.add("after a reboot it starts at boot and reaches READY", ok, f"{took:.0f} s")
    manager = box.run(
        ["systemctl", "show", "--property=UserspaceTimestampMonotonic"], check=False, quiet=True
    ).stdout
    stamps = ready_times(
        dict(line.split("=", 1) for line in manager.splitlines() if "=" in line),
        box.show("ExecMainStartTimestampMonotonic", "ActiveEnterTimestampMonotonic"),
    )
    if stamps is None:
        report.add("boot to READY by systemd's clock", False, "no READY stamp in this boot")
    else:
        figure = (
            f"boot to READY: {stamps.boot_to_ready_ms} ms "
            f"(the unit's process start to READY: {stamps.start_to_ready_ms} ms)"
        )
        report.notes.append(f"{figure}; under emulation")
        report.add(
            f"boot to READY within {BOOT_TO_READY_LIMIT_S:.0f} s (emulated)",
            stamps.boot_to_ready_ms <= BOOT_TO_READY_LIMIT_S * 1000,
            figure,
        )
    chain = box.run(
        ["systemd-analyze", "critical-chain", "--no-pager", UNIT], check=False, quiet=True
    )
    waits = network_waits(chain.stdout)
    report.add(
        "nothing in its start waits for a network (systemd-analyze critical-chain)",
        chain.returncode == 0 and not waits,
        ", ".join(waits) if waits else " <- ".join(_chain_units(chain.stdout)[:6]),
    )


def _chain_units(chain: str) -> list[str]:
    """The units of a critical chain, the cabinet's first."""
    return [
        word
        for line in chain.splitlines()
        for word in line.replace("└─", " ").split()
        if word.endswith((".service", ".target", ".mount", ".socket", ".slice"))
    ]


def press(box: Container, keys: str) -> None:
    box.sh(f"printf '{keys}' > {SIM_DIR}/keys", quiet=True)


def fixed_config(box: Container, report: Report) -> None:
    t0 = time.monotonic()
    ok, took = wait_until(
        lambda: unit_state(box).get("StatusText", "").startswith(("attract", "headless")), 300
    )
    state = unit_state(box)
    report.add(
        "once the operator fixes the config it starts by itself (no restart)",
        ok and state["NRestarts"] == "0",
        f"READY, STATUS={state['StatusText']!r} {took:.0f} s after the fix",
    )
    report.timings["fixed config to READY (mock pins)"] = time.monotonic() - t0
    pid = state["MainPID"]
    user = box.run(["stat", "-c", "%U", f"/proc/{pid}"], check=False, quiet=True).stdout.strip()
    report.add("it runs as the speed-cabinet user", user == "speed-cabinet", user)
    sandbox(box, pid, report)
    files = box.run(["ls", "-l", STATE], check=False, quiet=True).stdout
    report.add(
        f"it writes its records under {STATE}",
        "records.sqlite3" in files and "speed-cabinet" in files,
        " ".join(line.split()[-1] for line in files.splitlines()[1:]),
    )


def sandbox(box: Container, pid: str, report: Report) -> None:
    """What of the unit's hardening the container could apply, read from the process."""
    mounts = box.run(["cat", f"/proc/{pid}/mountinfo"], check=False, quiet=True).stdout
    proc = next((x for x in mounts.splitlines() if x.split()[4:5] == ["/proc"]), "")
    report.add(
        "ProtectProc=invisible applied (its /proc is mounted hidepid=invisible)",
        "hidepid=invisible" in proc or "hidepid=2" in proc,
        proc.split(" - ", 1)[-1][:100],
    )
    status = box.run(["cat", f"/proc/{pid}/status"], check=False, quiet=True).stdout
    fields = dict(x.split(":", 1) for x in status.splitlines() if ":" in x)
    nnp = fields.get("NoNewPrivs", "?").strip()
    report.add(
        "NoNewPrivileges and an empty capability set applied",
        nnp == "1" and fields.get("CapEff", "").strip().strip("0") == "",
        f"NoNewPrivs {nnp}, CapEff {fields.get('CapEff', '?').strip()}",
    )
    seccomp_probe(box, report)


def seccomp_probe(box: Container, report: Report) -> None:
    """Whether systemd here applies SystemCallFilter= at all: a probe unit that filters
    uname(2) runs uname. (/proc/PID/status shows nspawn's own filter on the whole
    container, so it cannot tell.)"""
    r = box.run(
        ["systemd-run", "--wait", "--pipe", "--quiet", "--property=SystemCallFilter=~uname",
         "--property=SystemCallErrorNumber=EPERM", "/usr/bin/uname", "-m"],
        check=False,
        quiet=True,
    )  # fmt: skip
    report.seccomp = (
        "applied (a probe's uname(2) was refused)"
        if r.returncode != 0
        else "not applied here (a probe unit with SystemCallFilter=~uname still ran uname)"
    )


def recorded_game(box: Container, report: Report) -> None:
    """SLAM on the panel-sim seat joins, SLAM again readies: a recorded game is dealt."""

    def running() -> bool:
        return any(status == "running" for _, status, _ in records(box))

    ok = False
    for _ in range(6):
        press(box, " ")
        time.sleep(3)
        press(box, " ")
        ok, _ = wait_until(running, 30, 2)
        if ok:
            break
    report.add(
        "a game joined at the panel-sim seat is recorded",
        ok,
        str(records(box)[:1]),
    )


def killed(box: Container, report: Report) -> None:
    before = records(box)
    state = unit_state(box)
    running = [gid for gid, status, _ in before if status == "running"]
    box.run(["systemctl", "kill", "--kill-who=main", "--signal=KILL", UNIT])
    ok, took = wait_until(
        lambda: (
            (s := unit_state(box))["MainPID"] not in ("0", state["MainPID"])
            and s["StatusText"].startswith(("attract", "headless"))
        ),
        300,
    )
    after = {gid: abandoned for gid, _, abandoned in records(box)}
    abandoned = bool(running) and all(after.get(gid) for gid in running)
    report.add(
        "SIGKILL of the main process: restarted, the game marked abandoned",
        ok and abandoned,
        f"back in {took:.0f} s; game(s) {running} abandoned: {abandoned}",
    )


def frozen(box: Container, report: Report) -> None:
    since = box.now()
    state = unit_state(box)
    box.run(["systemctl", "kill", "--kill-who=main", "--signal=STOP", UNIT])
    ok, took = wait_until(
        lambda: (
            (s := unit_state(box))["MainPID"] not in ("0", state["MainPID"])
            and s["ActiveState"] == "active"
        ),
        300,
    )
    journal = box.journal(since)
    caught = "Watchdog timeout" in journal or "watchdog" in journal.lower()
    report.add(
        "a frozen loop (SIGSTOP) is caught by the watchdog and restarted",
        ok and caught,
        f"restarted in {took:.0f} s; journal: "
        + next((x for x in journal.splitlines() if "atchdog" in x), "no watchdog line")[:120],
    )


def stopped(box: Container, report: Report) -> None:
    since = box.now()
    box.run(["systemctl", "stop", UNIT], timeout=120)
    journal = box.journal(since)
    line = next((x for x in journal.splitlines() if "leds-off" in x), "")
    report.add("systemctl stop runs the LED safe state (ExecStopPost)", bool(line), line[:160])
    state = box.show("ActiveState", "Result")
    report.add(
        "a deliberate stop leaves the unit inactive, not failed",
        (state["ActiveState"], state["Result"]) == ("inactive", "success"),
        f"{state['ActiveState']}, result {state['Result']}",
    )


def _hash(box: Container, path: str) -> str:
    return box.run(["sha256sum", path], check=False, quiet=True).stdout.split(" ")[0]


def upgrade(box: Container, root: Path, report: Report) -> None:
    """install.sh again from a newer tree keeps the config, the settings and the records."""
    settings = f"{STATE}/settings.toml"
    box.sh(
        f"printf '[display]\\nvolume = 40\\n' > {settings} && chown speed-cabinet: {settings}",
        quiet=True,
    )
    box.run(["systemctl", "start", UNIT], timeout=600)
    kept = {p: _hash(box, p) for p in (CONFIG, settings)}
    games = [gid for gid, _, _ in records(box)]
    pid = unit_state(box)["MainPID"]
    box.sh(f"rm -rf {NEW_IN} && cp -a {SRC_IN} {NEW_IN}", quiet=True)
    (root / NEW_IN.lstrip("/") / "cabinet" / "image_check_marker.py").write_text(
        '"""A newer release (deploy/image-check)."""\n'
    )
    r = box.run(["bash", f"{NEW_IN}/deploy/install.sh"], check=False, timeout=3600)
    new_code = (root / "opt/speed-cabinet/src/cabinet/image_check_marker.py").exists()
    same = all(_hash(box, p) == h and h for p, h in kept.items())
    after = [gid for gid, _, _ in records(box)]
    ok, _ = wait_until(lambda: unit_state(box)["MainPID"] not in ("0", pid), 300)
    report.add(
        "an upgrade in place keeps config.toml, the operator's settings and the records",
        r.returncode == 0 and new_code and same and set(games) <= set(after) and bool(games),
        f"exit {r.returncode}, new code {new_code}, config+settings unchanged {same}, "
        f"games {games} kept {set(games) <= set(after)}, restarted {ok}",
    )


def _exists(root: Path, path: str) -> bool:
    return (root / path.lstrip("/")).exists()


def uninstall(box: Container, root: Path, report: Report) -> None:
    r = box.run(["bash", f"{SRC_IN}/deploy/install.sh", "--uninstall"], check=False)
    gone = ["/opt/speed-cabinet", f"/etc/systemd/system/{UNIT}",
            "/etc/udev/rules.d/99-speed-cabinet-panels.rules",
            "/etc/polkit-1/rules.d/50-speed-cabinet-power.rules",
            "/var/cache/speed-cabinet"]  # fmt: skip
    kept = [CONFIG, f"{STATE}/records.sqlite3", f"{STATE}/settings.toml"]
    user = box.run(["getent", "passwd", "speed-cabinet"], check=False, quiet=True).returncode
    left = [p for p in gone if _exists(root, p)]
    lost = [p for p in kept if not _exists(root, p)]
    active = box.run(["systemctl", "is-active", UNIT], check=False, quiet=True).stdout.strip()
    report.add(
        "--uninstall removes the unit and the code, keeps the config, records and user",
        r.returncode == 0 and not left and not lost and user == 0 and active != "active",
        f"exit {r.returncode}; left {left or 'none'}; lost {lost or 'none'}; unit {active}",
    )
    r = box.run(["bash", f"{SRC_IN}/deploy/install.sh", "--uninstall", "--purge"], check=False)
    user = box.run(["getent", "passwd", "speed-cabinet"], check=False, quiet=True).returncode
    left = [p for p in (*gone, "/etc/speed-cabinet", STATE) if _exists(root, p)]
    report.add(
        "--uninstall --purge also removes the config, the records and the user",
        r.returncode == 0 and not left and user != 0,
        f"exit {r.returncode}; left {left or 'none'}; user {'gone' if user else 'still there'}",
    )


def tests_inside(box: Container, opts: Options, report: Report) -> None:
    """The suite (or a subset) under emulation, in a venv of its own."""
    t0 = time.monotonic()
    box.sh(
        f"python3 -m venv /root/venv && /root/venv/bin/pip install -q -e '{SRC_IN}[dev,pi]'",
        timeout=7200,
    )
    report.timings["test venv (pip, emulated)"] = time.monotonic() - t0
    selection = list(opts.tests or DEFAULT_TESTS)
    deselect = [f"--deselect={t}" for t in DESELECT]
    t0 = time.monotonic()
    r = box.run(
        ["sh", "-c", f"cd {SRC_IN} && /root/venv/bin/python -m pytest -q -rs "
         f"-p no:cacheprovider {' '.join(map(shlex.quote, selection + deselect))}"],
        check=False,
        timeout=4 * 3600,
    )  # fmt: skip
    took = time.monotonic() - t0
    (opts.work / "tests.log").write_text(r.stdout + r.stderr)
    summary = (r.stdout.strip().splitlines() or ["no output"])[-1]
    report.timings["tests inside the image"] = took
    report.add(
        "the test suite inside the image"
        + ("" if opts.tests == ("tests",) else f" ({len(selection)} selections)"),
        r.returncode == 0,
        summary,
    )
    report.notes.append("tests run inside: " + " ".join(selection))
    report.notes += [f"  deselected there: {t}: {why}" for t, why in DESELECT.items()]


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    report = Report()
    t0 = time.monotonic()
    container: Container | None = None
    opts.work.mkdir(parents=True, exist_ok=True)
    lock = open(opts.work / ".lock", "w")  # noqa: SIM115  (held until the process ends)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        say(f"another image-check is running in {opts.work}; wait for it or give --work")
        return 2
    try:
        host_setup()
        tarball = build_root(opts, report)
        root = fresh_root(opts, tarball)
        report.add("a fresh copy of the cached root", (root / "usr/bin/python3").exists())
        container = Container(root, opts.work / "nspawn.log")
        run_checks(opts, root, container, report)
    except ImageCheckError as exc:
        say(f"stopped: {exc}")
        report.add("the check ran to the end", False, str(exc))
    except subprocess.TimeoutExpired as exc:
        say(f"stopped: {exc}")
        report.add("the check ran to the end", False, f"timed out: {exc}")
    finally:
        if container is not None and not opts.keep:
            container.poweroff()
    report.timings["the whole check"] = time.monotonic() - t0
    print(format_report(report), flush=True)
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
