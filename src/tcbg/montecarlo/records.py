"""Per-game records of a simulation, as numpy columns, with Arrow, pandas, CSV and Parquet views.

Columns, one value per game:

- ``game`` (uint64): the game's index in the batch; its seed is ``derive_seed(master_seed, game)``.
- ``seed`` (uint64): that seed (``game.new_initial_state(seed)`` replays the set-up).
- ``winner_mask`` (uint8): bit p set when player p won; 0 is a draw.
- ``reason`` (uint8): how the game ended, an index into ``reasons`` (the game's end reasons, by code: X610Z's are
  :data:`tcbg.x610z.simulation.REASONS`).
- ``turns`` (uint16), ``decisions`` (uint32): the game's length.
- ``first_player`` (uint8): the seat that played first.
- ``card_flags`` (uint8, one row per game, one column per card instance of ``instances``): bit 1 drawn, 2 cast
  (played), 4 in play at the end; a game may set bits of its own (Z/X: 8 played from Ignition, 16 played from a Life
  card revealed by damage).
- the game's own columns (uint16), each measure per seat (:func:`tcbg.montecarlo.games.record_columns`): Z/X's
  ``reloads_p0``, ``reloads_p1`` (how many times each player's deck was rebuilt from Trash, CR 902.1) and
  ``first_reload_turn_p0``, ``first_reload_turn_p1`` (the turn of that player's first Reload; 0: none).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

import numpy as np


SCALAR_COLUMNS = ("game", "seed", "winner_mask", "reason", "turns", "decisions", "first_player")


@dataclass
class SimulationRecords:
    """The records of a batch of games (see the module's docstring for the columns).

    ``instances`` names the columns of ``card_flags`` as (owner seat, card name); ``interrupted`` is True when the
    run was stopped (Ctrl-C) before every game was played, in which case ``game`` says which were; ``native`` is
    True when the core's native batch function played them, False for the Python loop; ``reasons`` names the
    ``reason`` codes (the game's end reasons, by code).
    """

    columns: dict[str, np.ndarray]
    card_flags: np.ndarray
    instances: list[tuple[int, str]]
    num_players: int
    interrupted: bool = False
    native: bool = False
    meta: dict = field(default_factory=dict)
    reasons: tuple = ()

    def __len__(self) -> int:
        return int(self.columns["game"].size)

    def __getitem__(self, name: str) -> np.ndarray:
        return self.card_flags if name == "card_flags" else self.columns[name]

    def won(self, player: int) -> np.ndarray:
        """A bool per game: did ``player`` win?"""
        return (self.columns["winner_mask"] >> player) & 1 == 1

    def draws(self) -> np.ndarray:
        return self.columns["winner_mask"] == 0

    def reason_names(self) -> list[str]:
        return [self.reasons[r] for r in self.columns["reason"]]

    # -- other views -------------------------------------------------------------------------------------------

    def to_arrow(self):
        """A ``pyarrow.Table``: the scalar columns, ``reason_name``, the game's own columns, and ``card_flags`` as a
        fixed-size list of uint8 per game. The instances and run facts are in the schema's metadata (``tcbg`` key,
        JSON)."""
        import pyarrow as pa

        arrays = {name: pa.array(self.columns[name]) for name in SCALAR_COLUMNS}
        own = {name: pa.array(values) for name, values in self.columns.items() if name not in arrays}
        arrays["reason_name"] = pa.array(np.array(self.reasons, dtype=object)[self.columns["reason"]].tolist(),
                                         type=pa.string())
        width = self.card_flags.shape[1]
        flat = pa.array(self.card_flags.reshape(-1), type=pa.uint8())
        arrays.update(own)
        arrays["card_flags"] = pa.FixedSizeListArray.from_arrays(flat, width) if width else pa.nulls(len(self))
        table = pa.table(arrays)
        return table.replace_schema_metadata({"tcbg": json.dumps(self._metadata())})

    def to_pandas(self):
        """A ``pandas.DataFrame`` (pandas must be installed); ``card_flags`` holds one array per game."""
        return self.to_arrow().to_pandas()

    def to_parquet(self, path: str | os.PathLike[str]) -> None:
        import pyarrow.parquet as pq

        pq.write_table(self.to_arrow(), os.fspath(path))

    def to_csv(self, path: str | os.PathLike[str]) -> None:
        """CSV with a header; the card flags are one column per card instance, named ``p{owner}:{card}#{copy}``
        (``p0:Ashwing Drake#2`` is player 0's second Ashwing Drake)."""
        import pyarrow.csv as pcsv

        table = with_flag_columns(self.to_arrow().drop_columns(["card_flags"]), self.card_flags,
                                  instance_labels([(f"p{owner}", card) for owner, card in self.instances]))
        pcsv.write_csv(table, os.fspath(path))

    def _metadata(self) -> dict:
        return {"instances": [list(i) for i in self.instances], "num_players": self.num_players,
                "interrupted": self.interrupted, "native": self.native, **self.meta}


def instance_labels(instances: list[tuple[str, str]]) -> list[str]:
    """``{who}:{card}#{copy}`` per instance, copies counted from 1 per (who, card).

    >>> instance_labels([("p0", "Drake"), ("p0", "Drake"), ("p1", "Drake")])
    ['p0:Drake#1', 'p0:Drake#2', 'p1:Drake#1']
    """
    seen: dict[tuple[str, str], int] = {}
    out = []
    for who, card in instances:
        seen[(who, card)] = seen.get((who, card), 0) + 1
        out.append(f"{who}:{card}#{seen[(who, card)]}")
    return out


def with_flag_columns(table, card_flags: np.ndarray, labels: list[str]):
    """``table`` with one uint8 column of card flags per label (the CSV layout)."""
    import pyarrow as pa

    for column, label in enumerate(labels):
        table = table.append_column(label, pa.array(np.ascontiguousarray(card_flags[:, column])))
    return table


def concat_columns(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """Join per-batch column dicts (in game order) into one."""
    return {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}
