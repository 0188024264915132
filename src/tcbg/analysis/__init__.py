"""Balance analysis on top of the Monte Carlo harness (docs/balance.md), for both games: the metagame of a field of
decks, comparisons of deck variants on common random numbers, card ablation and deck tuning. Each analysis is a
Python function returning a result object with ``summary()`` and a report writer, and a ``tcbg`` command."""

# the analyses' summaries can be re-run (tcbg rerun): importing the package registers their formats
from tcbg.analysis import meta_report  # noqa: E402,F401  (tcbg-meta/1)
