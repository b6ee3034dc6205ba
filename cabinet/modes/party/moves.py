"""The event's moves at the table (docs/party.md, "How the cabinet drives it"): opening
and signing up, a call up until its players are in (or forfeit), the game seated, heard
and recorded with the game's own record, back to the standings, the podium."""

from __future__ import annotations

import random
from dataclasses import replace

from cabinet.kiosk.records import PlayerChoices, RecordsError
from cabinet.modes import flow as fl
from cabinet.modes.event.event import Event
from cabinet.modes.event.log import Abandoned, Dealt, Decided, Ended, EndReason, Forfeited, Joined
from cabinet.modes.event.rules import EventError, EventFormat, EventRules
from cabinet.modes.event.stored import GameEnd
from cabinet.modes.flow.choices import SeatChoices
from cabinet.modes.flow.messages import GameOver
from cabinet.modes.flow.records import kept, read_back, recall
from cabinet.modes.party.calling import EPS, Calling, calling_for
from cabinet.modes.party.core import EVENT_RESULT_S, PODIUM_S, Party, Pending, Stage, log
from cabinet.modes.party.outcome import Outcome
from cabinet.modes.party.policy import Seated
from cabinet.modes.party.seat import keep_awake, seat_call, to_attract
from cabinet.modes.party.signup import refused
from display.party_view import HIDDEN_MARK
from engine.rules import Game

# Opening, signing up.


def open_event(party: Party, rules: EventRules, starter: int | None, now: float) -> str | None:
    """A new event's sign-up at the table (``starter``: the guest's seat, None: the
    operator); None, or why not."""
    if party.event is not None and not party.event.over:
        return "an event is on already: end it first"
    flow = party.director.flow
    if rules.game not in flow.games:
        return f"{rules.game.value} is not played at this cabinet"
    if rules.seats > len(flow.humans):  # no bot plays in an event: players' seats only
        return f"this cabinet seats {len(flow.humans)} players a game, not {rules.seats}"
    seed = random.Random(f"{party.director.effects.dealer.seed} event {now}").getrandbits(31)
    try:
        party.ledger.open(rules, seed, now)
    except (EventError, RecordsError) as exc:
        return str(exc)
    party.signing_up, party.starter, party.full_rules, party.shorter = True, starter, rules, False
    party.calling, party.line, party.arming = None, "", False
    party.podium_until = None
    return None  # the sign-up comes up between games (``tick``)


def reopen(party: Party, rules: EventRules, now: float) -> str | None:
    """Sign-up only: the event opened again as ``rules`` (the shorter setting, the other
    format), its players signed up again in order. The first is recorded ended."""
    event = party.event
    assert event is not None
    players = [(e.name, e.choices) for e in event.active]
    starter, full, shorter = party.starter, party.full_rules, party.shorter
    said = party.record(Ended(EndReason.OPERATOR), now)
    if said is not None:
        return said
    party.ledger.put_away()
    said = open_event(party, rules, starter, now)
    party.full_rules, party.shorter = full, shorter
    for name, choices in players:
        said = said or party.record(Joined(name, choices), now)
    return said


def start(party: Party) -> str | None:
    """The sign-up's start button: the first call comes up."""
    event = party.event
    assert event is not None
    least = event.rules.min_entrants
    if len(event.active) < least:
        return f"at least {least} players to start: add your initials (slot 4)"
    party.signing_up = False
    return None


def join(party: Party, seat: int, name: str, now: float) -> None:
    """Initials entered at ``seat``: signed up, with that seat's choices (or the ones the
    records keep for them); a refused name puts the event's line up."""
    event = party.event
    assert event is not None
    check = event.check_name(name)
    if check.name is None:
        party.line = check.reason
        party.entries = refused(party.entries, seat, check.suggestion)
        return
    flow = party.director.flow
    choices = flow.choices_of(seat)
    records = party.director.keeper.book.records
    if records is not None and seat not in flow.touched:
        choices = recall(records, check.name, choices) or choices
    said = party.record(Joined(check.name, kept(choices)), now)
    party.line = (
        said if said is not None else f"{check.name} is in: {len(event.active) + 1} players"
    )


