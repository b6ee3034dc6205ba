#!/usr/bin/env bash
# Install, upgrade or remove speed-cabinet on 64-bit Raspberry Pi OS (Pi 4 or 5).
#
#   sudo deploy/install.sh                 install, or upgrade in place (idempotent)
#   sudo deploy/install.sh --uninstall     remove; keeps /etc/speed-cabinet and the records
#   sudo deploy/install.sh --uninstall --purge    also the config, the records and the user
#   deploy/install.sh --root DIR [...]     dry run: install into DIR, print (never run) the
#                                          apt-get, useradd, pip, udevadm and systemctl calls
#
# Bookworm (Python 3.11): lgpio from PyPI through the package's `pi` extra (lgpio>=0.2.2 has
# aarch64 wheels). Trixie (Python 3.13, no lgpio wheel): Debian's python3-lgpio, seen through
# a --system-site-packages venv. Other options: --codename NAME (default: /etc/os-release),
# --python PY (default /usr/bin/python3, dry run: python3), --src DIR (default: this repo).
#
# Layout: /opt/speed-cabinet/{src,venv}, /etc/speed-cabinet/config.toml (copied from
# deploy/config.example.toml once, never overwritten), /etc/udev/rules.d/
# 99-speed-cabinet-panels.rules (likewise: it holds your Picos' serial numbers),
# /etc/systemd/system/speed-cabinet.service (always replaced: it is ours, enabled, and
# restarted if it was running), /etc/polkit-1/rules.d/50-speed-cabinet-power.rules (ours:
# the service menu's shut down and reboot). The records live in /var/lib/speed-cabinet (systemd's
# StateDirectory): no upgrade touches them; the app migrates their schema when it opens them.
set -euo pipefail

APP=speed-cabinet
GROUPS_WANTED=(gpio video render input dialout audio)

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-2}"
}

ROOT=""
DRY=0
UNINSTALL=0
PURGE=0
CODENAME=""
PY=""
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
while [ $# -gt 0 ]; do
    case "$1" in
        --root) [ $# -ge 2 ] || usage; ROOT="$2"; DRY=1; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        --purge) PURGE=1; shift ;;
        --codename) [ $# -ge 2 ] || usage; CODENAME="$2"; shift 2 ;;
        --python) [ $# -ge 2 ] || usage; PY="$2"; shift 2 ;;
        --src) [ $# -ge 2 ] || usage; SRC="$(cd "$2" && pwd)"; shift 2 ;;
        -h|--help) usage 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage ;;
    esac
done
if [ "$PURGE" = 1 ] && [ "$UNINSTALL" = 0 ]; then
    echo "install.sh: --purge goes with --uninstall" >&2
    exit 2
fi

say() { echo "install.sh: $*"; }
die() { echo "install.sh: $*" >&2; exit 1; }

# A privileged or networked step: run it, or in a dry run print it.
run() {
    if [ "$DRY" = 1 ]; then
        local arg line="dry-run:"
        for arg in "$@"; do
            if [[ "$arg" =~ ^[A-Za-z0-9_./:=@%+,-]+$ ]]; then
                line+=" $arg"
            else
                line+=" $(printf '%q' "$arg")"
            fi
        done
        echo "$line"
    else
        "$@"
    fi
}

if [ "$DRY" = 1 ]; then
    mkdir -p "$ROOT"
    ROOT="$(cd "$ROOT" && pwd)"
    PY="${PY:-python3}"
else
    [ "$(id -u)" = 0 ] || die "run as root (sudo), or use --root DIR for a dry run"
    PY="${PY:-/usr/bin/python3}"
fi
if [ -z "$CODENAME" ] && [ -r /etc/os-release ]; then
    CODENAME="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
fi

PREFIX="$ROOT/opt/$APP"
VENV="$PREFIX/venv"
ETC="$ROOT/etc/$APP"
UNIT="$ROOT/etc/systemd/system/$APP.service"
UDEV="$ROOT/etc/udev/rules.d/99-$APP-panels.rules"
POLKIT="$ROOT/etc/polkit-1/rules.d/50-$APP-power.rules"
STATE="$ROOT/var/lib/$APP"
CACHE="$ROOT/var/cache/$APP"  # the unit's CacheDirectory: attract's placements, disposable

