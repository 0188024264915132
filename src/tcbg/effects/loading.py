"""Finding a card set's definitions, in every game: the Python module its ``"effects"`` field names
(docs/card-data.md C14), and what the slow path needs of Python whatever the game (docs/effects.md): the hook a
game gives the core for ``PYTHON k`` (:class:`SlowPath`), how errors name a function, and whether worker
processes can find the functions again.

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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tcbg.errors import CardError, EffectError

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


def load_definitions(reference: Any, source: str, *, shipped: str | None = None) -> Mapping[str, Any]:
    """The ``EFFECTS`` mapping of the module ``reference`` names; ``source`` is the card file (a relative ``.py``
    path is found beside it; a card file named without a folder, as a shipped card set is, looks first in the
    ``cardsets`` folder of the package ``shipped``). Any failure raises :class:`tcbg.CardError` (rule C14)."""

    def fail(reason: str) -> Any:
        raise CardError(reason, file=source, where="effects", rule="C14")

    if not isinstance(reference, str) or not reference:
        fail(f"effects must name a Python file ('name.py', beside the card file) or module, not {reference!r}")
    if reference.endswith(".py"):
        base = os.path.dirname(source) if os.path.dirname(source) else "."
        path = reference if os.path.isabs(reference) else os.path.join(base, reference)
        if shipped is not None and source.endswith(".json") and not os.path.dirname(source):
            from importlib import resources

            beside = resources.files(shipped) / "cardsets" / reference
            if beside.is_file():
                path = os.fspath(beside)
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


def function_name(function: Callable[..., Any]) -> str:
    """How errors name a slow-path function: its module and qualified name."""
    module = getattr(function, "__module__", None)
    name = getattr(function, "__qualname__", None) or repr(function)
    return f"{module}.{name}" if module else name


class SlowPath:
    """The hook a game gives the core for its card set's Python effects: the core calls ``slow_path(handle, k,
    source, controller, targets)`` on the instruction ``PYTHON k`` with a handle on the state being resolved (valid
    only during the call) and what the context reads, and this calls ``functions[k]`` with the game's context
    (``context(handle, source, controller, targets)``: a subclass sets ``context``, the class of the game's effect
    context). A function that raises (or, with ``returns_none``, returns anything but None) is the card's
    :class:`tcbg.EffectError`. It holds only the functions (no game), so a game and its hook form no reference
    cycle."""

    context: Callable[..., Any]
    rule = "docs/cards.md (the slow path)"  # what the game's errors cite
    # Whether a value returned is the card's error (the function acts through its context, so a value would be lost
    # without a word). Z/X's slow path is; X610Z's ignores it, as it always has (lambdas written as a tuple of
    # operations exist).
    returns_none = False

    def __init__(self, functions: Sequence[Callable[..., Any]]) -> None:
        self.functions = tuple(functions)

    def __call__(self, handle: Any, k: int, source: int, controller: int, targets: list[int]) -> None:
        function = self.functions[k]
        try:
            result = function(type(self).context(handle, source, controller, targets))
            if result is not None and self.returns_none:
                raise TypeError(f"a slow-path function acts through its context and returns None, not {result!r}")
        except Exception as exc:  # noqa: BLE001 - any failure of a card's function is the card's error, named
            card = handle.card_name if handle.valid else ""
            raise EffectError(f"{type(exc).__name__}: {exc}", card=card, function=function_name(function),
                              rule=self.rule) from exc


def worker_problem(functions: Sequence[Callable[..., Any]]) -> str | None:
    """Why a worker process could not import these slow-path functions by name (a process pool sends a game as its
    card set, whose functions pickle by module and name), or None when every one can be. A lambda or a function
    defined inside another cannot be named; one defined in ``__main__`` is found again only when ``__main__`` is a
    script file the workers run too.

    >>> worker_problem([function_name]) is None
    True
    >>> worker_problem([lambda ctx: ctx.heal(ctx.targets[0], 8)])  # doctest: +ELLIPSIS
    'the slow-path function tcbg.effects.loading.<lambda> is a lambda or a nested function, which cannot ...'
    """
    for function in functions:
        name = getattr(function, "__qualname__", "")
        module = getattr(function, "__module__", None)
        label = function_name(function)
        if "<lambda>" in name or "<locals>" in name or not module:
            return f"the slow-path function {label} is a lambda or a nested function, which cannot be sent by name"
        if module == "__main__" and not getattr(sys.modules.get("__main__"), "__file__", None):
            return (f"the slow-path function {label} is defined in an interactive __main__, which worker processes "
                    "do not have")
        owner: Any = sys.modules.get(module)
        for part in name.split("."):
            owner = getattr(owner, part, None)
        if owner is not function:
            return f"the slow-path function {label} cannot be found again by its module and name"
    return None
