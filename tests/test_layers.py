"""The Python package imports one way (docs/architecture.md, "Layers of the Python package"): its modules form no
circle, a module imports only from its own layer or those below, no module takes a private name (``_name``) from
another folder's module, and a package's ``__init__.py`` imports at module level only from its own folder and from
the bottom layer.

The imports are read from the source with ``ast``, not by importing it: every ``import`` counts, at module level,
inside a function (an import put there to dodge a circle is still a circle) or under ``if TYPE_CHECKING:``, and so
does ``tcbg.name.name`` reached through a bare ``import tcbg``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tcbg

PACKAGE = Path(tcbg.__file__).parent

LAYERS = (
    # 0: errors and files: the typed errors, the JSON and list-file readers, the nearest names, the build id, the C++ core
    ("tcbg.errors", "tcbg._jsonfile", "tcbg._textfile", "tcbg._suggest", "tcbg._build", "tcbg._core"),
    # 1: what every game shares: the Game and State classes and the game kinds (api), the card-effect machine
    ("tcbg.api", "tcbg.effects"),
    # 2: the games
    ("tcbg.x610z", "tcbg.zx"),
    # 3: what plays any game: the harness, replays, the learning environments, OpenSpiel's games
    ("tcbg.montecarlo", "tcbg.replay", "tcbg.envs", "tcbg.openspiel"),
    # 4: the analyses over the harness (ablation, tuning, metagames)
    ("tcbg.analysis",),
    # 5: the tcbg command
    ("tcbg.cli", "tcbg.__main__"),
)
"""The layers, bottom first, by top-level module or folder of tcbg. The package itself (``tcbg/__init__.py``) is
above them all: it names the errors and loads its subpackages on first use."""

ROOT_NAMES = {"__version__", "__path__", "__file__", "__name__"}
"""What a module may take from the package ``tcbg`` itself rather than from the module that defines it."""


def _modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package's __init__), every module of tcbg; the core's extension as ``tcbg._core``."""
    modules: dict[str, tuple[Path, bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_init = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_init else parts)] = (path, is_init)
    modules["tcbg._core"] = (PACKAGE, False)
    return modules


MODULES = _modules()


def _owner(dotted: str) -> str | None:
    """The module of tcbg that ``dotted`` (a module, or a name in one) belongs to: its longest known prefix."""
    while dotted:
        if dotted in MODULES:
            return dotted
        dotted = dotted.rpartition(".")[0]
    return None


class Import:
    def __init__(self, source: str, target: str, name: str | None, line: int, module_level: bool):
        self.source, self.target, self.name, self.line, self.module_level = source, target, name, line, module_level

    def __repr__(self) -> str:
        what = f"{self.target}.{self.name}" if self.name else self.target
        return f"{MODULES[self.source][0].relative_to(PACKAGE.parent)}:{self.line} imports {what}"


def _imports(module: str) -> list[Import]:
    path, is_init = MODULES[module]
    if module == "tcbg._core":
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    top_level = {id(node) for node in tree.body}
    found: list[Import] = []
    binds_root = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "tcbg" or alias.name.startswith("tcbg."):
                    binds_root |= alias.asname is None
                    owner = _owner(alias.name)
                    found.append(Import(module, owner, None, node.lineno, id(node) in top_level))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_init else module.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            if origin != "tcbg" and not origin.startswith("tcbg."):
                continue
            for alias in node.names:
                if f"{origin}.{alias.name}" in MODULES:
                    found.append(Import(module, f"{origin}.{alias.name}", None, node.lineno, id(node) in top_level))
                else:
                    found.append(Import(module, _owner(origin), alias.name, node.lineno, id(node) in top_level))
    if binds_root:  # ``import tcbg`` then ``tcbg.x610z.Board``: an import of tcbg.x610z
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                chain = []
                cursor: ast.AST = node
                while isinstance(cursor, ast.Attribute):
                    chain.append(cursor.attr)
                    cursor = cursor.value
                if isinstance(cursor, ast.Name) and cursor.id == "tcbg":
                    dotted = ".".join(["tcbg", *reversed(chain)])
                    owner = _owner(dotted)
                    name = None if owner == dotted else dotted[len(owner) + 1:].split(".")[0]
                    found.append(Import(module, owner, name, node.lineno, False))
    return found


IMPORTS = {module: _imports(module) for module in MODULES}


def _layer(module: str) -> int:
    if module == "tcbg":
        return len(LAYERS)
    for number, members in enumerate(LAYERS):
        if any(module == m or module.startswith(m + ".") for m in members):
            return number
    raise AssertionError(f"{module} is in no layer of tests/test_layers.py (and docs/architecture.md): place it")


