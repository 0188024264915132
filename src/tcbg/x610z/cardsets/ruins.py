"""Effects of the card set ``ruins`` (ruins.json): the four factions of On the Ruins of Chaos.

Each definition reads like the card's text in ruins.json; docs/cards.md explains the language. Cards without
effects (the basic crystals, Hunter Dragon, Cargo Beast's block rate, which is card data) have no entry.
"""

from tcbg.x610z.effects import (
    EVENT_SUBJECT, FOCUSED, SELF, UNTIL_END_OF_TURN, WHILE_IN_PLAY, YOU, Activate, Activated, AddCounters,
    Additional, Cancel, Cards, Cast, Catalyst, ChooseOne, Chosen, Continuous, Cost, Count, Crystal, CrystalPlaced,
    Crystals, DealDamage, Destroy, Destroyed, Discard, Dots, Draw, Each, EnergyOf, EntersPlay, Exists, Flux,
    GainControl, Grant, Heal, If, LifeBase, LifeBaseOf, Min, ModifyStats, MoveSummon, NLBSummons, Paid, PlaceOnDot,
    PreventDamage, ProduceEnergy, Rage, Reactivate, RedirectDamage, ReduceDamage, RemoveFromGame, ReturnToHand, Rise,
    Sacrifice, Search, StartOfTurn, Stealth, Summon, Summons, TargetAction, TargetCard, TargetCatalyst, TargetCrystal,
    TargetNLBSummon, TargetPlayer, TargetSummon, Triggered,
)

SUMMON_DOT = Dots(summon_dot=True)
"""Your start dot or a warp dot that is no other player's start dot (rules.md 5.11)."""

# -- Arnunnian Alliance: magic, speed, countering ---------------------------------------------------------------

ARNUNNIAN = {
    "Skyspire Citadel": LifeBase(
        Activated("M2", ModifyStats(TargetNLBSummon("you"), range=1, duration=WHILE_IN_PLAY)),
    ),
    "Arcane Warden": Summon(
        Activated("C1 M1", Cancel(TargetAction("attack"))),
    ),
    "Spellbound Phalanx": Summon(
        Triggered(Cast(Cards("stack", "you", types="flux")), ModifyStats(SELF, attack=1)),
    ),
    "Skyblade Adept": Summon(
        Paid("B1 M1", Reactivate(SELF)),
    ),
    "Divine Intervention": Flux(
        PlaceOnDot(TargetSummon(), Dots()),
    ),
    "Nullifying Word": Flux(
        Cancel(TargetAction("flux")),
    ),
    "Tailwind": Flux(
        MoveSummon(TargetNLBSummon("you"), 3),
        Additional("M1", Draw(YOU, 1)),
    ),
    "Arcane Rebuke": Flux(
        ChooseOne(
            Cancel(TargetAction(("move", "attack"))),
            DealDamage(TargetNLBSummon(), 2),
        ),
    ),
    "Aegis of Arnunnia": Catalyst(
        Continuous(ModifyStats(FOCUSED, defense=2)),
        Activated("C1", PreventDamage(FOCUSED, 2, UNTIL_END_OF_TURN)),
        focus=Summons("you"),
    ),
    "Library of Muljanii": Catalyst(
        Activated("M1", Search(YOU, Cards("deck", types="flux"))),
        counters={"activation": 3},
    ),
    "Starlit Prism": Crystal(
        Triggered(EntersPlay(SELF), Draw(YOU, 1), Discard(YOU, 1)),
    ),
}

# -- Undead Legion: rising again from the discard pile, overwhelming numbers ---------------------------------------

_fallen = TargetCard("discard", types="summon")

UNDEAD = {
    "Ossuary Throne": LifeBase(
        Activated("C2 H1", ReturnToHand(TargetCard("discard", types="summon"))),
    ),
    "Howling Bogling": Summon(Rise("C1 H2")),
    "Gravelord Wyrm": Summon(
        Triggered(EntersPlay(SELF), ReturnToHand(TargetCard("discard", types="summon"))),
    ),
    "Ghoul Barge": Summon(Rise("C1 M1")),
    "Shambling Horde": Summon(
        Continuous(ModifyStats(SELF, attack=Min(Count(Cards("discard", types="summon")), 3))),
    ),
    "Bone Reaver": Summon(
        Triggered(Destroyed(SELF), DealDamage(TargetNLBSummon(), 2)),
        Rise("C2 H2"),
    ),
    "Raise the Fallen": Flux(
        PlaceOnDot(_fallen, SUMMON_DOT),
    ),
    "Necrotic Surge": Flux(
        ModifyStats(Each(Summons("you")), attack=1),
    ),
    "Death's Toll": Flux(
        Destroy(TargetNLBSummon(damaged=True)),
    ),
    "Last Rites": Flux(
        Sacrifice(sacrificed := Chosen(NLBSummons("you"))),
        If(Exists(sacrificed), Draw(YOU, 2)),
    ),
    "Charnel Pit": Catalyst(
        Triggered(Destroyed(NLBSummons("you")), AddCounters(SELF, "charge", 1)),
        Activated(Cost(remove_counters=("charge", 2)), PlaceOnDot(TargetCard("discard", types="summon"), SUMMON_DOT)),
    ),
    "Plague Banner": Catalyst(
        Triggered(StartOfTurn("yours"), AddCounters(FOCUSED, "damage", 1)),
        focus=NLBSummons("opponent"),
        counters={"time": 3},
    ),
    "Soulstone": Crystal(
        Activated(Cost(sacrifice_self=True), ReturnToHand(TargetCard("discard", types="summon"))),
    ),
}

