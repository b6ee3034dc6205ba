"""A FIFO lying where the cabinet reads a file (issue 25): the test helper that makes a
reader which blocks on it fail the test in bounded time instead of hanging the suite."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

BOUND_S = 30.0
"""Generous: a reader that does not block returns in milliseconds even on a busy machine."""


def fifo_at(path: Path) -> Path:
    """A FIFO at ``path`` (nobody writes to it: a plain open for reading would block)."""
    os.mkfifo(path)
    return path


def without_blocking(call: Callable[[], T], fifo: Path, seconds: float = BOUND_S) -> T:
    """``call()``'s result (or its exception); a test failure if it is still waiting
    after ``seconds``, once the reader blocked on ``fifo`` has been let go."""
    result: list[T] = []
    error: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as exc:  # handed to the test's thread below
            error.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        # A reader is blocked in open(): opening the write end lets it go (it reads EOF).
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(seconds)
        pytest.fail(f"still blocked on the FIFO {fifo} after {seconds:g} s")
    if error:
        raise error[0]
    return result[0]
