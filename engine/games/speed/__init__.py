"""Speed for 2-4 players, as one package: its state (``state``), its rules as predicates
(``rules``), ``step`` with its general path (``step``) beside the fast path (``fast``), its
notation (``notation``), invariants, scenario tables, bot strategy, and its answers to the
one protocol every game implements (``game``: ``SPEED``)."""

from engine.games.speed.game import SPEED, SpeedGame
from engine.games.speed.notation import format_position, format_table, parse_table, table_of
from engine.games.speed.rules import can_play, claims, has_legal_play, joker_barred, legal_plays
from engine.games.speed.state import (
    HAND_SIZE,
    SpeedPlayer,
    SpeedState,
    SpeedTable,
    new_speed_player,
    new_speed_state,
)
from engine.games.speed.step import deal, new_game, start, step, step_slow

__all__ = [
    "HAND_SIZE",
    "SPEED",
    "SpeedGame",
    "SpeedPlayer",
    "SpeedState",
    "SpeedTable",
    "can_play",
    "claims",
    "deal",
    "format_position",
    "format_table",
    "has_legal_play",
    "joker_barred",
    "legal_plays",
    "new_game",
    "new_speed_player",
    "new_speed_state",
    "parse_table",
    "start",
    "step",
    "step_slow",
    "table_of",
]
