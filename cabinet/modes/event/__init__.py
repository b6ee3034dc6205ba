"""A party's event (issue 27; docs/party.md): entrants named by initials, a format that
says who plays next (winner stays, a queue; fair strikes, a tournament), standings and a
podium, all a pure fold of an append-only log that names the cabinet. Standard library
only: no I/O, no clock (time is data, ms), randomness only from the event's seed.

- ``rules``: the settings (``EventRules``, ``EventFormat``), deal seeds, strikes;
- ``names``, ``blocked``: initials checked (unique, clean), the block list;
- ``log``: the changes and the record that carries each (``EventRecord``);
- ``formats``: what a format is (``Format``), a game's ``Finish``, ``Standing``;
- ``queue``: winner stays; ``strikes``, ``rounds``: fair strikes and its rounds;
- ``calls``: entrants, the game called, the games played;
- ``event``, ``fold``: the event as the fold of its log (``open_event``, ``replay``);
- ``model``: events played without people (a seeded outcome model, ``play_out``);
- ``estimate``: the sign-up screen's length estimate and shorter setting;
- ``codec``, ``stored``: the event kept in the records (docs/party.md, "Records"); the
  only modules here that reach the records below, not imported by this package.

Later a ``SeatingPolicy`` (``modes/flow/seating.py``) seats each ``Call`` and tells the
event each game's ``Decided``; the records store the log.
"""

from cabinet.modes.event.calls import Call, Entrant, PlayedGame
from cabinet.modes.event.estimate import Estimate, Length, estimate
from cabinet.modes.event.event import Event, open_event, replay
from cabinet.modes.event.formats import Finish, Format, Standing, places
from cabinet.modes.event.log import (
    Abandoned,
    Change,
    Dealt,
    Decided,
    Ended,
    EndReason,
    EventRecord,
    Forfeited,
    Hidden,
    Joined,
    Opened,
    Paused,
    Removed,
    Resumed,
    SentBack,
)
from cabinet.modes.event.names import NameCheck, NameProblem, check_name
from cabinet.modes.event.queue import WinnerStays
from cabinet.modes.event.rules import EventError, EventFormat, EventRules, deal_seed
from cabinet.modes.event.strikes import FairStrikes, game_cap

__all__ = [
    "Abandoned",
    "Call",
    "Change",
    "Dealt",
    "Decided",
    "EndReason",
    "Ended",
    "Entrant",
    "Estimate",
    "Event",
    "EventError",
    "EventFormat",
    "EventRecord",
    "EventRules",
    "FairStrikes",
    "Finish",
    "Forfeited",
    "Format",
    "Hidden",
    "Joined",
    "Length",
    "NameCheck",
    "NameProblem",
    "Opened",
    "Paused",
    "PlayedGame",
    "Removed",
    "Resumed",
    "SentBack",
    "Standing",
    "WinnerStays",
    "check_name",
    "deal_seed",
    "estimate",
    "game_cap",
    "open_event",
    "places",
    "replay",
]
