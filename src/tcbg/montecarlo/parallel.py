"""Where batches run: in this process, in a pool of local processes (the default: every local core), or on a Dask
cluster (a scheduler's address, or a LocalCluster started here).

Every runner plays the same batches and returns the same numbers, since a game depends only on its config, agents,
master seed and index (see :mod:`tcbg.montecarlo.batch`); runners differ only in speed. Results come back as batches
finish, in any order; the caller puts them in order.

Process pools start their workers with the ``forkserver`` method where the platform has it (``spawn`` elsewhere): a
worker never inherits the caller's threads or locks. The workers do not run the caller's main module again (as
multiprocessing's workers otherwise do), so a script may start a simulation at its top level, as the README shows,
without ``if __name__ == "__main__":``. The one exception is a card set whose slow-path functions are defined in the
script itself: the workers must then import the script to find them, and a script that does so unguarded gets one
:class:`tcbg.SimulationError` saying to add the guard. The worker processes of a Dask ``LocalCluster`` started here
(``scheduler="local"``) do not import the main module either (Dask sends a function of the script by value). Worker
processes start with Ctrl-C blocked (they never see it: the caller ends them), so Ctrl-C at any moment, even while
they start, gives one quiet stop.

On a Dask cluster, a worker that dies costs nothing but time (the scheduler plays its batches again elsewhere, with
the same records); a scheduler that goes away raises :class:`ClusterLost`, and the run keeps the batches finished
before it (docs/simulation.md, "When a cluster fails").
"""

from __future__ import annotations

import ast
import contextlib
import asyncio
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import spawn
from typing import Any

from tcbg.errors import SimulationError
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.batch import BatchTask, play_batch


def local_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without sched_getaffinity
        return max(1, os.cpu_count() or 1)


def guarded_play_batch(task: BatchTask) -> tuple[str, Any]:
    """``play_batch`` for a worker: an exception comes back as text (tcbg's typed errors take keyword arguments and do
    not survive pickling), and the caller raises it as a :class:`tcbg.SimulationError`."""
    try:
        return "ok", play_batch(task)
    except Exception as exc:  # noqa: BLE001 - every failure must reach the caller, named
        return "error", f"{type(exc).__name__}: {exc}"


def _unwrap(task: BatchTask, outcome: tuple[str, Any]):
    status, value = outcome
    if status == "ok":
        return value
    raise SimulationError(f"games {task.first} to {task.first + task.count - 1} failed in a worker: {value}",
                          field="games", rule="simulation.md")


class InProcessRunner:
    """Plays every batch here, one after the other (``workers=1``; also every simulation with a Python agent)."""

    workers = 1
    description = "this process"

    def run(self, tasks: Iterable[BatchTask]) -> Iterator[tuple[BatchTask, list]]:
        for task in tasks:
            yield task, play_batch(task)

    def abort(self) -> None:
        pass

    def close(self) -> None:
        pass


def _ignore_sigint() -> None:
    # Ctrl-C goes to the whole process group; the caller handles it and ends the workers itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_context():
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # the fork server imports tcbg once; every worker forked from it starts with tcbg loaded
    context.set_forkserver_preload(["tcbg.montecarlo.batch"])
    return context


def _main_functions(tables) -> list[str]:
    """The games' callbacks (X610Z: a card set's slow-path functions) of these tables that are defined in
    ``__main__`` (the workers must import the main module to find them)."""
    return [name for table in tables for name in game_adapter.main_functions(table.config)]


def _is_main_guard(test: ast.expr) -> bool:
    names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    texts = {n.value for n in ast.walk(test) if isinstance(n, ast.Constant)}
    return "__name__" in names and "__main__" in texts


