"""The C++ core builds and runs on its own, without Python, as a C++ tool linking the tcbg_core target would."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not on PATH")
def test_core_links_and_runs_without_python(tmp_path):
    build = tmp_path / "build"
    for step in (["cmake", "-S", str(ROOT / "cpp"), "-B", str(build), "-DTCBG_BUILD_CPP_TESTS=ON",
                  "-DCMAKE_BUILD_TYPE=Release"],
                 ["cmake", "--build", str(build), "-j", "2"]):
        done = subprocess.run(step, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]  # the compiler's own words
    done = subprocess.run(["ctest", "--test-dir", str(build), "--output-on-failure"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
