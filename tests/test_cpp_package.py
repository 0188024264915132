"""The C++ package (docs/cpp-api.md): ``cmake --install`` of the standalone core gives headers, the static library,
a CMake package config and the shipped data files; a C++ project outside the source tree finds it with
``find_package(tcbg CONFIG REQUIRED)``, links ``tcbg::core`` and plays (examples/cpp-consumer). What the consumer
prints is checked against the Python package playing the same games."""

from __future__ import annotations

import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import tcbg
from cpp_build import ROOT, run
from tcbg import _core
from tcbg.x610z.board import Board

SEEDS = (7, 11)


@pytest.fixture(scope="module")
def consumer(cpp_build, tmp_path_factory):
    """The consumer built against a fresh install of the package: (its program, the install prefix)."""
    work = tmp_path_factory.mktemp("cpp-package")
    prefix = work / "prefix"
    run(["cmake", "--install", str(cpp_build), "--prefix", str(prefix)])
    source = work / "consumer"  # a copy: nothing of the source tree is reachable from the consumer's build
    shutil.copytree(ROOT / "examples" / "cpp-consumer", source)
    build = work / "consumer-build"
    run(["cmake", "-S", str(source), "-B", str(build), f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release"])
    run(["cmake", "--build", str(build), "-j", "2"])
    return build / "tcbg_consumer", prefix


def test_install_holds_headers_library_config_and_data(consumer):
    _, prefix = consumer
    libraries = list(prefix.glob("lib*/libtcbg_core.a"))
    assert len(libraries) == 1, sorted(str(p.relative_to(prefix)) for p in prefix.rglob("*"))
    config = libraries[0].parent / "cmake" / "tcbg"
    assert {p.name for p in config.iterdir()} >= {"tcbgConfig.cmake", "tcbgConfigVersion.cmake", "tcbgTargets.cmake"}
    # one version for both packages: pyproject.toml's
    assert re.search(r'set\(PACKAGE_VERSION "([0-9.]+)"\)', (config / "tcbgConfigVersion.cmake").read_text())[1] \
        == re.search(r'^version = "([0-9.]+)"$', (ROOT / "pyproject.toml").read_text(), re.M)[1]
    headers = {p.relative_to(prefix / "include").as_posix() for p in (prefix / "include").rglob("*.hpp")}
    assert headers == {p.relative_to(ROOT / "cpp" / "include").as_posix()
                       for p in (ROOT / "cpp" / "include").rglob("*.hpp")}
    data = prefix / "share" / "tcbg"
    shipped = ROOT / "src" / "tcbg"
    for folder, pattern in (("x610z/boards", "*.json"), ("zx/cardsets", "*.json"), ("zx/decklists", "*.txt")):
        assert sorted(p.name for p in (data / folder).glob(pattern)) == \
            sorted(p.name for p in (shipped / folder).glob(pattern)), folder


def consumer_lines(program: pathlib.Path, seed: int, game: str) -> list[str]:
    done = run([str(program), str(seed)])
    return [line for line in done.stdout.splitlines() if line.startswith(game + " ")]


def transcript(game: str, state, decisions: int = 10, shown: int = 3) -> list[str]:
    """What the consumer prints of a game, from the Python package: each decision's legal actions (their number,
    the first `shown` texts), and the last one applied."""
    lines = []
    for d in range(decisions):
        if state.is_terminal():
            break
        actions = list(state.legal_actions())
        texts = " |".join(" " + state.action_to_string(a) for a in actions[:shown])
        lines.append(f"{game} decision {d}: player {state.current_player()}, {len(actions)} legal actions:{texts}"
                     + (" | ..." if len(actions) > shown else ""))
        lines.append(f"{game} apply: {state.action_to_string(actions[-1])}")
        state.apply_action(actions[-1])
    return lines


# The consumer's X610Z cards (examples/cpp-consumer/main.cpp), as the bindings take them: name, type, class, cost,
# move cost (colorless, boost, mystic, robiumm, halos), attack, defense, speed, range, block rate, all directions,
# produces.
X610Z_CARDS = [
    ("Ember Caravan", 0, 1, [0] * 5, [1, 0, 0, 0, 0], 1, 22, 1, 1, 0, False, -1),
    ("Quickfire Shard", 2, 0, [0] * 5, [0] * 5, -1, -1, -1, -1, 0, False, 1),
    ("Plain Geode", 2, 0, [0] * 5, [0] * 5, -1, -1, -1, -1, 0, False, 0),
    ("Ashwing Drake", 1, 2, [1, 2, 0, 0, 0], [0, 1, 0, 0, 0], 3, 6, 5, 2, 0, False, -1),
    ("Tusked Hauler", 1, 4, [1, 1, 0, 0, 0], [0, 1, 0, 0, 0], 2, 10, 2, 1, 1, False, -1),
]
X610Z_DECK = (0, [1] * 12 + [2] * 6 + [3] * 6 + [4] * 6)


@pytest.mark.parametrize("seed", SEEDS)
def test_consumer_plays_x610z_as_python_does(consumer, seed):
    program, prefix = consumer
    lines = consumer_lines(program, seed, "x610z")
    board = Board.load("existenz")
    assert lines[0] == f"x610z board existenz: {len(board.dots)} dots, {len(board.setups)} setups, rules existenz"
    game = _core.x610z.Game(board._core, list(board.setups).index("1v1"), X610Z_CARDS, [X610Z_DECK, X610Z_DECK], 100)
    assert lines[1] == f"x610z game: 2 decks of 30 cards, seed {seed}, {game.num_distinct_actions} distinct actions"
    assert lines[2:] == transcript("x610z", _core.x610z.State(game, seed))
    assert len(lines) == 2 + 2 * 10


@pytest.mark.parametrize("seed", SEEDS)
def test_consumer_plays_zx_as_python_does(consumer, seed):
    program, _ = consumer
    lines = consumer_lines(program, seed, "zx")
    assert lines[0] == "zx decks vanilla-red-blue vs vanilla-white-black: 50 and 50 cards, legal: yes"
    game = tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"])
    assert lines[1] == f"zx game: seed {seed}, {game.num_distinct_actions()} distinct actions"
    assert lines[2:] == transcript("zx", game.new_initial_state(seed=seed))
    assert len(lines) == 2 + 2 * 10


def test_consumer_reports_a_broken_file(consumer, tmp_path):
    program, _ = consumer
    board = tmp_path / "board.json"
    board.write_text('{"format": "tcbg-board/1", "name": "b", "dots": [], "lines": [], "setups": {}}')
    done = subprocess.run([str(program), "7", str(board)], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == f"tcbg_consumer: {board}: board: a board needs at least one setup [B12]"


def test_docs_examples_build_and_run(consumer, tmp_path):
    """Every ```cpp block of docs/cpp-api.md, each the body of a function, builds against the install and runs."""
    _, prefix = consumer
    blocks = re.findall(r"```cpp\n(.*?)```", (ROOT / "docs" / "cpp-api.md").read_text(), re.S)
    assert len(blocks) == 2
    includes, functions = [], []
    for k, block in enumerate(blocks):
        lines = block.splitlines()
        includes += [line for line in lines if line.startswith("#include")]
        body = "\n".join("  " + line for line in lines if not line.startswith("#include"))
        functions.append(f"void example{k}() {{\n  const std::string data = TCBG_DATA_DIR;\n{body}\n}}\n")
    calls = "".join(f"  example{k}();\n" for k in range(len(blocks)))
    (tmp_path / "main.cpp").write_text("#include <cstdio>\n#include <memory>\n#include <string>\n#include <vector>\n"
                                       + "\n".join(dict.fromkeys(includes)) + "\n\n" + "\n".join(functions)
                                       + f"\nint main() {{\n{calls}  std::puts(\"ok\");\n}}\n")
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(docs_examples LANGUAGES CXX)\n"
        "find_package(tcbg 0.1 CONFIG REQUIRED)\nadd_executable(examples main.cpp)\n"
        "target_link_libraries(examples PRIVATE tcbg::core)\n"
        'target_compile_definitions(examples PRIVATE TCBG_DATA_DIR="${tcbg_DATA_DIR}")\n')
    build = tmp_path / "build"
    run(["cmake", "-S", str(tmp_path), "-B", str(build), f"-DCMAKE_PREFIX_PATH={prefix}"])
    run(["cmake", "--build", str(build)])
    out = run([str(build / "examples")]).stdout.splitlines()
    assert out == ["p1 keep the opening hand", "p1 mulligan", "ok"]


def test_the_python_build_installs_no_cpp_package(cpp_build, tmp_path):
    """Configured as scikit-build-core configures it (SKBUILD), the project installs the extension alone: none of
    the C++ package's install rules (TCBG_INSTALL_CPP is off there), which the standalone build has."""
    pybind11 = pytest.importorskip("pybind11")
    build = tmp_path / "python-build"
    run(["cmake", "-S", str(ROOT), "-B", str(build), "-DSKBUILD=2", f"-Dpybind11_DIR={pybind11.get_cmake_dir()}",
         f"-DPython_EXECUTABLE={sys.executable}"])
    python_rules = (build / "cpp" / "cmake_install.cmake").read_text()
    standalone_rules = (cpp_build / "cmake_install.cmake").read_text()
    for marker in ("libtcbg_core.a", "tcbgTargets.cmake", "tcbgConfig.cmake", "include/"):
        assert marker in standalone_rules
        assert marker not in python_rules
    assert "_core" in (build / "python" / "cmake_install.cmake").read_text()
