"""Measure what common random numbers save (docs/balance.md, "Comparing variants: common random numbers").

Each line of the table is one real comparison, a one-card change (every copy of CARD replaced by BASELINE; "-":
the default baseline) against one or more opponents: the variance of the paired difference per seat-swapped pair,
the independent-seeds variance (the two arms' variances summed, and measured: the reference replayed on disjoint
seeds), their ratio and the games independent seeds need for the same interval width.

    python tools/crn_variance.py --games 4000 --workers 2
"""

from __future__ import annotations

import argparse
import time

from tcbg.analysis.paired import compare
from tcbg.analysis.variants import load_decks, replace_card

CHANGES = [
    ("arnunnian", ["pirate"], "Hunter Dragon", "Cargo Beast"),
    ("arnunnian", ["pirate"], "Hunter Dragon", "Entrancing Pearl"),
    ("arnunnian", ["pirate"], "Tailwind", "Healing Elixir"),
    ("arnunnian", ["pirate"], "Starlit Prism", "-"),
    ("arnunnian", ["pirate"], "Arcane Warden", "-"),
    ("undead", ["barbarian"], "Necrotic Surge", "Healing Elixir"),
    ("c01-white-red", ["c02-black-blue"], "Graceful Crystal, Crystal Swan", "C04-007"),
    ("c01-white-red", ["c02-black-blue"], "Snow White of Sleep", "-"),
    ("c03-blue-white", ["c04-green-red"], "Sagesse of Wisdom", "-"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games per arm and opponent (default 4000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| deck | change | against | pairs | difference (points) | paired var | independent var (summed / "
          "measured) | ratio | games for the same interval, independent | seconds |")
    print("| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for deck, against, card, baseline in CHANGES:
        loaded = load_decks(deck, against)
        variant = replace_card(loaded, card, None if baseline == "-" else baseline)
        started = time.monotonic()
        result = compare(variant, loaded.deck, loaded.opponents, args.games, seed=args.seed, workers=args.workers,
                         measure_independent=True, **loaded.options)
        s = result.summary()
        low, high = s["difference"]["ci95"]
        ratio = s["variance_ratio"]
        shown_baseline = variant.name.split(" with ", 1)[1].split(" for ", 1)[0]
        print(f"| {deck} | {card} -> {shown_baseline} | {', '.join(against)} | {result.pairs} | "
              f"{100 * s['difference']['mean']:+.2f} [{100 * low:+.2f}, {100 * high:+.2f}] | "
              f"{s['paired_variance']:.4f} | {s['independent_variance']:.4f} / "
              f"{s['measured_independent_variance']:.4f} | {'inf' if ratio is None else f'{ratio:.2f}'} | "
              f"{s['games_for_same_interval_independent'] or '-'} | {time.monotonic() - started:.0f} |", flush=True)


if __name__ == "__main__":
    main()
