"""What the screen shows of the flow (display/view.py ``FlowView``, ``MatchView``) and the
one status line systemd shows for it."""

from __future__ import annotations

from cabinet.controls.registry import rules_card
from cabinet.modes.flow import again, menu, result, watch
from cabinet.modes.flow.choices import OPTION_ROWS
from cabinet.modes.flow.state import JOIN_PAGES, Flow, FlowPhase, score_text
from display.view import FlowScreen, FlowView, MatchView, OptionLine, SeatMark, SeatOptions

JOIN_HINT = (
    "1-3: choose (twice: next page)   LEFT / RIGHT: change   4: initials   5: options   SLAM: ready"
)
"""The join menu's buttons (docs/menus.md)."""

PAGE_HINT = "LEFT/RIGHT change   5 next   SLAM ready"
"""What a seat's buttons do on its open options page (drawn on the page)."""


def seat_marks(flow: Flow) -> tuple[SeatMark, ...]:
    """Per seat: can join, joined, ready, or a bot's. A seat that left in the middle of a
    match (a bot took it over) cannot join again until the match is decided: its bot
    plays the match's next game, so the result never invites it to press SLAM."""
    mid_match = flow.phase is FlowPhase.RESULT and flow.match is not None and not flow.match.is_over
    out = []
    for s in range(flow.seats):
        if s in flow.taken:
            out.append(SeatMark.BOT)
        elif s in flow.joined and flow.phase is not FlowPhase.ATTRACT:
            out.append(SeatMark.READY if s in flow.ready else SeatMark.JOINED)
        elif s in flow.humans and not mid_match:
            out.append(SeatMark.JOIN)
        else:
            out.append(SeatMark.BOT)
    return tuple(out)


def hint(flow: Flow) -> str:
    entering = any(c is not None for c in flow.editing)
    if flow.phase is FlowPhase.JOIN:
        if entering:
            return "LEFT / RIGHT: letter   slot 4: next letter   slot 5: clear   SLAM: ready"
        return JOIN_HINT
    if flow.phase is FlowPhase.RESULT:
        if entering:
            return "LEFT / RIGHT: letter   4: next letter   SLAM: done   hold 5: menu"
        return result.key_line(flow)
    if flow.phase is FlowPhase.ATTRACT:
        if flow.saved is not None:
            return (
                f"press SLAM to join: the {flow.saved.rules} match stands {score_text(flow.saved)}"
            )
        return "press SLAM to join"
    return ""


def seat_options(flow: Flow) -> tuple[SeatOptions, ...]:
    """Each joined seat's choices on its part of the join screen (none outside the join
    menu)."""
    if flow.phase is not FlowPhase.JOIN:
        return ()
    out = []
    limit = flow.head_start_limit()
    for seat in sorted(flow.joined):
        c = flow.choices_of(seat)
        out.append(
            SeatOptions(
                seat=seat,
                lines=tuple(OptionLine(row.value, c.value(row, limit)) for row in OPTION_ROWS),
                row=flow.options[seat],
                summary=c.summary(limit),
                hint=PAGE_HINT,
                four_colour=c.four_colour,
                large_cards=c.large_cards,
                left_handed=c.left_handed,
            )
        )
    return tuple(out)


def result_notes(flow: Flow) -> tuple[str, ...]:
    """What the result says beyond the game's own reason: who left while it was played."""
    if flow.phase is not FlowPhase.RESULT:
        return ()
    daily = again.result_note(flow)  # a deal of the day: whose try counts
    left = tuple(f"P{s + 1} went quiet: a bot played on" for s in sorted(flow.left))
    return (daily, *left) if daily else left


def view_of(flow: Flow, now: float) -> FlowView:
    return FlowView(
        screen=FlowScreen(flow.phase.value),
        game=flow.game,
        rules=rules_card(flow.game),
        menu=menu.rows(flow) if flow.phase is FlowPhase.JOIN else (),
        row=flow.row,
        menu_notes=menu.notes(flow) if flow.phase is FlowPhase.JOIN else (),
        page=flow.page,
        pages=len(JOIN_PAGES),
        next_page=", ".join(r.value for r in JOIN_PAGES[(flow.page + 1) % len(JOIN_PAGES)] if r),
        left=flow.result_left(now) if flow.joined else 0,
        seats=seat_marks(flow),
        count=flow.count_at(now) if flow.phase is FlowPhase.COUNTDOWN else 0,
        hint=hint(flow),
        names=flow.names,
        editing=flow.editing,
        idle=flow.idle_left(now),
        options=seat_options(flow),
        notes=result_notes(flow),
        care=flow.care_at(now),
        taken=flow.taken | (flow.left if flow.phase is FlowPhase.RESULT else frozenset()),
        bots=flow.difficulty if flow.phase in (FlowPhase.JOIN, FlowPhase.COUNTDOWN) else "",
        replay=watch.mark(flow.watch),
    )


def match_view(flow: Flow) -> MatchView | None:
    """The live match's scoreboard (none in attract or before the first game)."""
    m = flow.match
    if m is None or flow.phase in (FlowPhase.ATTRACT, FlowPhase.JOIN):
        return None
    title = str(m.rules).replace("-", " ")
    game = len(m.results) if flow.phase is FlowPhase.RESULT else m.game_number
    return MatchView(title=title, score=m.score, game=max(1, game), winner=m.winner)


def status_line(flow: Flow) -> str:
    """Where the cabinet is, for ``systemctl status`` (sd_notify ``STATUS=``)."""
    m = flow.match
    match flow.phase:
        case FlowPhase.PLAYING if m is not None:
            return f"{flow.game.value}: game {m.game_number} of a {m.rules} match"
        case FlowPhase.RESULT if m is not None:
            return f"result: {m.rules} {score_text(m)}" + (" (decided)" if m.is_over else "")
        case FlowPhase.ATTRACT:
            return f"attract: a {flow.game.value} demo"
        case FlowPhase.JOIN:
            return "join: players choosing"
        case FlowPhase.COUNTDOWN:
            return "countdown"
        case _:
            return flow.phase.value
