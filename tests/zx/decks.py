"""Decks of the test card table (tests/zx/scenario.py) for the soak and the properties."""

from tcbg.zx.game import Game, ZXDeck
from tests.zx.scenario import CARDS, PROGRAMS

MIXED = (["Vanilla"] * 6 + ["Starter"] * 4 + ["Recoverer"] * 4 + ["Voider"] * 4 + ["Igniter"] * 6 + ["Big"] * 4
         + ["Archer"] * 4 + ["Spark"] * 4 + ["Erase"] * 4 + ["Hermit"] * 2 + ["Sniper"] * 2 + ["Twin"] * 4
         + ["Rain"] * 2)
VANILLA = ["Vanilla"] * 20 + ["Big"] * 15 + ["Twin"] * 15
CHARGE_HEAVY = ["Vanilla"] * 20 + ["Tiny"] * 10 + ["Spark"] * 10 + ["Igniter"] * 10
SHORT = ["Vanilla", "Igniter", "Spark", "Recoverer", "Voider", "Erase", "Tiny", "Twin", "Big", "Grey", "Sniper",
         "Hermit", "Rain"]  # 13 cards: Reloads all the time

DECKS = {
    "mixed": ZXDeck(MIXED, "Hero", True, name="mixed"),
    "vanilla": ZXDeck(VANILLA, name="vanilla"),
    "charge-heavy": ZXDeck(CHARGE_HEAVY, name="charge-heavy"),
    "short": ZXDeck(SHORT, name="short"),
}
PAIRS = [("mixed", "mixed"), ("mixed", "vanilla"), ("charge-heavy", "short"), ("short", "short"),
         ("vanilla", "charge-heavy")]


def make_game(a: str, b: str, **kw) -> Game:
    return Game(CARDS, [DECKS[a], DECKS[b]], programs=PROGRAMS, **kw)