def end(party: Party, now: float) -> str | None:
    """Ended by the operator or its guest: the podium (a game on the table finishes
    first)."""
    if party.game_on is not None and party.event is not None and party.event.on_table:
        party.end_after_game = True
        return None
    said = party.record(Ended(EndReason.OPERATOR), now)
    party.signing_up = False
    party.calling = None
    return said


# Each pass.


def tick(party: Party, now: float) -> float | None:
    """The event after a batch: the call, its forfeits, the game seated, the result and
    the podium's time. The next time it is due (None: none)."""
    event = party.event
    if event is None:
        return None
    _fallback(party, now)
    stage = party.stage()
    if stage in (Stage.SEATED, Stage.RESULT):
        return _watch_game(party, now)
    if stage is Stage.OVER:
        return _podium(party, now)
    if event.games and event.time_up(party.ledger.at_ms(now)) and party.game_on is None:
        party.record(Ended(EndReason.TIME), now)
        return now
    if stage in (Stage.SIGN_UP, Stage.WAITING) and party.director.flow.phase is fl.FlowPhase.JOIN:
        to_attract(party.director, party.policy, now)  # the demo plays under the sign-up
    awake = keep_awake(party.director, now)  # the event on attract: never dimmed
    if stage is Stage.CALLING:
        due = _call(party, now)
        return min(d for d in (due, awake) if d is not None) if due or awake else None
    return awake


def _call(party: Party, now: float) -> float | None:
    event = party.event
    assert event is not None
    assert event.call is not None
    director = party.director
    if director.flow.phase is fl.FlowPhase.JOIN:
        to_attract(director, party.policy, now)  # a free-play join gives way to the call
    elif director.flow.phase is not fl.FlowPhase.ATTRACT:
        return None  # a free-play game from the pause finishes first
    calling = party.calling = calling_for(event.call, now, party.calling)
    if calling.all_in:
        _seat(party, event, calling, now)
        return now
    if now >= calling.due - EPS:
        _forfeits(party, calling, now)
        return now
    return calling.next_second(now)


def _forfeits(party: Party, calling: Calling, now: float) -> None:
    for name in calling.missing():
        said = party.record(Forfeited(name), now)
        if said is not None:
            party.line = said
            break
        event = party.event
        assert event is not None
        if event.call is None or event.call.number != calling.number:
            won = event.games[-1].order[0] if event.games else ""
            party.line = f"{won} wins game {calling.number} by forfeit"
            party.calling = None
            return
    party.line = f"{', '.join(calling.missing())} forfeited game {calling.number}"


def _seat(party: Party, event: Event, calling: Calling, now: float) -> None:
    call = event.call
    assert call is not None
    said = party.record(Dealt(call.number), now)
    if said is not None:
        party.line = said
        return
    flow = party.director.flow
    choices = tuple(
        _choices(event, name, flow.defaults[i] if i < len(flow.defaults) else SeatChoices())
        for i, name in enumerate(call.present)
    )
    hidden = {e.name for e in event.entrants if e.hidden}
    shown = tuple(HIDDEN_MARK if n in hidden else n for n in call.present)
    seated = Seated(call.number, call.present, choices, call.deal_seed, shown)
    party.game_on, party.calling, party.line = call.number, None, ""
    seat_call(party.director, party.policy, seated, event.rules.game, now)


def _choices(event: Event, name: str, default: SeatChoices) -> SeatChoices:
    """A player's carried choices at the seat they take."""
    stored = event.entrant(name).choices
    return read_back(stored, default) if isinstance(stored, PlayerChoices) else default