def unguarded_main_call() -> bool:
    """Whether this call comes from the top-level code of a main script outside its ``if __name__ == "__main__":``
    block (code that a process importing the script runs again). False when it cannot be told (no script file, or
    its source unreadable)."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    frame = sys._getframe(1)
    while frame is not None and not (frame.f_globals is getattr(main, "__dict__", None)
                                     and frame.f_code.co_name == "<module>"):
        frame = frame.f_back
    if frame is None or not path:
        return False
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return False
    line = frame.f_lineno
    return not any(isinstance(node, ast.If) and _is_main_guard(node.test)
                   and node.lineno <= line <= (node.end_lineno or node.lineno) for node in tree.body)


_LAUNCH_LOCK = threading.Lock()


def _without_main(real):
    def preparation_data(name):
        data = real(name)
        data.pop("init_main_from_path", None)
        data.pop("init_main_from_name", None)
        return data
    return preparation_data


@contextmanager
def _launching(keep_main: bool):
    """Around the calls that may start worker processes: Ctrl-C is held back in this thread (a process started now
    inherits the blocked signal, so a worker never stops in the middle of its start-up with a traceback; a Ctrl-C
    pressed meanwhile arrives when this block ends), and the new processes do not import the main module unless
    ``keep_main`` (multiprocessing reads what to import from ``spawn.get_preparation_data``)."""
    # only where Python may set handlers (the main thread) and one of Python's own is in place (None: set outside)
    block = (hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
             and signal.getsignal(signal.SIGINT) is not None)
    held: list[int] = []
    with _LAUNCH_LOCK:
        old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if block else None
        # the mask holds the signal back from this thread only: another thread (numpy's BLAS threads) may still take
        # it, and Python would raise KeyboardInterrupt here mid-launch, with a started process left unrecorded; the
        # handler notes it instead, and the interrupt is raised once the launch is done
        old_handler = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum)) if block else None
        real = spawn.get_preparation_data
        if not keep_main:
            spawn.get_preparation_data = _without_main(real)
        try:
            yield
        finally:
            spawn.get_preparation_data = real
            if block:
                signal.signal(signal.SIGINT, old_handler)
                signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
    if held and callable(old_handler):
        old_handler(signal.SIGINT, None)  # Python's default handler raises KeyboardInterrupt


class PoolRunner:
    """A pool of ``workers`` local processes; at most two batches per worker are in flight at a time, so a stopped
    run wastes little work. A worker that dies (a crash in native code, killed by the system) stops the run with a
    :class:`tcbg.SimulationError` instead of waiting forever."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.description = f"{workers} local processes"
        self._pool = ProcessPoolExecutor(workers, mp_context=_pool_context(), initializer=_ignore_sigint)

    def run(self, tasks: Iterable[BatchTask]) -> Iterator[tuple[BatchTask, list]]:
        tasks = list(tasks)
        for table in tasks[0].tables if tasks else ():
            problem = game_adapter.worker_problem(table.config)
            if problem is not None:
                raise SimulationError(f"{problem}; define it at the top level of an importable module (or of the card "
                                      "set's effects file), or play with workers=1", field="workers",
                                      rule="docs/cards.md (the slow path)")
        in_main = _main_functions(tasks[0].tables) if tasks else []
        if in_main and unguarded_main_call():
            raise SimulationError(f"worker processes import this script to find {in_main[0]}, which is defined in "
                                  "it, and would start this simulation again: put the simulation under "
                                  "if __name__ == \"__main__\": (or play with workers=1)", field="workers",
                                  rule="simulation.md")
        pending = iter(tasks)
        in_flight: dict[Future, BatchTask] = {}

        def submit() -> None:
            task = next(pending, None)
            if task is not None:
                with _launching(keep_main=bool(in_main)):  # a submit may start the pool's processes
                    in_flight[self._pool.submit(guarded_play_batch, task)] = task

        for _ in range(2 * self.workers):
            submit()
        try:
            while in_flight:
                finished, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                for future in finished:
                    task = in_flight.pop(future)
                    try:
                        outcome = future.result()
                    except BrokenProcessPool as exc:
                        raise SimulationError(f"a worker process died while playing games {task.first} to "
                                              f"{task.first + task.count - 1} ({exc})", field="workers",
                                              rule="simulation.md") from None
                    result = _unwrap(task, outcome)
                    submit()
                    yield task, result
        finally:
            for future in in_flight:
                future.cancel()

    def abort(self) -> None:
        """Stop at once: batches being played are dropped."""
        # the executor has no public way to stop a running task; its worker processes are ours to end
        processes = list((getattr(self._pool, "_processes", None) or {}).values())
        manager = getattr(self._pool, "_executor_manager_thread", None)
        self._pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:  # gone before this process exits and removes the pool's semaphores
            process.join(timeout=2)
        # the executor's own thread closes its wake-up pipe once it sees the workers gone; if the interpreter exited
        # meanwhile, Python's exit hook (3.11) could write to that pipe as it closes and print a traceback
        if manager is not None:
            manager.join(timeout=5)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class ClusterLost(SimulationError):
    """The Dask scheduler of a run went away: the batches finished before are kept (the run ends as one stopped
    by Ctrl-C, with one line saying why)."""

    def __init__(self, address: str, why: str | None = None) -> None:
        self.why = why or f"lost the Dask scheduler at {address}"
        super().__init__(self.why, field="scheduler", rule="simulation.md")
        self.address = address


