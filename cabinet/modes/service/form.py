"""The settings page's form: one row per operator setting, and the settings file it stands
for (layered over the installed config by ``cabinet.kiosk.settings.merge``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cabinet.config import RANGES, Assist, CabinetConfig, Inputs
from engine.rules import CallMode, Game

SettingValue = str | int | bool
"""What a settings row holds: a name, a number, or on / off."""

Settings = Mapping[str, object]
"""An operator settings file's tables (TOML: tables, arrays of tables, values)."""

AS_WIRED, BOT = "as wired", "bot"
"""A seat row's values."""


@dataclass(frozen=True, slots=True)
class SettingRow:
    """One settings row: its key, the values it cycles through, the chosen index."""

    key: str
    label: str
    values: tuple[SettingValue, ...]
    index: int

    @property
    def value(self) -> SettingValue:
        return self.values[self.index]

    def shown(self) -> str:
        v = self.value
        return "on" if v is True else "off" if v is False else str(v)


def _row(key: str, label: str, values: Sequence[SettingValue], current: SettingValue) -> SettingRow:
    vals = list(values)
    if current not in vals:
        vals.insert(0, current)
    return SettingRow(key, label, tuple(vals), vals.index(current))


def _numbers(key: str, current: int) -> SettingRow:
    """A number row with its in-range values, from the config's ``RANGES`` (the same table
    the parser checks), so the menu never offers a value the cabinet refuses."""
    label = key.removeprefix("rules.").replace("_", " ")
    return _row(key, label, RANGES[key].values(current), current)


def form_of(
    config: CabinetConfig, difficulties: Sequence[str], matches: Sequence[str]
) -> tuple[SettingRow, ...]:
    """The settings rows, starting at the config the cabinet runs."""
    rules = config.rules
    bot_diffs = [s.difficulty for s in config.seats if s.difficulty]
    calls = (CallMode.CALL, CallMode.AUTO, CallMode.EITHER)
    rows = [
        _row("game", "game", tuple(g.value for g in Game), rules.game.value),
        _numbers("rules.lockout_ms", rules.lockout_ms),
        _row("rules.call", "call", tuple(c.value for c in calls), rules.call.value),
        _numbers("rules.stall_delay_ms", rules.stall_delay_ms),
    ]
    for seat in config.seats:
        wired = BOT if seat.inputs is Inputs.BOT else AS_WIRED
        rows.append(_row(f"seat.{seat.index}", f"seat {seat.index + 1}", (AS_WIRED, BOT), wired))
    difficulty = bot_diffs[0] if bot_diffs else "casual"
    rows.append(_row("difficulty", "bots' difficulty", tuple(difficulties), difficulty))
    assists = {s.assist.value for s in config.seats}
    assist = assists.pop() if len(assists) == 1 else Assist.NONE.value
    rows.append(_row("assist", "assist", tuple(a.value for a in Assist), assist))
    rows.append(_row("match", "match", tuple(matches), str(config.match)))
    # Screen care (idle attract dims, then goes black; 0: never).
    for key, label, now in _CARE:
        current = getattr(config.flow, now)
        rows.append(_row(key, label, RANGES[key].values(current), current))
    # The boards' reset (docs/boards.md): the all-time boards restart after N plays.
    every = config.boards.reset_every
    rows.append(_row(RESET_KEY, "boards reset every", RANGES[RESET_KEY].values(every), every))
    rows += volume_rows(config)  # last: heard at once (cabinet/modes/service/volume.py)
    return tuple(rows)


_CARE = (
    ("flow.dim_after_s", "screen dims after s", "dim_after_s"),
    ("flow.blank_after_s", "screen black after s", "blank_after_s"),
)
"""The screen care rows: key, label, ``FlowConfig`` field."""
RESET_KEY = "boards.reset_every"
"""The boards' reset row: plays of a kind after which its all-time board restarts."""


def settings_mapping(rows: Sequence[SettingRow], config: CabinetConfig) -> dict[str, object]:
    """The operator settings the form stands for, over the installed ``config``: only what
    differs from it, so the wiring stays the file's. The whole settings file: a value set
    back to the installed one leaves it."""
    by = {r.key: r.value for r in rows}
    out: dict[str, object] = {}
    rules = config.rules
    if by["game"] != rules.game.value:
        out["game"] = by["game"]
    opts: dict[str, object] = {}
    for key, now in (
        ("lockout_ms", rules.lockout_ms),
        ("call", rules.call.value),
        ("stall_delay_ms", rules.stall_delay_ms),
    ):
        if by[f"rules.{key}"] != now:
            opts[key] = by[f"rules.{key}"]
    if opts:
        out["rules"] = opts
    seats: list[dict[str, object]] = []
    for seat in config.seats:
        entry: dict[str, object] = {}
        bot = by[f"seat.{seat.index}"] == BOT
        if bot and seat.inputs is not Inputs.BOT:
            entry = {"controls": "bot"}
        if bot and by["difficulty"] != seat.difficulty:
            entry["difficulty"] = by["difficulty"]
        if by["assist"] != seat.assist.value or (
            bot and "controls" in entry and by["assist"] != Assist.NONE.value
        ):
            entry["assist"] = by["assist"]
        seats.append(entry)
    if any(seats):
        out["seat"] = seats
    if by["match"] != str(config.match):
        out["match"] = by["match"]
    out.update(volume_mapping(by, config))
    care = {f: by[k] for k, _, f in _CARE if k in by and by[k] != getattr(config.flow, f)}
    if care:
        out["flow"] = care
    if RESET_KEY in by and by[RESET_KEY] != config.boards.reset_every:
        out["boards"] = {"reset_every": by[RESET_KEY]}
    return out


# The speakers (issue 18): applied at once, not at the next start (cabinet/modes/service/
# volume.py publishes them to the sound board).

VOLUME_KEYS = {"display.volume": "game volume", "display.attract_volume": "attract volume"}
"""The volume rows' keys (``RANGES``) and labels, in row order."""


def volume_rows(config: CabinetConfig) -> list[SettingRow]:
    """The game and attract volume rows (0-100 in tens); with ``[display] mute`` the label
    says the installed config silences them."""
    muted = " (muted: [display] mute)" if config.display.mute else ""
    now = {"display.volume": config.display.volume}
    now["display.attract_volume"] = config.display.attract_volume
    return [
        _row(key, label + muted, RANGES[key].values(now[key]), now[key])
        for key, label in VOLUME_KEYS.items()
    ]


def volume_mapping(by: Mapping[str, SettingValue], config: CabinetConfig) -> dict[str, object]:
    """The ``[display]`` table of the volume rows that differ from ``config``."""
    table = {
        key.removeprefix("display."): by[key]
        for key, now in (
            ("display.volume", config.display.volume),
            ("display.attract_volume", config.display.attract_volume),
        )
        if key in by and by[key] != now
    }
    return {"display": table} if table else {}
