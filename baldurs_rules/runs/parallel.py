"""One engine for long runs of many games: worker processes, a streamed file, stop, resume.

A [`Plan`][baldurs_rules.runs.parallel.Plan] says how many games a run has and how to play
game ``i``: a picklable function of the game index and the content that returns the
game's record (plain JSON data). [`run`][baldurs_rules.runs.parallel.run] plays the games
in this process (``jobs=1``), in worker processes, or as Ray tasks; it streams each
finished game to a [record file][baldurs_rules.runs.record_file] if asked, resumes such
a file without replaying its games, and stops cleanly on the first SIGINT or
SIGTERM when given a [`StopFlag`][baldurs_rules.runs.parallel.StopFlag] (see
[`stop_on_signals`][baldurs_rules.runs.parallel.stop_on_signals]): the workers are
stopped, the finished games kept, and the outcome says which signal stopped it.
Workers ignore SIGINT (the parent decides) and exit by themselves when the parent
dies, even by SIGKILL.

``simulate`` and ``balance`` are plans over this engine; a command with another
kind of game (a tournament) brings its own play function and its own summary.

Examples:
    >>> from baldurs_rules.runs.simulate import simulate_plan
    >>> outcome = run(simulate_plan(3, players=2, bots=["random"], seed=4))
    >>> [r["seed"] for r in outcome.records], outcome.complete
    ([4, 5, 6], True)

    A plan with its own kind of game (in a module, so workers can import it):

    >>> def roll(index, content):
    ...     return {"roll": index % 6 + 1}
    >>> run(Plan(3, roll, {"kind": "dice"})).records
    [{'roll': 1}, {'roll': 2}, {'roll': 3}]
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from types import FrameType
from typing import TYPE_CHECKING, Any

from baldurs_rules.errors import RulesError
from baldurs_rules.runs.record_file import RecordFile

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from baldurs_rules.content.model import Content

__all__ = [
    "SIGNAL_EXIT_BASE",
    "SIGNAL_EXIT_STATUS",
    "STOP_SIGNALS",
    "Outcome",
    "Plan",
    "StopFlag",
    "open_records",
    "run",
    "stop_on_signals",
]

PlayGame = Callable[[int, "Content"], dict[str, Any]]
"""Plays game ``index`` of a run with the given content and returns its record."""

_POLL = 0.1
"""Seconds between two looks at the stop flag while waiting for workers."""

STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a run cleanly (Ctrl-C, and ``kill`` without a signal)."""

SIGNAL_EXIT_BASE = 128
"""A command stopped by signal ``N`` exits with ``SIGNAL_EXIT_BASE + N``, as shells report it."""

SIGNAL_EXIT_STATUS: dict[str, int] = {s.name: SIGNAL_EXIT_BASE + s.value for s in STOP_SIGNALS}
"""The exit status of a command stopped by each stop signal, by its name.

Examples:
    >>> SIGNAL_EXIT_STATUS
    {'SIGINT': 130, 'SIGTERM': 143}
"""


@dataclass(frozen=True)
class Plan:
    """What a run plays.

    Attributes:
        games: How many games (indices ``0 .. games - 1``).
        play: ``play(index, content) -> record``; a module-level function or a
            ``functools.partial`` of one, so it can travel to worker processes.
            The record must be JSON data and must not use the fields ``game`` and
            ``run`` (the record file adds them).
        identity: The options that define the records (players, bots, seed,
            content fingerprint, ...): stored with every record in a file and
            compared when the file is resumed.
        content_path: The content directory (None: the default content).
        jobs: Worker processes (Ray CPUs for a local Ray instance).
        backend: ``local`` or ``ray``.
        address: The Ray cluster to join (None: start a local instance).
    """

    games: int
    play: PlayGame
    identity: dict[str, Any]
    content_path: str | None = None
    jobs: int = 1
    backend: str = "local"
    address: str | None = None

    def __post_init__(self) -> None:
        if self.games < 0:
            raise RulesError(f"the number of games must be 0 or more, not {self.games}")
        if self.jobs < 1:
            raise RulesError(f"jobs must be 1 or more, not {self.jobs}")
        if self.backend not in ("local", "ray"):
            raise RulesError(f"backend must be 'local' or 'ray', not {self.backend!r}")


