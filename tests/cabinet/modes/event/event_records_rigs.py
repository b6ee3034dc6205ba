"""The event records' rigs (tests/cabinet/modes/event/test_event_records.py and
tests/cabinet/tools/test_records_events.py): a whole event's log made from a seed (sign-up
with choices, a hidden name, a pause, games by the seeded model), and the writer the kill
-9 test runs as a child process::

    PYTHONPATH=. python tests/cabinet/modes/event/event_records_rigs.py STATE_DIR SEED

It writes that log to the records one committed record at a time, printing ``ok SEQ``
after each commit (the parent's acknowledgements), then ``done``."""

from __future__ import annotations

import random
import sys

from cabinet.kiosk.records import PlayerChoices, Records
from cabinet.modes.event import (
    Event,
    EventFormat,
    EventRecord,
    EventRules,
    Hidden,
    Joined,
    Opened,
    Paused,
    Resumed,
    open_event,
)
from cabinet.modes.event.model import entrant_names, model_game, play_game, play_out
from cabinet.modes.event.stored import StoredEvent, open_stored, record
from engine.rules import Game

CABINET = "cab-1"


def whole_event(seed: int) -> Event:
    """An event played out by the model: 4 to 8 entrants (one with kept choices), one
    name hidden, a pause after the second game."""
    rng = random.Random(seed)
    fair = rng.random() < 0.5
    rules = EventRules(
        EventFormat.FAIR_STRIKES if fair else EventFormat.WINNER_STAYS,
        Game.SPEED,
        rng.choice((2, 3)),
        max_games=None if fair else rng.randrange(6, 14),
        strikes_out=2,
    )
    event = open_event(rules, seed, CABINET)
    for i, name in enumerate(entrant_names(rng.randrange(4, 9), rng)):
        choices = PlayerChoices("on", "head-start-3", four_colour=True) if i == 1 else None
        event = event.then(Joined(name, choices), event.clock_ms + 1_000)
    event = event.then(Hidden(event.entrants[0].name), event.clock_ms + 1_000)
    at = event.clock_ms + 1_000
    for _ in range(2):
        event, at = play_game(event, model_game, at)
    event = event.then(Paused(), at)
    event = event.then(Resumed(), at + 60_000)
    return play_out(event, model_game)


def write_log(records: Records, log: tuple[EventRecord, ...], say: bool = False) -> StoredEvent:
    """``log`` written to ``records`` as the cabinet writes it, record by record."""
    first = log[0]
    assert isinstance(first.change, Opened)
    stored = open_stored(records, first.change.rules, first.change.seed, CABINET, first.at_ms)
    if say:
        print("ok 0", flush=True)
    for rec in log[1:]:
        stored = record(records, stored, rec.change, rec.at_ms)
        if say:
            print(f"ok {rec.seq}", flush=True)
    return stored


def main(folder: str, seed: int) -> None:
    log = whole_event(seed).log
    with Records.open(folder) as records:
        write_log(records, log, say=True)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
