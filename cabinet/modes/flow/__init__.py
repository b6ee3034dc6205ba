"""The player's flow around the games: attract, join, countdown, play, result; pure.

A frozen ``Flow`` and ``step(flow, input, now) -> (flow, effects)``; no pygame, no threads,
no engine state (the cabinet turns effects into games: cabinet/modes/flow/director.py).

- ATTRACT: a bot-vs-bot demo plays; the active game's rules on a short card; "press SLAM
  to join". A seat that presses SLAM joins: JOIN.
- JOIN: more seats join with SLAM. The slot buttons 1-3 choose a row of the menu's page
  (page 1: game, bots' difficulty, match; page 2: Speed's call rule; the same row button
  twice in a row turns the page: ``menu``, docs/menus.md), LEFT/RIGHT cycle its value
  (which clears every ready mark); a joined seat's next SLAM readies it. Every joined seat
  ready: COUNTDOWN. Seats nobody joined get bots of the chosen difficulty. Slot 4 enters
  the seat's own three-letter initials for the records (arcade style: LEFT/RIGHT change the
  letter, slot 4 again moves on, SLAM finishes; slot 5 meanwhile clears them). Initials
  stay with the seat until attract. Slot 5 opens the seat's own options page (``options``:
  hints, handicap, four colours, large cards, left-handed; LEFT/RIGHT change, slot 5 the
  next row, SLAM ready); the choices go with ``StartGame``, and the choices the records
  keep for initials just entered come back (``Recalled``) unless the seat chose its own
  since attract.
- COUNTDOWN: ``countdown_s`` seconds (3-2-1), then ``StartGame``: PLAYING. A new match
  starts (``engine.match.Match``) unless one is running; the deal's seed is
  ``Match.deal_seed()``.
- PLAYING: presses go to the engine (the flow only notes who pressed). With
  ``bot_takeover_s`` a joined seat quiet that long is played by a bot (``TakeOver``) until
  it presses again (``GiveBack``). ``GameOver`` records the game in the match: RESULT.
- RESULT: the match scoreboard and one key map (``result``): joined seats ready with SLAM
  (the next game of the match, or a rematch once it is decided), slot 4 enters initials,
  slot 5 held ``RESULT_HOLD_S`` goes back to JOIN, and so does its time running out
  (``RESULT_TIME_S``, counted down on screen); every other press is ignored (slots 1 and
  2 are kept for the boards issue). Presses in its first ``RESULT_GRACE_S`` are the
  game's last ones, not answers. Seats a bot took over have left; with nobody left the
  result still shows, ``RESULT_ALONE_S``, then ATTRACT.
- No press from any player for ``idle_return_s`` (JOIN, PLAYING, RESULT; a game's start
  and end count as a press): ATTRACT, with ``WentIdle`` (its reason, for the log and the
  records). ``IDLE_WARN_S`` before, the screen warns "still playing? press any button"
  with the seconds left (``Flow.idle_left``); any press takes the warning down.
- Screen care: attract with no press for ``dim_after_s`` dims the screen, for
  ``blank_after_s`` blacks it out (``Flow.care_at``; the SLAM LEDs breathe then). A press
  on a dim or black screen only wakes it: it joins nobody; the next press acts. Attract's
  idle time counts from its start or its last press (``wake``: the service menu too).
- A match the records kept open through a restart (``saved``: a power cut, a crash) is
  offered in attract and in the join menu's match row; starting that game and format plays
  it on from its score. Starting anything else starts a new match instead.

Modules: ``state`` (``Flow``, ``FlowPhase``), ``messages`` (``FlowInput``, ``FlowEffect``),
``step`` (the transitions), ``menu`` (the join menu's pages), ``join`` (initials),
``result`` (the result screen's key map), ``choices`` and ``options``
(a seat's own choices and its options page), ``match`` (new, running or saved match),
``view`` (what the screen shows).
"""

from cabinet.modes.flow.choices import (
    HINT_LEVELS,
    OPTION_ROWS,
    HandicapChoice,
    OptionRow,
    SeatChoices,
    default_choices,
    hint_label,
    offered,
)
from cabinet.modes.flow.join import CLEAR_SLOT, INITIALS_SLOT
from cabinet.modes.flow.messages import (
    Chosen,
    FlowEffect,
    FlowInput,
    FlowPress,
    FlowRelease,
    FlowTick,
    GameOver,
    GiveBack,
    Named,
    Recalled,
    SeatBot,
    SeatName,
    StartDemo,
    StartGame,
    TakeOver,
    WentIdle,
)
from cabinet.modes.flow.options import (
    OPTIONS_SLOT,
    chosen,
    head_start_limit,
    seat_config,
    with_handicaps,
)
from cabinet.modes.flow.result import RESULT_KEYS, ResultAction, ResultKey
from cabinet.modes.flow.state import (
    CALL_WORDS,
    CALLS,
    DEMO_PAUSE_S,
    EPS,
    IDLE_WARN_S,
    JOIN_PAGES,
    JOIN_ROWS,
    MATCHES,
    RESULT_ALONE_S,
    RESULT_GRACE_S,
    RESULT_HOLD_S,
    RESULT_TIME_S,
    Flow,
    FlowPhase,
    JoinRow,
    score_text,
    seed_of,
)
from cabinet.modes.flow.step import menu_closed, next_due, reset, start, step, wake
from cabinet.modes.flow.view import (
    hint,
    match_view,
    seat_marks,
    seat_options,
    status_line,
    view_of,
)

__all__ = [
    "CALLS",
    "CALL_WORDS",
    "CLEAR_SLOT",
    "DEMO_PAUSE_S",
    "EPS",
    "HINT_LEVELS",
    "IDLE_WARN_S",
    "INITIALS_SLOT",
    "JOIN_PAGES",
    "JOIN_ROWS",
    "MATCHES",
    "OPTIONS_SLOT",
    "OPTION_ROWS",
    "RESULT_ALONE_S",
    "RESULT_GRACE_S",
    "RESULT_HOLD_S",
    "RESULT_KEYS",
    "RESULT_TIME_S",
    "Chosen",
    "Flow",
    "FlowEffect",
    "FlowInput",
    "FlowPhase",
    "FlowPress",
    "FlowRelease",
    "FlowTick",
    "GameOver",
    "GiveBack",
    "HandicapChoice",
    "JoinRow",
    "Named",
    "OptionRow",
    "Recalled",
    "ResultAction",
    "ResultKey",
    "SeatBot",
    "SeatChoices",
    "SeatName",
    "StartDemo",
    "StartGame",
    "TakeOver",
    "WentIdle",
    "chosen",
    "default_choices",
    "head_start_limit",
    "hint",
    "hint_label",
    "match_view",
    "menu_closed",
    "next_due",
    "offered",
    "reset",
    "score_text",
    "seat_config",
    "seat_marks",
    "seat_options",
    "seed_of",
    "start",
    "status_line",
    "step",
    "view_of",
    "wake",
    "with_handicaps",
]