# Load the panels' udev rule now (and, with --trigger, apply it to the serial ports already
# plugged in). A Pi always runs udevd; a chroot or a container has none (systemd-udevd wants
# a writable /sys): there the rule is installed, the reload is skipped with a warning, and
# the install goes on (the rule is read at the next boot that has udevd).
udev_reload() {
    if [ "$DRY" = 1 ]; then
        run udevadm control --reload
        if [ "${1:-}" = --trigger ]; then run udevadm trigger --subsystem-match=tty; fi
        return 0
    fi
    if ! command -v udevadm >/dev/null 2>&1; then
        say "warning: no udevadm here; the panels' udev rule is not loaded until a boot with udev"
        return 0
    fi
    if ! udevadm control --reload 2>/dev/null; then
        say "warning: udevd is not running (a container or chroot?); the panels' udev rule is" \
            "not loaded until a boot with udevd"
        return 0
    fi
    if [ "${1:-}" = --trigger ]; then
        udevadm trigger --subsystem-match=tty \
            || say "warning: udevadm trigger failed; replug the panels or reboot"
    fi
}

uninstall() {
    if [ "$DRY" = 1 ] || systemctl list-unit-files "$APP.service" >/dev/null 2>&1; then
        run systemctl disable --now "$APP.service"
    fi
    rm -f "$UNIT"
    run systemctl daemon-reload
    rm -f "$UDEV" "$UDEV.dist" "$POLKIT"
    udev_reload
    rm -rf "$PREFIX" "$CACHE"
    if [ "$PURGE" = 1 ]; then
        rm -rf "$ETC" "$STATE"
        if [ "$DRY" = 1 ] || getent passwd "$APP" >/dev/null; then
            run userdel "$APP"
        fi
        say "removed, with the config, the records and the user"
    else
        say "removed; kept $ETC and the records in $STATE (--uninstall --purge removes them)"
    fi
}

# Copy a file the operator edits only if it is not there; else leave it and put the new
# version beside it (NAME.dist, which neither the cabinet nor udev reads) when it differs.
install_once() {
    local from="$1" to="$2"
    if [ ! -e "$to" ]; then
        install -m 0644 "$from" "$to"
        say "installed $to"
    elif cmp -s "$from" "$to"; then
        rm -f "$to.dist"
    else
        install -m 0644 "$from" "$to.dist"
        say "kept your $to (the shipped version is $to.dist)"
    fi
}

