"""The walk-through of docs/zx/cards.md ("Walk-through: a card of your own") done as written: its commands run in a
fresh folder (with fewer games), its file edits applied from its own code blocks, so the doc and the tools cannot
drift apart."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from tcbg.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "zx" / "cards.md"
FEWER = {"2000": "20"}  # the games of the doc's runs, cut for the suite


def _steps() -> list[tuple[str, str, str]]:
    """(kind, the file the paragraph before names, body) of every fenced block of the walk-through, in order."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Walk-through: a card of your own"):]
    section = section[:section.index("\n## ", 3)]
    steps, at = [], 0
    for block in re.finditer(r"```(\w+)\n(.*?)```", section, re.S):
        before = section[at:block.start()]
        named = re.findall(r"`(mine/[^`]+)`", before)
        steps.append((block.group(1), named[-1] if named else "", block.group(2)))
        at = block.end()
    return steps


def _run(line: str, capsys) -> str:
    argv = shlex.split(line)
    assert argv[0] == "tcbg", line
    argv = [FEWER.get(a, a) for a in argv[1:]]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, f"{line}: exit {code}\n{out}{err}"
    return out


def test_the_walkthrough_runs_as_written(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    said = {}
    kinds = []
    for kind, target, body in _steps():
        kinds.append(kind)
        if kind == "sh":
            for line in body.strip().splitlines():
                said[line.split()[1]] = _run(line, capsys)
        elif kind == "json":
            path = tmp_path / target
            data = json.loads(path.read_text(encoding="utf-8"))
            data["cards"].append(json.loads(body))
            path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        elif kind == "python":
            path = tmp_path / target
            path.write_text(path.read_text(encoding="utf-8") + "\n" + body, encoding="utf-8")
        elif kind == "diff":
            path = tmp_path / target
            lines = path.read_text(encoding="utf-8").splitlines()
            old = [ln[1:] for ln in body.splitlines() if ln.startswith("-")]
            new = [ln[1:] for ln in body.splitlines() if ln.startswith("+")]
            assert len(old) == len(new) == 1 and old[0] in lines, f"{target} has no line {old[0]!r}"
            lines[lines.index(old[0])] = new[0]
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        else:
            raise AssertionError(f"a block of an unknown kind {kind!r}")
    assert kinds == ["sh", "json", "python", "diff", "sh"]
    from tcbg.zx.cards import CardSet

    shipped = CardSet.load("starter-2012")
    written = sum(1 for card in shipped if card.has_abilities) + 1  # the shipped set's, and the new card's
    assert f"{len(list(shipped)) + 1} cards" in said["cards"] and "not written" not in said["cards"]
    assert f"with abilities beyond keywords: {written}; abilities written: {written}" in said["cards"]
    assert "legal (starter-2012; 50 cards" in said["deck"]
    assert "not played yet" not in said["matchup"] and "20 games" in said["matchup"]
    assert "Prototype Fire Drake [MY-001]" in said["ablate"]

    from tcbg.zx.game import load_game

    game = load_game(decks=["mine/c01-white-red.txt", "mine/c02-black-blue.txt"])
    assert "DAMAGE" in game.disassemble("MY-001")