@dataclass
class Outcome:
    """What a run did.

    Attributes:
        games: The games planned.
        records: The finished games' records, in game order (all of them unless stopped).
        resumed: How many of them were already in the file.
        stopped_by: The signal that stopped the run, or None if it finished.
    """

    games: int
    records: list[dict[str, Any]]
    resumed: int = 0
    stopped_by: int | None = None

    @property
    def complete(self) -> bool:
        """Every planned game is finished."""
        return self.stopped_by is None

    @property
    def signal_name(self) -> str:
        """``SIGINT``, ``SIGTERM``, ... ('' if the run finished)."""
        return "" if self.stopped_by is None else signal.Signals(self.stopped_by).name

    @property
    def exit_code(self) -> int:
        """0, or ``SIGNAL_EXIT_BASE`` + the signal number (``SIGNAL_EXIT_STATUS``), as shells do."""
        return 0 if self.stopped_by is None else SIGNAL_EXIT_BASE + self.stopped_by


class _Stopped(BaseException):
    """Raised inside a game played in this process when a stop signal arrives."""


class StopFlag:
    """Remembers the first stop signal; a game played in this process is cut short by it.

    Attributes:
        signum: The first signal received, or None.
    """

    def __init__(self) -> None:
        self.signum: int | None = None
        self._raise = False

    def handle(self, signum: int, frame: FrameType | None = None) -> None:
        """The signal handler: note the signal; inside ``interruptible``, stop the game."""
        if self.signum is None:
            self.signum = signum
        if self._raise:
            self._raise = False
            raise _Stopped

    @contextmanager
    def interruptible(self) -> Iterator[None]:
        """A block (one game) that a stop signal ends at once with ``_Stopped``."""
        if self.signum is not None:
            raise _Stopped
        self._raise = True
        try:
            yield
        finally:
            self._raise = False


@contextmanager
def stop_on_signals(
    signals: Sequence[int] = STOP_SIGNALS,
) -> Iterator[StopFlag]:
    """Handle ``signals`` with a [`StopFlag`][baldurs_rules.runs.parallel.StopFlag] in the block.

    Outside the main thread (where Python cannot set handlers) the flag is never set.
    The previous handlers come back at the end of the block.
    """
    flag = StopFlag()
    if threading.current_thread() is not threading.main_thread():
        yield flag
        return
    previous = {number: signal.signal(number, flag.handle) for number in signals}
    try:
        yield flag
    finally:
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)


def run(
    plan: Plan,
    out: str | os.PathLike[str] | RecordFile | None = None,
    resume: bool = False,
    progress: Callable[[int], None] | None = None,
    stop: StopFlag | None = None,
) -> Outcome:
    """Play the games of ``plan`` not yet in ``out``, streaming each to ``out`` as it ends.

    Args:
        plan: The games.
        out: A record file to write (created or emptied, before any game is
            played; or one already opened for this plan by
            [`open_records`][baldurs_rules.runs.parallel.open_records], which ``run``
            closes), or None to keep the records in memory only.
        resume: Continue ``out`` (see
            [`RecordFile.open`][baldurs_rules.runs.record_file.RecordFile.open]): its
            games are not played again, and the records are those of a run that
            was never interrupted.
        progress: Called with a number of games done: first those found in the
            file (if any), then 1 per game as it finishes.
        stop: Stop when it is set (see
            [`stop_on_signals`][baldurs_rules.runs.parallel.stop_on_signals]); without
            it a ``KeyboardInterrupt`` goes through, after the workers are stopped.

    Returns:
        The [`Outcome`][baldurs_rules.runs.parallel.Outcome]; a finished run's file is in game
        order.

    Raises:
        RulesError: Bad content, a game that failed (its message), a worker
            that died; the finished games stay in the file.
        OSError: ``out`` cannot be written.
    """
    from baldurs_rules.content.loader import load_content

    if resume and out is None:
        raise RulesError("resuming needs the record file to resume")
    file = out if isinstance(out, RecordFile) or out is None else open_records(plan, out, resume)
    try:
        content = load_content(plan.content_path)
    except BaseException:
        if file is not None:
            file.close()
        raise
    found: dict[int, dict[str, Any]] = file.records if file is not None else {}
    resumed = len(found)
    if progress is not None and resumed:
        progress(resumed)

    def keep(index: int, record: dict[str, Any]) -> None:
        if file is not None:
            file.append(index, record)
        else:
            found[index] = record
        if progress is not None:
            progress(1)

    todo = [index for index in range(plan.games) if index not in found]
    try:
        stopped = _play(plan, todo, content, keep, stop)
        if file is not None and stopped is None:
            file.finish()
    finally:
        if file is not None:
            file.close()
    return Outcome(plan.games, [found[i] for i in sorted(found)], resumed, stopped)


