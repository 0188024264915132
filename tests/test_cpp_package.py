"""The C++ package (docs/cpp-api.md): ``cmake --install`` of the standalone core gives headers, the static library,
a CMake package config and the shipped data files; a C++ project outside the source tree finds it with
``find_package(tcbg CONFIG REQUIRED)``, links ``tcbg::core`` and plays (examples/cpp-consumer). What the consumer
prints is checked against the Python package playing the same games."""

from __future__ import annotations

import pathlib
import json
import re
import shutil
import subprocess
import sys

import pytest

import tcbg
from cpp_build import ROOT, run
from playing import document_paths, get_path
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
        "find_package(tcbg 0.2 CONFIG REQUIRED)\nadd_executable(examples main.cpp)\n"
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


# -- the C++ readers against the Python ones ---------------------------------------------------------------------

READERS = r"""
#include <cstdio>
#include <string>
#include "tcbg/core/error.hpp"
#include "tcbg/x610z/board_file.hpp"
#include "tcbg/zx/deck_file.hpp"

// readers KIND FILE...: for each file "ok", or "error RULE" (the rule's number alone) for the error it raises.
int main(int argc, char** argv) {
  const std::string kind = argv[1];
  for (int k = 2; k < argc; ++k) {
    try {
      if (kind == "board") tcbg::x610z::load_board(argv[k]);
      else if (kind == "cards") tcbg::zx::load_card_set(argv[k]);
      else tcbg::zx::load_deck(argv[k], nullptr, {std::string(TCBG_DATA_DIR) + "/zx/cardsets"});
      std::printf("ok\n");
    } catch (const tcbg::Error& e) {
      const std::string& rule = e.rule();
      std::printf("error %s\n", rule.substr(rule.rfind(' ') + 1).c_str());
    }
  }
}
"""


@pytest.fixture(scope="module")
def readers(consumer, tmp_path_factory):
    """A C++ program reading files with the installed package's readers (board, Z/X card set, deck list)."""
    _, prefix = consumer
    work = tmp_path_factory.mktemp("readers")
    (work / "main.cpp").write_text(READERS)
    (work / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(readers LANGUAGES CXX)\nfind_package(tcbg CONFIG REQUIRED)\n"
        "add_executable(readers main.cpp)\ntarget_link_libraries(readers PRIVATE tcbg::core)\n"
        'target_compile_definitions(readers PRIVATE TCBG_DATA_DIR="${tcbg_DATA_DIR}")\n')
    run(["cmake", "-S", str(work), "-B", str(work / "build"), f"-DCMAKE_PREFIX_PATH={prefix}"])
    run(["cmake", "--build", str(work / "build")])
    return work / "build" / "readers"


ODD_VALUES = (None, True, 0, -1, 1.5, "", "x", [], {}, 10 ** 30)


def mutations(doc):
    """Documents one change away from `doc`: every member removed, every value replaced by each of ODD_VALUES,
    every list's first element given twice."""
    def changed(path, how):
        out = json.loads(json.dumps(doc))
        parent = out
        for step in path[:-1]:
            parent = parent[step]
        how(parent, path[-1])
        return out

    for path in list(document_paths(doc)):
        if not path:
            continue
        node = get_path(doc, path)
        yield changed(path, lambda parent, key: parent.pop(key))
        for value in ODD_VALUES:
            yield changed(path, lambda parent, key, value=value: parent.__setitem__(key, value))
        if isinstance(node, list) and node:
            yield changed(path, lambda parent, key: parent[key].append(parent[key][0]))


def python_outcome(load, path) -> str:
    try:
        load(path)
    except tcbg.TcbgError as exc:
        return f"error {exc.rule}"
    return "ok"


def compare(readers, kind, load, texts, tmp_path, cpp_stricter=lambda text: False):
    """The C++ reader accepts what the Python one accepts and refuses the rest by the same rule, but where
    `cpp_stricter(text)` (the documented cases where it refuses what Python accepts, docs/cpp-api.md)."""
    paths = []
    for k, text in enumerate(texts):
        path = tmp_path / f"{kind}-{k}.{'txt' if kind == 'deck' else 'json'}"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    cpp = run([str(readers), kind, *map(str, paths)]).stdout.splitlines()
    python = [python_outcome(load, p) for p in paths]
    differ = [(texts[k], c, p) for k, (c, p) in enumerate(zip(cpp, python))
              if c != p and not (cpp_stricter(texts[k]) and c.startswith("error") and p == "ok")]
    assert len(cpp) == len(texts)
    assert not differ, f"{len(differ)} of {len(texts)} differ, the first: {differ[0]}"
    return python