class _DropReconnectLog(logging.Filter):
    """The client's own words on what the run already handles: a scheduler it cannot reach (its reconnection
    attempts, and the connection errors and cancelled attempts it logs with a traceback; the run says it once, in its
    own line), and a result it could not fetch from a worker that died ("Couldn't gather ..., rescheduling": the batch
    is played again elsewhere, with the same games). Once the scheduler is known lost (``everything``), whatever the
    dying client logs later is dropped too."""

    everything = False
    handled = ("reconnect to scheduler", "Couldn't gather")

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.everything or any(words in message for words in self.handled):
            return False
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, (OSError, TimeoutError, asyncio.CancelledError))


class _DaskWorkersWithoutMain:
    """While a LocalCluster runs: the worker processes its nannies start (multiprocessing names them "Dask Worker
    process") do not import the caller's main module; other processes are left as they are."""

    def __init__(self) -> None:
        real = self._real = spawn.get_preparation_data
        without = _without_main(real)

        def preparation_data(name):
            return without(name) if str(name).startswith("Dask Worker process") else real(name)

        self._installed = preparation_data
        spawn.get_preparation_data = preparation_data

    def remove(self) -> None:
        if spawn.get_preparation_data is self._installed:
            spawn.get_preparation_data = self._real


class DaskRunner:
    """Batches as Dask tasks on a cluster: ``scheduler`` is ``"tcp://host:8786"`` (an existing cluster, whose workers
    have the same tcbg installed), ``"local"`` (a ``LocalCluster`` of ``workers`` single-threaded processes, started
    and stopped here), or a ``distributed.Client``."""

    def __init__(self, scheduler: Any, workers: int | None = None, connect_timeout: float = 10.0) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise SimulationError("Dask is not installed; install it with pip install 'tcbg[dist]'",
                                  field="scheduler", rule="simulation.md") from None
        self._cluster = None
        self._own_client = True
        if isinstance(scheduler, Client):
            self._client, self._own_client = scheduler, False
        elif scheduler == "local":
            n = workers or local_cores()
            # the nannies start their workers with multiprocessing's spawn, which would import (run) the caller's
            # main script in every worker; as the local pool's, they do not, at the start and when a nanny starts a
            # worker again after one died
            self._main_filter = _DaskWorkersWithoutMain()
            try:
                with _launching(keep_main=True):  # Ctrl-C held back while the processes start
                    # ":0": any free port for the scheduler's web server, which starts even without a dashboard
                    self._cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                                 dashboard_address=":0")
            except BaseException:
                self._main_filter.remove()
                raise
            self._client = Client(self._cluster)
        elif isinstance(scheduler, str) and "://" in scheduler:
            try:
                self._client = Client(scheduler, timeout=connect_timeout)
            except (OSError, TimeoutError, ValueError) as exc:
                raise SimulationError(f"cannot reach the Dask scheduler at {scheduler} ({_first_line(exc)})",
                                      field="scheduler", rule="simulation.md") from None
        else:
            raise SimulationError(f"expected 'local', an address such as tcp://host:8786, or a distributed.Client, "
                                  f"not {scheduler!r}", field="scheduler", rule="simulation.md")
        self._quiet = _DropReconnectLog()
        logging.getLogger("distributed.client").addFilter(self._quiet)
        self.address = self._client.scheduler.address
        try:
            self.workers = max(1, len(self._client.scheduler_info().get("workers", {})))
        except (OSError, TimeoutError, RuntimeError) as exc:  # RuntimeError: the client's event loop has stopped
            with contextlib.suppress(OSError, TimeoutError, RuntimeError):
                self.close()
            raise ClusterLost(self.address) from exc
        self._connect_timeout = connect_timeout
        self.description = f"Dask ({self.workers} workers at {self.address})"

    def run(self, tasks: Iterable[BatchTask]) -> Iterator[tuple[BatchTask, list]]:
        """Batches as Dask tasks, at most two a worker in flight. A worker that dies (killed, its machine lost) costs
        nothing: the scheduler plays its batches again on another worker, and a batch's games are the same wherever
        they are played. A scheduler that goes away (for ``connect_timeout`` seconds, or for good) raises
        :class:`ClusterLost` here; the caller keeps the batches finished so far."""
        pending = iter(tasks)
        owner: dict[Any, BatchTask] = {}
        self._live = owner

        def submit() -> None:
            task = next(pending, None)
            if task is not None:
                owner[self._client.submit(guarded_play_batch, task, pure=False)] = task

        for _ in range(2 * self.workers):
            submit()
        gone_since = idle_since = None
        look_at = time.monotonic()
        try:
            while owner:
                self._wait_any(owner, 0.5)
                # a cluster whose workers are all gone (they could not import tcbg, say: a worker that fails to read
                # a task leaves the cluster) would never play the batches; after connect_timeout seconds without a
                # worker the run ends as a lost cluster
                if not any(future.done() for future in owner) and time.monotonic() >= look_at:
                    look_at = time.monotonic() + 1.0
                    if self._workers_now() == 0:
                        idle_since = idle_since or time.monotonic()
                        if time.monotonic() - idle_since > self._connect_timeout:
                            raise self._lost(f"the Dask scheduler at {self.address} has had no workers for "
                                             f"{self._connect_timeout:g} s")
                    else:
                        idle_since = None
                if self._client.status != "running":
                    gone_since = gone_since or time.monotonic()
                    if self._client.status in ("closed", "closing") or \
                            time.monotonic() - gone_since > self._connect_timeout:
                        raise self._lost()
                    continue
                gone_since = None
                for future in [f for f in owner if f.done()]:
                    task = owner.pop(future)
                    if future.status == "cancelled":  # the scheduler forgot it: it went away and came back empty
                        raise self._lost()
                    try:
                        outcome = future.result()
                    except (OSError, TimeoutError) as exc:
                        raise self._lost() from exc
                    except Exception as exc:  # noqa: BLE001 - Dask's own (KilledWorker: a batch that kills workers)
                        raise SimulationError(f"games {task.first} to {task.first + task.count - 1} failed on the "
                                              f"cluster: {type(exc).__name__}: {_first_line(exc)}",
                                              field="scheduler", rule="simulation.md") from None
                    result = _unwrap(task, outcome)
                    submit()
                    yield task, result
        finally:
            self._cancel(owner)

    def _wait_any(self, owner, seconds: float) -> None:
        """Until a batch is done or ``seconds`` have passed. The futures' states are read, not waited on through the
        client's event loop: a loop that stopped (a cluster closed under its client) would never answer a wait, and
        the run would hang; it ends the run as a lost scheduler instead."""
        until = time.monotonic() + seconds
        while True:
            if any(future.done() for future in owner):
                return
            if not self._loop_runs():
                raise self._lost()
            if time.monotonic() >= until:
                return
            time.sleep(0.005)

    def _loop_runs(self) -> bool:
        try:
            loop = self._client.loop
        except RuntimeError:  # distributed: the loop of a client not started, or stopped
            return False
        return loop is not None and loop.asyncio_loop.is_running()

    def _cancel(self, owner) -> None:
        left = list(owner)
        if left and self._client.status == "running":
            try:
                self._client.cancel(left)
            except (OSError, TimeoutError, RuntimeError):  # the scheduler or the client's loop is gone: nothing left
                pass
        owner.clear()

    def _lost(self, why: str | None = None) -> ClusterLost:
        """The scheduler is gone (or ``why``): from now on the client's own log of its failing reconnection is
        dropped (the run says it in one line), and the error that ends the run."""
        self._quiet.everything = True
        return ClusterLost(self.address, why)

    def _workers_now(self) -> int:
        """How many workers the scheduler has now; -1 when it cannot be asked."""
        try:
            return len(self._client.scheduler_info().get("workers", {}))
        except (OSError, TimeoutError, RuntimeError):
            return -1

    def abort(self) -> None:
        live = getattr(self, "_live", None)
        if live is not None:
            self._cancel(live)

    def close(self) -> None:
        lost = self._quiet.everything or self._client.status != "running"
        if self._own_client:
            try:
                self._client.close(timeout=1 if lost else 5)
            except (OSError, TimeoutError, RuntimeError):  # a scheduler or loop gone: the client is closed all the same
                pass
        if self._cluster is not None:
            self._cluster.close()
            self._main_filter.remove()
        if lost:  # the dead client's last words come after this returns: the filter stays and drops them
            self._quiet.everything = True
        else:
            logging.getLogger("distributed.client").removeFilter(self._quiet)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def make_runner(workers: int | None, scheduler: Any, python_agents: bool):
    """The runner for a simulation's options (see :func:`tcbg.simulate`)."""
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise SimulationError(f"must be a whole number of at least 1, not {workers!r}", field="workers",
                              rule="simulation.md")
    if python_agents:
        if scheduler is not None or (workers or 1) > 1:
            raise SimulationError("Python agents run in this process only; leave workers and scheduler unset",
                                  field="workers", rule="simulation.md")
        return InProcessRunner()
    if scheduler is not None:
        return DaskRunner(scheduler, workers)
    n = local_cores() if workers is None else workers
    return InProcessRunner() if n == 1 else PoolRunner(n)

