"""One label per seat from the join menu to the result (issue 26 item 3), from what is
seated: the player's initials or the seat's input kind ("keys", "panel"), the preset of
the bot that plays it ("bot beginner"), and a bot playing a quiet player's seat as
visibly as the name ("JAS (bot)"). The join menu's seat marks, a seat's options page, the
countdown's table, the table in play and the result card all read the same string
(docs/display.md, "One label per seat").
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.config import Inputs, SeatConfig
from cabinet.loop import SeatRuntime
from display.view import FlowScreen, FlowView, SeatMark
from engine.bots import Bot

_INPUT = {
    Inputs.KEYBOARD: "keys",
    Inputs.GPIO: "panel",
    Inputs.SERIAL: "panel",
    Inputs.BOT: "bot",
}
"""A player's seat without initials, by how it is played."""

_PLAYED = (FlowScreen.PLAYING, FlowScreen.RESULT)
"""Screens where the table's seats are the game's own (before them the demo's bots, or
none during the countdown, sit behind the menu)."""


@dataclass(frozen=True, slots=True)
class Seated:
    """What sits at a seat, as the label tells it."""

    inputs: Inputs
    player: bool
    """A person plays the seat (or joined to play it)."""
    initials: str = ""
    preset: str = ""
    """The preset of the bot that plays the seat, or will once the game is dealt ("":
    not known)."""
    taken: bool = False
    """A bot plays the player's seat: the player went quiet."""


def label(seated: Seated) -> str:
    """ "JAS", "keys", "JAS (bot)", "bot beginner"."""
    if seated.player:
        name = seated.initials or _INPUT[seated.inputs]
        return f"{name} (bot)" if seated.taken else name
    return f"bot {seated.preset}".rstrip()


def preset(seat: SeatRuntime) -> str:
    """The preset of the bot seated now ("" for none, or a bot that names none)."""
    bot = seat.bot
    return bot.profile.name if isinstance(bot, Bot) else ""


def seated(seat: SeatRuntime, flow: FlowView | None) -> Seated:
    """What sits at ``seat``: without a flow (one game from the command line) the table's
    own seat; with one, the flow's word on who joined, their initials, a takeover and the
    bots' preset chosen in the join menu (until the game is dealt with them)."""
    cfg: SeatConfig = seat.config
    bot = preset(seat)
    if flow is None:
        player = seat.bot is None and cfg.inputs is not Inputs.BOT
        return Seated(cfg.inputs, player, preset=bot or (cfg.difficulty or ""))
    i = cfg.index
    mark = flow.seats[i] if i < len(flow.seats) else SeatMark.BOT
    initials = flow.names[i] if i < len(flow.names) else ""
    taken = i in flow.taken
    playing = flow.screen in _PLAYED and seat.bot is None and cfg.inputs is not Inputs.BOT
    player = taken or playing or mark in (SeatMark.JOINED, SeatMark.READY)
    chosen = flow.bots if flow.screen not in _PLAYED else ""
    return Seated(cfg.inputs, player, initials, chosen or bot or (cfg.difficulty or ""), taken)


def seat_labels(seats: list[SeatRuntime], flow: FlowView | None) -> tuple[str, ...]:
    """Each seat's label, by seat index."""
    out = [""] * (max((s.config.index for s in seats), default=-1) + 1)
    for s in seats:
        out[s.config.index] = label(seated(s, flow))
    return tuple(out)


__all__ = ["Seated", "label", "preset", "seat_labels", "seated"]
