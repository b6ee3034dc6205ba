"""The speakers' levels from the service menu's volume rows (issue 18): applied at once.

Every other setting is saved for the next start; the game and attract volumes are heard
as soon as a row changes. The cabinet publishes ``levels_of`` in every view
(``TableView.sound``) and the window's frame loop hands it to the sound board
(display/sound.py ``SoundBoard.set_levels``). While the settings page is open the
levels follow its rows (each change sounds a short check at the row's level); leaving
without saving goes back to the saved rows, so back to the saved levels. The attract demo
plays at the attract volume, every other screen at the game volume.
"""

from __future__ import annotations

from collections.abc import Sequence

from cabinet.modes.service.form import VOLUME_KEYS, SettingRow
from cabinet.modes.service.state import Page, ServiceMenu
from display.view import SoundCheck, SoundLevels

NEXT_START = "saved: used from the next start (power: restart)"
VOLUME_NOW = "saved: volume in use now"
BOTH = "saved: volume in use now, the rest from the next start (power: restart)"


def volumes(rows: Sequence[SettingRow]) -> dict[str, int]:
    """The volume rows' values (0-100) by key."""
    out: dict[str, int] = {}
    for row in rows:
        if row.key in VOLUME_KEYS and isinstance(row.value, int):
            out[row.key] = row.value
    return out


def levels_of(
    rows: Sequence[SettingRow], *, attract: bool, check: SoundCheck | None = None
) -> SoundLevels:
    """The levels the form's volume rows stand for (0..1); ``attract``: the attract demo
    is up."""
    by = volumes(rows)
    return SoundLevels(
        game=by.get("display.volume", 0) / 100,
        attract=by.get("display.attract_volume", 0) / 100,
        attract_now=attract,
        check=check,
    )


def volume_changed(before: ServiceMenu, after: ServiceMenu) -> float | None:
    """The level (0..1) of the volume row the operator just changed on the settings page,
    to sound a check at; None when no volume row changed there (leaving the page drops
    an unsaved edit silently)."""
    if not (before.open and after.open and before.page is after.page is Page.SETTINGS):
        return None
    old, new = volumes(before.rows), volumes(after.rows)
    for key, value in new.items():
        if old.get(key) != value:
            return value / 100
    return None


def saved_message(saved: Sequence[SettingRow], rows: Sequence[SettingRow]) -> str:
    """The settings page's line after a save: which changes are heard now (the volumes)
    and which wait for the next start (everything else)."""
    was = {r.key: r.value for r in saved}
    changed = {r.key for r in rows if was.get(r.key) != r.value}
    volume = bool(changed & VOLUME_KEYS.keys())
    rest = bool(changed - VOLUME_KEYS.keys())
    if volume and rest:
        return BOTH
    return VOLUME_NOW if volume else NEXT_START


__all__ = ["levels_of", "saved_message", "volume_changed", "volumes"]
