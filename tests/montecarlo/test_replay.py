"""tcbg replay: a game recorded position by position, what each player sees, the page's data, the three sources
(agents, a history, a records row) and their errors (docs/replay.md)."""

from __future__ import annotations

import json
import re

import pytest

import tcbg
from tcbg.cli import main
from tcbg.errors import GameError, ProvenanceError
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.report import write_matchup_report
from tcbg.replay.page import decode, page_data, replay_html
from tcbg.replay.record import complete_position, play_game, read_history, replay_history
from tcbg.replay.sources import from_records
from tcbg.replay.view import player_view

ZX_DECKS = ["vanilla-red-blue", "vanilla-white-black"]
X_DECKS = ["vanilla-a", "vanilla-b"]


@pytest.fixture(scope="module")
def x610z_replay():
    return play_game(tcbg.load_game("x610z", decks=X_DECKS, max_turns=30), "random", seed=11)


@pytest.fixture(scope="module")
def zx_replay():
    return play_game(tcbg.load_game("zx", decks=ZX_DECKS, max_turns=30), "random", seed=12)


def _names(cards):
    return [c if isinstance(c, str) or c is None else c["card"] for c in cards]


# -- recording ----------------------------------------------------------------------------------------------------

def test_a_recorded_game_keeps_every_position_and_the_action_taken_there(x610z_replay):
    game = x610z_replay.game
    state = game.new_initial_state(seed=11)
    for frame in x610z_replay.frames[:-1]:
        assert frame["position"] == complete_position(state)
        assert frame["player"] == state.current_player()
        assert frame["action"] == state.action_to_string(frame["action_id"])
        state.apply_action(frame["action_id"])
    assert state.is_terminal() and x610z_replay.frames[-1]["action"] is None
    assert x610z_replay.end == {"over": True, "turns": state.turn, "reason": state.end_reason,
                                "winners": [p for p, r in enumerate(state.returns()) if r > 0]}


def test_the_x610z_decks_written_out_whole_still_read_back_as_the_same_position(x610z_replay):
    game = x610z_replay.game
    for frame in x610z_replay.frames[::7]:
        doc = frame["position"]
        for seat, player in enumerate(doc["players"]):
            owned = sum(1 for owner, _ in game.instance_cards() if owner == seat)
            assert len(player["deck"]) <= owned
        state = game.state_from_json(json.dumps(doc))
        assert complete_position(state) == doc
        assert [len(p["deck"]) for p in doc["players"]] == [state.deck_size(p) for p in range(2)]


def test_a_native_agent_plays_the_replayed_game_as_the_simulation_recorded_it():
    game = tcbg.load_game("zx", decks=ZX_DECKS, max_turns=40)
    records = tcbg.simulate(game, "heuristic", games=3, seed=9, workers=1)
    for i in range(3):
        replay = play_game(game, "heuristic", int(records["seed"][i]))
        assert replay.end["turns"] == records["turns"][i]
        assert len(replay.actions) == records["decisions"][i]
        assert sum(1 << p for p in replay.end["winners"]) == records["winner_mask"][i]


def test_a_history_of_ids_or_texts_replays_the_same_game(zx_replay):
    ids = [f["action_id"] for f in zx_replay.frames[:-1]]
    by_ids = replay_history(zx_replay.game, 12, ids)
    by_texts = replay_history(zx_replay.game, 12, zx_replay.actions)
    assert by_ids.positions() == by_texts.positions() == zx_replay.positions()
    part = replay_history(zx_replay.game, 12, zx_replay.actions[:10])
    assert len(part.frames) == 11 and not part.end["over"]


