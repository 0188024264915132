"""The standalone C++ core build the C++-only tests share (tests/test_cpp_core.py runs its C++ tests,
tests/test_cpp_package.py installs it): one build per run, kept between runs in ``build/pytest-cpp`` (or
``$TCBG_CPP_BUILD_DIR``) so that a second run recompiles only what changed. The core's compile is the cost (about
half a minute on two cores from scratch, unoptimized): ``-j 2``, the library and its C++ tests only."""

from __future__ import annotations

import fcntl
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOLS_MISSING = next((f"{tool} is not on PATH" for tool in ("cmake", "ctest") if shutil.which(tool) is None),
                     None) or (None if any(shutil.which(c) for c in ("c++", "g++", "clang++"))
                               else "no C++ compiler (c++, g++, clang++) on PATH")


def run(step: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run one build step; fail the test with the tool's own last words when it fails."""
    done = subprocess.run(step, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, (f"{' '.join(step[:4])}{' ...' if len(step) > 4 else ''}: status {done.returncode}\n"
                                  + done.stdout[-4000:] + done.stderr[-4000:])
    return done


def build_core() -> pathlib.Path:
    """Configure and build ``cpp/`` (the library and its C++ tests, TCBG_BUILD_CPP_TESTS=ON); the build folder."""
    build = pathlib.Path(os.environ.get("TCBG_CPP_BUILD_DIR", ROOT / "build" / "pytest-cpp"))
    build.parent.mkdir(parents=True, exist_ok=True)
    # the suite runs on several pytest-xdist workers, each with its own session: the first builds, the others wait
    # for it and find the build done
    with open(build.parent / f".{build.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(build)


def _build(build: pathlib.Path) -> pathlib.Path:
    # Release without optimization: these tests check that the core builds, links and answers alike, not its speed,
    # and -O0 compiles in a third of the time (about 30 s on two cores instead of 100); NDEBUG as in the wheel
    configure = ["cmake", "-S", str(ROOT / "cpp"), "-B", str(build), "-DTCBG_BUILD_CPP_TESTS=ON",
                 "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG"]
    if subprocess.run(configure, capture_output=True).returncode != 0:
        shutil.rmtree(build, ignore_errors=True)  # a cache of another source tree or generator: start afresh
        run(configure)
    run(["cmake", "--build", str(build), "-j", "2"])
    return build
