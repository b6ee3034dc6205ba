"""The real cabinet process killed with SIGKILL mid-game (a watchdog kill, a power cut's
nearest cousin): the next start finds its game recorded as abandoned."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from cabinet.kiosk.records import Records

ROOT = Path(__file__).resolve().parents[3]


def test_a_killed_cabinet_leaves_its_game_abandoned(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "NOTIFY_SOCKET")
    }
    child = subprocess.Popen(
        [sys.executable, "-m", "cabinet.cli", "run", "--seed", "4", "--state-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:  # the bot demo is dealt and playing
            if " played " in line:
                break
        time.sleep(0.3)
        with Records.open_readonly(tmp_path) as rec:
            (game,) = rec.recent_games()
            assert game.status == "running"
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    with Records.open(tmp_path) as rec:  # the next start
        assert rec.abandoned_on_open == (game.id,)
        assert rec.game(game.id).abandoned
        assert rec.bookkeeping().starts == 1  # the killed run's start was kept
