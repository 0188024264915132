// Checking the native effect tables (docs/cards.md "The native form") and naming what the engine cannot run yet.
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/effects.hpp"

namespace tcbg::x610z::fx {

namespace {

[[noreturn]] void bad(const std::string& table, const std::string& why) {
  throw GameError("effects." + table, why, "docs/cards.md (tcbg-effects/1)");
}

void check_width(const std::vector<int32_t>& t, int width, const char* name) {
  if (t.size() % static_cast<size_t>(width) != 0) bad(name, "records are " + std::to_string(width) + " words wide");
}

void check_index(int32_t v, int count, const std::string& table, const char* field, bool none_ok) {
  if ((none_ok && v == kNone) || (v >= 0 && v < count)) return;
  bad(table, std::string(field) + " " + std::to_string(v) + " points outside its table");
}

bool is_register(int32_t v) { return v >= 0 && v < kRegisters; }

}  // namespace

void Tables::validate(int num_cards) const {
  check_width(cards, card::kWidth, "cards");
  check_width(abilities, ability::kWidth, "abilities");
  check_width(modes, mode::kWidth, "modes");
  check_width(additionals, additional::kWidth, "additionals");
  check_width(filters, filter::kWidth, "filters");
  check_width(costs, cost::kWidth, "costs");
  check_width(triggers, trigger::kWidth, "triggers");
  check_width(continuous, continuous::kWidth, "continuous");
  check_width(code, kWidth, "code");
  const int n_cards = num(cards, card::kWidth), n_abilities = num(abilities, ability::kWidth);
  const int n_modes = num(modes, mode::kWidth), n_add = num(additionals, additional::kWidth);
  const int n_filters = num(filters, filter::kWidth), n_costs = num(costs, cost::kWidth);
  const int n_code = num(code, kWidth);
  if (n_cards != num_cards) {
    bad("cards", "has " + std::to_string(n_cards) + " records for " + std::to_string(num_cards) + " cards");
  }
  auto check_program = [&](int program, int length, const std::string& where) {
    if (length == 0) return;
    if (program < 0 || length < 0 || program + length > n_code) bad(where, "a program lies outside the code");
    for (int pc = program; pc < program + length; ++pc) {
      const int32_t* ins = instruction(pc);
      const int op = ins[0];
      const bool computes = (op >= END && op <= ASK) || op == PYTHON, changes = (op >= DAMAGE && op <= kLastOp);
      if (!computes && !changes) bad(where, "unknown opcode " + std::to_string(op));
      if (op == JUMP && (ins[1] < 0 || ins[1] > length)) bad(where, "a jump leaves its program");
      if ((op == JZ || op == NEXT) && (ins[op == JZ ? 2 : 3] < 0 || ins[op == JZ ? 2 : 3] > length)) {
        bad(where, "a jump leaves its program");
      }
      if ((op == COUNT || op == NEXT || op == CHOOSE || op == CHOOSE_DOT) && (ins[2] < 0 || ins[2] >= n_filters)) {
        bad(where, "an instruction names no filter");
      }
      if (op == MATCH && (ins[3] < 0 || ins[3] >= n_filters)) bad(where, "an instruction names no filter");
      // Register operands (everything but immediates, jumps, filters and Python effect numbers).
      bool ok = true;
      switch (op) {
        case RETURN: case TO_HAND: case REMOVE: case DESTROY: case SACRIFICE: case DISCARD: case SHUFFLE:
        case CANCEL: case ACTIVATE: case REACTIVATE: case ATTACH: case WIN: case SET: case CTX: case COUNT:
        case NEXT: case CHOOSE_DOT: case GRANT: case JZ:
          ok = is_register(ins[1]) && (op != CHOOSE_DOT || is_register(ins[3]));
          break;
        case ADD: case SUB: case MUL: case MIN: case MAX: case LE: case EQ: case CHOOSE_MOVE: case DAMAGE:
        case PRODUCE:
          ok = is_register(ins[1]) && is_register(ins[2]) && is_register(ins[3]);
          break;
        case NOT: case GET: case ASK: case HEAL: case PREVENT: case REDUCE: case REDIRECT: case DRAW: case PLACE:
        case MOVE: case CONTROL: case MODIFY: case MATCH:
          ok = is_register(ins[1]) && is_register(ins[2]);
          break;
        case CHOOSE: ok = is_register(ins[1]) && is_register(ins[3] & 0xFF); break;
        case COUNTERS: ok = is_register(ins[1]) && is_register(ins[3]); break;
        default: break;
      }
      if (!ok) bad(where, "an instruction names a register beyond r" + std::to_string(kRegisters - 1));
    }
  };
  for (int i = 0; i < n_cards; ++i) {
    const int32_t* c = card(i);
    if (c[card::kFirstAbility] < 0 || c[card::kNumAbilities] < 0 ||
        c[card::kFirstAbility] + c[card::kNumAbilities] > n_abilities) {
      bad("cards", "card " + std::to_string(i) + "'s abilities lie outside their table");
    }
    check_index(c[card::kFocusFilter], n_filters, "cards", "focus_filter", true);
  }
  const int n_triggers = num(triggers, trigger::kWidth);
  for (int i = 0; i < n_triggers; ++i) {
    const int32_t* tr = trigger_record(i);
    const std::string where = "triggers[" + std::to_string(i) + "]";
    check_program(tr[trigger::kCondition], tr[trigger::kConditionLength], where);
    if (tr[trigger::kSubject] == kSubjectFilter) check_index(tr[trigger::kFilter], n_filters, where, "filter", false);
    if (tr[trigger::kEvent] < kTurnStart || tr[trigger::kEvent] > kCrystalPlaced) bad(where, "unknown event");
  }
  for (int i = 0; i < n_abilities; ++i) {
    const int32_t* a = ability(i);
    const std::string where = "abilities[" + std::to_string(i) + "]";
    if (a[ability::kKind] == kTriggered) check_index(a[ability::kTrigger], n_triggers, where, "trigger", false);
    check_index(a[ability::kCost], n_costs, where, "cost", true);
    if (a[ability::kNumModes] < 1 || a[ability::kNumModes] > kMaxModes || a[ability::kFirstMode] < 0 ||
        a[ability::kFirstMode] + a[ability::kNumModes] > n_modes) {
      bad(where, "its modes lie outside their table (1 to " + std::to_string(kMaxModes) + " modes)");
    }
    if (a[ability::kNumAdditional] < 0 || a[ability::kNumAdditional] > kMaxAdditional ||
        (a[ability::kNumAdditional] > 0 && (a[ability::kFirstAdditional] < 0 ||
                                            a[ability::kFirstAdditional] + a[ability::kNumAdditional] > n_add))) {
      bad(where, "its additional effects lie outside their table");
    }
  }
  for (int i = 0; i < n_modes; ++i) {
    const int32_t* m = mode(i);
    const std::string where = "modes[" + std::to_string(i) + "]";
    check_program(m[mode::kProgram], m[mode::kLength], where);
    if (m[mode::kNumTargets] < 0 || m[mode::kNumTargets] > kTargetSlots) bad(where, "too many targets");
    for (int k = 0; k < m[mode::kNumTargets]; ++k) check_index(m[mode::kTarget0 + k], n_filters, where, "target", false);
  }
  for (int i = 0; i < n_add; ++i) {
    const int32_t* m = additional(i);
    const std::string where = "additionals[" + std::to_string(i) + "]";
    check_program(m[additional::kProgram], m[additional::kLength], where);
    check_index(m[additional::kCost], n_costs, where, "cost", true);
    if (m[additional::kNumTargets] < 0 || m[additional::kFirstSlot] < 0 ||
        m[additional::kFirstSlot] + m[additional::kNumTargets] > kTargetSlots) {
      bad(where, "its targets take slots beyond " + std::to_string(kTargetSlots - 1));
    }
    for (int k = 0; k < m[additional::kNumTargets]; ++k) {
      check_index(m[additional::kTarget0 + k], n_filters, where, "target", false);
    }
  }
  const int n_continuous = num(continuous, continuous::kWidth);
  for (int i = 0; i < n_cards; ++i) {
    const int32_t* c = card(i);
    if (c[card::kFirstContinuous] < 0 || c[card::kNumContinuous] < 0 ||
        c[card::kFirstContinuous] + c[card::kNumContinuous] > n_continuous) {
      bad("cards", "card " + std::to_string(i) + "'s continuous effects lie outside their table");
    }
  }
  for (int i = 0; i < n_continuous; ++i) {
    const int32_t* ce = continuous_effect(i);
    const std::string where = "continuous[" + std::to_string(i) + "]";
    check_program(ce[continuous::kProgram], ce[continuous::kLength], where);
    if (ce[continuous::kSubject] == kSubjectFilter) check_index(ce[continuous::kFilter], n_filters, where, "filter", false);
    if (ce[continuous::kLayer] == kLayerStat && (ce[continuous::kWhat] < kAttack || ce[continuous::kWhat] > kBlockRate)) {
      bad(where, "a stat layer names no stat");
    }
  }
  for (int i = 0; i < n_filters; ++i) {
    const int32_t* f = filter(i);
    if (f[filter::kKind] < kPlayer || f[filter::kKind] > kStackItem) bad("filters", "unknown kind");
  }
}

namespace {

constexpr int kAllZones = 0x3F * kReadsZone;  // zone numbers 0-5 (Zone, game.hpp)
constexpr int kZoneDeck = 0, kZoneHand = 1, kZonePlay = 2, kZoneDiscard = 3;

// What GET of `prop` reads, as Tables::continuous_reads counts it. A card's stats without continuous effects,
// damage, counters and controller are always counted, as are its owner, class, type, card and cost, which never
// change.
int prop_reads(int prop) {
  switch (prop) {
    case kActivated: return kReadsActivation;
    case kPool: return kReadsOther;
    case kZone: return kAllZones;
    case kDot: return kReadsDots;
    case kHandSize: return kReadsZone << kZoneHand;
    case kDeckSize: return kReadsZone << kZoneDeck;
    case kDiscardSize: return kReadsZone << kZoneDiscard;
    default: return 0;  // kLifeBase and kCrystals read cards in play
  }
}

}  // namespace

int Tables::continuous_reads(int def) const {
  int reads = 0;
  const auto filter_reads = [&](int index, bool subject) {
    const int32_t* f = filter(index);
    const int kind = f[filter::kKind];
    // A player filter asks whether the player still plays; a stack item filter reads the stack.
    if (kind == kPlayer || kind == kStackItem) reads |= kReadsOther;
    const int zones = kind == kKindCard ? (f[filter::kZone] >= 0 && f[filter::kZone] < 6 ? kReadsZone << f[filter::kZone]
                                                                                         : kAllZones)
                      : kind >= kSummon && kind <= kPermanent ? kReadsZone << kZonePlay : 0;
    reads |= zones;
    if (!subject) reads |= zones / kReadsZone * kReadsAnyInZone;  // COUNT: every card of those zones
    if (kind == kKindDot || f[filter::kDots]) reads |= kReadsDots;  // a dot's occupant, a card's dot
    if (f[filter::kFlags] & (kFlagActivated | kReactivated)) reads |= kReadsActivation;
    if (f[filter::kStat] != kNone) reads |= prop_reads(f[filter::kStat]);
  };
  const int32_t* c = card(def);
  for (int k = c[card::kFirstContinuous]; k < c[card::kFirstContinuous] + c[card::kNumContinuous]; ++k) {
    const int32_t* ce = continuous_effect(k);
    if (ce[continuous::kSubject] == kSubjectFilter) filter_reads(ce[continuous::kFilter], true);
    const int program = ce[continuous::kProgram], length = ce[continuous::kLength];
    // The registers that hold the card itself or the subject wherever they are read: in a program without jumps,
    // written before they are read, and only by CTX SELF or SUBJECT.
    bool jumps = false;
    uint32_t other_writes = 0;
    for (int pc = program; pc < program + length; ++pc) {
      const int32_t* ins = instruction(pc);
      jumps = jumps || ins[0] == JUMP || ins[0] == JZ;
      const bool own = ins[0] == CTX && (ins[2] == kSelf || ins[2] == kSubject);
      if (!own && ins[0] != RETURN && ins[0] != END && is_register(ins[1])) other_writes |= 1u << ins[1];
    }
    uint32_t own_written = 0;
    for (int pc = program; pc < program + length; ++pc) {
      const int32_t* ins = instruction(pc);
      if (ins[0] == GET) {
        reads |= prop_reads(ins[3]);
        const bool own = !jumps && is_register(ins[2]) && ((own_written & ~other_writes) >> ins[2] & 1);
        if (ins[3] >= kHandSize) {  // a player's: cards of the zone it counts
          const int zone = ins[3] == kHandSize ? kZoneHand : ins[3] == kDeckSize ? kZoneDeck
                           : ins[3] == kDiscardSize ? kZoneDiscard : ins[3] == kPool ? -1 : kZonePlay;
          if (zone >= 0) reads |= kReadsAnyInZone << zone;
        } else if (!own) {
          reads |= kAllZones / kReadsZone * kReadsAnyInZone;
        }
      }
      if (ins[0] == COUNT) filter_reads(ins[2], false);
      if (ins[0] == MATCH) {
        filter_reads(ins[3], true);
        reads |= kAllZones / kReadsZone * kReadsAnyInZone;  // of whatever card the register holds
      }
      if (ins[0] == CTX && (ins[2] == kSelf || ins[2] == kSubject) && is_register(ins[1])) own_written |= 1u << ins[1];
      // CTX reads the card itself, its controller, its focus, the active player or the subject: always counted.
    }
  }
  return reads;
}

std::string Tables::unsupported(int def) const {
  const int32_t* c = card(def);
  for (int k = c[card::kFirstContinuous]; k < c[card::kFirstContinuous] + c[card::kNumContinuous]; ++k) {
    const int32_t* ce = continuous_effect(k);
    if (ce[continuous::kLayer] == kLayerControl &&
        (ce[continuous::kSubject] != kSubjectFocused || ce[continuous::kLength] != 0 || ce[continuous::kAmount] == 0)) {
      return "continuous control change other than of the focused permanent";
    }
    if (ce[continuous::kLength] > 0) {
      for (int pc = ce[continuous::kProgram]; pc < ce[continuous::kProgram] + ce[continuous::kLength]; ++pc) {
        const int op = instruction(pc)[0];
        if (op > MATCH || (op == CTX && (instruction(pc)[2] == kOther || instruction(pc)[2] == kAmount))) {
          return "a continuous amount this engine cannot compute";
        }
      }
    }
  }
  auto program_unsupported = [&](int program, int length) -> std::string {
    for (int pc = program; pc < program + length; ++pc) {
      const int32_t* ins = instruction(pc);
      switch (ins[0]) {
        case PREVENT:
          if (ins[3] != kUntilEndOfTurn) return "damage prevention lasting beyond the turn";
          break;
        case REDIRECT:
          if (ins[3] != kUntilEndOfTurn) return "damage redirection lasting beyond the turn";
          break;
        case CTX:
          break;
        default: break;
      }
    }
    return "";
  };
  for (int a = c[card::kFirstAbility]; a < c[card::kFirstAbility] + c[card::kNumAbilities]; ++a) {
    const int32_t* ab = ability(a);
    if (ab[ability::kKind] == kTriggered) {
      const int32_t* tr = trigger_record(ab[ability::kTrigger]);
      if (ab[ability::kZone] != 2 && ab[ability::kZone] != 3) {
        return "triggered abilities outside play and the discard pile";
      }
      for (int pc = tr[trigger::kCondition]; pc < tr[trigger::kCondition] + tr[trigger::kConditionLength]; ++pc) {
        const int op = instruction(pc)[0];
        if (op > MATCH || (op == CTX && (instruction(pc)[2] == kOther || instruction(pc)[2] == kAmount))) {
          return "a trigger condition this engine cannot compute";
        }
      }
    }
    if (ab[ability::kKind] == kActivatedAbility || ab[ability::kKind] == kPaid) {
      if (ab[ability::kNumber] >= kMaxAbilityActions) return "more than 4 abilities on one card";
      if (ab[ability::kZone] != 2 && ab[ability::kZone] != 3) return "abilities used from a hand or deck";
      if (ab[ability::kCost] != kNone && cost(ab[ability::kCost])[cost::kDiscard] > 7) {
        return "a cost that discards more than 7 cards";
      }
    }
    for (int m = ab[ability::kFirstMode]; m < ab[ability::kFirstMode] + ab[ability::kNumModes]; ++m) {
      const std::string why = program_unsupported(mode(m)[mode::kProgram], mode(m)[mode::kLength]);
      if (!why.empty()) return why;
    }
    for (int k = 0; k < ab[ability::kNumAdditional]; ++k) {
      const int32_t* ad = additional(ab[ability::kFirstAdditional] + k);
      const std::string why = program_unsupported(ad[additional::kProgram], ad[additional::kLength]);
      if (!why.empty()) return why;
      if (ad[additional::kCost] != kNone) {
        const int32_t* co = cost(ad[additional::kCost]);
        if (co[cost::kFlags] || co[cost::kCounterCount]) {
          return "additional costs that act on the card itself (sacrifice, remove, activate it, remove its counters)";
        }
        if (co[cost::kDiscard] > 7) return "a cost that discards more than 7 cards";
      }
    }
  }
  return "";
}

}  // namespace tcbg::x610z::fx
