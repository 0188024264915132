"""The ``tcbg`` command line against bad input: every number of every sub-command checked against its range, unknown
names answered with the nearest ones, every JSON file a user names read without a traceback, every sub-command's help
offering only options the sub-command takes, the game a deck list was read as explained, and the build named
(src/tcbg/cli/, src/tcbg/cli/args.py, src/tcbg/_suggest.py, src/tcbg/_build.py)."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tcbg
from tcbg.cli import _build_parser, _piece, main
from tcbg.cli.args import Number, Whole, agent

ROOT = Path(__file__).resolve().parents[1]


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _commands(parser=None, path=()):
    """Every sub-command's parser with its words (``("board", "show")``)."""
    parser = parser or _build_parser()
    found = False
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found = True
            for name, sub in action.choices.items():
                yield from _commands(sub, (*path, name))
    if not found:
        yield path, parser


COMMANDS = dict(_commands())
RANGED = (Whole, Number)


def _ranged_options():
    for path, parser in COMMANDS.items():
        for action in parser._actions:
            if isinstance(action.type, RANGED):
                yield path, action


def _bad_values(kind) -> list[str]:
    """Values out of ``kind``'s range or not numbers at all."""
    values = ["x", "99999999999999999999", "9" * 5000, "-1", "nan", "inf", ""]
    if isinstance(kind, Whole):
        values += [str(kind.high + 1), "1.5"] + ([str(kind.low - 1)] if kind.low > 0 else [])
        if kind.even:
            values.append(str(kind.low + 1))
    else:
        values += [str(kind.low) if kind.low_open else str(kind.low - 1), "1e400"]
    return values


def test_every_argument_that_takes_a_value_has_a_checked_type_or_is_a_name():
    """A number the command line takes has a range (a Whole or Number type), so none reaches the core unchecked."""
    for path, parser in COMMANDS.items():
        for action in parser._actions:
            if action.type is not None:
                assert isinstance(action.type, RANGED) or action.type in (agent, _piece), (path, action.dest)
            elif action.nargs != 0 and action.option_strings and action.choices is None:
                # a name or a path: no number hides behind it
                assert not re.search(r"\b(N|K|B|T|S|SECONDS|GAMES|POINTS|ELO)\b", action.metavar or ""), \
                    (path, action.option_strings)


@pytest.mark.parametrize("path,action", list(_ranged_options()),
                         ids=[f"{' '.join(p)} {a.option_strings[0]}" for p, a in _ranged_options()])
def test_every_number_out_of_range_is_one_line_naming_the_argument_and_its_range(capsys, path, action):
    flag = action.option_strings[0]
    for value in _bad_values(action.type):
        code, out, err = _run(capsys, *path, f"{flag}={value}")
        assert code == 2 and out == "", (flag, value)
        assert len(err.splitlines()) == 1 and err.startswith(f"tcbg: error: argument {flag}"), (value, err)
        assert len(err) < 300 and "must be " in err and " from " in err or " above " in err, err


def test_the_range_is_the_one_the_core_takes():
    from tcbg.cli.args import MAX_SEED, MAX_STEPS

    show = COMMANDS[("board", "show")]
    speed = next(a for a in show._actions if a.dest == "speed").type
    assert (speed.low, speed.high) == (0, MAX_STEPS)
    replay = COMMANDS[("replay",)]
    pair = next(a for a in replay._actions if a.dest == "pair").type
    assert pair(str(MAX_SEED)) == MAX_SEED  # the core's uint64 index, every value of it
    for path in (("matchup",), ("matrix",), ("meta",), ("ablate",)):
        games = next(a for a in COMMANDS[path]._actions if a.dest == "games").type
        assert games.low == 2 and games.even, path  # --games 0 is refused: games come in seat-swapped pairs


