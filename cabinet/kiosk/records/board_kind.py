"""What kind of game a stored game is, for the boards (docs/boards.md, "Kinds"): its game,
its seat count, its rules variant and who the opponents were. Read once, when a game is
recorded (``GameBook.start_game``) or migrated (schema 9), and kept in its own columns so
the boards group games without reading their rules again.

The variant is the rules options that change the cards or how they move, written where a
game's rules differ from what the cabinet deals that game at that seat count by default
(the engine's defaults with the cabinet's party defaults, cabinet/config/party.py): the
deal and its decks, which ranks play on which, jokers, the row, Spit's scoring, round
limit and recycling. The table's timings (lockout, stall delay, call and slap timeouts)
are the operator's tuning, not a variant, and a handicap is a mark on the win, never a
board of its own (docs/rules-options.md, "Handicaps")."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from cabinet.config.party import party_options
from engine.rules import Game, Rules


class DealKind(StrEnum):
    """A deal that is not an ordinary shuffle (``games.deal``; NULL: an ordinary one)."""

    REMATCH = "rematch"
    """The same deal again, the seats turned."""
    DAILY = "daily"
    """The deal of the day: the same seed all day for everyone."""


DAILY_VARIANT = "deal of the day"
"""Before the variant of a deal of the day's game: it counts for its own boards."""

STANDARD = "standard"
"""The variant of a game dealt as the cabinet deals it by default."""
PEOPLE = "people"
"""The opponent kind of a game with no bot dealt in."""
TOOK_OVER = " (took over)"
"""What the records add to a bot preset that took a seat over (``GameBook.finish_game``)."""

VARIANT_KEYS: tuple[str, ...] = (
    "deal",
    "decks",
    "ace",
    "same_rank",
    "jokers",
    "row",
    "reshuffle",
    "deadlock",
    "combine_same_rank",
    "recycle",
    "scoring",
    "round_limit",
)
"""The rules options a variant is made of, in the order it names them."""


@dataclass(frozen=True, slots=True)
class GameKind:
    """A stored game's kind as its columns keep it (``games.players``, ``variant``,
    ``opponent``, ``handicapped``)."""

    players: int
    variant: str
    opponent: str
    handicapped: bool


@cache
def _defaults(game: str, players: int) -> Mapping[str, object]:
    try:
        options = party_options(Game(game), {"game": game, "players": players})
        return Rules.from_options(options).options()
    except (ValueError, TypeError):  # a game or seat count this release does not deal
        return Rules().options()


def variant_of(options: Mapping[str, object]) -> str:
    """The variant of a game whose stored rules (``Rules.options()``) are ``options``:
    ``standard``, or the options that differ, ``key value`` joined by ", "."""
    game, players = options.get("game"), options.get("players")
    base = _defaults(str(game), players if isinstance(players, int) else 2)
    differ = [
        f"{key} {_text(options[key])}"
        for key in VARIANT_KEYS
        if key in options and _text(options[key]) != _text(base.get(key))
    ]
    return ", ".join(differ) or STANDARD


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def opponent_of(bots: Iterable[str | None]) -> str:
    """Who the people at a game played against: ``people`` when no bot was dealt in, else
    the bot presets dealt in (sorted, "+" between two kinds); a preset that took a seat
    over later was not dealt in."""
    presets = sorted({bot for bot in bots if bot is not None and not bot.endswith(TOOK_OVER)})
    return "+".join(presets) or PEOPLE


def handicapped(options: Mapping[str, object]) -> bool:
    """A handicap at the table: the stored rules name ``handicaps`` only when some seat
    had one (``Rules.options``; docs/rules-options.md, "Handicaps")."""
    return bool(options.get("handicaps"))


def kind_of(options: Mapping[str, object], bots: Iterable[str | None]) -> GameKind:
    players = options.get("players")
    return GameKind(
        players if isinstance(players, int) else 2,
        variant_of(options),
        opponent_of(bots),
        handicapped(options),
    )


def synchronised(flag: Path) -> bool:
    """Has systemd-timesyncd set the clock this boot (its flag file exists)? A wall time
    written then is a real date (docs/boards.md, "The cabinet day")."""
    try:
        return flag.exists()
    except OSError:
        return False


def fill_kinds(conn: sqlite3.Connection) -> int:
    """Schema 8 -> 9: every stored game's kind into its columns, inside the migration's
    transaction; how many games. A row whose rules are not a JSON object keeps NULL (it
    enters no board, as it is read nowhere else either)."""
    bots: dict[int, list[str | None]] = {}
    for game_id, bot in conn.execute("SELECT game_id, bot FROM game_seats ORDER BY game_id, seat"):
        bots.setdefault(int(game_id), []).append(bot)
    kinds = []
    for game_id, text in conn.execute("SELECT id, rules_json FROM games").fetchall():
        try:
            options = json.loads(text)
        except (TypeError, ValueError):
            continue
        if isinstance(options, dict):
            kind = kind_of(options, bots.get(int(game_id), ()))
            kinds.append(
                (kind.players, kind.variant, kind.opponent, int(kind.handicapped), game_id)
            )
    conn.executemany(
        "UPDATE games SET players = ?, variant = ?, opponent = ?, handicapped = ? WHERE id = ?",
        kinds,
    )
    return len(kinds)


__all__ = [
    "DAILY_VARIANT",
    "PEOPLE",
    "STANDARD",
    "VARIANT_KEYS",
    "DealKind",
    "GameKind",
    "fill_kinds",
    "handicapped",
    "kind_of",
    "opponent_of",
    "synchronised",
    "variant_of",
]
