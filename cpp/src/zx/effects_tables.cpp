// The compiled card abilities of a game (docs/zx/cards.md "Native form"): checked when the game is built, so that
// the interpreter never reads outside its tables, and indexed by card definition.
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

namespace core = tcbg::fx;
using namespace fx;

namespace {
[[noreturn]] void bad(const std::string& where, const std::string& why) { throw GameError(where, why, "docs/zx/cards.md"); }

bool known_op(int op) {
  switch (op) {
    case core::END: case core::RETURN: case core::SET: case core::ADD: case core::SUB: case core::MUL:
    case core::MIN: case core::MAX: case core::LE: case core::EQ: case core::NOT: case core::JUMP: case core::JZ:
    case core::CTX: case core::GET: case core::COUNT: case core::NEXT: case core::MATCH: case core::CHOOSE:
    case core::ASK: case kOpDiv:
      return true;
    case kOpPlace: case kOpSwap: case kOpRemove:  // placement, the removed zone (docs/zx/cards.md "Placement")
    case kOpGrant: case kOpFreeze:  // docs/zx/cards.md "Grants and restrictions"
    case kOpRemember: case kOpPlayerDamageUp:  // docs/zx/cards.md "At the end of the turn"
    case kOpCost: case kOpNoBattleDamage:
      return true;
    default: return (op >= kOpDamage && op <= kOpNoDamage) || (op >= kFirstDeckOp && op <= kLastDeckOp);
  }
}
}  // namespace

