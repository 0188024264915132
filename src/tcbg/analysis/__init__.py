"""Balance analysis on top of the Monte Carlo harness (docs/balance.md), for both games: the metagame of a field of
decks, comparisons of deck variants on common random numbers, card ablation and deck tuning. Each analysis is a
Python function returning a result object with ``summary()`` and a report writer, and a ``tcbg`` command."""
