"""How often and when Reloads happen in a Z/X matchup (docs/simulation.md, "Z/X records"): the summary's
``reloads`` section, its lines in ``tcbg matchup``'s text, and its table and plot in report.html.

No Z/X game ends by deck-out: the moment a deck is empty, its Trash becomes the new deck and the opponent sends one
of the player's Life cards to Charge (CR 902.1). So each Reload costs a Life card, and how often and how early a
deck reloads says how fast it burns through itself. The records keep, per game and player, the Reloads
(``reloads_p0`` ...) and the turn of the first one (``first_reload_turn_p0`` ..., 0: none); a matchup's games
table keeps them by side (``reloads_a`` ...).

>>> from tcbg.montecarlo.matchup import matchup
>>> result = matchup("vanilla-red-blue", "vanilla-white-black", games=4, seed=2, workers=1, max_turns=40)
>>> sorted(result.summary()["reloads"]["A"])
['first_turn', 'games_with_reload', 'per_game', 'wins_with_reload', 'wins_without_reload']
"""

from __future__ import annotations


import numpy as np

from tcbg.montecarlo.stats import proportion


def reload_summary(result) -> dict:
    """Per side of a :class:`~tcbg.montecarlo.matchup.Matchup` of a game that counts Reloads: the games with at
    least one Reload (a rate with its 95% Wilson interval), the Reloads per game (a distribution with a histogram:
    entry k, the games with k Reloads), the turn of the first Reload in the games that had one (a distribution
    with a histogram by turn), and the side's win rate in the games where it reloaded and where it did not."""
    from tcbg.montecarlo.stats import _distribution

    winners = np.concatenate([result.winner_sides(0), result.winner_sides(1)])
    out: dict = {"games": int(winners.size)}
    for side in "AB":
        count = result.measure("reloads", side).astype(np.int64)
        first = result.measure("first_reload_turn", side).astype(np.int64)
        reloaded = count > 0
        won = winners == side
        out[side] = {
            "games_with_reload": proportion(int(reloaded.sum()), int(count.size)).to_dict(),
            "per_game": _distribution(count),
            "first_turn": _distribution(first[reloaded]),
            "wins_with_reload": proportion(int((won & reloaded).sum()), int(reloaded.sum())).to_dict(),
            "wins_without_reload": proportion(int((won & ~reloaded).sum()), int((~reloaded).sum())).to_dict(),
        }
    return out


def _pct(p: dict) -> str:
    if p["rate"] is None:
        return "n/a"
    return f"{100 * p['rate']:.1f}% [{100 * p['ci95'][0]:.1f}, {100 * p['ci95'][1]:.1f}]"


def _first_text(first: dict) -> str:
    if not first["games"]:
        return "never"
    return f"first at turn median {first['median']:g} (10% {first['p10']:g}, 90% {first['p90']:g})"


def reload_lines(summary: dict) -> list[str]:
    """The lines ``tcbg matchup`` prints of the summary's ``reloads`` (none when it has none)."""
    reloads = summary.get("reloads")
    if not reloads or not reloads["games"]:
        return []
    labels = summary["labels"]
    out = []
    for side in "AB":
        r = reloads[side]
        share = r["games_with_reload"]
        out.append(f"  {labels[side]} reloads in {100 * (share['rate'] or 0):.1f}% of games "
                   f"({r['per_game'].get('mean', 0):.2f} a game); {_first_text(r['first_turn'])}")
    return out


def plot_reloads(summary: dict) -> str:
    """Two panels: per side, the games by the turn of their first Reload, and the games by their count of
    Reloads (base64 PNG)."""
    from tcbg.montecarlo.pages import COLOURS, figure, png

    reloads, labels = summary["reloads"], summary["labels"]
    fig = figure(7, 5.2)
    when, many = fig.subplots(2, 1)
    for k, side in enumerate("AB"):
        hist = reloads[side]["first_turn"].get("histogram", [])
        turns = np.arange(len(hist))
        when.bar(turns + (k - 0.5) * 0.42, hist, width=0.42, color=COLOURS[side], label=labels[side])
        per = reloads[side]["per_game"].get("histogram", [])
        many.bar(np.arange(len(per)) + (k - 0.5) * 0.42, per, width=0.42, color=COLOURS[side], label=labels[side])
    from matplotlib.ticker import MaxNLocator

    firsts = [reloads[side]["first_turn"] for side in "AB" if reloads[side]["first_turn"]["games"]]
    if firsts:  # the turns where first Reloads came, not the empty early turns before them
        when.set_xlim(min(f["min"] for f in firsts) - 1, max(f["max"] for f in firsts) + 1)
    for ax in (when, many):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel("games")
        ax.legend()
    when.set_xlabel("turn of the side's first Reload (games without one left out)")
    when.set_title("When the first Reload comes")
    many.set_xlabel("Reloads in the game")
    many.set_title("Reloads per game")
    return png(fig)