void Game::index_tables() {
  const int ncode = static_cast<int>(tables_.code.size());
  const int nfilters = static_cast<int>(tables_.filters.size());
  const int nabilities = static_cast<int>(tables_.abilities.size());
  if (ncode % core::kWidth != 0) bad("tables.code", "4 words an instruction");
  if (nabilities > kMaxAbilities) bad("tables.abilities", "at most 255 abilities in one game");
  if (!tables_.races.empty() && tables_.races.size() != cards_.size()) bad("tables.races", "one race per card");
  if (!tables_.names.empty() && tables_.names.size() != cards_.size()) bad("tables.names", "one name per card");
  for (int d = 0; d < static_cast<int>(tables_.names.size()); ++d) {  // the first card of a name is its own first
    const int first = tables_.names[d];
    if (first < 0 || first > d || tables_.names[first] != first) bad("tables.names", "not the first card of a name");
  }
  for (int k = 0; k < nfilters; ++k) {
    const auto& f = tables_.filters[k];
    const std::string where = "tables.filters[" + std::to_string(k) + "]";
    if (f[kFKind] < kPlayer || f[kFKind] > kSquare) bad(where, "unknown kind of object");
    if (f[kFEither] >= nfilters || f[kFEither] == k || f[kFEither] < -1) bad(where, "bad alternative filter");
    if (f[kFAnchor] < -1 || f[kFAnchor] >= core::kRegisters) bad(where, "bad anchor register");
    const bool cards = f[kFKind] == kZX || f[kFKind] == kCard;
    if (f[kFName] < -2 || f[kFName] >= static_cast<int>(cards_.size()) || (f[kFName] != -1 && !cards) ||
        (f[kFName] >= 0 && first_of_name(f[kFName]) != f[kFName])) {
      bad(where, "bad name: a card index of the game's table (-1 any, -2 a name no card of the game has), of a card "
                 "filter");
    }
    if ((f[kFFlags] & kNotName) && f[kFName] == -1) bad(where, "a name exclusion without a name");
    if ((f[kFFlags] & kFromAnchorSquare) && (f[kFKind] != kZX || f[kFAnchor] < 0)) {
      bad(where, "a division's order is of a Z/X filter with an anchor register");
    }
    if (f[kFColours] < 0 || f[kFColours] > 31 || (f[kFColours] != 0 && !cards)) bad(where, "bad colours");
    if (f[kFNear] < -1 || f[kFNear] >= k || (f[kFNear] >= 0 && tables_.filters[f[kFNear]][kFKind] != kZX &&
                                              tables_.filters[f[kFNear]][kFKind] != kSquare)) {
      bad(where, "bad adjacency: a Z/X or Square filter listed before this one");
    }
    if (f[kFNear] >= 0 && f[kFKind] != kZX && f[kFKind] != kSquare) bad(where, "adjacency is of a Z/X or a Square");
    if (f[kFDistinct] < kCountObjects || f[kFDistinct] > kDistinctColours ||
        (f[kFDistinct] != kCountObjects && !cards)) {
      bad(where, "bad distinct count: of names, races or colours of cards");
    }
    if (f[kFTarget] < -1 || f[kFTarget] >= k || (f[kFTarget] >= 0 && (f[kFKind] != kZX ||
        (tables_.filters[f[kFTarget]][kFKind] != kPlayer && tables_.filters[f[kFTarget]][kFKind] != kZX)))) {
      bad(where, "bad attack target: a Player or Z/X filter listed before this one, of a Z/X filter");
    }
    constexpr int kFirstEra = kEvolSeedIcon | kIgnitionIcon | kDamaged | kAppearedThisTurn | kNotPlayerSquare |
                              kYourArmyArea | kCenterArea;
    const bool first_era = (f[kFFlags] & kFirstEra) || f[kFName] != -1 || f[kFColours] || f[kFNear] >= 0 ||
                           f[kFTarget] >= 0;
    if ((f[kFFlags] & kHighestPower) && first_era) {
      bad(where, "the highest Power is read among Z/X of whose, Square, Cost and race only");
    }
  }
  const int ninstructions = ncode / core::kWidth;
  // `python`: the program may call the slow path (an ability's effects; never a condition or a continuous amount,
  // which only read the position).
  auto check_program = [&](int offset, int length, const std::string& where, bool python) {
    if (length == 0) return;
    if (offset < 0 || length < 0 || offset + length > ninstructions) bad(where, "program outside the code");
    for (int pc = 0; pc < length; ++pc) {
      const int32_t* ins = tables_.code.data() + (offset + pc) * core::kWidth;
      const std::string at = where + " instruction " + std::to_string(pc);
      if (ins[0] == core::PYTHON) {  // the slow path (docs/zx/cards.md): the function's number, no registers
        if (!python) bad(at, "a condition or a continuous amount only reads the position: no Python effect");
        if (ins[1] < 0) bad(at, "bad Python effect number " + std::to_string(ins[1]));
        if (options_.effects && !python_) bad(at, "PYTHON needs the Python hook the bindings give a game");
        continue;
      }
      if (!known_op(ins[0])) bad(at, "unknown opcode " + std::to_string(ins[0]));
      const bool jump = ins[0] == core::JUMP;
      if (!jump && ins[0] != core::END && (ins[1] < 0 || ins[1] >= core::kRegisters)) bad(at, "bad register");
      if (jump && (ins[1] < 0 || ins[1] > length)) bad(at, "jump outside the program");
      if (ins[0] == core::JZ && (ins[2] < 0 || ins[2] > length)) bad(at, "jump outside the program");
      if (ins[0] == core::NEXT && (ins[3] < 0 || ins[3] > length)) bad(at, "jump outside the program");
      const int flt = ins[0] == core::MATCH ? ins[3] : ins[2];
      if ((ins[0] == core::COUNT || ins[0] == core::NEXT || ins[0] == core::MATCH || ins[0] == core::CHOOSE) &&
          (flt < 0 || flt >= nfilters)) {
        bad(at, "no filter " + std::to_string(flt));
      }
      if (ins[0] == core::CHOOSE && ((ins[3] & 0xFF) >= core::kRegisters)) bad(at, "bad chooser register");
      if (ins[0] == core::CHOOSE && tables_.filters[flt][kFKind] == kPlayer) bad(at, "Z/X effects choose no player");
      const bool reads_b = (ins[0] >= core::ADD && ins[0] <= core::NOT) || ins[0] == core::GET || ins[0] == core::ASK ||
                           (ins[0] >= kOpDamage && ins[0] != kOpTopToResource && ins[0] != kOpToResource &&
                            ins[0] != kOpGrant && ins[0] != kOpFreeze && ins[0] != kOpRemember &&
                            ins[0] != kOpNoBattleDamage);
      if (reads_b && (ins[2] < 0 || ins[2] >= core::kRegisters)) bad(at, "bad register");
      if (ins[0] == kOpPay && ((ins[3] & 0xFF) < 1 || (ins[3] & 0xFF) > 20 || (ins[3] >> 8) < 0 || (ins[3] >> 8) > 31)) {
        bad(at, "PAY: 1 to 20 Resource cards of known colours");
      }
      if (((ins[0] >= core::ADD && ins[0] <= core::EQ) || ins[0] == kOpDiv) && (ins[3] < 0 || ins[3] >= core::kRegisters)) bad(at, "bad register");
      if (ins[0] == kOpPlace && ins[3] != 0 && ins[3] != 1) bad(at, "PLACE's third operand is 0 (Reboot) or 1 (Sleep)");
      if (ins[0] == kOpGrant && (ins[2] < 0 || ins[2] >= kNumGranted)) bad(at, "GRANT: a keyword code 0 to 2");
      if (ins[0] == kOpRemember && ins[2] != static_cast<int>(Zone::Square) &&
          ins[2] != static_cast<int>(Zone::Resource)) {
        bad(at, "REMEMBER: a card put onto a Square (7) or into the Resource (6)");
      }
    }
  };
  ability_first_.assign(cards_.size(), 0);
  ability_count_.assign(cards_.size(), 0);
  events_.assign(cards_.size(), 0);
  watched_ = 0;
  event_ability_.assign(cards_.size(), -1);
  play_condition_.assign(cards_.size(), -1);
  delayed_.assign(cards_.size(), -1);
  colour_ability_.assign(cards_.size(), -1);
  continuous_first_.assign(cards_.size(), 0);
  continuous_count_.assign(cards_.size(), 0);
  startup_def_.assign(cards_.size(), 0);
  no_player_square_.assign(cards_.size(), 0);
  reads_subject_.assign(nabilities, 0);
  auto reads_subject = [&](int offset, int length) {
    for (int pc = 0; pc < length; ++pc) {
      const int32_t* ins = tables_.code.data() + (offset + pc) * core::kWidth;
      if (ins[0] == core::CTX && ins[2] == kSubject) return true;
    }
    return false;
  };
  int last_def = -1;
  for (int k = 0; k < nabilities; ++k) {
    const auto& a = tables_.abilities[k];
    const std::string where = "tables.abilities[" + std::to_string(k) + "]";
    const int def = a[kADef];
    if (def < 0 || def >= static_cast<int>(cards_.size())) bad(where, "no card " + std::to_string(def));
    if (def < last_def) bad(where, "abilities are listed card by card");
    const bool known_kind = (a[kAKind] >= kAuto && a[kAKind] <= kContinuousChargeLimit) ||
                            (a[kAKind] >= kContinuousPlayFrom && a[kAKind] <= kGrant) ||
                            a[kAKind] == kReplaceDestroyToHand || a[kAKind] == kContinuousDamage ||
                            a[kAKind] == kPreventDamage || a[kAKind] == kContinuousCost || a[kAKind] == kPlayCondition ||
                            a[kAKind] == kDelayed || a[kAKind] == kContinuousColour;
    if (!known_kind) {
      bad(where, "unknown kind of ability");
    }
    // Grants and restrictions (docs/zx/cards.md): a keyword of a Z/X filter; a restriction of its card, of a player
    // filter or of a Z/X filter; a grant of a Z/X filter followed by the granted ability, which only it may precede.
    const int filter_kind = a[kAFilter] >= 0 && a[kAFilter] < nfilters ? tables_.filters[a[kAFilter]][kFKind] : -1;
    if (a[kAKind] == kContinuousKeyword) {
      if (filter_kind != kZX || a[kAEvent] >= kNumGranted) bad(where, "a keyword (0 to 2) of a Z/X filter");
      has_keyword_grants_ = true;
    }
    if (a[kAKind] == kRestriction) {
      const int want = a[kAEvent] == kNoPlayerSquare ? -1 : a[kAEvent] == kNoPlayerDamage ? kPlayer : kZX;
      if (a[kAEvent] >= kNumRestrictions || filter_kind != want) {
        bad(where, "a restriction: 0 (this card, no filter), 1 (a player filter) or 2 (a Z/X filter)");
      }
      restrictions_ |= 1u << a[kAEvent];
      if (a[kAEvent] == kNoPlayerSquare) no_player_square_[def] = 1;
    }
    if (a[kAKind] == kGrant) {
      const bool next = k + 1 < nabilities && tables_.abilities[k + 1][kADef] == def &&
                        tables_.abilities[k + 1][kAZone] == kGranted;
      if (filter_kind != kZX || !next) bad(where, "a grant of a Z/X filter, the granted ability next");
      has_grants_ = true;
    }
    const bool granted = a[kAZone] == kGranted;
    if (granted) {
      const int kind = a[kAKind];
      if (k == 0 || tables_.abilities[k - 1][kAKind] != kGrant || tables_.abilities[k - 1][kADef] != def ||
          !(kind == kAuto || kind == kStartup || kind == kReplaceDestroy) || (kind == kAuto && a[kAFilter] >= 0)) {
        bad(where, "a granted ability (an automatic one of its card's events, a startup or a replacement) follows "
                   "its grant");
      }
      if (kind == kAuto) granted_events_ |= 1u << a[kAEvent];
    }
    if (a[kAKind] == kStartup && (a[kAZone] == kFromHand || a[kAZone] == kFromResource)) has_zone_startups_ = true;
    if (a[kAKind] == kContinuousPlayFrom) {  // a card filter of a zone cards are played from (rules.md Z15.130)
      if (a[kAFilter] < 0 || tables_.filters[a[kAFilter]][kFKind] != kCard) bad(where, "what may be played is a card filter");
      const int zone = tables_.filters[a[kAFilter]][kFZone];
      if (zone != static_cast<int>(Zone::Resource) && zone != static_cast<int>(Zone::Trash) &&
          zone != static_cast<int>(Zone::Charge) && zone != static_cast<int>(Zone::Removed)) {
        bad(where, "cards are played this way from Resource, Trash, Charge or the removed zone");
      }
      if (a[kAEvent] > 1) bad(where, "event is 1 (without paying the Cost) or 0");
      has_play_from_ = true;
    }
    if (a[kAKind] == kContinuousCost) {  // whose Costs change: cards or Z/X (rules.md Z15.224)
      if (a[kAFilter] < 0 || (tables_.filters[a[kAFilter]][kFKind] != kCard &&
                              tables_.filters[a[kAFilter]][kFKind] != kZX)) {
        bad(where, "a Cost change says which cards' Costs it changes (a card or Z/X filter)");
      }
      if (a[kAEvent] > 1) bad(where, "event is 1 (not to 0 or less) or 0");
      has_cost_change_ = true;
    }
    if (a[kAKind] == kPlayCondition) {  // one a card, a condition (rules.md Z15.225)
      if (a[kACondLength] <= 0 || play_condition_[def] >= 0) bad(where, "a play condition is one condition a card");
      play_condition_[def] = static_cast<int16_t>(k);
      has_play_condition_ = true;
    }
    if (a[kAKind] == kContinuousColour) {  // its own card's colours where a card filter places it (rules.md Z15.342)
      if (a[kAFilter] < 0 || tables_.filters[a[kAFilter]][kFKind] != kCard || a[kAColours] <= 0 ||
          colour_ability_[def] >= 0) {
        bad(where, "a colour change is one a card, of its card where a card filter matches it, to some colours");
      }
      colour_ability_[def] = static_cast<int16_t>(k);
      has_colour_change_ = true;
    }
    if (a[kAKind] == kContinuousChargeLimit && (a[kAFilter] < 0 || tables_.filters[a[kAFilter]][kFKind] != kPlayer)) {
      bad(where, "a Charge limit change says whose Charge (a player filter)");
    }
    if (a[kADiscardN] < 0 || a[kADiscardN] > 20) bad(where, "bad cost");
    if (a[kAEvent] < 0 || a[kAEvent] >= kNumEvents) bad(where, "unknown event");
    if (a[kATurn] < kAnyTurn || a[kATurn] > kOpponentsTurn) bad(where, "unknown turn");
    if (a[kAFilter] < -1 || a[kAFilter] >= nfilters) bad(where, "no filter " + std::to_string(a[kAFilter]));
    if (a[kAKind] == kContinuousPower && a[kAFilter] < 0) bad(where, "a Power change says which Z/X it changes");
    if (a[kAColourN] < 0 || a[kAColourN] > 20 || a[kAChargeN] < 0 || a[kAChargeN] > 20) bad(where, "bad cost");
    if (a[kAColours] < 0 || a[kAColours] > 31 || a[kACostFlags] < 0 ||
        a[kACostFlags] > (15 | kCostZXMask << kCostZXShift)) {
      bad(where, "bad cost");
    }
    if ((a[kACostFlags] >> kCostZXShift) != 0 && a[kACostZX] < 0) bad(where, "more Z/X to Sleep without a cost_zx");
    if ((a[kACostFlags] & kOncePerTurn) && (a[kAKind] != kStartup || a[kAZone] != kFromSquare)) {
      bad(where, "only a startup ability used from a Square is limited to once a turn");
    }
    const bool from_resource = a[kAKind] == kContinuousCost && a[kAZone] == kFromResource;  // rules.md Z15.321
    if (a[kAZone] < kFromSquare || a[kAZone] > kGranted || (a[kAZone] != kFromSquare && a[kAKind] != kStartup &&
                                                            a[kAZone] != kGranted && !from_resource)) {
      bad(where, "bad zone");
    }
    if (from_resource) has_resource_continuous_ = true;
    if (a[kAKind] == kDelayed) {  // "at the end of the turn": one a card, a program (rules.md Z15.320)
      if (a[kALength] <= 0 || delayed_[def] >= 0 || a[kAZone] != kFromSquare) {
        bad(where, "an \"at the end of the turn\" ability is one program a card");
      }
      delayed_[def] = static_cast<int16_t>(k);
      has_delayed_ = true;
    }
    if (a[kACostZX] < -1 || a[kACostZX] >= nfilters || (a[kACostZX] >= 0 && (a[kAKind] != kStartup ||
                                                                             tables_.filters[a[kACostZX]][kFKind] != kZX))) {
      bad(where, "a Z/X to Sleep as a cost is a Z/X filter of a startup ability, or -1");
    }
    const bool effects = a[kAKind] == kAuto || a[kAKind] == kStartup || a[kAKind] == kEventAbility ||
                         a[kAKind] == kDelayed;
    check_program(a[kACode], a[kALength], where + ".code", effects);
    check_program(a[kACond], a[kACondLength], where + ".condition", false);
    reads_subject_[k] = reads_subject(a[kACode], a[kALength]) || reads_subject(a[kACond], a[kACondLength]);
    if (def != last_def) ability_first_[def] = static_cast<uint16_t>(k);
    last_def = def;
    ++ability_count_[def];
    if (a[kAKind] == kAuto && !granted) events_[def] = static_cast<uint16_t>(events_[def] | (1u << a[kAEvent]));
    if (a[kAKind] == kAuto && a[kAFilter] >= 0) {  // a subject filter (rules.md Z12.16)
      const int e = a[kAEvent];
      const int want = e == kLifeDecreases || e == kDraws ? kPlayer
                       : e == kAppears || e == kAttacks || e == kIsAttacked || e == kDestroysByBattle ||
                                 e == kDestroyed || e == kMoved
                           ? kZX
                       : e == kEventPlayed ? kCard : -1;
      if (want < 0) {
        bad(where, "only APPEARS, ATTACKS, IS_ATTACKED, DESTROYS_BY_BATTLE, DESTROYED, MOVED, EVENT_PLAYED, "
                   "LIFE_DECREASES and DRAWS wait for events of other cards or of players");
      }
      if (tables_.filters[a[kAFilter]][kFKind] != want) {
        bad(where, want == kPlayer ? "a Life decrease's or a draw's subject is a player filter"
                   : want == kCard ? "an Event played is a card filter"
                                   : "a Z/X event's subject is a Z/X filter");
      }
      watched_ |= 1u << a[kAEvent];
    }
    if (a[kAKind] == kEventAbility) {
      if (cards_[def].type != CardType::Event) bad(where, name(def) + " is not an Event");
      event_ability_[def] = static_cast<int16_t>(k);
    }
    if (a[kAKind] == kContinuousChargeLimit) has_charge_limit_ = true;
    if (a[kAKind] == kContinuousDamage || a[kAKind] == kPreventDamage) {
      if (a[kAKind] == kContinuousDamage && (a[kAFilter] < 0 || (tables_.filters[a[kAFilter]][kFKind] != kZX &&
                                                                 tables_.filters[a[kAFilter]][kFKind] != kCard))) {
        bad(where, "a damage change says whose damage it changes (a Z/X or card filter)");
      }
      if (a[kALength] == 0) bad(where, "a damage change or prevention has an amount program");
      has_damage_change_ = true;
    }
    if (a[kAKind] == kContinuousPower) {
      has_continuous_ = true;
      if (continuous_count_[def] == 0) continuous_first_[def] = static_cast<uint16_t>(k);
      continuous_count_[def] = static_cast<uint16_t>(k - continuous_first_[def] + 1);
    }
    if (a[kAKind] == kStartup) {
      has_startup_ = true;
      if (!granted) startup_def_[def] = 1;
    }
  }
  if (!options_.effects) has_continuous_ = has_startup_ = has_charge_limit_ = has_play_from_ = has_cost_change_ =
      has_play_condition_ = has_colour_change_ = has_delayed_ = false;
  if (!options_.effects) has_keyword_grants_ = has_grants_ = has_zone_startups_ = false;
  if (!options_.effects) {
    granted_events_ = restrictions_ = 0;
    no_player_square_.assign(cards_.size(), 0);
  }
  if (!options_.effects) has_damage_change_ = has_resource_continuous_ = false;
  if (!options_.effects) watched_ = 0;
}

}  // namespace tcbg::zx
