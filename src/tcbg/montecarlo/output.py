"""The ``-o FOLDER`` of the commands that write a report (matchup, matrix, meta, ablate, tune, rerun).

The folder is checked and made (with its parents) before the first game, so it is there while the games run; a run
refused before any game (a bad deck) removes it again when it made it and nothing was written in it.

A folder may be used again. A run owns the files it writes (records, ``summary.json``, ``report.html``, replays)
and lists them in the folder's :data:`MANIFEST`. When it is done, the files the previous tcbg run listed there that
this run did not write again (a CSV run's ``games.csv`` beside a later Parquet run's records, an earlier matchup's
replays) are removed, so the folder holds one run. Only files a manifest lists are ever removed: a user's own files,
and the files of a folder written before manifests existed, stay; the latter are named in a warning instead.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

MANIFEST = ".tcbg-files.json"
"""The list of the files the last tcbg run wrote into a folder: ``{"format": "tcbg-files/1", "files": [...]}``."""

_OWN_NAMES = ("games.parquet", "games.csv", "pairs.parquet", "pairs.csv", "summary.json", "report.html")


def _looks_like_ours(name: str) -> bool:
    return name in _OWN_NAMES or (name.startswith("replay-") and name.endswith(".html"))


def ensure_folder(folder, create: bool = True):
    """Check that ``folder`` can be made and written in, and (``create``) make it with its parents; return its
    absolute path. OSError (one line in ``main``) when a part of the path is a file or cannot be written in. Without
    ``create`` nothing is made yet: a run refused later (a bad deck) leaves no empty folder behind."""
    out = Path(folder).expanduser().absolute()
    for part in (out, *out.parents):  # the first existing part must be a folder we may write in
        if part.exists():
            if not part.is_dir():
                raise NotADirectoryError(20, "is a file, so it cannot hold the output folder", str(part))
            if not os.access(part, os.W_OK | os.X_OK):
                raise PermissionError(13, "cannot write in this folder", str(part))
            break
    if create:
        out.mkdir(parents=True, exist_ok=True)
    return out


class OutputFolder:
    """One run's output folder: made at the start (:meth:`open`), settled when its files are written
    (:meth:`settle`), or removed again when the run failed before writing anything (:meth:`abandon`)."""

    def __init__(self, path: Path, made: bool, before: dict[str, tuple]) -> None:
        self.path = path
        self.made = made
        self._before = before  # name -> (mtime_ns, size, inode) of the files there when the run began

    @classmethod
    def open(cls, folder) -> OutputFolder:
        """Check ``folder`` (:func:`ensure_folder`: one OSError when it cannot be made or written in) and
        make it."""
        path = ensure_folder(folder, create=False)
        made = not path.exists()
        path.mkdir(parents=True, exist_ok=True)
        return cls(path, made, _snapshot(path))

    def written(self) -> list[str]:
        """The files this run wrote (new, or changed since it began) that tcbg owns, in name order."""
        now = _snapshot(self.path)
        return sorted(name for name, stat in now.items() if _looks_like_ours(name) and self._before.get(name) != stat)

    def settle(self, keep=()) -> list[str]:
        """Record the files this run wrote in the manifest and remove the previous run's files it did not write
        again (``keep``: names to leave and count as this run's, such as the records a run read from this folder);
        return what to tell the user (one line each)."""
        written = set(self.written()) | {name for name in keep if (self.path / name).exists()}
        previous = _read_manifest(self.path)
        lines = []
        if previous is not None:
            removed = []
            for name in sorted(set(previous) - written):
                target = self.path / name
                if os.path.basename(name) != name or not target.is_file():
                    continue  # only plain files of this folder, by name
                try:
                    target.unlink()
                    removed.append(name)
                except OSError:
                    continue
            if removed:
                lines.append(f"removed the previous run's {', '.join(removed)}")
        else:
            old = sorted(name for name in _snapshot(self.path) if _looks_like_ours(name) and name not in written)
            if old:
                lines.append(f"warning: the folder also holds {', '.join(old)}, not written by this run (an earlier "
                             f"run's?); they were left as they are")
        _write_manifest(self.path, sorted(written))
        return lines

    def abandon(self) -> None:
        """The run stopped before writing anything: a folder it made is removed again if it is still empty."""
        if self.made:
            try:
                self.path.rmdir()  # only an empty folder
            except OSError:
                pass


def _snapshot(path: Path) -> dict[str, tuple]:
    out = {}
    try:
        entries = list(os.scandir(path))
    except OSError:
        return out
    for entry in entries:
        try:
            if entry.is_file():
                st = entry.stat()
                out[entry.name] = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            continue
    return out


def _read_manifest(path: Path) -> list[str] | None:
    try:
        data = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != "tcbg-files/1" or not isinstance(data.get("files"), list):
        return None
    return [name for name in data["files"] if isinstance(name, str)]


def _write_manifest(path: Path, names: list[str]) -> None:
    text = json.dumps({"format": "tcbg-files/1", "files": names}, indent=1) + "\n"
    (path / MANIFEST).write_text(text, encoding="utf-8")
