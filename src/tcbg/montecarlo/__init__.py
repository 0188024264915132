"""Monte Carlo simulation of many games: batches in C++ or a Python loop, on local processes or a Dask cluster;
matchups in seat-swapped pairs with their statistics; reports (docs/simulation.md).
"""

from tcbg.montecarlo.records import SimulationRecords
from tcbg.montecarlo.simulate import simulate

__all__ = ["SimulationRecords", "simulate"]