install_all() {
    "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "$PY is older than Python 3.11; use 64-bit Raspberry Pi OS Bookworm or newer"
    [ -f "$SRC/pyproject.toml" ] && [ -d "$SRC/cabinet" ] || die "$SRC is not a speed-cabinet source tree"
    local arch
    arch="$(uname -m)"
    if [ "$DRY" = 0 ] && [ "$arch" != aarch64 ]; then
        say "warning: this is $arch; the cabinet targets 64-bit Pi OS (pygame-ce has no 32-bit ARM wheel)"
    fi

    # OS packages. Mesa's GBM and EGL for pygame-ce's kmsdrm driver; ALSA for sound;
    # polkitd so the service menu's shut down / reboot are allowed (the rule below).
    local packages=(python3-venv libgbm1 libegl1 polkitd) extra="[pi]" site=""
    case "$CODENAME" in
        bookworm) packages+=(libasound2) ;;
        trixie|forky|sid)
            # No lgpio wheel for Python 3.13: Debian's, seen through the venv.
            packages+=(libasound2t64 python3-lgpio); extra=""; site="--system-site-packages" ;;
        *) say "warning: unknown release '${CODENAME:-?}'; treating it as Bookworm"
           packages+=(libasound2) ;;
    esac
    local missing=() p
    for p in "${packages[@]}"; do
        if [ "$DRY" = 1 ] || ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed'; then
            missing+=("$p")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        run apt-get update
        run apt-get install -y --no-install-recommends "${missing[@]}"
    fi

    # The user and its groups (a missing group would stop the unit from starting).
    local g
    for g in "${GROUPS_WANTED[@]}"; do
        if [ "$DRY" = 1 ] || ! getent group "$g" >/dev/null; then
            run groupadd --system -f "$g"
        fi
    done
    if [ "$DRY" = 1 ] || ! getent passwd "$APP" >/dev/null; then
        run useradd --system --user-group --no-create-home --home-dir "/var/lib/$APP" \
            --shell /usr/sbin/nologin "$APP"
    fi
    run usermod --append --groups "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$APP"

    # The source of this release, swapped in whole (a failed copy leaves the old one).
    mkdir -p "$PREFIX"
    rm -rf "$PREFIX/src.new"
    mkdir "$PREFIX/src.new"
    tar -C "$SRC" --exclude=__pycache__ --exclude='*.egg-info' --exclude=build \
        -cf - pyproject.toml README.md engine cabinet display firmware_bridge deploy \
        | tar -C "$PREFIX/src.new" --no-same-owner -xf -
    rm -rf "$PREFIX/src.old"
    if [ -d "$PREFIX/src" ]; then mv "$PREFIX/src" "$PREFIX/src.old"; fi
    mv "$PREFIX/src.new" "$PREFIX/src"
    rm -rf "$PREFIX/src.old"

    # The venv: kept across upgrades unless its Python changed (an OS upgrade) or it does
    # not see the system packages it needs.
    local want have
    want="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    have=""
    if [ -x "$VENV/bin/python" ]; then
        have="$("$VENV/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)"
        local sees="false"
        grep -qi '^include-system-site-packages *= *true' "$VENV/pyvenv.cfg" && sees="true"
        if [ -n "$site" ] && [ "$sees" = false ]; then have=""; fi
    fi
    if [ "$have" != "$want" ]; then
        rm -rf "$VENV"
        if [ "$DRY" = 1 ]; then
            # No pip in a dry run: the pip steps below are printed, not run.
            "$PY" -m venv --without-pip $site "$VENV"
        else
            "$PY" -m venv $site "$VENV"
        fi
        say "created $VENV (Python $want${site:+, system site packages})"
    fi
    run "$VENV/bin/python" -m pip install --upgrade --no-cache-dir "$PREFIX/src$extra"
    # lgpio 0.0.0.2 is an empty module that pip picks when no wheel fits: refuse it.
    run "$VENV/bin/python" -c \
        "import lgpio, sys; sys.exit(0 if hasattr(lgpio, 'gpiochip_open') else 'lgpio is empty')"

    # The operator's config and the panels' udev rule: installed once, never overwritten.
    mkdir -p "$ETC" "$(dirname "$UDEV")" "$(dirname "$UNIT")"
    install -m 0644 "$SRC/deploy/config.example.toml" "$ETC/config.example.toml"
    install_once "$SRC/deploy/config.example.toml" "$ETC/config.toml"
    install_once "$SRC/deploy/99-$APP-panels.rules" "$UDEV"
    udev_reload --trigger

    # polkit: the cabinet's user may power off and reboot, nothing else (polkitd reads
    # rules.d as it changes).
    mkdir -p "$(dirname "$POLKIT")"
    install -m 0644 "$SRC/deploy/50-$APP-power.rules" "$POLKIT"

    # The unit: always ours, enabled; restarted if it was running (upgrade in place).
    install -m 0644 "$SRC/deploy/$APP.service" "$UNIT"
    run systemctl daemon-reload
    run systemctl enable "$APP.service"
    if [ "$DRY" = 1 ] || systemctl is-active --quiet "$APP.service"; then
        run systemctl restart "$APP.service"
    else
        say "enabled; it starts at the next boot (or now: systemctl start $APP)"
    fi
    say "done: config $ETC/config.toml, records $STATE"
}

main() {
    if [ "$UNINSTALL" = 1 ]; then
        uninstall
    else
        install_all
    fi
}

# Sourced (tests/deploy: one function at a time), it only defines; run, it installs.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    main
fi
