"""Spit for 2 players, as one package: its state, its rules as predicates, ``step``, its
notation, invariants, scenario tables, bot strategy, and its answers to the one protocol
every game implements (``game``: ``SPIT``)."""

from engine.games.spit.game import SPIT, SpitGame
from engine.games.spit.notation import format_position, parse_table
from engine.games.spit.rules import can_play, check_table, fits, lands, legal_moves, legal_plays
from engine.games.spit.state import (
    DEAL_EACH,
    LAYOUT_SIZE,
    PLAYERS,
    POINTS_TARGET,
    STOCK_SLOTS,
    Pile,
    SpitPlayer,
    SpitState,
    SpitTable,
)
from engine.games.spit.step import deal, layout, new_game, start, step, table_of

__all__ = [
    "DEAL_EACH",
    "LAYOUT_SIZE",
    "PLAYERS",
    "POINTS_TARGET",
    "SPIT",
    "STOCK_SLOTS",
    "Pile",
    "SpitGame",
    "SpitPlayer",
    "SpitState",
    "SpitTable",
    "can_play",
    "check_table",
    "deal",
    "fits",
    "format_position",
    "lands",
    "layout",
    "legal_moves",
    "legal_plays",
    "new_game",
    "parse_table",
    "start",
    "step",
    "table_of",
]
