"""Balance analysis on top of the Monte Carlo harness (docs/balance.md), for both games: the metagame of a field of
decks, comparisons of deck variants on common random numbers and card ablation. Each analysis is a
Python function returning a result object with ``summary()`` and a report writer, and a ``tcbg`` command."""

# the analyses' summaries can be re-run (tcbg rerun): importing the package registers their formats
from tcbg.analysis import ablation_report, meta_report, tune_report  # noqa: E402,F401  (tcbg-ablation/1, tcbg-meta/1, tcbg-tune/1)