# -- Pirate Confederacy: stealing, stealth, using the opponent's resources ---------------------------------------

_raided = TargetCrystal("opponent", activated=False)
_decoyed = TargetSummon("you")

PIRATE = {
    "Tidebreaker Galleon": LifeBase(
        Activated("B1", Grant(TargetNLBSummon("you"), "stealth", UNTIL_END_OF_TURN)),
    ),
    "Living Waterfall": Summon(
        Paid("R1", Heal(SELF, 1)),
    ),
    "Smuggler Drake": Summon(Stealth()),
    "Plunder Crew": Summon(
        Triggered(EntersPlay(SELF), GainControl(TargetCrystal("opponent"), YOU, UNTIL_END_OF_TURN)),
    ),
    "Cutlass Fury": Summon(
        Paid("R1", ModifyStats(SELF, attack=1)),
    ),
    "Healing Elixir": Flux(
        Heal(TargetSummon(), 8),
    ),
    "Raid the Hold": Flux(
        Activate(_raided),
        ProduceEnergy(YOU, EnergyOf(_raided), 1),
    ),
    "Decoy Barrel": Flux(
        RedirectDamage(_decoyed, TargetNLBSummon(distinct=True), UNTIL_END_OF_TURN),
    ),
    "Pickpocket": Flux(
        Discard(TargetPlayer("opponent"), 1, random=True),
    ),
    "Press-gang Contract": Catalyst(
        Continuous(GainControl(FOCUSED)),
        focus=NLBSummons("opponent"),
    ),
    "Black Market": Catalyst(
        Triggered(CrystalPlaced(Crystals("opponent")), ProduceEnergy(YOU, EnergyOf(EVENT_SUBJECT), 1),
                  optional=True),
    ),
    "Smuggler's Cache": Crystal(
        Triggered(EntersPlay(SELF), Draw(YOU, 1), condition=Count(Crystals("opponent")) > Count(Crystals("you"))),
    ),
}

# -- Red Barbarian Brotherhood: brute force, burning fluxes, berserkers ------------------------------------------

_blasted = TargetNLBSummon()

BARBARIAN = {
    "Ashen War Wagon": LifeBase(Rage(1)),
    "Magma Drake": Summon(
        Triggered(EntersPlay(SELF), DealDamage(Each(NLBSummons("opponent")), 1)),
    ),
    "Cinder Zeppelin": Summon(
        Activated("H1", DealDamage(TargetNLBSummon(), 1)),
    ),
    "Lava Behemoth": Summon(
        Continuous(ReduceDamage(SELF, 1)),
    ),
    "Skullsplitter Horde": Summon(
        Continuous(ModifyStats(Each(Summons("you", classes="berserker")), attack=1)),
    ),
    "Flamebound Berserker": Summon(
        Rage(2),
        Triggered(StartOfTurn("yours"), DealDamage(SELF, 1)),
    ),
    "Bloodrage Champion": Summon(
        Paid("H1", ModifyStats(SELF, attack=2), DealDamage(SELF, 1)),
    ),
    "Scorching Blast": Flux(
        DealDamage(_blasted, 3),
        Additional("R1", DealDamage(_blasted, 1)),
    ),
    "Incinerate": Flux(
        ChooseOne(
            Destroy(TargetCatalyst()),
            RemoveFromGame(TargetCard("discard", "opponent")),
        ),
    ),
    "Battle Fury": Flux(
        ModifyStats(TargetSummon("you"), attack=3),
    ),
    "Firestorm": Flux(
        DealDamage(Each(NLBSummons()), 2),
    ),
    "War Drums": Catalyst(
        Continuous(ModifyStats(Each(Summons("you")), speed=1)),
    ),
    "Burning Brand": Catalyst(
        Continuous(ModifyStats(FOCUSED, attack=2)),
        Triggered(StartOfTurn("yours"), DealDamage(FOCUSED, 1)),
        focus=Summons("you"),
    ),
    "Ember Heart": Crystal(
        Activated("", DealDamage(LifeBaseOf(YOU), 1), ProduceEnergy(YOU, "H", 2)),
    ),
}

EFFECTS = {**ARNUNNIAN, **UNDEAD, **PIRATE, **BARBARIAN}