def open_records(plan: Plan, out: str | os.PathLike[str], resume: bool = False) -> RecordFile:
    """Open (or resume) the record file of a plan, to check it before a run starts.

    Raises:
        StateError: The file cannot be resumed by this plan (and is left untouched).
        OSError: It cannot be written.
    """
    return RecordFile.open(out, plan.identity, plan.games, resume)


Keep = Callable[[int, dict[str, Any]], None]


def _play(
    plan: Plan, todo: list[int], content: Content, keep: Keep, stop: StopFlag | None
) -> int | None:
    """Play ``todo``; the signal that stopped it, or None when every game is done."""
    if not todo:
        return None
    if plan.backend == "ray":
        return _play_ray(plan, todo, keep, stop)
    if plan.jobs == 1 or len(todo) == 1:
        return _play_here(plan, todo, content, keep, stop)
    return _play_local(plan, todo, keep, stop)


def _play_here(
    plan: Plan, todo: list[int], content: Content, keep: Keep, stop: StopFlag | None
) -> int | None:
    """Play the games in this process, one after the other."""
    for index in todo:
        guard: AbstractContextManager[None] = (
            nullcontext() if stop is None else stop.interruptible()
        )
        try:
            with guard:
                record = plan.play(index, content)
        except _Stopped:
            return stop.signum if stop is not None else None
        keep(index, record)
    return None


# ------------------------------------------------------------------ local workers
@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    index: int | None = None  # the game it is playing


def _play_local(plan: Plan, todo: list[int], keep: Keep, stop: StopFlag | None) -> int | None:
    """Play the games in ``plan.jobs`` worker processes, one game per task."""
    context = multiprocessing.get_context()
    queue = iter(todo)
    workers: list[_Worker] = []
    try:
        for _ in range(min(plan.jobs, len(todo))):
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_worker_main,
                args=(theirs, plan.play, plan.content_path),
                name="baldurs_rules-worker",
                daemon=True,
            )
            process.start()
            theirs.close()
            workers.append(_Worker(process, ours))
            _give(workers[-1], next(queue, None))
        return _collect(workers, queue, keep, stop)
    finally:
        _stop_workers(workers)


def _give(worker: _Worker, index: int | None) -> None:
    """Send the next game (None: no more games, the worker ends)."""
    worker.index = index
    try:
        worker.conn.send(index)
    except (BrokenPipeError, ConnectionResetError):
        if index is not None:
            raise _died(worker) from None


def _collect(
    workers: list[_Worker], queue: Iterator[int], keep: Keep, stop: StopFlag | None
) -> int | None:
    """Receive the records as the workers finish games, handing out the next ones."""
    while True:
        if stop is not None and stop.signum is not None:
            return stop.signum
        busy = {w.conn: w for w in workers if w.index is not None}
        if not busy:
            return None
        ready = wait([*busy, *(w.process.sentinel for w in busy.values())], timeout=_POLL)
        for worker in busy.values():
            if worker.conn in ready:
                try:
                    index, record, error = worker.conn.recv()
                except (EOFError, ConnectionResetError):
                    return _died_or_stopped(worker)
                if error is not None:
                    raise RulesError(f"game {index}: {error}")
                keep(index, record)
                _give(worker, next(queue, None))
            elif worker.process.sentinel in ready:
                return _died_or_stopped(worker)


