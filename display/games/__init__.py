"""What the screen draws differently per game, one module per game; the one registry.

Everything else in ``display/`` draws any game the same way: seats from each seat's cards
in the engine's one shape (``engine.protocol.SeatCards``), the glows from the LEDs and the
slots a cover is allowed on, the banners from the engine's phase. A game's
module adds only what is its own: its centre (Speed's side and burned piles, Spit's spit
piles), its words on the info line and the status line, its banner, its result lines.
Adding a game is one module here and one row in ``ARTS``: the display keeps its own table
(it may not import the cabinet, whose ``GAME_ROWS`` hold the rest of a game's rows), and
tests/engine/test_registry.py checks that every engine game has both.
"""

from __future__ import annotations

from display.games import california, speed, spit
from display.games.base import GameArt, SeatText
from engine.rules import Game

ARTS: dict[Game, GameArt] = {
    Game.SPEED: speed.ART,
    Game.SPIT: spit.ART,
    Game.CALIFORNIA: california.ART,
}


def art_for(game: Game) -> GameArt:
    """The drawing of ``game`` (KeyError for a game with no row in ``ARTS``)."""
    return ARTS[game]


__all__ = ["ARTS", "GameArt", "SeatText", "art_for"]
