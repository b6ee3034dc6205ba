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

``new_game``, ``start_table`` and ``step`` here serve every game (``engine.game`` picks by
``rules.game``); each game's own functions are in ``engine.speed``, ``engine.spit`` and
``engine.california``.
"""

from engine.california import CaliforniaState
from engine.cards import Card, normalize_code
from engine.commands import Command, Cover, Move, Pause, Play, Resume, Slam, Slap, Tick
from engine.errors import EngineError, InvalidPosition
from engine.events import Event, Reason
from engine.game import GameState, new_game, start_table, step
from engine.rules import PRESETS, Game, Rules, RulesError, find_rules
from engine.spit import SpitState
from engine.state import Phase, SpeedPlayer, SpeedState

__all__ = [
    "PRESETS",
    "CaliforniaState",
    "Card",
    "Command",
    "Cover",
    "EngineError",
    "Event",
    "Game",
    "GameState",
    "InvalidPosition",
    "Move",
    "Pause",
    "Phase",
    "Play",
    "Reason",
    "Resume",
    "Rules",
    "RulesError",
    "Slam",
    "Slap",
    "SpeedPlayer",
    "SpeedState",
    "SpitState",
    "Tick",
    "find_rules",
    "new_game",
    "normalize_code",
    "start_table",
    "step",
]