def _died_or_stopped(worker: _Worker) -> int:
    """A worker ended during a game: stopped by SIGINT/SIGTERM (a stop), or died (an error)."""
    worker.process.join(1)
    code = worker.process.exitcode
    if code is not None and -code in (signal.SIGINT, signal.SIGTERM):
        return -code
    raise _died(worker)


def _died(worker: _Worker) -> RulesError:
    code = worker.process.exitcode
    how = (
        f"killed by {signal.Signals(-code).name}"
        if code is not None and code < 0
        else f"exit code {code}"
    )
    return RulesError(
        f"a worker process died ({how}) while playing game {worker.index}; "
        "the games finished before are kept"
    )


def _stop_workers(workers: list[_Worker]) -> None:
    """End every worker: politely if idle, by SIGTERM then SIGKILL if still playing."""
    for worker in workers:
        if worker.process.is_alive() and worker.index is not None:
            worker.process.terminate()
    for worker in workers:
        worker.process.join(2)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.conn.close()


def _worker_main(conn: Connection, play: PlayGame, content_path: str | None) -> None:
    """A worker: play the games it is sent until told to stop or the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler (fork copies it)
    _exit_with_parent()
    content: Content | None = None
    while True:
        try:
            index = conn.recv()
        except (EOFError, OSError):
            return
        if index is None:
            return
        try:
            if content is None:
                from baldurs_rules.content.loader import load_content

                content = load_content(content_path)
            reply: tuple[int, Any, str | None] = (index, play(index, content), None)
        except Exception as exc:
            reply = (index, None, _error_text(exc))
        try:
            conn.send(reply)
        except (BrokenPipeError, ConnectionResetError):
            return


def _error_text(exc: Exception) -> str:
    """A one-line account of a failed game."""
    if isinstance(exc, RulesError):
        return str(exc).splitlines()[0]
    first = (str(exc).strip().splitlines() or [""])[0]
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _exit_with_parent() -> None:
    """Exit this worker as soon as its parent process is gone (even killed by SIGKILL)."""
    parent = multiprocessing.parent_process()
    parent_pid = os.getppid()

    def watch() -> None:
        while True:
            if parent is not None and wait([parent.sentinel], timeout=0.5):
                os._exit(1)
            if parent is None:
                threading.Event().wait(0.5)
            if os.getppid() != parent_pid:
                os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


# ------------------------------------------------------------------ ray
_RAY_CONTENT: dict[str | None, Content] = {}
"""The content loaded by this Ray worker process, by path."""


def _ray_game(path: str | None, play: PlayGame, index: int) -> dict[str, Any]:
    """A Ray task: one game, with the content loaded once per worker process."""
    if path not in _RAY_CONTENT:
        from baldurs_rules.content.loader import load_content

        _RAY_CONTENT[path] = load_content(path)
    return play(index, _RAY_CONTENT[path])


def _play_ray(plan: Plan, todo: list[int], keep: Keep, stop: StopFlag | None) -> int | None:
    """Play the games as Ray tasks, a few per CPU in flight at a time."""
    try:
        import ray
    except ImportError:
        raise RulesError("the ray backend needs Ray: pip install 'baldurs_rules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if plan.address:
            ray.init(address=plan.address, **options)
        else:
            ray.init(num_cpus=plan.jobs, **options)
    try:
        task = ray.remote(_ray_game)
        queue = iter(todo)
        pending: dict[Any, int] = {}

        def submit() -> None:
            index = next(queue, None)
            if index is not None:
                pending[task.remote(plan.content_path, plan.play, index)] = index

        for _ in range(2 * plan.jobs):
            submit()
        while pending:
            if stop is not None and stop.signum is not None:
                for ref in pending:
                    ray.cancel(ref, force=True)
                return stop.signum
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=_POLL)
            for ref in ready:
                index = pending.pop(ref)
                keep(index, _ray_result(ray, ref, index))
                submit()
        return None
    finally:
        if started:
            ray.shutdown()


def _ray_result(ray: Any, ref: Any, index: int) -> dict[str, Any]:
    try:
        result: dict[str, Any] = ray.get(ref)
    except Exception as exc:
        cause = getattr(exc, "cause", None)
        raise RulesError(
            f"game {index}: {_error_text(cause if isinstance(cause, Exception) else exc)}"
        ) from None
    return result
