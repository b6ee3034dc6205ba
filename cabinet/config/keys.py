"""The config file's keys: one table of each key's name (as in the file), the type its
checked value has, its default and its ``Range``. The parser takes its defaults, its known
keys and its ranges from here, and ``RANGES`` (the service menu's number rows) is drawn
from it; a test holds it to the typed dataclasses of ``model.py`` (which stay written out
by hand) and their defaults, and to the engine's ``Rules`` and ``Handicap``.

Not here: the ``[[seat]]`` tables (``seats.py``), and ``game``, ``preset``, ``match`` and the
other ``[rules]`` keys, which the engine checks (``Rules.from_options``, ``MatchRules``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.config.model import DayStart, PinFactoryKind
from cabinet.config.ranges import Range


@dataclass(frozen=True, slots=True)
class Key:
    """One config key."""

    name: str
    """As in the file: ``cabinet.debounce_ms`` (a table's name, a dot, the key)."""
    kind: type
    """The type of the checked value (``PinFactoryKind`` for a string naming one)."""
    default: object
    """The value when the key is left out; None: none (``seed``), or the engine's (rules)."""
    range: Range | None = None
    """A whole number's limits (the service menu's steps among them)."""

    @property
    def table(self) -> str:
        """The table it sits in ("" for the top level)."""
        return self.name.rpartition(".")[0]

    @property
    def key(self) -> str:
        """Its name within that table."""
        return self.name.rpartition(".")[2]


def _number(
    name: str, default: int | None, low: int, high: int, step: int = 1, off: bool = False
) -> Key:
    return Key(name, int, default, Range(name, low, high, step, off))


KEYS: tuple[Key, ...] = (
    _number("seed", None, 0, 2**63 - 1),
    Key("cabinet.pin_factory", PinFactoryKind, PinFactoryKind.LGPIO),
    # 5 ms is the shortest window that still gives one press per chattering press on
    # every bounce train the tests drive through gpiozero's mock pins (contact chatter up
    # to 4.9 ms); 2 ms chatter needs at least 2 ms (tests/cabinet/loop/test_debounce.py).
    _number("cabinet.debounce_ms", 5, 5, 50),
    _number("cabinet.stuck_ms", 10_000, 1_000, 600_000),
    _number("cabinet.service_hold_ms", 2_000, 500, 10_000),
    Key("cabinet.led_pwm", bool, True),
    Key("cabinet.two_hand", bool, False),
    Key("cabinet.service_pin", int, None),  # a header pin: FREE_PINS, not a range
    Key("cabinet.operator_code", tuple, ()),  # button names: CODE_LENGTH of them
    Key("display.fullscreen", bool, False),
    Key("display.four_colour", bool, False),
    _number("display.volume", 70, 0, 100, step=10),
    _number("display.attract_volume", 30, 0, 100, step=10),
    Key("display.mute", bool, False),
    _number("flow.idle_return_s", 60, 10, 3600),
    _number("flow.bot_takeover_s", 0, 5, 600, off=True),
    _number("flow.countdown_s", 3, 1, 10),
    _number("flow.dim_after_s", 300, 30, 3600, step=30, off=True),
    _number("flow.blank_after_s", 900, 60, 7200, step=60, off=True),
    # The boards (docs/boards.md): the cabinet day's start and the all-time boards' reset.
    Key("boards.day_start", DayStart, DayStart()),
    _number("boards.reset_every", 0, 50, 5_000, step=50, off=True),
    # The rules' defaults are the engine's (its presets); these are the cabinet's limits.
    _number("rules.lockout_ms", None, 0, 5_000, step=50),
    _number("rules.stall_delay_ms", None, 250, 60_000, step=250),
    # A claim needs time to press SLAM: 0 makes every claim in call mode fail.
    _number("rules.call_timeout_ms", None, 500, 30_000, step=250),
    _number("rules.slap_timeout_ms", None, 1_000, 60_000, step=500),
    _number("rules.round_limit", None, 1, 100),
    # A seat's own handicap (docs/rules-options.md, "Handicaps"): wide enough for the join
    # menu's twice and half of every table value above (cabinet/modes/flow/choices.py),
    # no wider (a 1 ms claim could never be made).
    _number("rules.handicaps.lockout_ms", None, 0, 10_000),
    _number("rules.handicaps.claim_ms", None, 250, 60_000),
)
"""Every key the cabinet checks itself, in the order of deploy/config.example.toml."""

BY_NAME: dict[str, Key] = {k.name: k for k in KEYS}

_MATCH_RANGES = (
    Range("match.best-of", 1, 99, step=2),
    Range("match.series", 1, 50),
    Range("match.points", 1, 1_000, step=5),
)
"""Not keys: the number inside ``match = "best-of-N"`` (and first-to, margin)."""

RANGES: dict[str, Range] = {
    **{k.name: k.range for k in KEYS if k.range is not None},
    **{r.key: r for r in _MATCH_RANGES},
}
"""Every number the cabinet config takes, by key (pins: ``FREE_PINS``)."""


def names_in(table: str) -> set[str]:
    """The keys of ``table`` ("" for the top level) the table above knows."""
    return {k.key for k in KEYS if k.table == table}


def default(name: str) -> object:
    return BY_NAME[name].default


__all__ = ["BY_NAME", "KEYS", "RANGES", "Key", "default", "names_in"]
