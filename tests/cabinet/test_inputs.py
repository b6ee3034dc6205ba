"""The loop's inbox bounds what one source may have waiting (issue 13, item 12): beyond
it only that source's presses are dropped (counted, logged once), never a release, a
wake or another source's input; and the serial link's edges arrive as typed items."""

from __future__ import annotations

import io
import logging
import queue
import time

import pytest

from cabinet.adapters.serial import InboxFeed
from cabinet.app import build_cabinet
from cabinet.config import Control, parse_config
from cabinet.inputs import (
    PER_SOURCE,
    ButtonEdge,
    Inbox,
    ServiceEdge,
    ServiceSource,
    Source,
    Wake,
    source_name,
)
from firmware_bridge.link import PanelLink
from firmware_bridge.sim import PanelSim


def _drain(inbox: Inbox) -> list[tuple[Source | None, bool]]:
    """(source, pressed) per item in queue order; a wake is (None, False)."""
    out: list[tuple[Source | None, bool]] = []
    while True:
        try:
            item = inbox.get_nowait()
        except queue.Empty:
            return out
        match item:
            case ButtonEdge():
                out.append((item.seat, item.pressed))
            case ServiceEdge():
                out.append((item.source, item.pressed))
            case _:
                out.append((None, False))


def test_a_flooding_source_loses_only_its_presses(caplog: pytest.LogCaptureFixture) -> None:
    inbox = Inbox(per_source=4)
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.inbox"):
        for i in range(10):
            inbox.put(ButtonEdge(i, 1, Control.SLAM, True))
        for i in range(3):
            inbox.put(ButtonEdge(10 + i, 1, Control.SLAM, False))  # releases: never dropped
        for i in range(5):
            inbox.put(Wake(20 + i))  # wakes (link changes, faults: never dropped either)
        for i in range(4):
            inbox.put(ButtonEdge(30 + i, 0, Control.SLOT1, True))  # another seat: its own bound
        inbox.put(ServiceEdge(40, ServiceSource.PIN, True))
    assert inbox.dropped == {1: 6}
    got = _drain(inbox)
    assert got == (
        [(1, True)] * 4
        + [(1, False)] * 3
        + [(None, False)] * 5
        + [(0, True)] * 4
        + [(ServiceSource.PIN, True)]
    )
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1  # logged once, counted every time
    assert warnings[0].startswith("P2 has 4 inputs waiting")
    inbox.put(ButtonEdge(50, 1, Control.SLAM, True))  # drained: the seat's presses go in again
    assert _drain(inbox) == [(1, True)]
    assert inbox.dropped == {1: 6}
    with pytest.raises(queue.Empty):
        inbox.get(timeout=0.01)


def test_a_panel_flooding_an_undrained_inbox_stays_bounded() -> None:
    """A real panel over a pty sends edge trains while nobody takes them: its presses
    stop at the bound, every release still arrives."""
    inbox = Inbox(per_source=64)
    with PanelSim("p1") as sim:
        link = PanelLink(sim.path, InboxFeed(inbox.put), seats={0: 2})
        try:
            assert link.up.wait(3)
            for _ in range(12):  # 12 trains of 15 presses and 14 releases, raw
                sim.press("slam", bounce=14, raw=True)
                while sim.sent.qsize() < 29:
                    time.sleep(0.002)
                for _ in range(29):
                    sim.sent.get()
            deadline = time.monotonic() + 3
            while inbox.waiting(2) + inbox.dropped.get(2, 0) < 12 * 29:
                assert time.monotonic() < deadline, "the link did not deliver every edge"
                time.sleep(0.01)
        finally:
            link.close()
    got = _drain(inbox)
    presses = sum(1 for s, pressed in got if s == 2 and pressed)
    assert presses <= 64
    assert inbox.dropped == {2: 12 * 15 - presses}
    assert sum(1 for s, pressed in got if s == 2 and not pressed) == 12 * 14
    assert got.count((None, False)) == 2  # the link's statuses (online, then offline at close)


def test_the_cabinet_loop_takes_its_input_through_a_bounded_inbox() -> None:
    config = parse_config(
        {"cabinet": {"pin_factory": "mock"}, "seat": [{"controls": "bot"}, {"controls": "bot"}]}
    )
    cab = build_cabinet(config, out=io.StringIO(), seed=1)
    try:
        assert isinstance(cab.loop.inbox, Inbox)
        assert cab.loop.inbox.per_source == PER_SOURCE
    finally:
        cab.close()


def test_each_source_is_named_in_its_drop_line() -> None:
    assert [source_name(s) for s in (0, 3, ServiceSource.PIN, ServiceSource.KEY)] == [
        "P1",
        "P4",
        "the service button",
        "the keyboard's F2",
    ]
