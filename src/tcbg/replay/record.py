"""A game recorded decision by decision: its position before every action and the action taken (a
:class:`Replay`), played by agents (:func:`play_game`) or read from a list of actions (:func:`replay_history`).

Game ``seed`` is the seed ``game.new_initial_state`` takes; agents are seeded from it and their seat exactly as the
core's batch function seeds them (:func:`tcbg.montecarlo.agents.seat_agents`), so :func:`play_game` plays the very
game a simulation recorded with that seed.

>>> import tcbg
>>> game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=20)
>>> replay = play_game(game, "random", seed=4)
>>> len(replay.frames) == len(replay.actions) + 1, replay.frames[0]["player"], replay.actions[0]
(True, 0, 'keep the hand')
>>> again = replay_history(game, 4, replay.actions)   # the same game from its action texts
>>> again.positions() == replay.positions()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from tcbg.errors import GameError, TcbgError

_RULE = "replay.md"


@dataclass
class Replay:
    """One game, decision by decision.

    - ``game``: the ``tcbg.load_game`` game it was played in; ``seed``: the game's seed.
    - ``frames``: one per position, in order: ``position`` (the position document, ``state.to_json()``, X610Z's
      decks written out in full, :func:`complete_position`), ``player`` (who decides there; -4 once the game is
      over) and ``action`` (the action taken there as ``state.action_to_string`` writes it, None at the last
      position) with ``action_id``.
    - ``labels``: the deck of each seat as the page names it; ``source``: where the game came from, in words.
    - ``end``: ``over``, ``turns``, ``reason`` (``state.end_reason``) and ``winners`` (seats) of the last position.
    """

    game: Any
    seed: int
    frames: list[dict]
    labels: list[str]
    source: str
    end: dict
    extra: dict = field(default_factory=dict)

    @property
    def actions(self) -> list[str]:
        return [frame["action"] for frame in self.frames if frame["action"] is not None]

    def positions(self) -> list[dict]:
        return [frame["position"] for frame in self.frames]


def complete_position(state) -> dict:
    """``state.to_json()`` as a dict, with X610Z's decks written out whole: ``to_json`` leaves a deck's bottom
    unlisted where it lies in instance order (docs/state-format.md), and a replay shows every deck's size; the
    cards left out are added as ``{"card": NAME, "instance": N}`` objects, so the document still reads back into
    the same position (an explicit instance is set aside before names are assigned, and no name was assigned one
    of them)."""
    if type(state.get_game()).KIND == "zx":
        from tcbg.zx.position import state_to_doc

        return state_to_doc(state)  # to_json's document before it is written as text (a fresh dict)
    doc = json.loads(state.to_json())
    if doc.get("format") == "tcbg-x610z-position/1":
        for seat, player in enumerate(doc["players"]):
            order = list(state.deck_instances(seat))[::-1]  # the core lists a deck bottom first
            listed = player.get("deck", [])
            rest = [{"card": state.card_name(i), "instance": int(i)} for i in order[len(listed):]]
            if rest:
                player["deck"] = listed + rest
    return doc


def _end(state) -> dict:
    returns = state.returns()
    return {"over": bool(state.is_terminal()), "turns": int(state.turn), "reason": state.end_reason or "",
            "winners": [p for p, r in enumerate(returns) if r > 0]}


def _labels(game) -> list[str]:
    return [getattr(deck, "name", f"seat {seat}") for seat, deck in enumerate(game.decks)]


def _card_choices(game) -> range:
    """The action ids of an effect's choice of a card instance (X610Z: "choose NAME (#i)", Z/X: "choose ..."): the
    actions whose text names a card that players other than the chooser may not see (rules.md 5.15, 13.1)."""
    from tcbg import _core

    blocks = getattr(game._core, "action_blocks", None)
    if blocks is not None:  # X610Z
        start = blocks["choose_instance"]
        return range(start, min(v for v in blocks.values() if v > start))
    return range(_core.zx.ACTION_IDS["choose_card"], _core.zx.ACTION_IDS["square"])


def record(game, seed: int, choose: Callable[[Any, int], int | None], *, labels: Sequence[str] | None = None,
           source: str = "", max_decisions: int | None = None) -> Replay:
    """Play ``game`` from ``seed``, asking ``choose(state, k)`` for the k-th action (None stops the record there),
    keeping every position."""
    state = game.new_initial_state(seed=seed)
    choices = _card_choices(game)
    frames: list[dict] = []
    k = 0
    while not state.is_terminal() and (max_decisions is None or k < max_decisions):
        action = choose(state, k)
        if action is None:
            break
        chooser = int(state.current_player())
        # an effect's choice of a card is named only to its chooser: the others may not see where it was chosen
        # from (a hand, a deck, a Life), as the core's information state writes it (docs/observations.md)
        hidden = [p for p in range(game.num_players()) if p != chooser] if int(action) in choices else []
        frames.append({"position": complete_position(state), "player": chooser,
                       "action": state.action_to_string(action), "action_id": int(action), "hidden_from": hidden})
        state.apply_action(action)
        k += 1
    frames.append({"position": complete_position(state), "player": int(state.current_player()), "action": None,
                   "action_id": None, "hidden_from": []})
    return Replay(game, seed, frames, list(labels) if labels is not None else _labels(game), source, _end(state))


def play_game(game, agents: Any, seed: int, *, labels: Sequence[str] | None = None, source: str = "") -> Replay:
    """The game of ``game`` seeded ``seed`` played by ``agents`` (one per seat, or one for all: native specs such
    as ``"heuristic"`` or ``"search:16"``, or objects with ``choose(state)``)."""
    from tcbg.montecarlo.agents import normalise_agents, seat_agents

    seats = seat_agents(game, normalise_agents(agents, game.num_players()), seed)
    return record(game, seed, lambda state, k: seats[state.current_player()].choose(state), labels=labels,
                  source=source or f"seed {seed}")


def replay_history(game, seed: int, history: Sequence[Any], *, labels: Sequence[str] | None = None,
                   source: str = "", where: str = "history") -> Replay:
    """The game of ``game`` seeded ``seed`` with the actions ``history`` (ids, or texts as ``action_to_string``
    writes them), which may stop before the game ends. An action that is not legal where it comes, or one after
    the end, is a :class:`tcbg.GameError` naming ``history[k]`` and why."""
    history = list(history)

    def choose(state, k: int):
        if k >= len(history):
            return None
        entry = history[k]
        here = f"{where}[{k}]"
        if isinstance(entry, bool) or not isinstance(entry, (int, str)):
            raise GameError(f"an action is an id (a whole number) or a text, not {type(entry).__name__}",
                            field=here, rule=f"{_RULE} history")
        try:
            action = state.action_from_string(entry) if isinstance(entry, str) else int(entry)
        except TcbgError as exc:  # the text names no legal action: say which and why, at its place in the history
            raise GameError(getattr(exc, "reason", str(exc)), field=here, rule=f"{_RULE} history") from None
        check = state.check_action(action)
        if not check:
            raise GameError(f"action {entry!r}: {check.reason}", field=here, rule=f"{_RULE} history")
        return action

    replay = record(game, seed, choose, labels=labels, source=source or f"seed {seed}, {len(history)} actions")
    played = len(replay.actions)
    if played < len(history):
        raise GameError(f"the game is over after {played} actions ({replay.end['reason']}), but the history goes on "
                        f"to {len(history)}", field=f"{where}[{played}]", rule=f"{_RULE} history")
    return replay


def read_history(path) -> list[Any]:
    """The actions of a history file: a JSON list of ids and texts, or a text file of one action a line (an id or
    a text; blank lines and lines starting with ``#`` skipped). A file that is neither is a GameError naming it."""
    from pathlib import Path

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GameError(f"cannot be read ({exc.strerror or exc})", field=f"history {path}",
                        rule=f"{_RULE} history") from None
    except UnicodeDecodeError:
        raise GameError("is not UTF-8 text", field=f"history {path}", rule=f"{_RULE} history") from None
    stripped = text.strip()
    if stripped.startswith("["):
        from tcbg._jsonfile import parse_json_text

        def fail(reason: str):
            raise GameError(f"is not a JSON list ({reason})", field=f"history {path}", rule=f"{_RULE} history")

        actions = parse_json_text(stripped, fail)
        bad = next((i for i, a in enumerate(actions) if isinstance(a, bool) or not isinstance(a, (int, str))), None)
        if bad is not None:
            raise GameError(f"an action is an id or a text, not {type(actions[bad]).__name__}",
                            field=f"history {path}[{bad}]", rule=f"{_RULE} history")
        return actions
    out: list[Any] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        out.append(int(line) if line.isdigit() else line)
    return out


__all__ = ["Replay", "complete_position", "play_game", "read_history", "record", "replay_history"]
