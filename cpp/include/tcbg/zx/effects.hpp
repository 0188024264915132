// The native form of Z/X card abilities (docs/zx/cards.md "Native form"): what the Python compiler
// (tcbg.zx.effects) writes into flat int32 tables when a game is created, and the State's interpreter, a host of the
// shared machine (tcbg/core/effects.hpp), reads. Every number here has its twin in tcbg/zx/effects/native.py.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "tcbg/core/effects.hpp"

namespace tcbg::zx::fx {


// The kinds of object a filter or a register holds (CoreKind 0 is a player).
enum ObjectKind : int32_t { kPlayer = 0, kZX = 1, kCard = 2, kSquare = 3 };

// CTX codes: the core's (CoreCtx), then Z/X's own.
enum Ctx : int32_t {
  kSelf = tcbg::fx::kCtxSelf, kController = tcbg::fx::kCtxController, kActivePlayer = tcbg::fx::kCtxActivePlayer,
  kSubject = tcbg::fx::kCtxSubject, kOther = tcbg::fx::kCtxOther, kAmount = tcbg::fx::kCtxAmount,
  kOpponent = 6,        // the controller's opponent
  kIgnitionPhase = 7,   // 1 while the turn is in its Ignition phase (CR 505), else 0
  kEventFrom = 12,      // in an AUTO's at-event condition on APPEARS: the zone (Zone) the Z/X came from (-1: none;
                        // rules.md Z15.323)
  kEventCause = 10,     // in an AUTO's at-event condition: the card whose ability destroys the Z/X now (-1: none, a
                        // rule or a battle; rules.md Z15.186)
};

// GET property codes (of a card: power, cost ...; of a player: hand, life ...).
enum Prop : int32_t {
  kPropPower = 32, kPropCost = 33, kPropHand = 34, kPropLife = 35, kPropResource = 36, kPropCharge = 37, kPropDeck = 38,
  kPropTrash = 39, kPropPlayerCard = 40,  // the card index of the player's Player card, -1 none
  kPropSquare = 41, kPropOwner = 42,
  kPropTopCard = 50,   // of a player: the card on top of their deck, -1 none
  kPropSleeping = 51,  // of a card: 1 Sleeping (a Z/X on a Square, a Resource card), else 0
  kPropPlayerCardName = 43,  // the first card of the table with the name of the player's Player card, -1 none
  kPropPlayerSquareZX = 47,  // of a player: the Z/X on their Player Square, -1 none
};

// The game's instructions (from 32 on: they change the game). Operands are registers unless said.
enum Op : int32_t {
  kOpDamage = 32,        // zx, amount: damage to a Z/X (CR 208; lethal damage is a rule effect, CR 904)
  kOpPower = 33,         // zx, amount: Power + amount until end of turn
  kOpDestroy = 34,       // zx: destroyed (into Charge, CR 1007.1, or its replacement)
  kOpToHand = 35,        // card: into its owner's hand (a Z/X from its Square, a card from Trash)
  kOpMove = 36,          // zx, square: to the Square, keeping Reboot / Sleep, damage and changes (B01-031)
  kOpToTrash = 37,       // card: into its owner's Trash
  kOpDraw = 38,          // player, n: one card at a time (a Reload may come between two, seed case 4)
  kOpToDeck = 39,        // card: onto the top of its owner's deck
  kOpShuffle = 40,       // player: shuffles their deck
  kOpTopToCharge = 41,   // player, n: the top n cards of the deck into Charge
  kOpTopToResource = 42, // player, imm sleep: the top card of the deck into Resource (Sleeping when imm is 1)
  kOpToResource = 43,    // card, imm sleep: into its owner's Resource
  kOpRecover = 44,       // player, n: the top n cards of the deck into Life (CR 1012.1)
  kOpNoDamage = 45,      // zx: deals no damage until end of turn
  // Payments, states and deck work (docs/zx/cards.md "Payments, states and the deck").
  kOpSleep = 56,         // card: a Z/X on a Square or a Resource card Sleeps
  kOpReboot = 57,        // card: a Z/X on a Square or a Resource card is Rebooted
  kOpPlayerDamage = 58,  // player, n: n damage to the player (CR 909, processed at priority preprocessing)
  kOpMill = 59,          // player, n: the top n cards of the deck into Trash, one at a time (Evol Seed, Reload)
  kOpToBottom = 60,      // card: onto the bottom of its owner's deck
  kOpToCharge = 61,      // card: into its owner's Charge
  kOpToLife = 62,        // card: face down onto the top of its owner's Life
  kOpPay = 63,           // r, player, imm n | colours << 8: the player may pay (a yes / no, then Resource cards one
                         // at a time, as a Cost, CR 7.1); R[r] = 1 paid, 0 not (also when it cannot be paid)
  kOpTopToBottom = 64,   // player, n: the top n cards of the deck onto its bottom, the top one first
  kOpSink = 65,          // card, depth: a card of a deck moved to R[depth] cards from the top (0: the top)
  kOpPlace = 46,         // card, square, imm sleep: the card (a Z/X in a zone, never on a Square) appears on the
                         // Square, Sleeping when imm is 1, if the Square is legal for it (rules.md Z15.120)
  kOpSwap = 47,          // zx, zx: the two Z/X exchange Squares, keeping their states (rules.md Z15.122)
  kOpRemove = 48,        // card: removed from the game (rules.md Z15.127), from any zone of its owner's
  // Granted keywords and states (docs/zx/cards.md "Grants and restrictions").
  kOpGrant = 81,         // zx, imm keyword (GrantedKeyword): the Z/X has the keyword until end of turn
  kOpFreeze = 82,        // zx: the Z/X does not Reboot during its owner's next Reboot Phase (rules.md Z15.162)
  // "At the end of the turn" and player damage (docs/zx/cards.md "At the end of the turn").
  kOpRemember = 86,      // card, imm zone: the card, if it is in that zone (Zone) now, is remembered by the source
                         // (CardInstance::remembered_by; rules.md Z15.320)
  kOpPlayerDamageUp = 87,  // zx, n: until end of turn the damage the Z/X deals to its owner's opponent is n more
                           // (B05-015; rules.md Z15.324)
  // Changes until end of turn, and until the battle ends (docs/zx/cards.md "Grants and restrictions").
  kOpCost = 70,            // zx, n: Cost + n until end of turn, for a Z/X on a Square (rules.md Z15.340)
  kOpNoBattleDamage = 71,  // zx: the attacker of the battle now deals no damage in battle until the battle ends
                           // (rules.md Z15.345); nothing for another Z/X
  kOpDiv = 90,           // r, s, t: R[r] = R[s] / R[t] rounded down, 0 when R[t] is 0 (reads and computes only)
};
inline constexpr int kFirstDeckOp = kOpSleep, kLastDeckOp = kOpSink;

// Filter records (docs/zx/cards.md "Filters"): which objects match.
enum FilterField : int {
  kFKind = 0, kFWhose = 1, kFZone = 2, kFFlags = 3, kFCostMin = 4, kFCostMax = 5, kFPowerMin = 6, kFPowerMax = 7,
  kFRace = 8, kFAnchor = 9, kFEither = 10, kFType = 11,
  kFName = 12,      // the first card of a name (Tables::names): cards of that name (every printing); -1 any,
                    // -2 none
  kFColours = 13,   // Colour bits: a card of one of them at least; 0 any
  kFNear = 14,      // a filter (listed before this one): on a Square adjacent to a Square it matches, or to the
                    // Square of a Z/X it matches; -1 anywhere
  kFDistinct = 15,  // what COUNT counts: 0 the objects, 1 their distinct names, 2 their distinct races, 3 their
                    // distinct colours
  kFTarget = 16,    // a Player or Z/X filter (listed before this one): the Z/X is the attacker of the battle now and
                    // its attack's target matches it (the attacked player, or the attacked Z/X); -1 no battle asked
  kFilterWidth = 17,
};
enum Distinct : int32_t { kCountObjects = 0, kDistinctNames = 1, kDistinctRaces = 2, kDistinctColours = 3 };
enum Whose : int32_t { kAnyone = 0, kYours = 1, kOpponents = 2 };
enum FilterFlag : int32_t {
  kNormalSquare = 1 << 0,      // on (or being) a Normal Square
  kOnPlayerSquare = 1 << 1,    // on (or being) a Player Square
  kInBattle = 1 << 2,          // the attacker or the attacked Z/X of the battle now (ruling B02-040)
  kNotInBattle = 1 << 3,
  kAttacking = 1 << 4,
  kAttacked = 1 << 5,
  kArmyArea = 1 << 6,          // in its controller's Army Area (CR 303.4)
  kEmpty = 1 << 7,             // a Square without a Z/X
  kAdjacent = 1 << 8,          // a Square adjacent to the Z/X in the anchor register
  kNotSelf = 1 << 9,           // not the source
  kHighestPower = 1 << 10,     // the highest Power among the Z/X matching the rest of the filter
  kOddCost = 1 << 11,
  kNotEnemyPlayerSquare = 1 << 12,  // a Square other than the Player Square of the anchor Z/X's opponent
  kChoosable = 1 << 13,        // no Isolate (CR 1104: no card effect chooses it); set on every choice
  kSelfOnly = 1 << 14,         // the source itself
  kTopOfDeck = 1 << 25,        // a deck card among the top R[anchor] cards of its deck (what an effect looks at)
  kNotChosen = 1 << 26,        // not an object held in registers anchor..r15 (a choice of several, distinct)
  kByPosition = 1 << 27,       // a face-down Life card of one player, chosen by its position (a hidden pick, 909)
  kFromAnchorSquare = 1 << 28, // a Z/X on the Square of the Z/X in the anchor register or on a later Square (any
                               // Square when it holds none): the order in which a division gives out its damage
                               // (docs/zx/cards.md "Dividing damage", rules.md Z15.300)
  kEvolSeedIcon = 1 << 15,     // a card with the Evol Seed icon (sources.md 1.3)
  kIgnitionIcon = 1 << 16,     // a card with the printed Ignition icon (CR 207.3)
  kDamaged = 1 << 17,          // a Z/X with damage on it (CR 208)
  kAppearedThisTurn = 1 << 18, // a Z/X that appeared this turn (and has stayed on the Squares since)
  kNotPlayerSquare = 1 << 19,  // a Square other than the Player Square of `whose` (any: no Player Square)
  kYourArmyArea = 1 << 20,     // a Z/X in the Army Area of the effect's controller, whoever controls the Z/X
  kLegalFor = 1 << 21,         // a Square the card in the anchor register may be put or moved onto: empty and not
                               // the Player Square of that card's owner's opponent (rules.md 7.3, Z12.11, Z15.120)
  kNotAnchor = 1 << 22,        // a Z/X other than the one in the anchor register (the second of a swap)
  kRemovedBySource = 1 << 23,  // a card removed from the game by the source's ability (rules.md Z15.131)
  kNotName = 1 << 24,          // kFName excludes: a card of any name but that one ("other than 「X」")
  kRememberedBySource = 1 << 29,  // a card the source's ability remembers, still where it put it (Z15.320)
  kCenterArea = 1 << 30,       // on (or being) a Square of the Center Area (CR 303.4): the Squares bearing the
                               // triangle mark (rules.md Z15.220)
};

// Ability records (docs/zx/cards.md "Kinds of ability").
enum AbilityField : int {
  kADef = 0, kAKind = 1, kAEvent = 2, kATurn = 3, kACode = 4, kALength = 5, kACond = 6, kACondLength = 7,
  kAFilter = 8, kAColourN = 9, kAColours = 10, kAChargeN = 11, kACostFlags = 12, kAZone = 13, kADiscardN = 14,
  kACostZX = 15,  // a startup ability's "[Sleep 1 of your Z/X ...]": a Z/X filter, one Z/X in Reboot matching it is
                  // Slept as part of the cost (rules.md Z15.221); -1 none
  kAbilityWidth = 16,
};
enum AbilityKind : int32_t {
  kAuto = 0,               // automatic: waits for priority preprocessing after its event (rules.md 12.1)
  kContinuousPower = 1,    // the Z/X matching the filter get the amount program's value as Power (cond: while)
  kContinuousIgnition = 2, // has the Ignition icon while the condition holds
  kStartup = 3,            // used with priority, costs paid first (CR 8xx); cond: when it may be used
  kEventAbility = 4,       // an Event's ability, resolved top to bottom when the Event resolves
  kReplaceDestroy = 5,     // "if this card would be destroyed, put it into Resource (sleeping) instead"
  kContinuousChargeLimit = 6,  // the Charge limit of the players matching the filter: plus the amount program's
                               // value (event 1: no limit at all), while the card is on a Square (B01-103, B03-051)
  kReplaceDestroyToHand = 16,  // "if this card would be destroyed, return it to your hand instead" (B05-030)
  kContinuousDamage = 17,      // damage dealt by the cards the filter matches (from any zone) to a Z/X the condition
                               // accepts (read with SUBJECT the damaged Z/X): plus the amount program's value, while
                               // the card is on a Square (B02-012, B03-006; rules.md Z15.183)
  kPreventDamage = 18,         // this card, on a Square, is not dealt any single damage of the amount program's value
                               // or less (B04-056)
  kContinuousPlayFrom = 12,    // its controller may play the cards matching the filter (a zone's) of the colours
                               // (colours; 0: any) from where they are, paying their Cost (event 1: without paying
                               // it), while the card is on a Square (rules.md Z15.130)
  kContinuousCost = 19,        // the Cost of the cards matching the filter (any zone): plus the amount program's
                               // value, never below 0, and with event 1 never below 1 unless printed lower ("not to 0
                               // or less"), while the card is on a Square (rules.md Z15.224)
  kDelayed = 23,               // "at the end of the turn": the program waits at the end of each turn in which cards
                               // this card's ability remembered are still where it put them (one a card; rules.md
                               // Z15.320)
  kContinuousColour = 21,      // this card (its own ability, one a card) is of the colours `colours` while it is in
                               // a zone of the `zone` bits (1 << Zone) and the condition holds (B05-009; rules.md
                               // Z15.342)
  kPlayCondition = 20,         // the card may be played (from any zone, its Cost paid or not) only while the
                               // condition program holds, read with the card as source (rules.md Z15.225)
  kContinuousKeyword = 13,     // the Z/X matching the filter have keyword `event` (GrantedKeyword) while the card is
                               // on a Square and the condition holds (B01-034, B03-036)
  kRestriction = 14,           // what the rules then forbid (event: Restriction), while the condition holds
  kGrant = 15,                 // the Z/X matching the filter have the ability of the next record (zone kGranted)
                               // while the card is on a Square and the condition holds (B02-010, B03-014)
};
// The keywords an ability may grant (kContinuousKeyword's event, GRANT's operand).
enum GrantedKeyword : int32_t { kGrantRange2 = 0, kGrantRangeInfinity = 1, kGrantIsolate = 2, kNumGranted = 3 };
// kRestriction's event: this card cannot appear on a Player Square (wherever it is; no filter); the players of the
// filter are not dealt damage (while the card is on a Square); the Z/X of the filter cannot attack (likewise).
enum Restriction : int32_t { kNoPlayerSquare = 0, kNoPlayerDamage = 1, kNoAttack = 2, kNumRestrictions = 3 };
enum Event : int32_t {
  kAppears = 0, kAttacks = 1, kIsAttacked = 2, kDestroysByBattle = 3, kDamagesInBattle = 4, kDestroyed = 5,
  kBattleEnds = 6, kTurnStarts = 7, kTurnEnds = 8, kPutIntoResource = 9, kEvolSeed = 10, kLifeDecreases = 11,
  kMoved = 12,        // a Z/X put by an effect from its Square onto another Square (a move or an exchange)
  kEventPlayed = 13,  // an Event played (cast), seen as it starts to resolve; its subject the Event card
  kDraws = 14,        // a player draws cards (an effect's draw, the turn's draw); its subject the player, its amount
                      // the cards drawn (rules.md Z15.188)
  kNumEvents = 15,
};
enum Turn : int32_t { kAnyTurn = 0, kYourTurn = 1, kOpponentsTurn = 2 };
// kOncePerTurn: "this ability can be used only once per turn" (its card's status kStatusUsedOnce, ONCE_PER_TURN).
// Bits 8-11: how many Z/X the kACostZX cost Sleeps, less one ("[Sleep 5 of your Metal Fortress Z/X]", B03-101).
enum CostFlag : int32_t { kSelfChargeToTrash = 1, kSleepSelf = 2, kDestroySelf = 4, kOncePerTurn = 8 };
inline constexpr int kCostZXShift = 8, kCostZXMask = 0xF;
// Where a startup ability is used from; kGranted: the record is an ability a kGrant record gives other Z/X, never
// an ability of its own card.
enum AbilityZone : int32_t { kFromSquare = 0, kFromCharge = 1, kFromHand = 2, kFromResource = 3, kGranted = 4 };

// The tables of one game (compiled by tcbg.zx.effects for this game's card table).
struct Tables {
  std::vector<int32_t> code;  // 4 words an instruction
  std::vector<std::array<int32_t, kFilterWidth>> filters;
  std::vector<std::array<int32_t, kAbilityWidth>> abilities;
  std::vector<int32_t> races;  // per card definition, the bits of its races (a filter's race is one bit); 0: none
  std::vector<int32_t> names;  // per card definition, the first card of the table with its name (every printing)
};

inline constexpr int kMaxCursors = 2;  // resolutions under way at once (an Event's, and a startup ability in it)

}  // namespace tcbg::zx::fx
