"""What the modes ask the engine about the games: which ones this cabinet can run (those
the engine implements, ``engine.games.GAMES``, that fit its seats), their rules here, the
bots' difficulties, and a bot for a seat."""

from __future__ import annotations

from cabinet.config import CabinetConfig, party_options
from engine.bots import BOT_PRESETS, Bot
from engine.games import GAMES
from engine.rules import Game, Rules, RulesError


def rules_at(config: CabinetConfig, game: Game) -> Rules | None:
    """The rules of ``game`` at this cabinet: the config's own for its game, else that
    game's defaults for the seats there are (the cabinet's party defaults over the
    engine's); None if it cannot be played with them."""
    if game is config.rules.game:
        return config.rules
    try:
        options = party_options(game, {})  # the cabinet's, as its config's own game gets
        return Rules.from_options({**options, "game": game.value, "players": len(config.seats)})
    except RulesError:
        return None


def playable_games(config: CabinetConfig) -> tuple[Game, ...]:
    """The games the join menu offers: the config's first, then the others that fit."""
    games = [config.rules.game] + [g for g in GAMES if g is not config.rules.game]
    return tuple(g for g in games if rules_at(config, g) is not None)


def difficulties() -> tuple[str, ...]:
    """The bots' difficulties, easiest first (``engine.bots.BOT_PRESETS``)."""
    return tuple(BOT_PRESETS)


def bot_for(seat: int, difficulty: str, seed: int) -> Bot:
    """A bot of ``difficulty`` for ``seat``."""
    return Bot(seat, difficulty, seed)
