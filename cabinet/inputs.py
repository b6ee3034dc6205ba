"""The loop's inbox: the one queue every input goes through, bounded per source.

Producers (GPIO callbacks, the keyboard reader, each serial panel's reader thread, the
links' status hand-over, other threads' fault reports) only ``put``; the loop's thread
``get``s, as with the ``queue.SimpleQueue`` it replaces (same calls, same ``Item``s).

A source is an item's seat: a panel, a keyboard seat, the service button. One source may
have at most ``per_source`` items waiting; beyond that its *presses* are dropped, counted
in ``dropped`` and logged once per source. A release, a wake (fault reports and serial
link statuses come as wakes) is never dropped: a lost release would leave a button held,
a lost wake a status unseen. So a panel that floods edges while nobody drains the queue
(a stalled loop, a hostile panel) cannot grow it without bound through its presses.
"""

from __future__ import annotations

import logging
import queue
import threading

from cabinet.loop.core import SERVICE_KEY_SEAT, SERVICE_SEAT, WAKE_SEAT, Item

log = logging.getLogger("speed_cabinet.inbox")

PER_SOURCE = 256
"""Items one source may have waiting. A player's fastest burst is a few dozen edges; the
loop drains the whole queue on every pass, within milliseconds."""


def source_name(seat: int) -> str:
    if seat == SERVICE_SEAT:
        return "the service button"
    if seat == SERVICE_KEY_SEAT:
        return "the keyboard's F2"
    return f"P{seat + 1}"


class Inbox:
    """``put`` from any thread, ``get``/``get_nowait`` on the loop's (``queue.Empty``)."""

    def __init__(self, per_source: int = PER_SOURCE) -> None:
        if per_source < 1:
            raise ValueError("per_source must be at least 1")
        self.per_source = per_source
        self._queue: queue.SimpleQueue[Item] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._waiting: dict[int, int] = {}
        self.dropped: dict[int, int] = {}
        """Presses dropped per source (seat) over the inbox's life."""

    def put(self, item: Item) -> None:
        seat = item[1]
        if seat != WAKE_SEAT:
            with self._lock:
                waiting = self._waiting.get(seat, 0)
                if item[3] and waiting >= self.per_source:
                    count = self.dropped[seat] = self.dropped.get(seat, 0) + 1
                else:
                    self._waiting[seat] = waiting + 1
                    count = 0
            if count:
                if count == 1:
                    log.warning(
                        "%s has %d inputs waiting that the cabinet has not taken: "
                        "dropping its further presses (counted; releases still go "
                        "through)",
                        source_name(seat),
                        self.per_source,
                    )
                return
        self._queue.put(item)

    def get(self, block: bool = True, timeout: float | None = None) -> Item:
        item = self._queue.get(block, timeout)
        seat = item[1]
        if seat != WAKE_SEAT:
            with self._lock:
                self._waiting[seat] -= 1
        return item

    def get_nowait(self) -> Item:
        return self.get(False)

    def qsize(self) -> int:
        return self._queue.qsize()

    def empty(self) -> bool:
        return self._queue.empty()

    def waiting(self, seat: int) -> int:
        """Items from ``seat`` in the queue now."""
        with self._lock:
            return self._waiting.get(seat, 0)


__all__ = ["PER_SOURCE", "Inbox"]
