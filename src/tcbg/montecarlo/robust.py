"""Conclusions that hold across agents (docs/simulation.md, "Robustness across agents"): a matchup, or every
matchup of a matrix, played again under the random agent, the heuristic and the search agent at two budgets, with
each one's conclusion at 95% and a flag when the conclusion changes with the agent. A result that holds only for one
bot describes the bot, not the cards.

The conclusion of a run is read from its decisive games (draws left out): **A better** when the 95% Wilson interval
of A's share of them lies above one half, **B better** when it lies below, **undecided** otherwise. Wilson's interval
treats games as independent, which the seat-swapped pairs are not (pairing cancels the first player's advantage and
narrows the true interval), so the rule is a cautious one: it never calls a difference the pairs would not.

The search agent costs far more per game than the heuristic (one run, X610Z vanilla-a against vanilla-b, 20 games
on one core: the heuristic 0.5 s with the start-up, search at 16 simulations 15 s, at 64 124 s), so the search runs
play a share of the games (:data:`ROBUST_AGENTS`): a quarter at 16 simulations and a sixteenth at 64, each at least
one pair; their intervals are the wider for it and the table says how many games each row played.

>>> rows = [row("random", 100, 30, 70, 0), row("heuristic", 100, 65, 35, 0)]
>>> flag(rows)["kind"], flag(rows)["text"]
('opposite', 'flips with the agent: B better under random, A better under heuristic: it describes the bots, not the cards')
>>> flag([row("random", 100, 52, 48, 0), row("heuristic", 100, 70, 30, 0)])["text"]
'A better holds only for heuristic (undecided under random): it describes the bot, not the cards'
"""

from __future__ import annotations

import html
from typing import Any

from tcbg.montecarlo.provenance import agent_name, full_spec
from tcbg.montecarlo.stats import proportion

ROBUST_AGENTS: tuple[tuple[str, int], ...] = (("random", 1), ("heuristic", 1), ("search:16", 4), ("search:64", 16))
"""The agents of a robustness check and the share of the games each plays: (agent, divisor): ``games // divisor``
rounded down to whole pairs, at least one pair."""

CONCLUSIONS = ("A better", "B better", "undecided")


