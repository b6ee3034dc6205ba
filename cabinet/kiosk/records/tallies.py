"""Each seat's numbers from a game's events, as the records have counted them so far."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cabinet.kiosk.records.model import SeatResult


def seat_tallies(events: Iterable[Mapping[str, object]], players: int) -> list[SeatResult]:
    """Plays, longest run and stalls per seat from a game's event dicts (``to_dict()``
    or a scenario report's ``events``). Stalls are the game's: every seat shares them.
    Cards left and reaction times are not in the events: add them with ``replace``."""
    plays = [0] * players
    best = [0] * players
    run_seat, run = -1, 0
    stalls = 0
    for event in events:
        kind = event.get("type")
        seat = event.get("player")
        if kind in ("played", "covered") and isinstance(seat, int):
            plays[seat] += 1
            run = run + 1 if seat == run_seat else 1
            run_seat = seat
            best[seat] = max(best[seat], run)
        elif kind == "stalled":
            stalls += 1
    return [SeatResult(plays=plays[i], longest_run=best[i], stalls=stalls) for i in range(players)]
