"""The cabinet's configuration: a TOML file read with tomllib, checked all at once.

A wrong config stops start-up with one ``ConfigError`` whose message names the key and the
fix; the CLI prints it on one line and exits 2. Keys are named as in the file, seats as
``seat[N]`` counting from 1 (the order of the ``[[seat]]`` tables is the player order).
See ``deploy/config.example.toml`` for every key with its default.

Pure: no hardware, no engine state; the rules options go through ``Rules.from_options``.

The package (this module re-exports its public names, so ``from cabinet.config import X``
is the way in):

* ``Control`` (with ``SLOTS``, ``CONTROLS``), the panel's eight buttons and LEDs, is
  ``cabinet.panel``'s, re-exported here as the config names them;
* ``model.py``: the checked config (``CabinetConfig``, ``SeatConfig``...), its enums and
  the cabinet's fixed facts (positions, header pins);
* ``keys.py``: ``KEYS``, the one table of the keys the cabinet checks (name, type, default,
  range), and ``RANGES``, every number the config takes (the service menu offers the same);
* ``ranges.py``: ``Range``, a whole number's limits;
* ``reading.py``: ``read_toml``, a file with the cabinet's limits (a regular file only,
  never nested past what tomllib can read);
* ``parse.py``: ``parse_config``/``load_config``, the top-level keys and tables;
* ``seats.py``: the ``[[seat]]`` tables;
* ``boards.py``: the ``[boards]`` table (the cabinet day's start, the boards' reset);
* ``party.py``: the cabinet's party defaults for a game's rules (Spit's round limit),
  which the engine's own defaults (the scenario contract's) leave long.
"""

from __future__ import annotations

from cabinet.config.boards import parse_day_start
from cabinet.config.keys import KEYS, RANGES, Key
from cabinet.config.model import (
    CODE_LENGTH,
    DEFAULT_POSITIONS,
    FREE_PINS,
    KEY_SETS,
    POSITIONS,
    PULLED_UP_PINS,
    Assist,
    BoardsConfig,
    CabinetConfig,
    ConfigError,
    DayStart,
    DisplayConfig,
    FlowConfig,
    Inputs,
    PinFactoryKind,
    SeatConfig,
    SerialPort,
    WindowSize,
)
from cabinet.config.parse import (
    laptop_config,
    load_config,
    parse_config,
    parse_match,
    parse_operator_code,
)
from cabinet.config.party import PARTY_ROUND_LIMIT, PARTY_RULES, party_options
from cabinet.config.ranges import INT64, Range
from cabinet.config.reading import (
    MAX_FILE_BYTES,
    TomlTable,
    TomlValue,
    load_toml,
    read_regular,
    read_toml,
)
from cabinet.panel import CONTROLS, SLOTS, Control

__all__ = [
    "CODE_LENGTH",
    "CONTROLS",
    "DEFAULT_POSITIONS",
    "FREE_PINS",
    "INT64",
    "KEYS",
    "KEY_SETS",
    "MAX_FILE_BYTES",
    "PARTY_ROUND_LIMIT",
    "PARTY_RULES",
    "POSITIONS",
    "PULLED_UP_PINS",
    "RANGES",
    "SLOTS",
    "Assist",
    "BoardsConfig",
    "CabinetConfig",
    "ConfigError",
    "Control",
    "DayStart",
    "DisplayConfig",
    "FlowConfig",
    "Inputs",
    "Key",
    "PinFactoryKind",
    "Range",
    "SeatConfig",
    "SerialPort",
    "TomlTable",
    "TomlValue",
    "WindowSize",
    "laptop_config",
    "load_config",
    "load_toml",
    "parse_config",
    "parse_day_start",
    "parse_match",
    "parse_operator_code",
    "party_options",
    "read_regular",
    "read_toml",
]
