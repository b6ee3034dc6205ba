"""California Spit for 2 players, as one package: its state, its rules as predicates,
``step``, its notation, invariants, scenario tables, bot strategy, and its answers to the
one protocol every game implements (``game``: ``CALIFORNIA``)."""

from engine.games.california.game import CALIFORNIA, CaliforniaGame
from engine.games.california.notation import format_position, parse_table
from engine.games.california.rules import check_table, coverable, legal_covers, may_cover
from engine.games.california.state import (
    DEAL_EACH,
    PLAYERS,
    CaliforniaPlayer,
    CaliforniaState,
    CaliforniaTable,
    Pile,
)
from engine.games.california.step import deal, new_game, start, step, table_of

__all__ = [
    "CALIFORNIA",
    "DEAL_EACH",
    "PLAYERS",
    "CaliforniaGame",
    "CaliforniaPlayer",
    "CaliforniaState",
    "CaliforniaTable",
    "Pile",
    "check_table",
    "coverable",
    "deal",
    "format_position",
    "legal_covers",
    "may_cover",
    "new_game",
    "parse_table",
    "start",
    "step",
    "table_of",
]
