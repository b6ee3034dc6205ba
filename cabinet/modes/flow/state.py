"""The flow's state: a frozen ``Flow``, its phases, and what can be read off it."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from cabinet.config import FlowConfig
from cabinet.modes.flow.choices import SeatChoices
from cabinet.modes.flow.deals import DayKey, Deal
from cabinet.modes.flow.messages import GameOver
from cabinet.modes.flow.watch import Watch
from display.view import ScreenCare
from engine.match import Match, MatchRules
from engine.rules import MAX_HEAD_START, CallMode, Game

DEMO_PAUSE_S = 5.0
"""The finished demo game stays on screen this long before the next demo deals."""

RESULT_GRACE_S = 1.5
"""The result screen ignores presses this long: players are still pressing when the other
side wins, and a stray press must not leave the scoreboard at once."""

RESULT_TIME_S = 20.0
"""The result screen goes back to the join menu this long after it came up or after a
seat's last answer (SLAM, initials), with the seconds left on screen (issue 26 item 5)."""

RESULT_HOLD_S = 1.0
"""Slot 5 held this long on the result screen goes back to the join menu (a short press
is a stray one: ignored)."""

RESULT_ALONE_S = 10.0
"""With every player gone (a bot took each seat over) the result stays up this long, then
attract."""

IDLE_WARN_S = 15.0
"""The idle return is announced this long before it: "still playing? press any button"
with the seconds left, so a match is never given up without a warning."""

EPS = 1e-6
"""Clock times this close count as equal (a deadline woken for is reached)."""

MATCHES = ("single", "best-of-3", "best-of-5", "first-to-3", "margin-25")
"""The match formats the join menu cycles through."""


class FlowPhase(StrEnum):
    """Where the players are: the value is the screen's name (``FlowView.screen``)."""

    ATTRACT = "attract"
    JOIN = "join"
    COUNTDOWN = "countdown"
    PLAYING = "playing"
    RESULT = "result"


class JoinRow(StrEnum):
    """The join menu's rows (what the table chooses); where each stands: ``JOIN_PAGES``."""

    GAME = "game"
    BOTS = "bots"
    MATCH = "match"
    CALL = "call rule"
    """Speed's call rule (``engine.rules.CallMode``): call it yourself, or automatic."""
    DAILY = "deal of the day"
    """The same deal all cabinet day for everyone, against ``DAILY_BOT`` (deals.py)."""
    EVENT = "party event"
    """A party's event (docs/party.md): SLAM on it opens the sign-up."""


JOIN_PAGES: tuple[tuple[JoinRow | None, ...], ...] = (
    (JoinRow.GAME, JoinRow.BOTS, JoinRow.MATCH),
    # Page 2, slot 1: the call rule; slot 2 "start an event" (issue 27, the event mode
    # takes its presses); slot 3 the deal of the day (28): docs/menus.md.
    (JoinRow.CALL, JoinRow.EVENT, JoinRow.DAILY),
)
"""The join menu's pages, each a row per slot button 1-3 (docs/menus.md; None: a slot
kept free, no row). The same row button twice in a row turns the page."""

JOIN_ROWS: tuple[JoinRow, ...] = tuple(r for r in JOIN_PAGES[0] if r is not None)
"""The first page's rows (slots 1-3: every slot has one)."""

CALLS: tuple[CallMode, ...] = (CallMode.CALL, CallMode.AUTO)
"""The call rules the join menu offers (an ``either`` in the cabinet's rules is offered
too, first)."""

CALL_WORDS: dict[CallMode, tuple[str, str]] = {
    CallMode.CALL: ("call it yourself", "out of cards? SLAM to claim the win, or pay a penalty"),
    CallMode.AUTO: ("automatic", "your last card wins at once: no SLAM needed"),
    CallMode.EITHER: ("anyone calls", "once a player is out, the first SLAM by anyone wins"),
}
"""Each call rule as the join menu names it, and its one plain line (docs/rules.md V-0 to
V-2)."""


