"""deploy/install.sh in dry-run mode (--root DIR): twice, upgrade, uninstall, purge."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "deploy" / "install.sh"
POLKIT_RULE = ROOT / "deploy" / "50-speed-cabinet-power.rules"
PRIVILEGED = (
    "apt-get",
    "useradd",
    "usermod",
    "userdel",
    "groupadd",
    "systemctl",
    "udevadm",
    "dpkg-query",
    "pip",
    "pip3",
)


@pytest.fixture
def stubs(tmp_path: Path) -> Path:
    """A PATH folder whose privileged commands only log their calls: a dry run makes none."""
    folder = tmp_path / "stubs"
    folder.mkdir()
    log = tmp_path / "calls.log"
    for name in PRIVILEGED:
        stub = folder / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\nexit 0\n', encoding="utf-8")
        stub.chmod(0o755)
    return folder


def install(root: Path, stubs: Path, *args: str) -> str:
    env = {**os.environ, "PATH": f"{stubs}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", str(INSTALL), "--root", str(root), "--python", sys.executable, *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (stubs.parent / "calls.log").exists(), "a dry run ran a privileged command"
    return result.stdout


def manifest(root: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.is_symlink():
            out[rel] = f"-> {os.readlink(path)}"
        elif path.is_file():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
            out[rel] = f"{oct(path.stat().st_mode & 0o777)} {digest}"
        else:
            out[rel] = "dir"
    return out


def test_dry_run_installs_the_tree_and_prints_the_privileged_steps(
    tmp_path: Path, stubs: Path
) -> None:
    root = tmp_path / "root"
    out = install(root, stubs, "--codename", "bookworm")
    etc = root / "etc"
    assert (etc / "speed-cabinet" / "config.toml").read_bytes() == (
        ROOT / "deploy" / "config.example.toml"
    ).read_bytes()
    assert (etc / "systemd" / "system" / "speed-cabinet.service").read_bytes() == (
        ROOT / "deploy" / "speed-cabinet.service"
    ).read_bytes()
    assert (etc / "udev" / "rules.d" / "99-speed-cabinet-panels.rules").exists()
    assert (etc / "polkit-1" / "rules.d" / "50-speed-cabinet-power.rules").read_bytes() == (
        POLKIT_RULE.read_bytes()
    )
    venv = root / "opt" / "speed-cabinet" / "venv"
    assert os.access(venv / "bin" / "python", os.X_OK)
    assert "include-system-site-packages = false" in (venv / "pyvenv.cfg").read_text()
    src = root / "opt" / "speed-cabinet" / "src"
    assert (src / "pyproject.toml").exists()
    assert (src / "cabinet" / "app.py").exists()
    assert not list(src.rglob("__pycache__"))
    for step in (
        "dry-run: useradd --system",
        "dry-run: usermod --append --groups gpio,video,render,input,dialout,audio speed-cabinet",
        "python3-venv",
        "polkitd",
        "dry-run: systemctl enable speed-cabinet.service",
        f"-m pip install --upgrade --no-cache-dir {src}\\[pi\\]",
        "dry-run: udevadm control --reload",
    ):
        assert step in out, step
    assert not (root / "var" / "lib" / "speed-cabinet").exists()  # systemd makes it


def test_twice_is_idempotent_and_an_upgrade_keeps_config_and_records(
    tmp_path: Path, stubs: Path
) -> None:
    root = tmp_path / "root"
    install(root, stubs, "--codename", "bookworm")
    first = manifest(root)
    install(root, stubs, "--codename", "bookworm")
    assert manifest(root) == first

    # The operator edits the config and the udev rule; the cabinet has records.
    config = root / "etc" / "speed-cabinet" / "config.toml"
    config.write_text("# mine\n", encoding="utf-8")
    rule = root / "etc" / "udev" / "rules.d" / "99-speed-cabinet-panels.rules"
    rule.write_text("# my panels\n", encoding="utf-8")
    state = root / "var" / "lib" / "speed-cabinet"
    state.mkdir(parents=True)
    (state / "records.sqlite3").write_bytes(b"records")
    (state / "settings.toml").write_text('match = "best-of-3"\n', encoding="utf-8")
    out = install(root, stubs, "--codename", "bookworm")  # the upgrade
    assert config.read_text(encoding="utf-8") == "# mine\n"
    assert rule.read_text(encoding="utf-8") == "# my panels\n"
    assert rule.with_name(rule.name + ".dist").exists()
    assert "kept your" in out
    assert (state / "records.sqlite3").read_bytes() == b"records"
    assert (state / "settings.toml").exists()
    again = manifest(root)
    install(root, stubs, "--codename", "bookworm")
    assert manifest(root) == again


def test_trixie_uses_debians_lgpio_through_system_site_packages(
    tmp_path: Path, stubs: Path
) -> None:
    root = tmp_path / "root"
    install(root, stubs, "--codename", "bookworm")
    out = install(root, stubs, "--codename", "trixie")  # an OS upgrade: the venv is redone
    venv = root / "opt" / "speed-cabinet" / "venv"
    assert "include-system-site-packages = true" in (venv / "pyvenv.cfg").read_text()
    assert "python3-lgpio" in out
    assert "[pi]" not in out
    assert "\\[pi\\]" not in out
    assert "created" in out


def test_uninstall_keeps_config_and_records_unless_purge(tmp_path: Path, stubs: Path) -> None:
    root = tmp_path / "root"
    install(root, stubs)
    state = root / "var" / "lib" / "speed-cabinet"
    state.mkdir(parents=True)
    (state / "records.sqlite3").write_bytes(b"records")
    cache = root / "var" / "cache" / "speed-cabinet"  # the unit's CacheDirectory
    cache.mkdir(parents=True)
    (cache / "attract-cards.json").write_text("{}")
    out = install(root, stubs, "--uninstall")
    assert "dry-run: systemctl disable --now speed-cabinet.service" in out
    assert not (root / "opt" / "speed-cabinet").exists()
    assert not (root / "etc" / "systemd" / "system" / "speed-cabinet.service").exists()
    assert not (root / "etc" / "udev" / "rules.d" / "99-speed-cabinet-panels.rules").exists()
    assert not (root / "etc" / "polkit-1" / "rules.d" / "50-speed-cabinet-power.rules").exists()
    assert (root / "etc" / "speed-cabinet" / "config.toml").exists()
    assert (state / "records.sqlite3").read_bytes() == b"records"
    assert not cache.exists()  # a cache only: it goes with the code
    install(root, stubs, "--uninstall")  # twice: still fine

    install(root, stubs)  # reinstall over kept records, then purge
    out = install(root, stubs, "--uninstall", "--purge")
    assert "dry-run: userdel speed-cabinet" in out
    assert not (root / "etc" / "speed-cabinet").exists()
    assert not state.exists()


def test_bad_options(tmp_path: Path) -> None:
    for args in (["--purge"], ["--bogus"]):
        result = subprocess.run(
            ["bash", str(INSTALL), "--root", str(tmp_path), *args],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 2, args
    result = subprocess.run(
        ["bash", "-n", str(INSTALL)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


# The polkit rule, run as polkitd would (its rules are JavaScript): node stands in for
# polkitd's interpreter, with polkit's addRule/Result API.
POLKIT_SHIM = """
const rules = [];
const polkit = {Result: {YES: "yes", NO: "no", NOT_HANDLED: null},
                addRule: (f) => rules.push(f)};
