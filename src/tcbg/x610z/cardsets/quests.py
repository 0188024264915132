"""Effects of the card set ``quests`` (quests.json): Act I quest cards and their alternative victory.

Each quest is a permanent cast in its controller's action phase; its abilities win the game (``WinGame``, rules.md
6.14) when summons stand on quest dots (Act I "Quest Dots": "These Dots can be used for Quests"). docs/cards.md
explains the language.
"""

from tcbg.x610z.effects import (
    SELF, YOU, Activated, AddCounters, Controls, Count, MoveSummon, Quest, StartOfTurn, StatOf, Summons,
    TargetSummon, Triggered, WinGame,
)

ON_QUEST_DOTS = Summons("you", on="quest")
"""The summons you control standing on quest dots (life bases included)."""

EFFECTS = {
    "Pilgrimage of Three Stones": Quest(
        Triggered(StartOfTurn("yours"), WinGame(YOU), condition=Count(ON_QUEST_DOTS) >= 3),
    ),
    "Vigil at the Stones": Quest(
        Triggered(StartOfTurn("yours"), WinGame(YOU),
                  condition=(Count(ON_QUEST_DOTS) >= 2) & ~Controls(Summons("opponent", on="quest"))),
    ),
    "Oath of the Long Watch": Quest(
        Triggered(StartOfTurn("yours"), WinGame(YOU), condition=StatOf(SELF, "charge_counters") >= 3),
        Triggered(StartOfTurn("yours"), AddCounters(SELF, "charge", 1), condition=Controls(ON_QUEST_DOTS)),
    ),
    "Call of the Waystones": Quest(
        Activated("M1", MoveSummon(TargetSummon("you"), 2)),
        Triggered(StartOfTurn("yours"), WinGame(YOU), condition=Count(ON_QUEST_DOTS) >= 4),
    ),
}