def reload_html(summary: dict) -> list[str]:
    """The report's Reloads section: a table per side and :func:`plot_reloads` (none when the summary has none)."""
    from tcbg.montecarlo.pages import img, table

    reloads = summary.get("reloads")
    if not reloads or not reloads["games"]:
        return []
    labels = summary["labels"]
    rows = []
    for side in "AB":
        r = reloads[side]
        first, per = r["first_turn"], r["per_game"]
        rows.append([labels[side], f"{r['games_with_reload']['count']} of {r['games_with_reload']['games']}",
                     _pct(r["games_with_reload"]), f"{per.get('mean', 0):.2f}", per.get("max", 0),
                     "-" if not first["games"] else f"{first['median']:g}",
                     "-" if not first["games"] else f"{first['p10']:g} - {first['p90']:g}",
                     _pct(r["wins_with_reload"]), _pct(r["wins_without_reload"])])
    return ["<h2>Reloads</h2>",
            "<p class=\"note\">No Z/X game ends by deck-out: when a deck is empty, its Trash becomes the new deck "
            "and the opponent sends one of the player's Life cards to Charge (CR 902.1). Per side: the games in which its "
            "deck reloaded at least once, the Reloads per game, the turn of the first Reload (turns count both "
            "players' turns), and the side's win rate in the games where it reloaded and where it did not.</p>",
            table(["side", "games with a Reload", "rate [95% Wilson interval]", "Reloads a game", "most in a game",
                    "first Reload: median turn", "10% - 90%", "win rate when it reloaded", "win rate when it did not"],
                   rows),
            img("reloads", plot_reloads(summary), "when and how often the decks reloaded")]


def matrix_reload_summary(result) -> dict | None:
    """Per deck of a :class:`~tcbg.montecarlo.matrix.MatrixResult` of a game that counts Reloads, over every game
    it played in the matrix: the games in which it reloaded (a rate with its interval) and the turn of its first
    Reload (a distribution, no histogram); None for a game without Reloads or a matrix with no matchup played."""
    from tcbg.montecarlo import games as game_adapter
    from tcbg.montecarlo.stats import _distribution

    if not result.matchups:
        return None
    first_result = next(iter(result.matchups.values()))
    if "reloads" not in game_adapter.kind_of(first_result.games[0]).seat_measures:
        return None
    counts: dict[int, list[np.ndarray]] = {k: [] for k in range(len(result.decks))}
    firsts: dict[int, list[np.ndarray]] = {k: [] for k in range(len(result.decks))}
    for (i, j), matchup in result.matchups.items():
        for deck, side in ((i, "A"), (j, "B")):
            counts[deck].append(matchup.measure("reloads", side).astype(np.int64))
            firsts[deck].append(matchup.measure("first_reload_turn", side).astype(np.int64))
    out = {}
    for k, deck in enumerate(result.decks):
        if not counts[k]:
            continue
        count, first = np.concatenate(counts[k]), np.concatenate(firsts[k])
        out[deck] = {"games_with_reload": proportion(int((count > 0).sum()), int(count.size)).to_dict(),
                     "reloads_per_game": float(count.mean()) if count.size else None,
                     "first_turn": _distribution(first[count > 0], histogram=False)}
    return out


def matrix_reload_html(summary: dict) -> list[str]:
    """The matrix report's table of Reloads by deck (none when the summary has none)."""
    from tcbg.montecarlo.pages import table

    reloads = summary.get("reloads")
    if not reloads:
        return []
    rows = []
    for deck, r in reloads.items():
        first = r["first_turn"]
        rows.append([deck, f"{r['games_with_reload']['count']} of {r['games_with_reload']['games']}",
                     _pct(r["games_with_reload"]), _per_game(r),
                     "-" if not first["games"] else f"{first['median']:g}",
                     "-" if not first["games"] else f"{first['p10']:g} - {first['p90']:g}"])
    return ["<h2>Reloads by deck</h2>",
            "<p class=\"note\">Over every game a deck played in the matrix: the games in which it reloaded (its "
            "Trash became its deck, CR 902.1), its Reloads per game and the turn of its first Reload.</p>",
            table(["deck", "games with a Reload", "rate [95% Wilson interval]", "Reloads a game",
                    "first Reload: median turn", "10% - 90%"], rows)]


def matrix_reload_lines(summary: dict) -> list[str]:
    """The lines ``tcbg matrix`` prints of the summary's ``reloads`` (none when it has none)."""
    reloads = summary.get("reloads")
    if not reloads:
        return []
    played = {deck: r for deck, r in reloads.items() if r["games_with_reload"]["games"]}
    if not played:
        return []
    width = max(len(deck) for deck in played)
    return ["Reloads (over each deck's games):"] + [
        f"  {deck:<{width}}  in {100 * r['games_with_reload']['rate']:.1f}% of games, {_per_game(r)} a game; "
        f"{_first_text(r['first_turn'])}" for deck, r in played.items()]


def _per_game(r: dict) -> str:
    return "-" if r["reloads_per_game"] is None else f"{r['reloads_per_game']:.2f}"
