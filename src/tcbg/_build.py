"""What names this installation of tcbg: its version, the source revision of a git checkout, and the build (a hash
of the installed package's files), for ``tcbg --version`` and the provenance of every summary
(:mod:`tcbg.montecarlo.provenance`). Kept free of numpy and the core, so ``tcbg --version`` stays quick."""

from __future__ import annotations

import functools
import hashlib
import subprocess
from pathlib import Path

import tcbg


@functools.lru_cache(maxsize=1)
def source_revision() -> str | None:
    """``git describe --always --dirty --tags`` of the checkout tcbg runs from, or None (an installed wheel, no git,
    any failure: never an error)."""
    root = Path(tcbg.__file__).resolve().parents[2]
    if not (root / ".git").exists():
        return None
    try:
        out = subprocess.run(["git", "-C", str(root), "describe", "--always", "--dirty", "--tags"],
                             capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    text = out.stdout.strip()
    return text if out.returncode == 0 and text else None


@functools.lru_cache(maxsize=1)
def build_id() -> str:
    """The build of the installed package: the SHA-256 (its first 16 hex digits) of every file of the ``tcbg``
    package as installed (the Python modules, the data files and the compiled core ``_core``), each by its path
    within the package and its bytes; Python's byte-code caches left out. Two installations with the same build id
    run the same code on the same data, whether or not they came from a git checkout; computed once a process (a
    few milliseconds for the package's 3 MB)."""
    return _build_id()


def _build_id(root: Path | None = None) -> str:
    """The build id of the package folder ``root`` (default: tcbg's own)."""
    root = Path(tcbg.__file__).resolve().parent if root is None else Path(root)
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                       and p.suffix not in (".pyc", ".pyo")):
        relative = path.relative_to(root).as_posix()
        try:
            data = path.read_bytes()
        except OSError:  # a file that vanished or cannot be read: named without its bytes
            data = b""
        digest.update(f"{relative}\0{len(data)}\0".encode("utf-8"))
        digest.update(data)
    return digest.hexdigest()[:16]


def version_text() -> str:
    """One line naming this installation: ``tcbg 0.2.0 (revision abc1234, build 0123456789abcdef)`` (``revision
    unknown`` outside a git checkout), what ``tcbg --version`` prints."""
    revision = source_revision()
    return f"tcbg {tcbg.__version__} (revision {revision or 'unknown: not a git checkout'}, build {build_id()})"


__all__ = ["build_id", "source_revision", "version_text"]
