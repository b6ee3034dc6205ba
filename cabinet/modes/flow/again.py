"""The same deal again and the deal of the day in the flow (issue 28 item 4; docs/menus.md,
"The same deal again" and "The deal of the day").

The same deal again: on the result screen a joined seat's slot 2 asks for it (its own ready
mark, every other one cleared, as a table choice clears them in the join menu); every other
joined seat agrees with slot 2 or SLAM, and the game is dealt from the last game's seed
with the seats turned one more (``engine.turn``). The deal of the day: a join menu row that,
on, deals the day's seed (``deals.daily_seed``) against ``DAILY_BOT`` as a single game; a
seat readies only with initials, and each initials' first try of the cabinet day counts."""

from __future__ import annotations

from dataclasses import replace

from cabinet.kiosk.records.board_kind import DealKind
from cabinet.modes.flow.deals import DAILY_BOT, DayKey, Deal, daily_deal
from cabinet.modes.flow.deals import same_deal_words as _words
from cabinet.modes.flow.match import match_to_play
from cabinet.modes.flow.state import Flow, FlowPhase
from engine.match import MatchRules
from engine.turn import next_turn

SINGLE = MatchRules.parse("single")
"""The deal of the day is one game."""


# The same deal again.


def ask(flow: Flow, seat: int) -> Flow:
    """Slot 2 on the result: the first asks (the other seats' ready marks clear: they
    readied for a new deal), a later one agrees (the caller readies the seat)."""
    if flow.dealt is None:
        return flow
    if flow.asked is None:
        return replace(flow, asked=seat, ready=frozenset())
    return flow


def agreed(flow: Flow) -> Flow:
    """Every joined seat ready: the same deal again if one asked for it."""
    if flow.asked is None or flow.dealt is None:
        return flow
    last = flow.dealt
    again = Deal(last.seed, next_turn(flow.seats, last.turn), DealKind.REMATCH)
    return replace(flow, deal=again, asked=None)


def key_words(flow: Flow) -> str:
    """Slot 2 on the result card: what it deals, and once asked, who asked."""
    words = _words(flow.seats)
    if flow.asked is None:
        return f"2: {words}"
    return f"2 or SLAM: {words} (P{flow.asked + 1} asks)"


# The deal of the day.


def dated(flow: Flow, day: DayKey, tried: frozenset[str]) -> Flow:
    """The cabinet day is ``day`` (``tried``: the initials that played its deal already,
    as the records have it); the same day again changes nothing."""
    if day == flow.day:
        return flow
    return replace(flow, day=day, tried=tried)


def needs_initials(flow: Flow, seat: int) -> bool:
    """The deal of the day is on and ``seat`` has no initials yet: SLAM enters them first."""
    return flow.daily and not flow.name_of(seat)


def repeats(flow: Flow) -> tuple[str, ...]:
    """The joined seats' initials that played today's deal already (their try won't count)."""
    return tuple(n for s in sorted(flow.joined) if (n := flow.name_of(s)) and n in flow.tried)


def daily_note(flow: Flow) -> str:
    """The deal of the day row's plain line."""
    if not flow.daily:
        return f"today's deal, the same for everyone, against a {DAILY_BOT} bot"
    again = repeats(flow)
    if again:
        return f"{', '.join(again)}: played today already, this try plays but does not count"
    return "enter initials first (4): your first try today counts on the day's board"


def result_note(flow: Flow) -> str:
    """The result card's line for a deal of the day ("": none)."""
    dealt = flow.dealt
    if flow.phase is not FlowPhase.RESULT or dealt is None or dealt.mark is not DealKind.DAILY:
        return ""
    if flow.uncounted:
        return f"deal of the day: {', '.join(flow.uncounted)} played it before today: not counted"
    return "deal of the day: this first try today counts on the day's board"


# Dealing.


def to_play(flow: Flow) -> Flow:
    """The match the next game belongs to (``match_to_play``); the deal of the day is a
    single game of its own, whatever the table's format."""
    if not flow.daily or (flow.match is not None and not flow.match.is_over):
        return match_to_play(flow)
    chosen = flow.match_rules
    return replace(match_to_play(replace(flow, match_rules=SINGLE, saved=None)), match_rules=chosen)


def coming(flow: Flow) -> Deal:
    """The next game's deal: the same deal again, the deal of the day, or the match's."""
    if flow.deal is not None:
        return flow.deal
    if flow.daily:
        return daily_deal(flow.day)
    match = to_play(flow).match
    assert match is not None
    return Deal(match.deal_seed())


def bot_level(flow: Flow) -> str:
    """The bots' preset for the next game: the deal of the day's is fixed (its same deal
    again too: the same bot, the hands turned)."""
    return DAILY_BOT if flow.daily else flow.difficulty


def dealing(flow: Flow, deal: Deal) -> Flow:
    """``deal`` goes on the table: it is the one the same deal again turns next, and a
    deal of the day's initials have had their try."""
    tried, uncounted = flow.tried, tuple[str, ...]()
    if deal.mark is DealKind.DAILY:
        uncounted = repeats(flow)  # before this try joins them
        tried = tried | {n for s in flow.joined if (n := flow.name_of(s))}
    return replace(flow, deal=None, dealt=deal, asked=None, tried=tried, uncounted=uncounted)
