"""The presses the event takes (docs/menus.md, "A party's event"): between games every
press is the event's; in its game the flow's. Sign-up: slot 4 adds a player's initials on
any seat (LEFT / RIGHT the letter, slot 4 the next, SLAM done), slot 1 the shorter
setting, slot 3 the other format, slot 2 starts. A call: SLAM at a called seat says its
player is in, slot 1 there sends an absent player to the back (once). Slot 5 twice at the
seat a guest started the event from ends it."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import Control
from cabinet.loop.router import Press
from cabinet.modes import flow as fl
from cabinet.modes.event.log import SentBack
from cabinet.modes.event.rules import EventFormat
from cabinet.modes.flow.state import JoinRow
from cabinet.modes.party import moves
from cabinet.modes.party.calling import SEND_BACK
from cabinet.modes.party.core import Party, Stage
from cabinet.modes.party.signup import entry_press

END_SLOT = Control.SLOT5
"""Twice in a row at the seat a guest started the event from: the event ends."""
SHORTER_SLOT = Control.SLOT1
START_SLOT = Control.SLOT2
FORMAT_SLOT = Control.SLOT3

OPENS = (Control.SLAM, Control.LEFT, Control.RIGHT)
"""On the join menu's "start an event" row (page 2, slot 2): open the sign-up."""


def press(party: Party, p: Press) -> bool:
    """Did the event take ``p``?"""
    stage = party.stage()
    if stage is Stage.NONE:
        return _menu(party, p)
    if stage in (Stage.SEATED, Stage.PAUSED, Stage.ASIDE):
        return False
    if stage in (Stage.RESULT, Stage.OVER):
        return True  # the result's and the podium's time runs; nothing to answer
    if _ends(party, p):
        return True
    typed = entry_press(party.entries, p.seat, p.control)
    if typed is not None:
        party.entries = typed.entries
        if typed.done is not None:
            moves.join(party, p.seat, typed.done, p.t)
        return True
    if stage is Stage.SIGN_UP:
        _sign_up(party, p)
    elif stage is Stage.CALLING:
        _called(party, p)
    return True


def _menu(party: Party, p: Press) -> bool:
    """The join menu's "start an event" row chosen, a joined seat presses on it: the
    sign-up for the menu's game opens, this seat its starter."""
    flow = party.director.flow
    if flow.phase is not fl.FlowPhase.JOIN or p.control not in OPENS:
        return False
    if p.seat not in flow.joined or flow.is_entering(p.seat):
        return False
    if flow.page_rows()[flow.row] is not JoinRow.EVENT:
        return False
    said = moves.open_event(party, moves.guest_rules(party), p.seat, p.t)
    party.line = said or "sign up: slot 4 on any seat"
    return True


def _ends(party: Party, p: Press) -> bool:
    """Slot 5 at the starter's seat: once arms, twice ends."""
    if p.control is not END_SLOT or p.seat != party.starter or party.entries.at(p.seat):
        party.arming = False
        return False
    if not party.arming:
        party.arming = True
        party.line = f"press 5 again at seat {p.seat + 1} to end the event"
        return True
    party.arming = False
    party.line = moves.end(party, p.t) or "the event is over"
    return True


def _sign_up(party: Party, p: Press) -> None:
    event = party.event
    full = party.full_rules
    assert event is not None
    assert full is not None
    if p.control is START_SLOT:
        party.line = moves.start(party) or ""
    elif p.control is SHORTER_SLOT:
        party.shorter = not party.shorter
        rules = full.shorter(max(len(event.active), full.min_entrants)) if party.shorter else full
        party.line = moves.reopen(party, rules, p.t) or (
            "the shorter setting" if party.shorter else "the full setting"
        )
    elif p.control is FORMAT_SLOT:
        fair = full.format is EventFormat.WINNER_STAYS
        other = EventFormat.FAIR_STRIKES if fair else EventFormat.WINNER_STAYS
        rules = replace(full, format=other)
        said = moves.reopen(party, rules, p.t)
        party.full_rules, party.shorter = rules, False
        party.line = said or f"now {other.value.replace('-', ' ')}"


def _called(party: Party, p: Press) -> None:
    calling = party.calling
    if calling is None or not 0 <= p.seat < len(calling.present):
        return
    name = calling.present[p.seat]
    if p.control is Control.SLAM:
        party.calling = calling.slam(p.seat)
        party.line = f"{name} is in"
    elif p.control is SEND_BACK and p.seat not in calling.pressed:
        said = party.record(SentBack(name), p.t)
        party.line = said or f"{name} goes to the back"
        party.calling = None


__all__ = ["END_SLOT", "FORMAT_SLOT", "SHORTER_SLOT", "START_SLOT", "press"]
