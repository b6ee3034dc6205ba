"""A party's event survives kill -9 (issue 27 item 6; docs/party.md, "Records"): a real
``speed-cabinet run`` (a kiosk config with two keyboard seats read from a terminal, mock
pins, headless, its records in a temporary state dir) starts an event from the join menu,
signs three players up, calls the first game and deals it; killed with SIGKILL mid-game,
the next run finds the event at the same point: the same standings, the game recorded
abandoned and called again, then dealt on its next attempt (a fresh deal)."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from cabinet.kiosk.records import Records
from cabinet.modes.event.rules import deal_seed
from cabinet.modes.event.stored import load

ROOT = Path(__file__).resolve().parents[4]
CONFIG = """
game = "speed"
seed = 5
[cabinet]
pin_factory = "mock"
[flow]
idle_return_s = 600
countdown_s = 1
[[seat]]
controls = "keyboard"
keys = 1
[[seat]]
controls = "keyboard"
keys = 2
"""
KEY_GAP_S = 0.08
"""Between keys typed at the child's terminal: more than its debounce."""


class Cabinet:
    """``speed-cabinet run`` on a terminal of our own (a pty); its output kept."""

    def __init__(self, config: Path, state: Path) -> None:
        self.master, slave = pty.openpty()
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("DISPLAY", "WAYLAND_DISPLAY", "NOTIFY_SOCKET", "STATE_DIRECTORY")
        }
        self.child = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cabinet.cli",
                "run",
                "--config",
                str(config),
                "--mock",
                "--headless",
                "--state-dir",
                str(state),
            ],
            cwd=ROOT,
            env=env,
            stdin=slave,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        os.close(slave)
        self.out: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.child.stdout is not None
        for line in self.child.stdout:
            self.out.append(line)

    def type(self, keys: str) -> None:
        for key in keys:
            os.write(self.master, key.encode())
            time.sleep(KEY_GAP_S)

    def kill(self) -> None:
        if self.child.poll() is None:
            self.child.send_signal(signal.SIGKILL)
        self.child.wait(timeout=30)
        os.close(self.master)


def wait_for(check: Callable[[], bool], what: str, seconds: float = 40.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if check():
                return
        except Exception:  # the records mid-write, or not there yet
            pass
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def kinds(state: Path) -> list[str]:
    with Records.open_readonly(state) as rec:
        entries = rec.events()
        return [row.kind for row in rec.event_log(entries[0].id)] if entries else []


def test_an_event_killed_mid_game_carries_on_at_the_same_point(tmp_path: Path) -> None:
    config = tmp_path / "cabinet.toml"
    config.write_text(CONFIG)
    state = tmp_path / "state"
    first = Cabinet(config, state)
    try:
        wait_for(lambda: (state / "records.sqlite3").exists() or any(first.out), "the start")
        time.sleep(1.0)
        first.type("e22e")  # seat 1 joins; slot 2 twice: page 2, "party event"; SLAM
        wait_for(lambda: kinds(state) == ["opened"], "the sign-up")
        first.type("4w44e" + "9oo99p" + "4www44e")  # BAA at seat 1, CAA at 2, DAA at 1
        wait_for(lambda: kinds(state).count("joined") == 3, "three players")
        first.type("2")  # start
        time.sleep(0.5)
        first.type("ep")  # BAA and CAA press SLAM at seats 1 and 2
        wait_for(lambda: "dealt" in kinds(state), "the first game dealt")
        time.sleep(1.5)  # the countdown, then the game is on the table
        with Records.open_readonly(state) as rec:
            (game,) = rec.recent_games()
            assert game.status == "running"
            before = load(rec, rec.events()[0].id).event
        first.kill()
    finally:
        if first.child.poll() is None:
            first.kill()
    assert first.child.returncode == -signal.SIGKILL
    assert before.on_table
    assert before.dealt is not None
    second = Cabinet(config, state)
    try:
        wait_for(lambda: "abandoned" in kinds(state), "the restart's abandonment")
        with Records.open_readonly(state) as rec:
            after = load(rec, rec.events()[0].id).event
        assert after.standings() == before.standings()
        assert [e.name for e in after.active] == ["BAA", "CAA", "DAA"]
        assert after.dealt is not None
        assert after.dealt.attempt == 1
        assert not after.on_table
        # The headless screen log says it: the game called again, its countdown running.
        wait_for(lambda: any("next up: BAA vs CAA (" in x for x in second.out), "the call")
        second.type("ep")  # the same two, called again
        wait_for(lambda: kinds(state).count("dealt") == 2, "the game dealt again")
        time.sleep(1.5)
        with Records.open_readonly(state) as rec:
            games = rec.recent_games()
            again = load(rec, rec.events()[0].id).event
        assert again.on_table
        assert again.dealt is not None
        assert again.dealt.number == 1
        seeds = {g.seed for g in games}
        assert deal_seed(before.seed, 1, 1) in seeds  # a fresh deal: attempt 1
        assert deal_seed(before.seed, 1, 0) in seeds
    finally:
        second.kill()