@pytest.mark.parametrize("argv,hint", [
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--agent", "serch"], "did you mean 'search'?"),
    (["replay", "vanilla-a", "vanilla-b", "--agent-b", "heuristc", "-o", "x.html"], "did you mean 'heuristic'?"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--rules", "existens"], "did you mean 'existenz'?"),
    (["matchp", "vanilla-a"], "did you mean 'matchup'?"),
    (["board", "shw", "existenz"], "did you mean 'show'?"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--agnet", "random"], "did you mean '--agent'"),
    (["tune", "vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geode", "--finalsts", "2"],
     "did you mean '--finalists'?"),
    (["matchup", "vanila-a", "vanilla-b", "--games", "2"], "did you mean 'vanilla-a'?"),
    (["deck", "check", "vanila-a"], "did you mean 'vanilla-a'?"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--board", "existens"], "did you mean 'existenz'?"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--cards", "vanila"], "did you mean 'vanilla'?"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--setup", "1v"], "did you mean '1v1'"),
    (["board", "show", "existenz", "--setup", "2v3", "-o", "x.svg"], "did you mean"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--game", "z/x"], "did you mean 'zx'?"),
    (["tune", "c01-white-red", "--against", "c02-black-blue", "--pool", "Crimson Fang, Ruby Howel"],
     "did you mean"),
    (["ablate", "vanilla-a", "--against", "vanilla-b", "--games", "2", "--card", "Ashwing Drak"],
     "did you mean 'Ashwing Drake'?"),
    (["meta", "vanilla-a", "vanilla-b", "--games", "2", "--field", "vanila-a=1"], "did you mean 'vanilla-a'"),
])
def test_an_unknown_name_gets_the_nearest_ones(capsys, tmp_path, monkeypatch, argv, hint):
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, *argv)
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith("tcbg: error: ")
    assert hint in err, err


# -- files --------------------------------------------------------------------------------------------------


def _summary(tmp_path: Path, name: str, content) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    path = folder / "summary.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def _bad_jsons() -> dict:
    deep = "[" * 100_000 + "]" * 100_000
    good = {"format": "tcbg-matchup/1", "provenance": {
        "seed": 1, "agents": {"A": "random", "B": "random"}, "card_sets": [], "run": {"games": 2},
        "decks": {"A": {"name": "a", "sha256": "0", "source": {"shipped": "vanilla-a"}},
                  "B": {"name": "b", "sha256": "0", "source": {"shipped": "vanilla-b"}}},
        "game": {"kind": "x610z", "options": {}}}}
    cases = {"deep list": deep, "deep object": '{"a":' * 5000 + "1" + "}" * 5000, "malformed": "{not json",
             "empty": "", "not utf-8": b"\xff\xfe{}", "nan": '{"format": NaN}', "huge integer": "9" * 5000,
             "a list": "[1, 2]", "no provenance": {"format": "tcbg-matchup/1"},
             "provenance a list": {"format": "tcbg-matchup/1", "provenance": []}}
    for where, value in (("provenance.seed", "x"), ("provenance.decks", []), ("provenance.game", None),
                         ("provenance.game.kind", 3), ("provenance.card_sets", [1]),
                         ("provenance.decks.A.source", "vanilla-a"), ("files", ["x"]), ("provenance.agents", None)):
        doc = json.loads(json.dumps(good))
        parent = doc
        *head, last = where.split(".")
        for key in head:
            parent = parent[key]
        if value is None:
            del parent[last]
        else:
            parent[last] = value
        cases[f"wrong {where}"] = doc
    missing = json.loads(json.dumps(good))
    del missing["provenance"]["game"]["options"]
    cases["wrong provenance.game.options"] = missing
    return cases


BAD_JSONS = _bad_jsons()


@pytest.mark.parametrize("case", sorted(BAD_JSONS))
def test_a_bad_summary_is_one_typed_line_naming_the_file_for_every_command_reading_one(capsys, tmp_path, case):
    path = _summary(tmp_path, "run", BAD_JSONS[case])
    for argv, status in ((["rerun", path, "--check"], 2), (["rerun", path, "-o", tmp_path / "again"], 2),
                         (["meta", "--from", path.parent], 2), (["replay", "--records", path.parent, "--row", "0",
                                                                 "-o", tmp_path / "r.html"], 2)):
        code, out, err = _run(capsys, *argv)
        assert code == status and len(err.splitlines()) == 1 and err.startswith("tcbg: error: "), (argv, err)
        assert str(path) in err or str(path.parent) in err, err  # the file named
        assert "Traceback" not in err and len(err) < 800, err


def test_a_wrong_field_is_named(capsys, tmp_path):
    path = _summary(tmp_path, "run", BAD_JSONS["wrong provenance.decks.A.source"])
    code, _, err = _run(capsys, "rerun", path)
    assert code == 2 and f"{path}: provenance.decks.A.source: must be an object, not str" in err
    path = _summary(tmp_path, "deep", BAD_JSONS["deep list"])
    code, _, err = _run(capsys, "rerun", path, "--check")
    assert code == 2 and "nested too deeply" in err


@pytest.mark.parametrize("content", ["[" * 50_000 + "]" * 50_000, "[1, [2]]", "[true]", "[1, 2", "[NaN]",
                                     "[" + "9" * 5000 + "]"])
def test_a_bad_history_file_is_one_line(capsys, tmp_path, content):
    history = tmp_path / "h.json"
    history.write_text(content)
    code, _, err = _run(capsys, "replay", "vanilla-a", "vanilla-b", "--history", history, "-o", tmp_path / "r.html")
    assert code == 2 and len(err.splitlines()) == 1 and f"history {history}" in err, err


@pytest.mark.parametrize("content", ["{not json", "[" * 50_000 + "]" * 50_000, '{"a": NaN}', b"\xff\xfe", "[]",
                                     '{"name": 3}', "9" * 5000])
def test_a_bad_board_card_set_or_deck_file_is_one_line(capsys, tmp_path, content):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    runs = [["board", "check", bad], ["board", "show", bad, "-o", tmp_path / "b.svg"], ["cards", "check", bad],
            ["deck", "check", bad], ["deck", "check", bad, "--game", "x610z"],
            ["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--board", bad],
            ["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--cards", bad],
            ["matchup", bad, "vanilla-b", "--games", "2"], ["replay", bad, "vanilla-b", "-o", tmp_path / "r.html"]]
    for argv in runs:
        code, out, err = _run(capsys, *argv)
        assert code == 2 and len(err.splitlines()) == 1 and err.startswith("tcbg: error: "), (argv, err)
        assert str(bad) in err and len(err) < 800, (argv, err)


@pytest.mark.parametrize("argv", [
    ["rerun", "{deep}", "--check"],
    ["replay", "vanilla-a", "vanilla-b", "--pair", "99999999999999999999", "-o", "{tmp}/r.html"],
    ["matchup", "vanilla-a", "vanilla-b", "--games", "0"],
    ["board", "show", "existenz", "--from", "s-00", "--speed", "99999999999999999999", "-o", "{tmp}/b.svg"],
    ["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--workers", "9999999999999"],
])
def test_the_command_itself_never_prints_a_traceback(tmp_path, argv):
    """The cases of the user's report, through the real command (stderr as a terminal user sees it)."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    argv = [a.format(deep=deep, tmp=tmp_path) for a in argv]
    proc = subprocess.run([sys.executable, "-m", "tcbg", *argv], capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(Path(tcbg.__file__).parents[1]), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("tcbg: error: "), proc.stderr


# -- help ---------------------------------------------------------------------------------------------------


class _Reached(BaseException):
    """The command got past its checks of the command line to its work (which the test does not do)."""


def _help_options(parser) -> list[str]:
    """The options a sub-command's --help lists (each option's first spelling)."""
    text = parser.format_help()
    section = text.split("options:", 1)[1]
    found = re.findall(r"^  (-{1,2}[\w-]+)", section, re.MULTILINE)
    found += re.findall(r"^  -\w(?: \S+)?, (--[\w-]+)", section, re.MULTILINE)
    return sorted({f for f in found if f not in ("-h", "--help", "--version")})


SAMPLES = {"--game": "x610z", "--agent": "random", "--agent-b": "random", "--board": "existenz", "--setup": "1v1", "--cards": "vanilla",
           "--max-turns": "50", "--seed": "3", "--workers": "1", "--scheduler": "local", "--connect-timeout": "5",
           "--margin": "5", "--alpha": "0.1", "--beta": "0.1", "--field": "vanilla-a=0.5,vanilla-b=0.5",
           "--bootstrap": "10", "--card": "Plain Geode", "--baseline": "Quickfire Shard", "--games": "2",
           "--until-precise": "5", "--max-games": "4", "--pool": "Plain Geode", "--budget": "8",
           "--fresh-games": "2", "--finalists": "1", "--against": "vanilla-b", "--pair": "1", "--game-seed": "5",
           "--row": "0", "--speed": "2", "--range": "2", "--player": "0", "--piece": "s-01:1"}


def _contexts(tmp_path: Path) -> dict:
    """Per sub-command: the arguments it runs with, and the options that need other company (replay's --records
    mode, board show's --from, Z/X's --effects)."""
    history = tmp_path / "history.txt"
    history.write_text("0\n")
    (tmp_path / "copies").mkdir(exist_ok=True)
    xz = ["vanilla-a", "vanilla-b"]
    return {
        ("list",): ([], {}), ("board", "list"): ([], {}), ("board", "check"): (["existenz"], {}),
        ("board", "show"): (["existenz", "-o", tmp_path / "b.svg"],
                            {o: ["existenz", "-o", tmp_path / "b.svg", "--from", "s-00", "--speed", "2"]
                             for o in ("--speed", "--range", "--player", "--piece", "--from")}),
        ("cards", "check"): (["vanilla"], {}), ("deck", "check"): (["vanilla-a"], {}),
        ("cards", "list"): (["vanilla"], {}), ("cards", "copy"): (["vanilla", tmp_path / "copies"], {"--game": ["vanilla", tmp_path / "copies", "--force"]}),
        ("deck", "copy"): (["vanilla-a", tmp_path / "copies"], {}),
        ("matchup",): ([*xz, "--games", "2"], {}), ("matrix",): ([*xz, "--games", "2"], {}),
        ("meta",): ([*xz, "--games", "2"], {"--from": []}),
        ("rerun",): ([tmp_path / "summary.json"], {}),
        ("ablate",): (["vanilla-a", "--against", "vanilla-b", "--games", "2"], {}),
        ("tune",): (["vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geode"], {}),
        ("replay",): ([*xz, "-o", tmp_path / "r.html"],
                      {"--records": ["-o", tmp_path / "r.html", "--row", "0"],
                       "--row": ["-o", tmp_path / "r.html", "--records", tmp_path],
                       "--history": [*xz, "-o", tmp_path / "r.html"],
                       "--effects": ["vanilla-red-blue", "vanilla-white-black", "-o", tmp_path / "r.html"],
                       "--game-seed": [*xz, "-o", tmp_path / "r.html"]}),
    }, {"--history": history}


def _value(path, action, option: str, tmp_path: Path, files: dict) -> list:
    if action.nargs == 0:
        return []
    if option in files:
        return [files[option]]
    if option in ("-o", "--output"):
        return [tmp_path / ("r.html" if path == ("replay",) else "b.svg" if path == ("board", "show") else "out")]
    if option == "--from":
        return ["s-00"] if path == ("board", "show") else [tmp_path]
    if option == "--records" and path == ("replay",):
        return [tmp_path]
    if option in SAMPLES:
        return [SAMPLES[option]]
    return [list(action.choices)[-1] if option == "--records" else list(action.choices)[0]]


def test_no_sub_command_lists_an_option_it_refuses(tmp_path, capsys, monkeypatch):
    """Every option of every sub-command's --help, given alone with a sensible value, gets past the command's
    checks (to its work, which the test stops), or, for the quick commands, runs."""
    import tcbg.analysis.ablation
    import tcbg.analysis.meta
    import tcbg.analysis.tune
    import tcbg.montecarlo.matchup
    import tcbg.montecarlo.matrix
    import tcbg.montecarlo.parallel
    import tcbg.montecarlo.rerun
    import tcbg.replay.record
    import tcbg.replay.sources

    def reached(*args, **kwargs):
        raise _Reached

    for module, name in ((tcbg.montecarlo.matchup, "matchup"), (tcbg.montecarlo.matrix, "matrix"),
                         (tcbg.montecarlo.rerun, "rerun"), (tcbg.analysis.meta, "meta_from_folder"),
                         (tcbg.analysis.ablation, "ablate"), (tcbg.analysis.tune, "tune"),
                         (tcbg.replay.record, "play_game"), (tcbg.replay.record, "replay_history"),
                         (tcbg.replay.sources, "from_records"), (tcbg.montecarlo.parallel, "DaskRunner")):
        monkeypatch.setattr(module, name, reached)
    contexts, files = _contexts(tmp_path)
    assert set(contexts) == set(COMMANDS)  # a new sub-command gets its context here
    checked = 0
    for path, parser in COMMANDS.items():
        base, special = contexts[path]
        actions = {o: a for a in parser._actions for o in a.option_strings}
        for option in _help_options(parser):
            action = actions[option]
            argv = [*path, *special.get(option, base), option, *_value(path, action, option, tmp_path, files)]
            try:
                code = main([str(a) for a in argv])
            except _Reached:
                code = None
            err = capsys.readouterr().err
            assert code in (None, 0, 1), (argv, err)  # 2 would be the option refused
            checked += 1
    assert checked > 140


def test_replay_help_offers_an_html_file_and_no_process_options():
    text = COMMANDS[("replay",)].format_help()
    assert "-o FILE.html" in text and "FOLDER" not in text.split("--records")[0]
    for option in ("--workers", "--scheduler", "--connect-timeout", "--no-progress"):
        assert option not in text


# -- deck lists: which game, and the nearest label ----------------------------------------------------------


@pytest.mark.parametrize("lines,game,why,hint", [
    (["Card set: vanilla", "Lifebase: Ember Caravan", "3 Ashwing Drake"], "X610Z",
     "line 2's 'Lifebase:' is nearest X610Z's 'Life base:'", "did you mean 'Life base:'?"),
    (["Card set: starter-2012", "Player: C01-001", "Dynamys:", "4 C01-003"], "Z/X",
     "line 2 is the 'Player:' line of Z/X lists", "did you mean 'Dynamis:'?"),
    (["Card set: starter-2012", "Plyer: C01-001", "4 C01-003"], "Z/X",
     "line 2's 'Plyer:' is nearest Z/X's 'Player:'", "did you mean 'Player:'?"),
    (["Card set: vanilla", "Life base: Ember Caravan", "3 Ashwing Drak"], "X610Z",
     "line 2 is the 'Life base:' line of X610Z lists", "did you mean 'Ashwing Drake'?"),
    (["4 C01-003", "Dynamis"], "Z/X", "line 1 lists the Z/X card number C01-003", ""),
    (["3 Ashwing Drake"], "Z/X", "no line tells the game", ""),
])
def test_deck_check_says_which_game_it_assumed_and_why(capsys, tmp_path, lines, game, why, hint):
    deck = tmp_path / "my.txt"
    deck.write_text("\n".join(lines) + "\n")
    code, out, err = _run(capsys, "deck", "check", deck)
    assert code == 2 and len(err.splitlines()) == 1 and str(deck) in err
    assert f"(read as {'an X610Z' if game == 'X610Z' else 'a Z/X'} deck list: " in err and why in err, err
    assert "--game zx" in err if game == "X610Z" else "--game x610z" in err
    assert hint in err, err
    code, _, err = _run(capsys, "deck", "check", deck, "--game", "zx" if game == "X610Z" else "x610z")
    assert code == 2 and "read as" not in err  # the game given: nothing assumed


def test_a_deck_list_names_the_other_games_label():
    from tcbg.errors import ZXDeckError
    from tcbg.zx.decks import Deck

    with pytest.raises(ZXDeckError, match=r"'Life base:' is a label of X610Z deck lists, not Z/X ones"):
        Deck.parse("Card set: vanilla\nLife base: Ember Caravan\n")


# -- the build ---------------------------------------------------------------------------------------------


def test_the_build_id_is_a_hash_of_the_package_files(tmp_path):
    from tcbg._build import _build_id, build_id

    assert re.fullmatch(r"[0-9a-f]{16}", build_id()) and build_id() == _build_id()
    package = tmp_path / "tcbg"
    (package / "__pycache__").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n")
    first = _build_id(package)
    (package / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")  # caches are not the build
    assert _build_id(package) == first
    (package / "a.py").write_text("x = 2\n")
    assert _build_id(package) != first
    (package / "a.py").write_text("x = 1\n")
    (package / "b.json").write_text("{}")
    assert _build_id(package) != first


def test_provenance_and_report_name_the_build_without_a_git_revision(monkeypatch):
    from tcbg import _build
    from tcbg.montecarlo import provenance
    from tcbg.montecarlo.report import provenance_html

    monkeypatch.setattr(provenance, "source_revision", lambda: None)  # an installed wheel: no git checkout
    monkeypatch.setattr(_build, "source_revision", lambda: None)
    game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"])
    block = provenance.provenance(game, {"A": "vanilla-a", "B": "vanilla-b"}, {"A": "random", "B": "random"}, 1)
    assert block["revision"] is None and block["build"] == _build.build_id() and block["tcbg"] == tcbg.__version__
    page = "".join(provenance_html({"provenance": block}))
    assert f"{tcbg.__version__} (build {_build.build_id()})" in page and "unknown" not in page
    assert _build.version_text() == (f"tcbg {tcbg.__version__} (revision unknown: not a git checkout, build "
                                     f"{_build.build_id()})")
    from tcbg.montecarlo.rerun import version_warnings

    assert version_warnings(block) == []
    assert version_warnings({**block, "build": "0" * 16}) == [
        f"the summary was written by build {'0' * 16}, this is {_build.build_id()}: the records may differ where the "
        "engine changed"]


# -- tune and ablate name cards one way --------------------------------------------------------------------


def test_tune_names_cards_one_way_with_numbers_in_brackets():
    from tcbg.analysis.tune import candidates_of
    from tcbg.analysis.variants import load_decks

    loaded = load_decks("c01-white-red", ["c02-black-blue"])
    legal, illegal = candidates_of(loaded, ["C01-006", "Pure Feelings, Fidelite"], ["C01-003"], two_cards=False)
    labels = [label for label, _ in legal] + [i["change"] for i in illegal]
    assert labels and all(re.fullmatch(r"Crimson Fang, Ruby Howl \[C01-003\] -> [^\[\]]+ \[C01-0\d\d\]", label)
                          for label in labels), labels
    x610z = load_decks("vanilla-a", ["vanilla-b"])
    legal, _ = candidates_of(x610z, ["Plain Geode"], ["Quickfire Shard"], two_cards=False)
    assert [label for label, _ in legal] == ["Quickfire Shard -> Plain Geode"]  # X610Z numbers no cards


def test_docstring_examples_of_the_argument_types_and_the_suggestions():
    import doctest

    import tcbg._suggest
    import tcbg.cli.args

    for module in (tcbg._suggest, tcbg.cli.args):
        failures, tried = doctest.testmod(module, verbose=False)
        assert tried > 0 and failures == 0, module.__name__
