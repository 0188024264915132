// Card effects in their native form (tcbg-effects/1, docs/cards.md "The native form"): the flat int32 tables the
// engine runs with no Python. Python compiles a card set's definitions into these tables
// (tcbg.x610z.effects.native, the authority on their layout); the Game holds one copy and every State reads it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tcbg/core/effects.hpp"

namespace tcbg::x610z::fx {

// The machine both games share (core/effects.hpp): its constants, the opcodes the core names, compute() and the
// run loop are X610Z's as they are.
using tcbg::fx::kRegisters;    // r0-r3 targets, r4-r15 scratch
using tcbg::fx::kTargetSlots;
using tcbg::fx::kNone;
using tcbg::fx::kWidth;        // words per instruction
using tcbg::fx::compute;
using enum tcbg::fx::CoreOp;   // END ... MATCH, CHOOSE, ASK, PYTHON
inline constexpr int kMaxModes = 8;     // "choose one" modes the action ids leave room for
inline constexpr int kMaxAdditional = 8;

// Record widths and field positions, in the order of native.py's TABLES.
namespace card { enum : int { kFirstAbility, kNumAbilities, kFirstContinuous, kNumContinuous, kFocusFilter,
                              kStartActivation, kStartTime, kStartCharge, kFlags, kWidth }; }
namespace ability { enum : int { kKind, kCard, kZone, kTiming, kCost, kTrigger, kFirstMode, kNumModes,
                                 kFirstAdditional, kNumAdditional, kFlags, kNumber, kWidth }; }
namespace mode { enum : int { kProgram, kLength, kNumTargets, kTarget0, kWidth = kTarget0 + 4 }; }
namespace additional { enum : int { kCost, kProgram, kLength, kFirstSlot, kNumTargets, kTarget0,
                                    kWidth = kTarget0 + 4 }; }
namespace filter { enum : int { kKind, kRelation, kClasses, kTypes, kZone, kFlags, kStat, kStatMin, kStatMax, kCard,
                                kDots, kWidth }; }
namespace cost { enum : int { kEnergy0, kFlags = 5, kDiscard, kCounterKind, kCounterCount, kSacrifice, kWidth }; }
namespace trigger { enum : int { kEvent, kSubject, kFilter, kTurn, kCondition, kConditionLength, kWidth }; }
namespace continuous { enum : int { kCard, kLayer, kSubject, kFilter, kWhat, kAmount, kProgram, kLength, kWidth }; }

// X610Z's own instructions, in the codes the core leaves free (tcbg.x610z.effects.native.Op).
enum Op : int {
  CHOOSE_DOT = 19, CHOOSE_MOVE = 20, DAMAGE = 32, HEAL = 33, PREVENT = 34, REDUCE = 35, REDIRECT = 36, DESTROY = 37,
  SACRIFICE = 38, DISCARD = 39, DRAW = 40, SHUFFLE = 41, TO_HAND = 42, REMOVE = 43, PLACE = 44, MOVE = 45,
  CONTROL = 46, PRODUCE = 47, MODIFY = 48, GRANT = 49, COUNTERS = 50, CANCEL = 51, ACTIVATE = 52, REACTIVATE = 53,
  ATTACH = 54, WIN = 55
};
inline constexpr int kLastOp = WIN;  // X610Z's instructions end here
enum Ctx : int {  // the core's contexts, and FOCUSED
  kSelf = tcbg::fx::kCtxSelf, kController = tcbg::fx::kCtxController, kActivePlayer = tcbg::fx::kCtxActivePlayer,
  kSubject = tcbg::fx::kCtxSubject, kOther = tcbg::fx::kCtxOther, kAmount = tcbg::fx::kCtxAmount, kFocused
};
enum Prop : int {
  kAttack, kDefense, kSpeed, kRange, kBlockRate, kDamage, kRemaining, kActivationCounters, kTimeCounters,
  kChargeCounters, kPropController, kOwner, kZone, kDot, kActivated, kClass, kType, kProduces, kCard, kCost,
  kHandSize = 32, kDeckSize, kDiscardSize, kLifeBase, kCrystals, kPool
};
enum Kind : int { kPlayer, kSummon, kNLBSummon, kKindLifeBase, kCrystal, kCatalyst, kKindQuest, kPermanent, kKindCard,
                  kKindDot, kStackItem };
enum Relation : int { kAny, kYou, kOpponent, kTeammate, kNotYou };
enum FilterFlag : int { kNotSelf = 1, kDamaged = 2, kUndamaged = 4, kFlagActivated = 8, kReactivated = 16,
                        kFree = 32, kSummonDot = 64, kDistinct = 128 };
enum DotKind : int { kDotStart = 1, kDotEnd = 2, kDotNoAttack = 4, kDotWarp = 8, kDotQuest = 16, kDotWhite = 32 };
enum StackBits : int { kCastFlux = 1, kCastPermanent = 2, kStackMove = 4, kStackAttack = 8, kStackAbility = 16 };
enum ChooseFlag : int { kOptional = tcbg::fx::kChooseOptional, kRandom = tcbg::fx::kChooseRandom, kSearch = 4 };
enum AbilityKind : int { kCast, kActivatedAbility, kPaid, kTriggered };
enum Timing : int { kAnyTime, kYourTurn, kYourActionPhase };
enum CardFlag : int { kHasPython = 1 };
enum Event : int { kTurnStart, kEndPhase, kEntersPlay, kLeavesPlay, kDestroyed, kEventDamaged, kAttacks, kMoves, kCastEvent,
                   kCrystalPlaced };
enum TurnKind : int { kTurnAny, kTurnYours, kTurnOpponents };
inline constexpr int kMaxWaiting = 32;  // triggered abilities waiting to go on the stack at once
enum Layer : int { kLayerControl = 1, kLayerProperty = 2, kLayerStat = 3, kLayerDamageTaken = 4 };
enum SubjectKind : int { kSubjectThis = 0, kSubjectFocused = 1, kSubjectFilter = 2, kSubjectNobody = 3 };
enum Property : int { kStealth = 1, kCannotAttack = 2, kCannotMove = 4, kCannotBeAttacked = 8, kAllDirections = 16 };
enum CostFlag : int { kActivateSelf = 1, kSacrificeSelf = 2, kRemoveSelf = 4 };
enum Counter : int { kCounterDamage = 0, kCounterActivation = 1, kCounterTime = 2, kCounterCharge = 3 };
enum Duration : int {  // the core's
  kUntilEndOfTurn = tcbg::fx::kDurationUntilEndOfTurn, kWhileInPlay = tcbg::fx::kDurationWhileInPlay,
  kWhileSourceInPlay = tcbg::fx::kDurationWhileSourceInPlay
};
enum ContinuousReads : int { kReadsActivation = 1, kReadsOther = 2, kReadsDots = 4, kReadsZone = 8, kReadsAnyInZone = 512 };
inline constexpr int kMaxAbilityActions = 4;  // ACTIVATED or PAID abilities of one card the action ids leave room for

// The tables as the core reads them. Built from native.arrays() (every table flattened row by row).
struct Tables {
  std::vector<int32_t> cards, abilities, modes, additionals, filters, costs, triggers, continuous, code;

