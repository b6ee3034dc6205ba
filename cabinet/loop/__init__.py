"""The main loop: the one thread that owns the game state, and its parts.

``core.CabinetLoop`` runs the passes; ``table.Table`` holds the game and its log and steps
the engine; ``bots.BotDriver`` lets the bots act; ``router.InputRouter`` orders and routes
the edges through each seat's ``debounce.PanelDebouncer``; ``lights.PanelLamps`` writes
the LEDs; ``links.PanelLinks`` pauses for offline serial panels; ``faults.Failsafe``
resets after a failure; ``publish.Publisher`` tells the observers; ``watchdog.Watchdog``
is its port to systemd's watchdog. ``cabinet/app.py``
composes them with the adapters and the player's flow.
"""

from cabinet.loop.core import CabinetLoop
from cabinet.loop.faults import FAULT_LIMIT, CabinetFailed, FaultBudget
from cabinet.loop.links import PanelLinks
from cabinet.loop.publish import CabinetNoteKind, Note, Observer, Published
from cabinet.loop.router import Modes, Press, ServiceInputs
from cabinet.loop.seats import BotLike, PanelPort, SeatRuntime, seat_runtime
from cabinet.loop.table import Table
from cabinet.loop.watchdog import Watchdog

__all__ = [
    "FAULT_LIMIT",
    "BotLike",
    "CabinetFailed",
    "CabinetLoop",
    "CabinetNoteKind",
    "FaultBudget",
    "Modes",
    "Note",
    "Observer",
    "PanelLinks",
    "PanelPort",
    "Press",
    "Published",
    "SeatRuntime",
    "ServiceInputs",
    "Table",
    "Watchdog",
    "seat_runtime",
]
