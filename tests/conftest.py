"""Shared by every test folder: this folder on the import path, for the helpers kept here (browser.py: rendering
reports in headless Chromium)."""

import pytest


@pytest.fixture(scope="session")
def cpp_build():
    """The standalone C++ core, built once a run (tests/cpp_build.py); skipped without cmake or a C++ compiler."""
    from cpp_build import TOOLS_MISSING, build_core

    if TOOLS_MISSING:
        pytest.skip(TOOLS_MISSING)
    return build_core()
