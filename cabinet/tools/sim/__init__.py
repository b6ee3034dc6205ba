"""``speed-cabinet sim``: bot-only games on simulated time, headless, with invariant checks.

Nothing sleeps: the loop (``play``) jumps from one bot's wake-up or engine timer to the
next, so thousands of games run per minute. Game ``k`` (0-based) of a run with ``--seed
S`` is dealt from seed ``S + k``, and its bots are seeded from it too: ``--seed S+k
--games 1`` replays that one game exactly. A broken invariant (or an engine exception)
stops the run: the game so far is written as a scenario file that ``speed-cabinet
scenario`` replays, and the command exits 1.

- ``play``: one game of any game the engine lists (``play_game``), and the breach file;
- ``result``: what one game leaves (``GameResult``), counted by ``engine.stats``;
- ``summary``: a run of games or matches summed up (``simulate``, ``Summary``);
- ``report``: the readable table and the progress bar;
- ``command``: the command's arguments (``SimArgs``) checked and run (``sim``).
"""

from cabinet.tools.sim.command import BadArguments, SimArgs, check, sim
from cabinet.tools.sim.play import SimBreach, play_game
from cabinet.tools.sim.report import Progress, format_summary
from cabinet.tools.sim.result import GameResult
from cabinet.tools.sim.summary import Summary, simulate

__all__ = [
    "BadArguments",
    "GameResult",
    "Progress",
    "SimArgs",
    "SimBreach",
    "Summary",
    "check",
    "format_summary",
    "play_game",
    "sim",
    "simulate",
]