@dataclass(frozen=True, slots=True)
class Flow:
    config: FlowConfig
    seats: int
    humans: frozenset[int]
    """Seats with a panel or keys: they can join. Other seats are always bots."""
    games: tuple[Game, ...]
    """The games the cabinet can run, in menu order."""
    difficulties: tuple[str, ...]
    game: Game
    difficulty: str
    match_rules: MatchRules
    seed: int
    """The base of every demo and match seed."""
    phase: FlowPhase = FlowPhase.ATTRACT
    since: float = 0.0
    """When the phase began (clock seconds)."""
    last_press: float = 0.0
    """Any player's last press."""
    pressed: tuple[float, ...] = ()
    """Each seat's last press (or the game's start), for the bot takeover."""
    joined: frozenset[int] = frozenset()
    ready: frozenset[int] = frozenset()
    taken: frozenset[int] = frozenset()
    """Joined seats a bot is playing (they went quiet)."""
    row: int = 0
    """The join menu's chosen row (index into the page's rows, ``JOIN_PAGES[page]``)."""
    page: int = 0
    """The join menu's page (index into ``JOIN_PAGES``)."""
    picked: int | None = None
    """The row button pressed last in the join menu if nothing else was pressed since (the
    same one again turns the page)."""
    call: CallMode = CallMode.CALL
    """Speed's call rule as the table chose it (the join menu's second page)."""
    answered: float = 0.0
    """Result: when its time started running (it came up, or a seat's last answer)."""
    holding: tuple[float | None, ...] = ()
    """Result, per seat: when its slot 5 went down (held ``RESULT_HOLD_S``: the menu), or
    None."""
    match: Match | None = None
    deals: int = 0
    """Demos and matches dealt so far: each takes the next seed."""
    demo_over: float | None = None
    table_demo: bool = True
    """Is the table showing a demo (so a return to attract need not deal another)?"""
    last_result: GameOver | None = None
    left: frozenset[int] = frozenset()
    """Result: the seats a bot had taken over when the game ended (their players left)."""
    names: tuple[str, ...] = ()
    """Per seat: its three-letter initials, or "" (none entered)."""
    editing: tuple[int | None, ...] = ()
    """Per seat: the initial being entered (0-2), or None (not entering)."""
    saved: Match | None = None
    """A match the records kept open through a restart, offered until a match starts."""
    saved_game: Game | None = None
    defaults: tuple[SeatChoices, ...] = ()
    """Per seat: its choices when a player joins it (cabinet/modes/flow/choices.py)."""
    choices: tuple[SeatChoices, ...] = ()
    """Per seat: the choices its player made (the defaults until then)."""
    options: tuple[int | None, ...] = ()
    """Per seat: the row of its options page being changed, or None (the page is closed)."""
    touched: frozenset[int] = frozenset()
    """Seats whose player changed a choice since attract: choices stored with initials
    entered later no longer replace them."""
    deal: Deal | None = None
    """The next game's deal when not the match's own: the same deal again (deals.py)."""
    dealt: Deal | None = None
    """The deal of the game in play, or just played (what the same deal again turns)."""
    asked: int | None = None
    """Result: the seat that asked for the same deal again (the others agree or not)."""
    daily: bool = False
    """The join menu's deal of the day is on (until attract)."""
    day: DayKey = ""
    """The cabinet day (``deals.DayKey``): the deal of the day's seed."""
    tried: frozenset[str] = frozenset()
    """Initials that played the deal of the day this cabinet day (a second try plays but
    does not count)."""
    uncounted: tuple[str, ...] = ()
    """The deal of the day in play (or just played): the initials whose try did not count."""
    head_start_limits: Mapping[Game, int] = field(default_factory=dict)
    """Per game: the most cards a head start may take out of a seat's deal at this
    cabinet (the engine's ``head_start_limit``; a game not in it: ``MAX_HEAD_START``)."""
    watch: Watch = field(default_factory=Watch)
    """Watch it again: the clips ready to replay and the one on screen (watch.py)."""

    # Derived.

    def count_at(self, now: float) -> int:
        """The countdown's number at ``now`` (3, 2, 1), 0 once it is over."""
        left = self.since + self.config.countdown_s - now
        return max(0, math.ceil(left - EPS))

    def idle_left(self, now: float) -> int:
        """Whole seconds left before the idle return while its warning is up (15 ... 1),
        0 when there is none (attract, the countdown, or a press came recently)."""
        if self.phase in (FlowPhase.ATTRACT, FlowPhase.COUNTDOWN):
            return 0
        left = self.last_press + self.config.idle_return_s - now
        if left > min(IDLE_WARN_S, self.config.idle_return_s) + EPS:
            return 0
        return max(0, math.ceil(left - EPS))

    def idle_warn_at(self) -> float:
        """When the idle warning goes up (no press since ``last_press``)."""
        cfg = self.config
        return self.last_press + max(0.0, cfg.idle_return_s - IDLE_WARN_S)

    def idle_since(self) -> float:
        """Screen care: attract's idle time counts from here (attract began, or the last
        press or service menu visit since)."""
        return max(self.since, self.last_press)

    def care_at(self, now: float) -> ScreenCare:
        """How awake the screen is at ``now``: attract left alone ``dim_after_s`` dims it,
        ``blank_after_s`` blacks it out (0: never); every other phase is awake."""
        if self.phase is not FlowPhase.ATTRACT:
            return ScreenCare.AWAKE
        idle = now - self.idle_since()
        cfg = self.config
        if cfg.blank_after_s and idle >= cfg.blank_after_s - EPS:
            return ScreenCare.BLANK
        if cfg.dim_after_s and idle >= cfg.dim_after_s - EPS:
            return ScreenCare.DIM
        return ScreenCare.AWAKE

    def care_due(self, now: float) -> float | None:
        """The next time the screen's care level changes by itself (dims, goes black)."""
        base = self.idle_since()
        times = [
            base + after
            for after in (self.config.dim_after_s, self.config.blank_after_s)
            if after and now < base + after - EPS
        ]
        return min(times) if self.phase is FlowPhase.ATTRACT and times else None

    def result_left(self, now: float) -> int:
        """Result: whole seconds left before it goes back to the join menu by itself."""
        if self.phase is not FlowPhase.RESULT:
            return 0
        return max(0, math.ceil(self.answered + RESULT_TIME_S - now - EPS))

    def page_rows(self) -> tuple[JoinRow | None, ...]:
        """The join menu's rows on its page (slots 1-3; None: a slot with no row)."""
        return JOIN_PAGES[self.page]

    def bot_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s not in self.joined)

    def resumes(self) -> bool:
        """Would the next match start play on the saved one (same game and format)?"""
        saved = self.saved
        return (
            saved is not None
            and not saved.is_over
            and saved.players == self.seats
            and saved.rules == self.match_rules
            and self.saved_game is self.game
        )

    def name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    def head_start_limit(self) -> int:
        """The chosen game's head start limit (what the options page offers)."""
        return self.head_start_limits.get(self.game, MAX_HEAD_START)

    def choices_of(self, seat: int) -> SeatChoices:
        return self.choices[seat] if 0 <= seat < len(self.choices) else SeatChoices()

    def is_entering(self, seat: int) -> bool:
        """Is ``seat`` entering its initials?"""
        return self.editing[seat] is not None

    def waiting_for(self) -> tuple[int, ...]:
        """Joined seats (not taken over) that have not readied."""
        return tuple(sorted(s for s in self.joined - self.taken if s not in self.ready))


def score_text(match: Match) -> str:
    """A match's score as the screens write it: "2-1"."""
    return "-".join(str(x) for x in match.score)


def seed_of(base: int, n: int) -> int:
    """The ``n``th seed drawn from the flow's base seed (demos and matches: the first demo
    is 0, the first match 1 unless another demo was dealt first)."""
    return random.Random(f"speed-cabinet flow {base} deal {n}").getrandbits(32)
