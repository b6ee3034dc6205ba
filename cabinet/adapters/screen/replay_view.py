"""The seats of a replay on screen (watch it again, issue 28 item 5).

While the flow shows a stored game again, the table's seats draw that game's cards but
none of the live cabinet's own: no LEDs, picks or aims (those are the panels' now, not the
replay's), and each seat's label says who played it (``ReplayMark.names``). The feed
(feed.py) builds these instead of the live seats' views for a replay's publish."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from cabinet.loop import SeatRuntime
from display.view import FlowView, Position, SeatView


def replay_seats(
    seats: Sequence[SeatRuntime], keys: Mapping[int, tuple[str, ...]], flow: FlowView | None
) -> tuple[SeatView, ...]:
    """Each seat as a replay draws it: where it sits and its player's card choices, no
    lights, labelled with who played it in the replayed game."""
    names = flow.replay.names if flow is not None and flow.replay is not None else ()
    out = []
    for seat in seats:
        cfg = seat.config
        view = SeatView(
            index=cfg.index,
            position=Position(cfg.position),
            upright=cfg.upright,
            four_colour=cfg.four_colour,
            large_cards=cfg.large_cards,
            left_handed=cfg.left_handed,
            keys=keys.get(cfg.index, ()),
        )
        if cfg.index < len(names):
            view = replace(view, label=names[cfg.index])
        out.append(view)
    return tuple(out)


__all__ = ["replay_seats"]