eval(require("fs").readFileSync(process.argv[2], "utf8"));
const out = {};
for (const [user, id] of JSON.parse(process.argv[3])) {
    out[user + " " + id] = rules.map((f) => f({id}, {user})).find((r) => r !== null) ?? null;
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run the rule")
def test_the_polkit_rule_lets_the_cabinet_power_off_and_reboot_only(tmp_path: Path) -> None:
    shim = tmp_path / "shim.js"
    shim.write_text(POLKIT_SHIM, encoding="utf-8")
    asks = [
        ("speed-cabinet", "org.freedesktop.login1.power-off"),
        ("speed-cabinet", "org.freedesktop.login1.reboot"),
        ("speed-cabinet", "org.freedesktop.login1.reboot-multiple-sessions"),
        ("speed-cabinet", "org.freedesktop.systemd1.manage-units"),
        ("speed-cabinet", "org.freedesktop.login1.set-wall-message"),
        ("pi", "org.freedesktop.login1.power-off"),
    ]
    result = subprocess.run(
        ["node", str(shim), str(POLKIT_RULE), json.dumps(asks)],
        capture_output=True,
        text=True,
        check=True,
    )
    answers = json.loads(result.stdout)
    assert answers == {
        "speed-cabinet org.freedesktop.login1.power-off": "yes",
        "speed-cabinet org.freedesktop.login1.reboot": "yes",
        "speed-cabinet org.freedesktop.login1.reboot-multiple-sessions": "yes",
        "speed-cabinet org.freedesktop.systemd1.manage-units": None,
        "speed-cabinet org.freedesktop.login1.set-wall-message": None,
        "pi org.freedesktop.login1.power-off": None,
    }


# Where there is no udevd (a chroot, a container: issue 17) the install warns and goes on.


def udev_reload(tmp_path: Path, path: str) -> subprocess.CompletedProcess[str]:
    """install.sh's ``udev_reload --trigger``, run for real (not the dry run) with PATH."""
    script = 'source "$1" --root "$2"; DRY=0; PATH="$3"; udev_reload --trigger; echo "went on"'
    return subprocess.run(
        ["bash", "-c", script, "bash", str(INSTALL), str(tmp_path / "root"), path],
        capture_output=True,
        text=True,
        check=False,
    )


def test_with_no_udevadm_the_install_warns_and_goes_on(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    result = udev_reload(tmp_path, str(empty))
    assert result.returncode == 0, result.stderr
    assert "warning: no udevadm here" in result.stdout
    assert result.stdout.rstrip().endswith("went on")


@pytest.mark.skipif(shutil.which("udevadm") is None, reason="udevadm is not installed")
def test_with_udevadm_but_no_udevd_the_install_warns_and_goes_on(tmp_path: Path) -> None:
    """The real udevadm: this host's udevd answers (then the rule is loaded) or not (then
    the warning), and either way the install goes on."""
    udevd = (
        subprocess.run(
            ["udevadm", "control", "--ping"], capture_output=True, check=False
        ).returncode
        == 0
    )
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "udevadm").symlink_to(shutil.which("udevadm") or "")
    result = udev_reload(tmp_path, str(folder))
    assert result.returncode == 0, result.stderr
    assert ("warning: udevd is not running" in result.stdout) is not udevd
    assert result.stdout.rstrip().endswith("went on")


def test_sourcing_the_installer_defines_and_installs_nothing(tmp_path: Path) -> None:
    result = subprocess.run(
        ["bash", "-c", 'source "$1" --root "$2"; type udev_reload >/dev/null; echo ok', "bash",
         str(INSTALL), str(tmp_path / "root")],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert result.stdout.strip() == "ok", result.stderr
    assert not (tmp_path / "root" / "opt").exists()
