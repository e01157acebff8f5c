"""Run ``bbg`` as a real process in its own session, signal it, and look for its leftovers."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

BBG = [sys.executable, "-c", "from baldurs_rules.cli import main; main()"]


def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    """``bbg`` in a new session (its own process group), as a shell job would be."""
    return subprocess.Popen(
        [*BBG, *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def wait_for_games(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return
        if process.poll() is not None:
            pytest.fail(f"bbg ended before {count} games: {process.communicate()}")
        time.sleep(0.02)
    pytest.fail(f"no {count} games in {path} after 120 s")


def session(sid: int) -> list[int]:
    """The live (not zombie) processes of a session, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if len(fields) > 3 and int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def gone(sid: int, timeout: float = 20) -> list[int]:
    """Wait until no process of the session is left (what is left after ``timeout``)."""
    deadline = time.monotonic() + timeout
    while session(sid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return session(sid)


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def interrupted(process: subprocess.Popen[str], code: int, signame: str) -> tuple[str, int]:
    """Check a stopped run's exit, output and workers; its stdout and its game count.

    The last line of stderr is the one ``error:`` line, naming the signal and the kept file.
    """
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == code, stderr
    assert "Traceback" not in stdout + stderr
    last = stderr.strip().splitlines()[-1]
    match = re.fullmatch(
        rf"error: interrupted by {signame} after (\d+) of (\d+) games; the finished games are"
        r" in (\S+) \(run again with --resume to continue\)",
        last,
    )
    assert match, stderr
    assert [line for line in stderr.splitlines() if line.startswith("error:")] == [last]
    assert gone(process.pid) == []
    return stdout, int(match.group(1))