def test_a_bad_history_names_the_action_at_fault(zx_replay):
    actions = list(zx_replay.actions[:5])
    with pytest.raises(GameError, match=r"history\[5\]: .*'no such action'.*\[replay.md history\]"):
        replay_history(zx_replay.game, 12, actions + ["no such action"])
    with pytest.raises(GameError, match=r"history\[2\]: action 999999: .*\[replay.md history\]"):
        replay_history(zx_replay.game, 12, actions[:2] + [999999])
    with pytest.raises(GameError, match=r"history\[1\]: an action is an id .* not float"):
        replay_history(zx_replay.game, 12, actions[:1] + [1.5])
    with pytest.raises(GameError, match=rf"history\[{len(zx_replay.actions)}\]: the game is over after"):
        replay_history(zx_replay.game, 12, zx_replay.actions + zx_replay.actions[:1])


def test_a_history_file_is_a_json_list_or_one_action_a_line(tmp_path):
    (tmp_path / "a.json").write_text('[0, "keep the hand"]')
    (tmp_path / "b.txt").write_text("# a game\n0\n\nkeep the hand\n")
    assert read_history(tmp_path / "a.json") == read_history(tmp_path / "b.txt") == [0, "keep the hand"]
    (tmp_path / "c.json").write_text("[0, ")
    with pytest.raises(GameError, match=r"c.json: is not a JSON list"):
        read_history(tmp_path / "c.json")
    with pytest.raises(GameError, match=r"missing.txt: cannot be read"):
        read_history(tmp_path / "missing.txt")


# -- what a player sees (rules.md 5.15, zx/rules.md 13.1) -----------------------------------------------------------

def test_an_x610z_player_sees_their_hand_and_no_deck_order_rules_5_15(x610z_replay):
    for frame in x610z_replay.frames[::5]:
        doc = frame["position"]
        for viewer in (0, 1):
            view = player_view(doc, viewer)
            assert "seed" not in view and "counter" not in view
            for seat, (seen, real) in enumerate(zip(view["players"], doc["players"])):
                assert seen.get("deck", []) == [None] * len(real.get("deck", []))  # every deck, one's own too
                if seat == viewer:
                    assert seen.get("hand") == real.get("hand")
                else:
                    assert seen.get("hand", []) == [None] * len(real.get("hand", []))
                for zone in ("in_play", "discard", "removed", "pool", "outcome"):
                    assert seen.get(zone) == real.get(zone)
            assert view.get("stack") == doc.get("stack") and view.get("pending") == doc.get("pending")
        assert player_view(doc, None) == doc


def test_a_zx_player_sees_their_hand_and_no_life_nor_deck_rules_13_1(zx_replay):
    seen_life = False
    for frame in zx_replay.frames[::5]:
        doc = frame["position"]
        for viewer in (0, 1):
            view = player_view(doc, viewer)
            assert "seed" not in view
            assert view["field"] if "field" in view else "field" not in doc
            for seat, (seen, real) in enumerate(zip(view["players"], doc["players"])):
                for zone in ("deck", "life"):  # face down for both players
                    assert seen.get(zone, []) == [None] * len(real.get(zone, []))
                    seen_life |= zone == "life" and bool(real.get(zone))
                assert (seen.get("hand") == real.get("hand")) if seat == viewer else \
                    (seen.get("hand", []) == [None] * len(real.get("hand", [])))
                for zone in ("resource", "charge", "trash", "player_card", "reloads"):
                    assert seen.get(zone) == real.get(zone)
            assert view["frames"] == doc["frames"] and view.get("field") == doc.get("field")
    assert seen_life


def test_a_view_of_an_unknown_format_or_viewer_is_refused():
    with pytest.raises(GameError, match=r"position.format: no view is known"):
        player_view({"format": "other", "players": []}, 0)
    with pytest.raises(GameError, match=r"viewer: no player -1"):
        player_view({"format": "tcbg-zx-position/1", "players": [{}, {}]}, -1)


# -- the page's data --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["x610z_replay", "zx_replay"])
def test_the_page_holds_every_view_of_every_position(which, request):
    replay = request.getfixturevalue(which)
    data = page_data(replay)
    assert data["views"][0] == "everything" and len(data["views"]) == 3
    for k in range(0, len(replay.frames), 3):
        for v, viewer in enumerate((None, 0, 1)):
            assert decode(data, k, v) == player_view(replay.frames[k]["position"], viewer)
    assert [f["a"] for f in data["frames"]] == [f["action"] for f in replay.frames]