  int num(const std::vector<int32_t>& t, int width) const { return static_cast<int>(t.size()) / width; }
  const int32_t* card(int i) const { return &cards[static_cast<size_t>(i) * card::kWidth]; }
  const int32_t* ability(int i) const { return &abilities[static_cast<size_t>(i) * ability::kWidth]; }
  const int32_t* mode(int i) const { return &modes[static_cast<size_t>(i) * mode::kWidth]; }
  const int32_t* additional(int i) const { return &additionals[static_cast<size_t>(i) * additional::kWidth]; }
  const int32_t* filter(int i) const { return &filters[static_cast<size_t>(i) * filter::kWidth]; }
  const int32_t* cost(int i) const { return &costs[static_cast<size_t>(i) * cost::kWidth]; }
  const int32_t* trigger_record(int i) const { return &triggers[static_cast<size_t>(i) * trigger::kWidth]; }
  const int32_t* continuous_effect(int i) const { return &continuous[static_cast<size_t>(i) * continuous::kWidth]; }
  const int32_t* instruction(int i) const { return &code[static_cast<size_t>(i) * kWidth]; }
  // The CAST ability of card `def` (a flux's or a focused catalyst's first ability), or kNone.
  int cast_ability(int def) const {
    const int32_t* c = card(def);
    return c[card::kNumAbilities] > 0 && ability(c[card::kFirstAbility])[ability::kKind] == kCast
               ? c[card::kFirstAbility] : kNone;
  }

  // The ACTIVATED or PAID ability whose `number` on card `def` is `number`, or kNone.
  int numbered_ability(int def, int number) const {
    const int32_t* c = card(def);
    for (int a = c[card::kFirstAbility]; a < c[card::kFirstAbility] + c[card::kNumAbilities]; ++a) {
      const int kind = ability(a)[ability::kKind];
      if (ability(a)[ability::kNumber] == number && (kind == kActivatedAbility || kind == kPaid)) return a;
    }
    return kNone;
  }

  // Checks every index and width (a malformed table raises tcbg::GameError naming the table) so the interpreter
  // never reads out of bounds.
  void validate(int num_cards) const;
  // What the continuous effects of card `def` read (their subject filters and amounts, COUNT and MATCH filters
  // included), as fx::ContinuousReads bits: always the cards in play or being cast, their controllers, damage,
  // counters and stat changes, focus and the active player; kReadsZone << z, cards in zone z out of play;
  // kReadsDots, where summons stand; kReadsActivation, whether cards are activated; kReadsOther, anything else
  // (pools, stack items, players' outcomes), of which State reports no change (State::forget_continuous). And
  // kReadsAnyInZone << z when an amount reads cards in zone z other than its own card and its subject (a COUNT, a
  // player's hand size, GET of a card it did not get by CTX SELF or SUBJECT): then a card entering or leaving zone z
  // changes other cards' sums, else only its own (unless it is itself a source of continuous effects).
  int continuous_reads(int def) const;
  // What the engine cannot run yet of card `def` ("" when it runs all of it): named for the GameError a game
  // with such a card raises (docs/engine-design.md, "Card effects").
  std::string unsupported(int def) const;
};

}  // namespace tcbg::x610z::fx
