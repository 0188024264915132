"""A real Dask cluster for the tests, as a user runs one: a ``dask scheduler`` and ``dask worker`` processes on
127.0.0.1, each in its own process group, started for a test and killed when it ends, whatever happened.

The cluster lives outside the test process: a test's client is its only tie to it, so what earlier tests left in
the process (signal handlers, process pools, other clients' event loops) cannot stop its scheduler or its workers.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import tcbg

SRC = str(Path(tcbg.__file__).resolve().parents[1])  # where this tcbg is: the source tree, or the installed package
ENV = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
SCHEDULER = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
WORKER = [sys.executable, "-m", "distributed.cli.dask_worker"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(argv, env=None) -> subprocess.Popen:
    return subprocess.Popen(argv, env=env or ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait(timeout=30)
    if proc.stderr is not None:
        proc.stderr.close()


@contextlib.contextmanager
def cluster(workers: int = 2, worker_env=None):
    """``(address, [scheduler, worker, ...])`` of a scheduler and ``workers`` single-threaded workers without
    nannies (a killed worker stays dead), once every worker has joined; ``worker_env``: the workers' environment
    (default: this tcbg on their import path)."""
    from distributed import Client

    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [start(SCHEDULER + ["--host", "127.0.0.1", "--port", str(port), "--no-dashboard"])]
    try:
        for _ in range(workers):
            procs.append(start(WORKER + [address, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny",
                                         "--no-dashboard"], worker_env))
        with Client(address, timeout=30) as client:
            client.wait_for_workers(workers, timeout=60)
        yield address, procs
    finally:
        for proc in procs:
            stop(proc)
