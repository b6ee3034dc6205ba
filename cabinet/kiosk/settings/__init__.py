"""Operator settings: the service menu's changes, layered over the installed config.

Two files, read in this order (the later wins):

1. ``/etc/speed-cabinet/config.toml``: the cabinet as wired (pins, seats, defaults). Written
   by the installer once, edited by hand; the kiosk never writes it (the root may be
   read-only).
2. ``$STATE_DIRECTORY/settings.toml`` (``/var/lib/speed-cabinet/settings.toml``): what the
   operator changed in the service menu. Written only by ``save_settings``, atomically.

Merging: tables merge key by key, recursively; any other value replaces. ``[[seat]]`` is
merged seat by seat, by position: ``seat = [{}, { controls = "bot" }]`` leaves seat 1 as
wired and makes seat 2 a bot. A settings seat that changes ``controls`` replaces that seat
whole (a bot seat takes no pins), keeping only its ``position``. The merged mapping goes
through ``cabinet.config.parse_config`` like any config, so a bad setting is refused with
the usual one-line message naming the key.

At start-up (``start_settings``) a bad or stale settings file never stops the cabinet
(systemd would restart it every second forever), nor does one that does not read at all
(nested too deep for tomllib, a FIFO or a device in its place: set aside whole, unread, as
any other unreadable file): the settings that still pass are kept,
the rest are set aside (the original file renamed beside it, ``settings.toml.rejected-N``)
and the installed config's values are used for them; the log and the service menu say
which. An upgrade that makes a saved setting invalid takes the same path.

The package (this module is its face: ``from cabinet.kiosk.settings import X``):
``saving.py`` writes (the TOML writer, the atomic save), ``layers.py`` reads and merges,
``start.py`` is the start-up path that sets bad settings aside.
"""

from __future__ import annotations

from cabinet.kiosk.settings.layers import (
    BASE_CONFIG,
    SETTINGS_NAME,
    check_settings,
    load_layered,
    load_settings,
    merge,
    settings_path,
)
from cabinet.kiosk.settings.saving import dumps, save_settings
from cabinet.kiosk.settings.start import SetAside, StartSettings, start_settings

__all__ = [
    "BASE_CONFIG",
    "SETTINGS_NAME",
    "SetAside",
    "StartSettings",
    "check_settings",
    "dumps",
    "load_layered",
    "load_settings",
    "merge",
    "save_settings",
    "settings_path",
    "start_settings",
]
