"""Replay pages as a person sees them: headless Chromium loads a replay, steps through every position of every view
with the keyboard (and the slider), and fails on a console message; matchup reports link replays of their sample
games, and every link resolves (docs/replay.md)."""

from __future__ import annotations

import html
import json
import re

import pytest

import tcbg
from browser import assert_loads_cleanly, ink, run_chromium, screenshot, with_script
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.report import write_matchup_report
from tcbg.replay.page import write_replay
from tcbg.replay.record import play_game
from tcbg.replay.view import player_view

_WALK = """<script>window.addEventListener('load',()=>{
const b=document.body,press=k=>document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true}));
const N=+document.getElementById('slider').max+1,sel=document.getElementById('view'),seen=[];
const hidden=()=>[...document.querySelectorAll('#side .card.hidden')].reduce((n,e)=>n+(parseInt(e.textContent)||1),0);
for(let v=0;v<sel.options.length;v++){sel.value=v;sel.dispatchEvent(new Event('change'));press('Home');
  for(let k=0;k<N;k++){seen.push([+b.dataset.frame,+b.dataset.view,document.querySelectorAll('.replay-piece').length,
    document.querySelectorAll('#field .zx').length,hidden(),document.getElementById('action').textContent]);
    press('ArrowRight');}}
const ends=[];press('End');ends.push(+b.dataset.frame);press('ArrowRight');ends.push(+b.dataset.frame);
press('Home');ends.push(+b.dataset.frame);press('ArrowLeft');ends.push(+b.dataset.frame);
const s=document.getElementById('slider');s.value=2;s.dispatchEvent(new Event('input'));ends.push(+b.dataset.frame);
b.dataset.walk=JSON.stringify(seen);b.dataset.ends=JSON.stringify(ends);});</script>"""


def walk(page, tmp_path):
    """Chromium's walk through ``page``: per view and position (frame, view, pieces drawn, Z/X cards on the field,
    hidden cards shown, the action line), the frames End, Right, Home, Left and the slider at 2 lead to, and the
    console's messages."""
    raw, stderr = with_script(page, tmp_path, _WALK, "walk", timeout=180)
    facts = {k: html.unescape(v) for k, v in raw.items()}
    console = [line for line in stderr.splitlines() if "CONSOLE" in line]
    return json.loads(facts["walk"]), json.loads(facts["ends"]), console


def _hidden(doc) -> int:
    return sum(1 for p in doc["players"] for v in p.values() if isinstance(v, list) for c in v if c is None)


@pytest.mark.parametrize("game_name, decks", [("x610z", ["vanilla-a", "vanilla-b"]),
                                              ("x610z", ["arnunnian", "pirate"]),
                                              ("zx", ["vanilla-red-blue", "vanilla-white-black"])])
def test_chromium_steps_through_every_position_of_every_view_by_keyboard(game_name, decks, tmp_path):
    replay = play_game(tcbg.load_game(game_name, decks=decks, max_turns=16), "random", seed=3)
    page = write_replay(replay, tmp_path / "replay.html")
    seen, ends, console = walk(page, tmp_path)
    assert not console, console[:5]
    n = len(replay.frames)
    assert [(f, v) for f, v, *_ in seen] == [(f, v) for v in range(3) for f in range(n)]
    for frame, view, pieces, field, hidden, action in seen:
        doc = player_view(replay.frames[frame]["position"], (None, 0, 1)[view])
        if game_name == "x610z":
            assert pieces == sum(1 for p in doc["players"] for c in p.get("in_play", [])
                                 if isinstance(c, dict) and c.get("dot"))
        else:
            assert field == len(doc.get("field", []))
        assert hidden == _hidden(doc)
        taken = replay.frames[frame]["action"]
        if view and (view - 1) in replay.frames[frame]["hidden_from"]:  # docs/replay.md: named to its chooser only
            taken = "chooses a card (which one, only the chooser sees)"
        assert action == (f"player {replay.frames[frame]['player']}: {taken}" if taken is not None else action)
    assert "game over" in seen[n - 1][5] or "stops here" in seen[n - 1][5]
    assert ends == [n - 1, n - 1, 0, 0, 2]


def test_a_replay_page_draws_the_board_and_its_pieces(tmp_path):
    replay = play_game(tcbg.load_game("x610z", decks=["arnunnian", "pirate"]), "heuristic", seed=5)
    page = write_replay(replay, tmp_path / "replay.html")
    assert_loads_cleanly(page, tmp_path, images=0)
    middle = len(replay.frames) // 2
    image = screenshot(page, tmp_path / "replay.png", width=1300, height=1000)
    assert ink(image) > 0.02  # the board's lines and dots, the panels' cards (the pieces: the walk above counts them)
    # the page opened at a position (#K,V) shows it
    again = run_chromium("--dump-dom", page.as_uri() + f"#{middle + 1},2")
    body = re.search(r"<body([^>]*)>", again.stdout).group(1)
    assert f'data-frame="{middle}"' in body and 'data-view="2"' in body


@pytest.mark.parametrize("decks", [["vanilla-a", "vanilla-b"], ["vanilla-red-blue", "vanilla-white-black"]])
def test_a_matchup_report_links_replays_of_its_sample_games(decks, tmp_path):
    result = matchup(*decks, 10, agent="random", seed=8, workers=1, max_turns=20)
    files = write_matchup_report(result, tmp_path)
    summary = json.loads(files["summary"].read_text())
    report = files["report"].read_text(encoding="utf-8")
    links = re.findall(r'<a class="replay" href="([^"]+)">([^<]+)</a>', report)
    assert [name for name, _ in links] == [r["name"] for r in summary["replays"]]
    assert links and all((tmp_path / name).is_file() for name, _ in links)
    turns = [int(t) for seating in (0, 1) for t in result.records[seating]["turns"]]
    held = {}
    for name, words in links:
        text = (tmp_path / name).read_text(encoding="utf-8")
        held[name] = json.loads(re.search(r'id="replay-data">(.*?)</script>', text, re.S).group(1))
        assert html.unescape(words) in text  # the page's title says what it shows
    assert held["replay-shortest.html"]["end"]["turns"] == min(turns)
    assert held["replay-longest.html"]["end"]["turns"] == max(turns)
    ways = {(w, r) for s in (0, 1) for w, r in zip(result.winner_sides(s), result.records[s].reason_names())}
    described = " ".join(", ".join(r["what"]) for r in summary["replays"])
    assert described.count(" wins by ") + described.count("a draw (") == len(ways)
    assert_loads_cleanly(files["report"], tmp_path)
    for name, _ in links[:2]:
        assert_loads_cleanly(tmp_path / name, tmp_path, images=0)


def test_a_report_of_python_agents_has_no_replays(tmp_path):
    class First:
        def choose(self, state):
            return state.legal_actions()[0]

    result = matchup("vanilla-a", "vanilla-b", 2, agent=First(), seed=1, workers=1, max_turns=20)
    files = write_matchup_report(result, tmp_path)
    assert json.loads(files["summary"].read_text())["replays"] == []
    assert not list(tmp_path.glob("replay-*.html")) and "Sample games" not in files["report"].read_text()