BOARD = {"format": "tcbg-board/1", "name": "tiny", "rules": "existenz", "description": "d",
         "dots": [{"id": "s0", "x": 0, "y": -2, "kinds": ["start"]}, {"id": "m", "x": 0, "y": 0},
                  {"id": "s1", "x": 0, "y": 2, "kinds": ["start"]}, {"id": "e", "x": 2, "y": 0, "kinds": ["end"]}],
         "lines": [{"a": "s0", "b": "m", "leave_a": [0, 1]}, {"a": "m", "b": "s1"}, {"a": "m", "b": "e"}],
         "setups": {"1v1": {"seats": ["s0", "s1"], "teams": [0, 1]}}}


def test_cpp_board_reader_agrees_with_python(readers, tmp_path):
    texts = [json.dumps(BOARD)] + [json.dumps(doc) for doc in mutations(BOARD)]
    texts += ["", "{", '{"format": "tcbg-board/1", "format": "tcbg-board/1"}', "[]", "\ufeff" + texts[0]]
    # a team label beyond 64 bits: Python takes any integer, C++ refuses it (B11)
    outcomes = compare(readers, "board", Board.load, texts, tmp_path,
                       cpp_stricter=lambda text: re.search(r'"teams": \[[^]]*10{30}', text) is not None)
    assert outcomes[0] == "ok" and len(set(outcomes)) > 8  # the mutations reach many rules


CARDS = {"format": "tcbg-zx-cards/1", "name": "tiny", "description": "d", "invented": True, "cards": [
    {"number": "T01-001", "name": "見習いの剣士", "name_en": "Apprentice Swordsman", "type": "Z/X", "colours": ["red"],
     "race": "Brave", "cost": 3, "power": 5000, "icon": "IG", "keywords": ["Life Recovery"], "rarity": "C"},
    {"number": "T01-002", "name": "見習いの魔導士", "name_en": "Apprentice Mage", "type": "Player", "colours": ["red"]},
    {"number": "T01-003", "name": "火の粉", "name_en": "Sparks", "type": "Event", "colours": ["red"], "cost": 1,
     "text": "Deal 2000 damage to one Z/X on a Normal Square.", "legend": True}]}


def test_cpp_card_set_reader_agrees_with_python(readers, tmp_path):
    from tcbg.zx.cards import CardSet

    texts = [json.dumps(CARDS, ensure_ascii=False)] + [json.dumps(d, ensure_ascii=False) for d in mutations(CARDS)]
    outcomes = compare(readers, "cards", CardSet.load, texts, tmp_path)
    assert outcomes[0] == "ok" and len(set(outcomes)) > 8


def test_cpp_deck_reader_agrees_with_python(readers, tmp_path):
    from tcbg.zx.decks import Deck

    base = (ROOT / "src" / "tcbg" / "zx" / "decklists" / "vanilla-red-blue.txt").read_text(encoding="utf-8")
    changes = [("2 Ember Hound", "0 Ember Hound"), ("2 Ember Hound", "02 Ember Hound"),
               ("2 Ember Hound", "+2 Ember Hound"), ("2 Ember Hound", "10000 Ember Hound"),
               ("2 Ember Hound", "2x ember   HOUND"), ("2 Ember Hound", "2 x Ember Hound  # a comment"),
               ("2 Ember Hound", "2xEmber Hound"), ("2 Ember Hound", "2"), ("2 Ember Hound", "2x"),
               ("2 Ember Hound", "Ember Hound"), ("2 Ember Hound", "2 Ember Hund"), ("2 Ember Hound", "2 VAN-003"),
               ("2 Ember Hound", "2 ＥＭＢＥＲ　ＨＯＵＮＤ"), ("2 Ember Hound", "2 エンバーハウンド"),
               ("2 Ember Hound", "2 Ember Hound\n1 VAN-003"), ("2 Ember Hound", "Dynamis:\n2 Ember Hound"),
               ("2 Ember Hound", "DECK :\n2 Ember Hound"), ("2 Ember Hound", "Deck: 2 Ember Hound"),
               ("Card set: vanilla", "Card set: vanila"), ("Card set: vanilla", ""),
               ("Card set: vanilla", "card SET : vanilla\nCard set: vanilla"),
               ("Player: Pilot Akane", "Player: Ember Hound"), ("Player: Pilot Akane", "Prepared: Pilot Akane"),
               ("Player: Pilot Akane", "Player:"), ("Player: Pilot Akane", "Player: Pilot Akane\nPlayer: VAN-002"),
               ("Player: Pilot Akane", "players: Pilot Akane"), ("Player: Pilot Akane", "Player: pilot akane #c"),
               ("Player: Pilot Akane", "Player: Pilot Akane\n4 Ember Hound\n#x")]
    texts = [base] + [base.replace(old, new, 1) for old, new in changes] + ["", "\ufeff" + base, "# nothing\n"]
    outcomes = compare(readers, "deck", Deck.load, texts, tmp_path)
    assert outcomes[0] == "ok" and len(set(outcomes)) > 6