@pytest.mark.parametrize("which", ["x610z_replay", "zx_replay"])
def test_the_page_is_one_file_that_fetches_nothing(which, request):
    text = replay_html(request.getfixturevalue(which))
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import|url\(", text)
    assert re.findall(r"https?://[^\s\"'<>]+", text) in ([], ["http://www.w3.org/2000/svg"])
    assert text.count("<script") == 2
    held = json.loads(re.search(r'id="replay-data">(.*?)</script>', text, re.S).group(1))  # "</" is written "<\\/"
    expected = page_data(request.getfixturevalue(which))
    assert held["frames"] == expected["frames"] and held["parts"] == expected["parts"]


def test_the_page_is_much_smaller_than_its_positions(zx_replay):
    raw = sum(len(json.dumps(f["position"])) for f in zx_replay.frames) * 3  # three views
    assert len(replay_html(zx_replay)) < raw / 3


# -- the records of a matchup ----------------------------------------------------------------------------------

@pytest.fixture(scope="module", params=["x610z", "zx"])
def records_folder(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"records-{request.param}")
    decks = X_DECKS if request.param == "x610z" else ZX_DECKS
    result = matchup(*decks, 8, agent="random", agent_b="heuristic", seed=21, workers=1, max_turns=60)
    write_matchup_report(result, folder, "csv" if request.param == "zx" else "parquet", replays=False)
    return folder, result


def test_every_row_of_a_matchup_folder_replays_its_game(records_folder):
    folder, result = records_folder
    table = result.games_table()
    for row in range(table.num_rows):
        replay = from_records(folder, row)
        record = {name: table.column(name)[row].as_py() for name in ("pair", "seating", "winner", "turns",
                                                                    "decisions", "reason")}
        seating = 0 if record["seating"] == "A-B" else 1
        sides = result.sides[seating]
        assert replay.end["turns"] == record["turns"]
        assert len(replay.actions) == record["decisions"]
        won = {sides[s] for s in replay.end["winners"]}
        assert (won.pop() if len(won) == 1 else "draw") == record["winner"]
        assert replay.seed == game_adapter.derive_seed(21, record["pair"])
        assert replay.labels == [f"{d.name} ({s})" for d, s in zip(result.games[seating].decks, sides)]


def test_a_records_row_out_of_range_or_another_run_is_refused(records_folder, tmp_path):
    folder, result = records_folder
    with pytest.raises(GameError, match=r"row: the records hold rows 0 to 7, not 8 \[replay.md records\]"):
        from_records(folder, 8)
    summary = json.loads((folder / "summary.json").read_text())
    other = tmp_path / "other"
    other.mkdir()
    (other / "summary.json").write_text(json.dumps({**summary, "format": "tcbg-ablation/1"}))
    with pytest.raises(ProvenanceError, match=r"format: records of a 'tcbg-ablation/1' run"):
        from_records(other, 0)
    with pytest.raises(ProvenanceError, match=r"summary.json: cannot be read"):
        from_records(tmp_path / "nothing", 0)


def test_a_record_the_engine_no_longer_plays_is_refused(tmp_path):
    import pyarrow.parquet as pq

    result = matchup(*X_DECKS, 2, agent="random", seed=3, workers=1, max_turns=40)
    write_matchup_report(result, tmp_path, replays=False)
    table = pq.read_table(tmp_path / "games.parquet")
    turns = table.column("turns").to_pylist()
    turns[0] += 1
    import pyarrow as pa

    pq.write_table(table.set_column(table.column_names.index("turns"), "turns", pa.array(turns, type=pa.uint16())),
                   tmp_path / "games.parquet")
    with pytest.raises(ProvenanceError, match=r"records row 0 turns: the replayed game has turns"):
        from_records(tmp_path, 0)


# -- the command ---------------------------------------------------------------------------------------------

def test_the_command_replays_a_matchup_game_by_seed_pair_and_seating(tmp_path, capsys):
    out = tmp_path / "deep" / "r.html"
    assert main(["replay", *ZX_DECKS, "--agent", "random", "--seed", "5", "--pair", "2", "--seating", "B-A",
                 "--max-turns", "30", "-o", str(out)]) == 0
    line = capsys.readouterr().out
    assert "vanilla-white-black (B) vs vanilla-red-blue (A), pair 2, seating B-A of seed 5" in line
    assert str(out) in line and out.exists()
    game = game_adapter.matchup_games(*ZX_DECKS, game="zx", max_turns=30)[1]
    expected = play_game(game, "random", game_adapter.derive_seed(5, 2))
    assert f"{len(expected.frames)} positions" in line


def test_the_command_replays_a_history_and_a_records_row(tmp_path, capsys, records_folder):
    history = tmp_path / "h.txt"
    history.write_text("keep the hand\nkeep the hand\n")
    assert main(["replay", *X_DECKS, "--history", str(history), "--game-seed", "4", "-o",
                 str(tmp_path / "h.html")]) == 0
    assert "3 positions, the record stops at turn 1" in capsys.readouterr().out
    folder, _ = records_folder
    assert main(["replay", "--records", str(folder), "--row", "5", "-o", str(tmp_path / "r.html")]) == 0
    assert "records row 5: pair 1, seating B-A" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    ([*X_DECKS, "-o", "r.svg"], "replay writes one HTML page"),
    ([*X_DECKS], "replay needs -o FILE.html"),
    (["vanilla-a", "-o", "r.html"], "replay needs two decks"),
    (["vanilla-a", "no-such-deck", "-o", "r.html"], "no-such-deck"),
    ([*X_DECKS, "--row", "3", "-o", "r.html"], "--row needs --records"),
    (["--records", "f", "-o", "r.html"], "--records needs --row N"),
    ([*X_DECKS, "--records", "f", "--row", "1", "-o", "r.html"], "DECK: with --records"),
    (["--records", "f", "--row", "1", "--seed", "3", "-o", "r.html"], "--seed: with --records"),
    ([*X_DECKS, "--history", "h", "--agent", "random", "-o", "r.html"], "--agent and --agent-b are not used"),
    ([*X_DECKS, "--game-seed", "3", "--pair", "1", "-o", "r.html"], "give it or --seed and --pair"),
    ([*X_DECKS, "--workers", "2", "-o", "r.html"], "unrecognized arguments: --workers 2"),
    ([*X_DECKS, "--agent", "clever", "-o", "r.html"], "argument --agent: unknown agent 'clever'"),
])
def test_bad_arguments_are_one_line_naming_what_is_wrong(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["replay", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tcbg: error: ") and err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "r.html").exists()


def test_records_of_another_game_than_game_says_are_refused(records_folder, capsys, tmp_path):
    folder, result = records_folder
    kind = game_adapter.kind_of(result.games[0]).name
    other = "zx" if kind == "x610z" else "x610z"
    assert main(["replay", "--records", str(folder), "--row", "0", "--game", other, "-o",
                 str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert f"provenance.game.kind: the records are of a {kind} game, not {other}" in err
    assert "[replay.md records]" in err


@pytest.mark.parametrize("name", ["tcbg.replay.record", "tcbg.replay.view", "tcbg.replay.page",
                                  "tcbg.replay.sources"])
def test_docstring_examples(name):
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0 and failures == 0


def test_the_readme_replay_command_runs(tmp_path, capsys, monkeypatch):
    """README.md "Replays": its command as it stands (the output file in a temporary folder)."""
    import pathlib
    import shlex

    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    line = re.search(r"```sh\n(tcbg replay [^\n]+)\n```", readme.split("## Replays", 1)[1]).group(1)
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(line)[1:]) == 0
    assert (tmp_path / "replay.html").exists() and "positions" in capsys.readouterr().out
    assert (pathlib.Path(__file__).resolve().parents[2] / "docs" / "images" / "replay.png").exists()


def test_a_row_of_a_matrix_folder_replays_its_game(tmp_path):
    from tcbg.montecarlo.matrix import matrix
    from tcbg.montecarlo.report import matrix_records, write_matrix_report

    result = matrix(["vanilla-a", "vanilla-b", "vanilla-act1-a"], 4, agent="random", seed=6,
                    workers=1, max_turns=30)
    write_matrix_report(result, tmp_path)
    table = matrix_records(result)
    for row in (0, 5, table.num_rows - 1):
        replay = from_records(tmp_path, row)
        deck_a, deck_b, seating = (table.column(c)[row].as_py() for c in ("deck_a", "deck_b", "seating"))
        first, second = (deck_a, deck_b) if seating == "A-B" else (deck_b, deck_a)
        assert replay.labels == [f"{first} ({seating[0]})", f"{second} ({seating[2]})"]
        assert replay.end["turns"] == table.column("turns")[row].as_py()


def test_a_sample_game_that_replays_otherwise_is_said_in_the_report_not_fatal(tmp_path, monkeypatch):
    from tcbg.replay import samples

    result = matchup(*X_DECKS, 4, agent="random", seed=2, workers=1, max_turns=30)
    real = samples.play_game

    def one_turn_more(*args, **kwargs):
        replay = real(*args, **kwargs)
        replay.end["turns"] += 1
        return replay

    monkeypatch.setattr(samples, "play_game", one_turn_more)
    files = write_matchup_report(result, tmp_path)
    replays = json.loads(files["summary"].read_text())["replays"]
    assert replays and all(r["name"] is None and "the replayed game has turns" in r["error"] for r in replays)
    assert "not replayed, " in files["report"].read_text() and not list(tmp_path.glob("replay-*.html"))


def test_a_matchup_writes_its_sample_replays_unless_told_not_to(tmp_path, capsys):
    common = ["matchup", *X_DECKS, "--games", "4", "--agent", "random", "--max-turns", "30", "--workers", "1",
              "--no-progress"]
    assert main([*common, "-o", str(tmp_path / "with")]) == 0
    assert list((tmp_path / "with").glob("replay-*.html"))
    assert "Sample games" in (tmp_path / "with" / "report.html").read_text()
    assert main([*common, "--no-replays", "-o", str(tmp_path / "without")]) == 0
    assert not list((tmp_path / "without").glob("replay-*.html"))
    assert "Sample games" not in (tmp_path / "without" / "report.html").read_text()
    assert "replays" not in json.loads((tmp_path / "without" / "summary.json").read_text())
    capsys.readouterr()


def test_a_card_chosen_by_an_effect_is_named_to_its_chooser_only():
    """docs/replay.md: an effect's choice of a card names the card in the chooser's view and in "everything"; the
    other players' views read the kind of choice alone (the card may come from a zone they cannot see)."""
    from tcbg.replay.page import page_data
    from tcbg.replay.record import play_game

    replay = play_game(tcbg.load_game("x610z", decks=["arnunnian", "pirate"]), "heuristic", seed=0)
    data = page_data(replay)
    chosen = [k for k, f in enumerate(replay.frames) if f["action"] and f["action"].startswith("choose ")
              and "stack item" not in f["action"] and "dot" not in f["action"] and "mode" not in f["action"]
              and "player" not in f["action"]]
    assert chosen  # Arnunnian's Library of Muljanii and Pirate's Raid the Hold choose cards in this game
    for k in chosen:
        chooser = replay.frames[k]["player"]
        assert replay.frames[k]["hidden_from"] == [1 - chooser]
        assert data["frames"][k]["h"] == [1 + (1 - chooser)]  # view 0 is everything, view 1 + seat a player's
    others = [k for k in range(len(replay.frames)) if k not in chosen]
    assert all(data["frames"][k]["h"] == [] for k in others)
