"""deploy/image-check's own logic, fast (issue 17). The check itself boots an emulated
arm64 Bookworm under systemd and takes many minutes: it is run by hand (deploy/README.md),
not here."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from cabinet.config import Inputs, PinFactoryKind, parse_config

ROOT = Path(__file__).resolve().parents[2]
SHIM = ROOT / "deploy" / "image-check"
UNIT = ROOT / "deploy" / "speed-cabinet.service"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("image_check", ROOT / "deploy" / "image_check.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["image_check"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ic = _load()


def test_the_command_says_what_it_does() -> None:
    result = subprocess.run([str(SHIM), "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "arm64 Debian Bookworm" in result.stdout
    assert "--skip-tests" in result.stdout


def test_arguments_default_to_the_cache_and_refuse_to_wipe_the_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    opts = ic.parse_args([])
    assert opts.cache == tmp_path / "cache" / "speed-cabinet" / "image-check"
    assert opts.src == ROOT
    assert not opts.src.is_relative_to(opts.work)
    assert opts.tests == ()
    opts = ic.parse_args(["--tests", "tests/deploy", "--tests", "tests/engine", "--keep"])
    assert opts.tests == ("tests/deploy", "tests/engine")
    assert opts.keep
    for bad, says in (
        (["--work", str(ROOT)], "would wipe the source tree"),
        (["--work", "/"], "would wipe the source tree"),
        (["--src", str(tmp_path)], "has no deploy/install.sh"),
        (["--keeep"], "unrecognized arguments"),
    ):
        result = subprocess.run(
            [sys.executable, str(ROOT / "deploy" / "image_check.py"), *bad],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 2, bad
        assert says in result.stderr, result.stderr


def test_the_report_lists_each_check_the_deviations_and_what_was_not_exercised() -> None:
    report = ic.Report()
    assert not report.passed  # nothing checked is not a pass
    report.add("the unit is enabled", True, "enabled")
    report.skip("seccomp filters", "qemu's user mode refuses seccomp")
    report.deviations.append(ic.TTY_DEVIATION)
    report.timings["boot to READY"] = 41.26
    report.notes.append("systemd-analyze security speed-cabinet.service: 2.1 OK")
    text = ic.format_report(report)
    lines = text.splitlines()
    assert "  [pass         ] the unit is enabled: enabled" in lines
    assert "  [not exercised] seccomp filters: qemu's user mode refuses seccomp" in lines
    assert "  1 passed, 0 failed, 1 not exercised" in lines
    assert "deviations from a Pi (container only):" in lines
    assert f"  - {ic.TTY_DEVIATION.what}: {ic.TTY_DEVIATION.why}" in lines
    assert "  boot to READY: 41.3 s" in lines
    assert lines[-1] == "result: PASS"
    assert report.passed
    report.add("SIGKILL is restarted", False, "not back in 300 s")
    assert not report.passed
    assert ic.format_report(report).splitlines()[-1] == "result: FAIL"
    assert "[FAIL         ] SIGKILL is restarted: not back in 300 s" in ic.format_report(report)


def test_the_mock_config_is_the_shipped_one_with_mock_pins_and_a_panel_sim_seat() -> None:
    shipped = (ROOT / "deploy" / "config.example.toml").read_text(encoding="utf-8")
    assert 'pin_factory = "lgpio"' in shipped  # the check first runs the shipped config
    config = parse_config(tomllib.loads(ic.mock_config(shipped, "/run/panel-sim/sim1")), "mock")
    original = parse_config(tomllib.loads(shipped), "shipped")
    assert config.pin_factory is PinFactoryKind.MOCK
    first, *rest = config.seats
    assert first.inputs is Inputs.SERIAL
    assert first.position == original.seats[0].position
    assert tuple(rest) == original.seats[1:]
    assert config.rules == original.rules


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze missing")
def test_the_container_dropin_is_read_with_the_unit_and_verifies(tmp_path: Path) -> None:
    """The drop-in next to a copy of the unit: silent when right, and a typo in it shows
    (so it is really read)."""
    fake = tmp_path / "python"
    fake.symlink_to(sys.executable)
    unit = tmp_path / "speed-cabinet.service"
    unit.write_text(
        UNIT.read_text(encoding="utf-8").replace("/opt/speed-cabinet/venv/bin/python", str(fake)),
        encoding="utf-8",
    )
    dropins = tmp_path / "speed-cabinet.service.d"
    dropins.mkdir()
    conf = dropins / ic.DROPIN_NAME
    conf.write_text(ic.unit_dropin(), encoding="utf-8")
    verify = ["systemd-analyze", "verify", str(unit)]
    result = subprocess.run(verify, capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
    conf.write_text(ic.unit_dropin().replace("TTYReset=", "TTYRest="), encoding="utf-8")
    result = subprocess.run(verify, capture_output=True, text=True, check=False)
    assert "TTYRest" in result.stdout + result.stderr
    text = ic.unit_dropin()
    assert "DeviceAllow=char-pts rw" in text
    assert "StandardInput=null" in text


def test_the_cache_key_names_the_recipe() -> None:
    key = ic.cache_key(ic.MIRROR)
    assert key.startswith("bookworm-arm64-")
    assert key.endswith(".tar.zst")
    assert key == ic.cache_key(ic.MIRROR)
    assert key != ic.cache_key("http://mirror.example/debian")


@pytest.mark.skipif(shutil.which("unshare") is None, reason="unshare missing")
def test_the_container_leader_is_found_by_its_pid_namespace() -> None:
    """What ``Container`` uses to find the booted systemd: PID 1 of a new PID namespace
    under the process it started (here ``unshare``, as nspawn)."""
    child = subprocess.Popen(
        ["unshare", "--user", "--map-root-user", "--pid", "--fork", "sleep", "30"],
        stderr=subprocess.PIPE,
    )
    try:
        found, _ = ic.wait_until(lambda: ic.nspid_leader(child.pid) is not None, 10, 0.05)
        if not found and child.poll() is not None:
            error = child.stderr.read() if child.stderr is not None else b""
            # qemu's user mode (the image check's own emulated run) cannot unshare: the
            # image check runs on the host, never there.
            pytest.skip(f"this system cannot make a PID namespace: {error!r}")
        leader = ic.nspid_leader(child.pid)
        assert leader is not None
        assert leader != child.pid
        assert Path(f"/proc/{leader}/cmdline").read_bytes().startswith(b"sleep")
        assert ic.nspid_leader(leader + 10**7) is None
    finally:
        child.kill()
        child.wait()


def test_wait_until_reports_the_time_taken() -> None:
    t0 = time.monotonic()
    calls = iter([False, False, True])
    ok, took = ic.wait_until(lambda: next(calls), 5, 0.01)
    assert ok
    assert 0.015 <= took <= time.monotonic() - t0
    ok, took = ic.wait_until(lambda: False, 0.05, 0.01)
    assert not ok
    assert took >= 0.05


def test_the_image_check_is_typed_and_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "deploy/image_check.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_second_run_on_the_same_work_directory_is_refused(tmp_path: Path) -> None:
    """Two runs would unpack and wipe the same root under each other."""
    import fcntl

    work = tmp_path / "work"
    work.mkdir()
    with open(work / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = subprocess.run(
            [sys.executable, str(ROOT / "deploy" / "image_check.py"), "--work", str(work)],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
    assert result.returncode == 2
    assert "another image-check is running" in result.stderr


def test_boot_to_ready_is_read_from_systemds_own_stamps() -> None:
    manager = {"UserspaceTimestampMonotonic": "1000000"}
    unit = {
        "ExecMainStartTimestampMonotonic": "9000000",
        "ActiveEnterTimestampMonotonic": "21500000",
    }
    times = ic.ready_times(manager, unit)
    assert times is not None
    assert times.boot_to_ready_ms == 20500
    assert times.start_to_ready_ms == 12500
    # Never active in this boot (a zero stamp), a stamp missing, or READY before the start.
    assert ic.ready_times(manager, {**unit, "ActiveEnterTimestampMonotonic": "0"}) is None
    assert ic.ready_times({}, unit) is None
    assert ic.ready_times(manager, {**unit, "ActiveEnterTimestampMonotonic": "5"}) is None


def test_a_network_wait_in_the_critical_chain_is_named() -> None:
    plain = (
        'The time when unit became active or started is printed after the "@" character.\n'
        "speed-cabinet.service +14.201s\n"
        "\u2514\u2500image-check-panel-sim.service @3.1s +2.0s\n"
        "  \u2514\u2500basic.target @2.9s\n"
        "    \u2514\u2500sockets.target @2.9s\n"
    )
    assert ic.network_waits(plain) == []
    waiting = plain.replace("basic.target", "network-online.target")
    assert ic.network_waits(waiting) == ["network-online.target"]
    assert ic.network_waits("\u2514\u2500systemd-networkd-wait-online.service @1s") == [
        "systemd-networkd-wait-online.service"
    ]
    # Reached once the network's managers have started, online or not: no wait.
    assert ic.network_waits(plain.replace("basic.target", "network.target")) == []


def test_the_boot_to_ready_limit_is_generous() -> None:
    """At least the unit's own start timeout (a start systemd accepts is no failure here),
    and short of the check's own waits."""
    timeout = [
        line.split("=", 1)[1]
        for line in UNIT.read_text(encoding="utf-8").splitlines()
        if line.startswith("TimeoutStartSec=")
    ]
    assert timeout == ["90s"]
    assert 90 <= ic.BOOT_TO_READY_LIMIT_S <= 300
