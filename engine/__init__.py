"""speed-cabinet's rules engine: pure, standard library only.

Commands in, events out; time is data (whole milliseconds on every command); chance is a
seeded ``random.Random`` passed in. Every state is a frozen value.

Glossary (the contract's words):
    hand      up to five held cards, in slot order (slot 1 first)
    slot      a hand position, 1-5 on the panel, 0-4 in code
    draw      a player's face-down draw pile; refills the emptied slot
    center    the face-up build piles; seat i plays LEFT onto pile i, RIGHT onto pile i + 1
    side      the face-down side piles; pile i flips onto centre pile i at a stall
    stall     nobody can play; the flip comes when all are ready (SLAM) or after a delay
    flip      side tops turn onto the centre piles (or, in a deadlock, forced discards)
    lockout   a rejected play blocks that player's plays for ``lockout_ms``
    out       a player with no cards in hand or draw; "Speed!" (SLAM) claims the win
    handicap  one seat's own head start (cards burned from its deal), lockout and claim
              window (docs/rules-options.md, "Handicaps")

``new_game``, ``start_table`` and ``step`` here serve every game (``engine.game`` asks the
game of ``rules.game``); each game is a package under ``engine.games`` implementing the one
protocol, ``engine.protocol.GameRules``; ``engine.games.of(state)`` answers for any state.
"""

from engine.cards import Card, normalize_code
from engine.commands import Command, Cover, Move, Pause, Play, Resume, Slam, Slap, Tick
from engine.errors import EngineError, InvalidPosition
from engine.events import Event, Reason
from engine.game import GameState, new_game, start_table, step, table_of
from engine.games import GAMES, of, rules_for
from engine.protocol import GameRules, SeatCards, SlotPile, TableCards
from engine.rules import PRESETS, Game, Rules, RulesError, find_rules
from engine.state import GameTable, Phase
from engine.stats import GameStats, GameTally, SeatStats

__all__ = [
    "GAMES",
    "PRESETS",
    "Card",
    "Command",
    "Cover",
    "EngineError",
    "Event",
    "Game",
    "GameRules",
    "GameState",
    "GameStats",
    "GameTable",
    "GameTally",
    "InvalidPosition",
    "Move",
    "Pause",
    "Phase",
    "Play",
    "Reason",
    "Resume",
    "Rules",
    "RulesError",
    "SeatCards",
    "SeatStats",
    "Slam",
    "Slap",
    "SlotPile",
    "TableCards",
    "Tick",
    "find_rules",
    "new_game",
    "normalize_code",
    "of",
    "rules_for",
    "start_table",
    "step",
    "table_of",
]
