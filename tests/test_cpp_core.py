"""The C++ core builds and runs on its own, without Python, as a C++ tool linking the tcbg_core target would."""

from __future__ import annotations

from cpp_build import run


def test_core_links_and_runs_without_python(cpp_build):
    run(["ctest", "--test-dir", str(cpp_build), "--output-on-failure"])
