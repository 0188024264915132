"""Finding a card set's definitions: the Python module its ``"effects"`` field names (docs/card-data.md C14).

``"effects": "ruins.py"`` is a file beside the card file; ``"effects": "mypackage.cards"`` an importable module.
Either defines ``EFFECTS``, a mapping of card names to definitions. Loading a card set with effects runs that
module, as importing any Python module does: load card sets from sources you trust.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import re
import sys
from collections.abc import Mapping
from typing import Any

from tcbg.errors import CardError

_DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")
_FILE_PREFIX = "tcbg_effects_"


def module_name_of(path: str) -> str:
    """The module name an effects file is loaded under: its absolute path, hex-encoded, so the name alone finds the
    file again (:class:`EffectsFileFinder`)."""
    return _FILE_PREFIX + os.path.abspath(path).encode("utf-8").hex()


class EffectsFileFinder(importlib.abc.MetaPathFinder):
    """Imports an effects file by the name :func:`load_definitions` gave it. A slow-path function of such a file
    pickles as that module and its name; a worker process (the local process pool, a Dask worker on this machine)
    that unpickles a game's card set imports the same file with this finder, which ``tcbg`` installs."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_FILE_PREFIX) or "." in fullname:
            return None
        try:
            file = bytes.fromhex(fullname[len(_FILE_PREFIX):]).decode("utf-8")
        except ValueError:
            return None
        return importlib.util.spec_from_file_location(fullname, file) if os.path.isfile(file) else None


if not any(isinstance(finder, EffectsFileFinder) for finder in sys.meta_path):
    sys.meta_path.append(EffectsFileFinder())


def load_definitions(reference: Any, source: str) -> Mapping[str, Any]:
    """The ``EFFECTS`` mapping of the module ``reference`` names; ``source`` is the card file (a relative ``.py``
    path is found beside it). Any failure raises :class:`tcbg.CardError` (rule C14)."""

    def fail(reason: str) -> Any:
        raise CardError(reason, file=source, where="effects", rule="C14")

    if not isinstance(reference, str) or not reference:
        fail(f"effects must name a Python file ('name.py', beside the card file) or module, not {reference!r}")
    if reference.endswith(".py"):
        base = os.path.dirname(source) if os.path.dirname(source) else "."
        path = reference if os.path.isabs(reference) else os.path.join(base, reference)
        if source.endswith(".json") and not os.path.dirname(source):
            from importlib import resources

            shipped = resources.files("tcbg.x610z") / "cardsets" / reference
            if shipped.is_file():
                path = os.fspath(shipped)
        if not os.path.isfile(path):
            fail(f"no Python file {path!r} (a relative path is read beside the card file)")
        module_name = module_name_of(path)
        if module_name in sys.modules:
            module = sys.modules[module_name]
        else:
            spec = importlib.util.spec_from_file_location(module_name, path)
            if spec is None or spec.loader is None:
                fail(f"cannot load {path!r} as a Python module")
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            try:
                spec.loader.exec_module(module)
            except Exception as exc:  # the designer's module failed: report it as the card set's error
                del sys.modules[module_name]
                fail(f"running {path!r} failed: {type(exc).__name__}: {exc}")
    else:
        if not _DOTTED.fullmatch(reference):
            fail(f"effects must name a Python file ending in .py or a dotted module name, not {reference!r}")
        try:
            module = importlib.import_module(reference)
        except Exception as exc:
            fail(f"importing module {reference!r} failed: {type(exc).__name__}: {exc}")
    effects = getattr(module, "EFFECTS", None)
    if not isinstance(effects, Mapping):
        fail(f"the module {reference!r} must define EFFECTS, a mapping of card names to definitions")
    for key in effects:
        if not isinstance(key, str):
            fail(f"EFFECTS keys are card names (strings), not {key!r}")
    return effects