def games_for(games: int, divisor: int) -> int:
    """Games a robustness run plays: ``games // divisor`` in whole pairs, at least one pair.

    >>> games_for(200, 1), games_for(200, 16), games_for(10, 16)
    (200, 12, 2)
    """
    return max(2, (games // divisor) // 2 * 2)


def conclusion(a_wins: int, b_wins: int) -> str:
    """The conclusion at 95% of ``a_wins`` and ``b_wins`` decisive games (see the module's rule).

    >>> conclusion(70, 30), conclusion(30, 70), conclusion(55, 45), conclusion(2, 0)
    ('A better', 'B better', 'undecided', 'undecided')
    """
    share = proportion(a_wins, a_wins + b_wins)
    if a_wins + b_wins == 0:
        return "undecided"
    if share.low > 0.5:
        return "A better"
    if share.high < 0.5:
        return "B better"
    return "undecided"


def row(agent: str, games: int, a_wins: int, b_wins: int, draws: int) -> dict:
    """One agent's line of a robustness table: its games, A's and B's wins and draws with their intervals, A's share
    of the decisive games and the conclusion."""
    return {"agent": agent, "games": games, "A": proportion(a_wins, games).to_dict(),
            "B": proportion(b_wins, games).to_dict(), "draws": proportion(draws, games).to_dict(),
            "a_share_of_decisive": proportion(a_wins, a_wins + b_wins).to_dict(),
            "conclusion": conclusion(a_wins, b_wins)}


def row_of(agent: str, result) -> dict:
    """:func:`row` of a :class:`~tcbg.montecarlo.matchup.Matchup`."""
    res = result.summary_results()
    return row(agent, res["A"]["games"], res["A"]["count"], res["B"]["count"], res["draws"]["count"])


def flag(rows: list[dict]) -> dict:
    """Whether the conclusion changes with the agent: ``kind`` is ``consistent`` (the same under every agent),
    ``partial`` (one conclusion under some agents, undecided under the others) or ``opposite`` (A better under one
    agent, B better under another); ``flagged`` is True for the last two; ``text`` says it in words."""
    by = {c: [r["agent"] for r in rows if r["conclusion"] == c] for c in CONCLUSIONS}
    decided = [c for c in CONCLUSIONS[:2] if by[c]]
    if len(decided) == 2:
        parts = ", ".join(f"{r['conclusion']} under {r['agent']}" for r in rows if r["conclusion"] != "undecided")
        return {"kind": "opposite", "flagged": True,
                "text": f"flips with the agent: {parts}: it describes the bots, not the cards"}
    if decided and by["undecided"]:
        held = by[decided[0]]
        most = max(r["games"] for r in rows)
        # an agent undecided on fewer games may only lack them: the reader is told how many it played
        undecided = [r["agent"] + ("" if r["games"] == most else f" on {r['games']} games") for r in rows
                     if r["conclusion"] == "undecided"]
        return {"kind": "partial", "flagged": True,
                "text": f"{decided[0]} holds only for {', '.join(held)} (undecided under "
                        f"{', '.join(undecided)}): it describes the bot{'s' if len(held) > 1 else ''}, "
                        f"not the cards"}
    same = decided[0] if decided else "undecided"
    return {"kind": "consistent", "flagged": False,
            "text": f"{same} under every agent" + (": it holds across the bots" if decided else "")}


def stage_plan(games: int, agents) -> list[tuple[str, Any, int]]:
    return [(agent_name(a), full_spec(a), games_for(games, divisor)) for a, divisor in agents]


def robust_matchup(deck_a: Any, deck_b: Any, games: int, *, agents=ROBUST_AGENTS, primary=None,
                   **options: Any) -> dict:
    """Play deck A against deck B under each of ``agents`` ((agent, divisor) pairs, :data:`ROBUST_AGENTS`), with the
    same seed and game options (``options`` go to :func:`~tcbg.montecarlo.matchup.matchup`), and return the
    summary's ``robustness`` block: the plan, one :func:`row` per agent and the :func:`flag`. ``primary``, a matchup
    already played with one of these agents on both sides and as many games, is reused for its row."""
    from tcbg.montecarlo.matchup import matchup

    options = {k: v for k, v in options.items() if k not in ("agent", "agent_b", "until_decided")}
    say = options.pop("say", None)
    rows = []
    plan = stage_plan(games, agents)
    stopped = None
    for k, (name, spec, n) in enumerate(plan, 1):
        reuse = primary is not None and _same_run(primary, spec, n)
        if say is not None:
            say(f"robust {k}/{len(plan)}: {name}, {n} games" + (" (the run's own games)" if reuse else ""))
        try:
            result = primary if reuse else matchup(deck_a, deck_b, n, agent=spec, **options)
        except KeyboardInterrupt:  # before the stage's first game (its set-up): nothing of it to keep
            stopped = (name, 0, n)
            break
        rows.append(row_of(name, result))
        if result.interrupted:
            stopped = (name, rows[-1]["games"], n)
            rows[-1] = _cut(rows[-1], n)
            break
    block = {"rule": "95% Wilson interval of A's share of the decisive games", "rows": rows,
             "flag": flag(rows) if stopped is None else _interrupted_flag(*stopped)}
    if stopped is not None:
        block["interrupted"] = True
    return block


def _cut(row_: dict, requested: int) -> dict:
    """The row of a stage Ctrl-C cut short: its finished games are kept and shown, with no conclusion."""
    return {**row_, "games_requested": requested, "interrupted": True,
            "conclusion": f"interrupted ({row_['games']} of {requested} games)"}


def _interrupted_flag(agent: str, played: int, requested: int) -> dict:
    """A robustness check stopped by Ctrl-C compares nothing: a stage in part is not a conclusion."""
    return {"kind": "interrupted", "flagged": False,
            "text": f"interrupted at {agent} ({played} of {requested} games): no conclusion is compared across "
                    f"the agents"}


def _same_run(result, spec: Any, games: int) -> bool:
    given = (result.given or {}).get("agents") or {}
    return (result.requested_games == games and result.sequential is None
            and all(full_spec(given.get(side, result.agents[side])) == spec for side in "AB"))


def robust_matrix(decks: list[Any], games: int, *, agents=ROBUST_AGENTS, primary=None, **options: Any) -> dict:
    """Every matchup of the matrix of ``decks`` under each of ``agents``: per matchup (A the earlier deck), one row
    per agent and the flag. ``primary``, a :class:`~tcbg.montecarlo.matrix.MatrixResult` played with one of the
    agents, is reused for its rows."""
    from tcbg.montecarlo.matrix import matrix

    options = {k: v for k, v in options.items() if k != "agent"}
    say = options.pop("say", None)
    runs = []
    plan = stage_plan(games, agents)
    stopped = None
    for k, (name, spec, n) in enumerate(plan, 1):
        reuse = (primary is not None and primary.games_per_matchup == n
                 and full_spec((primary.given or {}).get("agent", "random")) == spec)
        if say is not None:
            say(f"robust {k}/{len(plan)}: {name}, {n} games a matchup" + (" (the run's own games)" if reuse else ""))
        try:
            result = primary if reuse else matrix(decks, n, agent=spec, **options)
        except KeyboardInterrupt:
            stopped = (name, n)
            break
        runs.append((name, result, n))
        if result.interrupted:
            stopped = (name, n)
            break
    cells = []
    first = runs[0][1] if runs else primary
    if first is None:  # stopped before any matrix
        return {"rule": "95% Wilson interval of A's share of the decisive games", "matchups": [], "interrupted": True}
    names = first.decks
    for (i, j) in sorted(first.matchups):
        rows = []
        for name, result, n in runs:
            if (i, j) not in result.matchups:
                continue
            rows.append(row_of(name, result.matchups[(i, j)]))
            if result.interrupted and name == stopped[0]:
                rows[-1] = _cut(rows[-1], n)
        cells.append({"A": names[i], "B": names[j], "rows": rows,
                      "flag": flag(rows) if stopped is None else _interrupted_flag(stopped[0], *_played(rows,
                                                                                                      stopped))})
    block = {"rule": "95% Wilson interval of A's share of the decisive games", "matchups": cells}
    if stopped is not None:
        block["interrupted"] = True
    return block


def _played(rows: list[dict], stopped: tuple) -> tuple[int, int]:
    """(games played, games asked) of the stopped agent's row among ``rows`` (0 when it has none)."""
    name, requested = stopped
    return next(((r["games"], requested) for r in rows if r["agent"] == name), (0, requested))


# -- words ----------------------------------------------------------------------------------------------------

def _pct(p: dict) -> str:
    if p["rate"] is None:
        return "n/a"
    return f"{100 * p['rate']:.1f}% [{100 * p['ci95'][0]:.1f}, {100 * p['ci95'][1]:.1f}]"


def robustness_lines(block: dict, labels: dict | None = None) -> list[str]:
    """The lines ``tcbg matchup --robust`` and ``tcbg matrix --robust`` print."""
    out = ["  robustness across agents (A's share of the decisive games, 95% Wilson interval):"]
    cells = block.get("matchups") or [{"A": (labels or {}).get("A", "A"), "B": (labels or {}).get("B", "B"),
                                       "rows": block["rows"], "flag": block["flag"]}]
    for cell in cells:
        if "matchups" in block:
            out.append(f"  {cell['A']} vs {cell['B']}:")
        for r in cell["rows"]:
            out.append(f"    {r['agent']:<12} {r['games']:>6} games  {_pct(r['a_share_of_decisive']):<22} "
                       f"{r['conclusion']}")
        out.append(f"    {'FLAG: ' if cell['flag']['flagged'] else ''}{cell['flag']['text']}")
    return out


def robustness_html(block: dict, labels: dict | None = None) -> list[str]:
    """The report's section: a table per matchup (agent, games, A's and B's wins, A's share of the decisive games,
    conclusion) and its flag, a flagged one in a red box."""
    from tcbg.montecarlo.pages import table

    out = ["<h2 id=\"robustness\">Robustness across agents</h2>",
           "<p class=\"note\">The same matchup under other agents, with the same seed. Conclusion: A better (B "
           "better) when the 95% Wilson interval of A's share of the decisive games lies above (below) one half, "
           "else undecided. The search agents play a share of the games (the games column). A conclusion that "
           "changes with the agent is flagged: a result that holds only for one bot describes the bot, not the "
           "cards.</p>"]
    cells = block.get("matchups") or [{"A": (labels or {}).get("A", "A"), "B": (labels or {}).get("B", "B"),
                                       "rows": block["rows"], "flag": block["flag"]}]
    for cell in cells:
        if "matchups" in block:
            out.append(f"<h3>{html.escape(cell['A'])} (A) vs {html.escape(cell['B'])} (B)</h3>")
        a, b = (f"{cell[side]} ({side})" if "matchups" in block else (labels or {}).get(side, side) for side in "AB")
        out.append(table(["agent", "games", f"{a} wins", f"{b} wins", "draws", "A's share of decisive games",
                          "conclusion"],
                         [[r["agent"], r["games"], _pct(r["A"]), _pct(r["B"]), _pct(r["draws"]),
                           _pct(r["a_share_of_decisive"]), r["conclusion"]] for r in cell["rows"]]))
        text = html.escape(cell["flag"]["text"])
        if cell["flag"]["flagged"]:
            out.append(f"<p class=\"flag\" style=\"background:#f8d7d3;border:2px solid #c0392b;padding:6px\">"
                       f"<strong>Flag:</strong> {text}</p>")
        else:
            out.append(f"<p class=\"note\">{text}</p>")
    return out


__all__ = ["ROBUST_AGENTS", "agent_name", "conclusion", "flag", "games_for", "robust_matchup", "robust_matrix",
           "robustness_html", "robustness_lines", "row"]