def _folder(module: str) -> str:
    path, is_init = MODULES[module]
    return module if is_init else module.rpartition(".")[0]


def _edges() -> dict[str, dict[str, list[Import]]]:
    edges: dict[str, dict[str, list[Import]]] = {m: {} for m in MODULES}
    for module, imports in IMPORTS.items():
        for imp in imports:
            if imp.target not in (module, "tcbg"):  # the package itself runs before any of its modules
                edges[module].setdefault(imp.target, []).append(imp)
    return edges


def _circles(edges) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    circles.append(sorted(members))
    return circles


def test_every_module_has_a_layer():
    for module in MODULES:
        _layer(module)


def test_no_module_imports_itself_back_through_others():
    edges = _edges()
    circles = _circles(edges)
    shown = []
    for members in circles:
        inside = set(members)
        lines = [repr(imp) for m in members for target, imps in edges[m].items() if target in inside for imp in imps]
        shown.append(f"circle of {len(members)} modules:\n  " + "\n  ".join(lines))
    assert not circles, "\n".join(shown)


def test_imports_go_down_the_layers():
    upward = [f"{imp} (layer {_layer(imp.target)}, above layer {_layer(module)})"
              for module, imports in IMPORTS.items() for imp in imports
              if imp.target != "tcbg" and _layer(imp.target) > _layer(module)]
    assert not upward, "\n".join(upward)


def test_a_game_imports_no_other_game():
    games = LAYERS[2]

    def game_of(module: str) -> str | None:
        return next((g for g in games if module == g or module.startswith(g + ".")), None)

    crossing = [f"{imp}: one game's module imports another game's"
                for module, imports in IMPORTS.items() for imp in imports
                if game_of(module) and game_of(imp.target) not in (None, game_of(module))]
    assert not crossing, "\n".join(crossing)


def test_the_package_itself_gives_only_its_own_names():
    reached = [f"{imp} through the package tcbg: import it from its module"
               for imports in IMPORTS.values() for imp in imports
               if imp.target == "tcbg" and imp.name is not None and imp.name not in ROOT_NAMES]
    assert not reached, "\n".join(reached)


def test_no_private_name_from_another_folder():
    taken = [f"{imp}: a private name of another folder (make it public, or move it)"
             for module, imports in IMPORTS.items() for imp in imports
             if imp.name and imp.name.startswith("_") and not imp.name.startswith("__")
             and imp.target != "tcbg" and _folder(imp.target) != _folder(module)]
    assert not taken, "\n".join(taken)


def test_a_package_init_imports_its_own_folder():
    strays = [f"{imp}: an __init__.py imports at module level from its own folder or layer 0"
              for module, (path, is_init) in MODULES.items() if is_init and module != "tcbg"
              for imp in IMPORTS[module]
              if imp.module_level and not (imp.target == module or imp.target.startswith(module + "."))
              and _layer(imp.target) != 0]
    assert not strays, "\n".join(strays)


@pytest.mark.parametrize("source, target, expect", [
    ("tcbg.x610z.game", "tcbg.montecarlo.matchup", "upward"),
    ("tcbg.montecarlo.matchup", "tcbg.x610z.game", "down"),
    ("tcbg.analysis.paired", "tcbg.montecarlo.matchup", "down"),
    ("tcbg.errors", "tcbg.api.game", "upward"),
])
def test_the_layer_order_is_the_documented_one(source, target, expect):
    assert (_layer(target) > _layer(source)) == (expect == "upward")


def test_the_reader_sees_an_import_inside_a_function_and_a_circle():
    source = "tcbg.x610z.game"
    found = {imp.target for imp in IMPORTS[source] if not imp.module_level}
    assert "tcbg.x610z.position" in found  # Game.state_from_json imports it when called
    edges = {"a": {"b": []}, "b": {"c": []}, "c": {"a": []}, "d": {"a": []}}
    assert _circles(edges) == [["a", "b", "c"]]


def test_the_rerun_command_registers_the_analyses_the_harness_does_not_import():
    """tcbg.montecarlo.rerun sits below the analyses, so it knows their summary formats only once tcbg.analysis is
    imported; the ``tcbg rerun`` command imports it before it reads a summary."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from tcbg.montecarlo import rerun\n"
        "assert set(rerun.RERUNS) == {'tcbg-matchup/1', 'tcbg-matrix/1'}, sorted(rerun.RERUNS)\n"
        "from tcbg.cli import main\n"
        "assert main(['rerun', 'no-such-folder/summary.json']) == 2\n"
        "assert {'tcbg-ablation/1', 'tcbg-tune/1', 'tcbg-meta/1'} <= set(rerun.RERUNS), sorted(rerun.RERUNS)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "no-such-folder/summary.json: cannot be read" in done.stderr