def _watch_game(party: Party, now: float) -> float | None:
    """The seated game: its result's time; a game gone from the table undecided (the
    idle return, the failsafe, the operator's reset) is recorded abandoned."""
    director, event = party.director, party.event
    assert event is not None
    phase = director.flow.phase
    if phase is fl.FlowPhase.RESULT:
        if party.result_until is None:
            party.result_until = now + EVENT_RESULT_S
        if now < party.result_until - EPS:
            return party.result_until
    elif phase in (fl.FlowPhase.COUNTDOWN, fl.FlowPhase.PLAYING):
        return None
    if event.on_table and event.dealt is not None:
        party.line = party.record(Abandoned(event.dealt.number), now) or ""
    party.game_on, party.result_until, party.outcome = None, None, None
    to_attract(director, party.policy, now)
    if party.end_after_game:
        party.end_after_game = False
        end(party, now)
    return now


def _podium(party: Party, now: float) -> float | None:
    """The podium's time, then free play (an event ended before any game: at once)."""
    event = party.event
    if party.podium_until is None:
        party.podium_until = now + (PODIUM_S if event is not None and event.games else 0.0)
    if now < party.podium_until - EPS:
        return party.podium_until
    party.ledger.put_away()
    party.podium_until, party.line, party.calling = None, "", None
    party.entries = party.entries.none(len(party.entries.seats))
    return None


# The game's end.


def heard(party: Party, flow: fl.Flow, over: GameOver) -> None:
    """The seated game decided: its ``Decided`` (a seat a bot took over finishes last)
    goes with the game's own record (next pass), or alone without records."""
    seated = party.policy.seated
    if seated is None:
        return
    cards = list(over.cards_left)
    winner = over.winner
    taken = sorted(s for s in flow.taken if s < len(cards))
    if taken:  # docs/party.md: its player finishes last in that game
        worst = max(cards) + 1
        for s in taken:
            cards[s] = worst
        if winner in taken:
            others = [s for s in range(len(cards)) if s not in taken]
            winner = min(others, key=lambda s: (cards[s], s)) if others else None
    length = party.director.table.state.now
    decided = Decided(seated.number, winner, tuple(cards), length)
    party.outcome = Outcome(seated, decided, tuple(taken))
    if party.ledger.book is not None and party.director.keeper.book.records is not None:
        party.pending = Pending(decided)
    else:
        party.line = party.record(decided, party.now) or ""


def finish_game(party: Party, game_id: int, end: GameEnd) -> bool:
    """The records book finishing the seated game: its ``Decided`` and the game's end in
    one transaction (``record_game``). False: not an event game (the book writes it)."""
    pending = party.pending
    if pending is None:
        return False
    party.pending = None
    try:
        party.ledger.record_game(pending.decided, party.now, replace(end, game_id=game_id))
    except (EventError, RecordsError) as exc:
        log.error("records: event game %d: %s", pending.decided.number, exc)
        party.pending = Pending(pending.decided, waited=True)  # alone, next pass
        return False
    return True


def _fallback(party: Party, now: float) -> None:
    """A ``Decided`` the book did not take with the game's record (the game was not
    recorded: a records failure) goes alone, a pass later."""
    pending = party.pending
    if pending is None:
        return
    if not pending.waited:
        party.pending = Pending(pending.decided, waited=True)
        return
    party.pending = None
    party.line = party.record(pending.decided, now) or ""


def guest_rules(party: Party, game: Game | None = None) -> EventRules:
    """A guest's event: the join menu's game, as many seats as it and the cabinet allow."""
    flow = party.director.flow
    chosen = game or flow.game
    seats = 2 if chosen is not Game.SPEED else max(2, min(4, len(flow.humans)))
    return EventRules(EventFormat.WINNER_STAYS, chosen, seats)


__all__ = [
    "end",
    "finish_game",
    "guest_rules",
    "heard",
    "join",
    "open_event",
    "reopen",
    "start",
    "tick",
]
