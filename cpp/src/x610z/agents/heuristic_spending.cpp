// The heuristic's answers without playing out the effect plays that only spend (docs/engine-design.md "Plays
// that cannot gain are not played out"): a play whose cost is energy alone and whose effect only activates,
// reactivates or produces energy changes nothing the evaluation reads but its player's hand (a flux leaves it),
// when nothing on the stack below, no triggered ability and no continuous effect reads activation, pools, hands or
// discard piles and nothing triggers on the cast. Its playout then resolves the items below as passing does, and
// ends at most as well as passing for its player: never more than the pass's value plus kLeastGain, the floor an
// answer's play must beat, so skipping it leaves the pick as it was. Only in games of two teams (prepare_spending).
// In the own turn, with the stack empty, the floor is the position now, and a play whose effects only change what
// no move or attack is left to read (an attack, speed or range, a property, damage prevented, reduced or
// redirected: kUnseenOnly) ends there too. So does a play that only discards a card of a hand: the evaluation
// weighs a card in hand alike for every player still in the game, so the victim's team loses at most what the
// caster's does (kHandsOnly: Pickpocket); with the stack empty, and with items below in games of one player a team
// whose random choices are all of cards in a hand (hands_below_unseen_). And in answers, a play that only changes an
// attack, speed or range, when no move or attack waits below and no ability of the tables reads those statistics
// (kStatsOnly: Skyspire Citadel's range, Cutlass Fury's attack), or, changing only the caster's own summons, when
// every move and attack below is another team's (kStatsOwn).
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "heuristic.hpp"

namespace tcbg::x610z::agents_detail {

namespace {

constexpr int kHand = static_cast<int>(Zone::Hand);
constexpr int kDiscardPile = static_cast<int>(Zone::Discard);
constexpr int kContinuousReadsSpent = fx::kReadsActivation | fx::kReadsOther | (fx::kReadsZone << kHand) |
                            (fx::kReadsZone << kDiscardPile) | (fx::kReadsAnyInZone << kHand) |
                            (fx::kReadsAnyInZone << kDiscardPile);

// Whether GET of `prop` reads what a spending play changes: activation, a pool, a card's zone, a hand's or a
// discard pile's size.
bool prop_reads_spent(int prop) {
  return prop == fx::kActivated || prop == fx::kPool || prop == fx::kZone || prop == fx::kHandSize ||
         prop == fx::kDiscardSize;
}

// Whether filter f's matches can change with a spending play: activation flags, cards of a hand or a discard pile
// (or of any zone), or a statistic prop_reads_spent.
bool filter_reads_spent(const fx::Tables& t, int f) {
  if (f < 0) return false;
  const int32_t* r = t.filter(f);
  if (r[fx::filter::kFlags] & (fx::kFlagActivated | fx::kReactivated)) return true;
  if (r[fx::filter::kKind] == fx::kKindCard) {
    const int zone = r[fx::filter::kZone];
    if (zone < 0 || zone >= 6 || zone == kHand || zone == kDiscardPile) return true;
  }
  return r[fx::filter::kStat] != fx::kNone && prop_reads_spent(r[fx::filter::kStat]);
}

// Whether a part (targets and program) reads what a spending play changes, or discards from a hand (which reads
// its cards) or runs Python.
bool part_reads_spent(const fx::Tables& t, int program, int length, const int32_t* targets, int num_targets) {
  for (int s = 0; s < num_targets; ++s) {
    if (filter_reads_spent(t, targets[s])) return true;
  }
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    switch (ins[0]) {
      case fx::GET: if (prop_reads_spent(ins[3])) return true; break;
      case fx::COUNT: case fx::NEXT: case fx::CHOOSE: if (filter_reads_spent(t, ins[2])) return true; break;
      case fx::MATCH: if (filter_reads_spent(t, ins[3])) return true; break;
      case fx::DISCARD: case fx::PYTHON: return true;
      default: break;
    }
  }
  return false;
}

// Whether a program only computes, activates, reactivates and produces energy (no choice, no event: rules.md 6.9).
bool spends_only(const fx::Tables& t, int program, int length) {
  for (int pc = 0; pc < length; ++pc) {
    switch (t.instruction(program + pc)[0]) {
      case fx::END: case fx::RETURN: case fx::SET: case fx::ADD: case fx::SUB: case fx::MUL: case fx::MIN:
      case fx::MAX: case fx::LE: case fx::EQ: case fx::NOT: case fx::JUMP: case fx::JZ: case fx::CTX: case fx::GET:
      case fx::COUNT: case fx::NEXT: case fx::MATCH: case fx::PRODUCE: case fx::ACTIVATE: case fx::REACTIVATE:
        break;
      default: return false;
    }
  }
  return true;
}

// Whether a program only does what spends_only allows, or changes a summon's attack, speed or range, grants it a
// property, or prevents, reduces or redirects damage to it: with nothing on the stack after it, nothing the
// evaluation reads (it reads defense, damage, dots, cards and hands; an attack or move below would read these, so
// only with the stack empty).
bool unseen_only(const fx::Tables& t, int program, int length) {
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    switch (ins[0]) {
      case fx::MODIFY: {
        const int stat = ins[3] & 0xff;
        if (stat != fx::kAttack && stat != fx::kSpeed && stat != fx::kRange) return false;
        break;
      }
      case fx::GRANT: case fx::PREVENT: case fx::REDUCE: case fx::REDIRECT: break;
      default:
        if (!spends_only(t, program + pc, 1)) return false;
    }
  }
  return true;
}

// Whether a program only does what spends_only allows, or chooses a card of a hand (CHOOSE of a filter of cards in
// a hand, at random or not) and discards it: one card fewer in some hand, which the evaluation weighs alike for
// every player (Pickpocket).
bool hands_only(const fx::Tables& t, int program, int length) {
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    switch (ins[0]) {
      case fx::DISCARD: break;
      case fx::CHOOSE: {
        if (ins[2] < 0) return false;
        const int32_t* f = t.filter(ins[2]);
        if (f[fx::filter::kKind] != fx::kKindCard || f[fx::filter::kZone] != kHand) return false;
        break;
      }
      default:
        if (!spends_only(t, program + pc, 1)) return false;
    }
  }
  return true;
}

// Whether a program's random choices (CHOOSE ... RANDOM) are all of cards in a hand and it shuffles nothing: what
// a random outcome then decides is which card of a hand goes, which the evaluation cannot tell apart.
bool random_in_hands_only(const fx::Tables& t, int program, int length) {
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    if (ins[0] == fx::SHUFFLE || ins[0] == fx::PYTHON) return false;
    if (ins[0] == fx::CHOOSE && ((ins[3] >> 8) & fx::kRandom)) {
      if (ins[2] < 0) return false;
      const int32_t* f = t.filter(ins[2]);
      if (f[fx::filter::kKind] != fx::kKindCard || f[fx::filter::kZone] != kHand) return false;
    }
  }
  return true;
}

// Whether a program only does what spends_only allows, or changes a summon's attack, speed or range.
bool stats_only(const fx::Tables& t, int program, int length) {
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    if (ins[0] == fx::MODIFY) {
      const int stat = ins[3] & 0xff;
      if (stat != fx::kAttack && stat != fx::kSpeed && stat != fx::kRange) return false;
    } else if (!spends_only(t, program + pc, 1)) {
      return false;
    }
  }
  return true;
}

// Whether the objects a stats_only program modifies are its controller's: each MODIFY's object is a target whose
// filter asks for a card of "you" (and that nothing overwrites), or, for an ability used from play, its source as
// CTX SELF gives it (and nothing else writes that register). Such a play changes only the caster's summons.
bool modifies_own(const fx::Tables& t, int program, int length, const int32_t* targets, int num_targets,
                  bool from_play) {
  const auto writes = [](int op) {
    switch (op) {
      case fx::SET: case fx::ADD: case fx::SUB: case fx::MUL: case fx::MIN: case fx::MAX: case fx::LE: case fx::EQ:
      case fx::NOT: case fx::CTX: case fx::GET: case fx::COUNT: case fx::NEXT: case fx::MATCH: case fx::CHOOSE:
        return true;
      default: return false;
    }
  };
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    if (ins[0] != fx::MODIFY) continue;
    const int r = ins[1];
    bool self_only = from_play, written = false;
    for (int q = 0; q < length; ++q) {
      const int32_t* w = t.instruction(program + q);
      if (!writes(w[0]) || w[1] != r) continue;
      written = true;
      self_only = self_only && w[0] == fx::CTX && w[2] == fx::kSelf;
    }
    const bool own_target = !written && r >= 0 && r < num_targets && targets[r] >= 0 &&
                            t.filter(targets[r])[fx::filter::kRelation] == fx::kYou;
    if (!own_target && !(written && self_only)) return false;
  }
  return true;
}

// Whether filter f asks for an attack, speed or range.
bool filter_reads_moved_stats(const fx::Tables& t, int f) {
  if (f < 0) return false;
  const int stat = t.filter(f)[fx::filter::kStat];
  return stat == fx::kAttack || stat == fx::kSpeed || stat == fx::kRange;
}

// Whether a program reads an attack, speed or range (GET, or a filter of COUNT, NEXT, MATCH, CHOOSE).
bool program_reads_moved_stats(const fx::Tables& t, int program, int length) {
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    switch (ins[0]) {
      case fx::GET: if (ins[3] == fx::kAttack || ins[3] == fx::kSpeed || ins[3] == fx::kRange) return true; break;
      case fx::COUNT: case fx::NEXT: case fx::CHOOSE: if (filter_reads_moved_stats(t, ins[2])) return true; break;
      case fx::MATCH: if (filter_reads_moved_stats(t, ins[3])) return true; break;
      default: break;
    }
  }
  return false;
}

// Whether cost record `c` (or none) asks for energy alone, or energy and activating the source itself.
bool energy_cost(const fx::Tables& t, int c) {
  if (c == fx::kNone) return true;
  const int32_t* co = t.cost(c);
  return (co[fx::cost::kFlags] & ~fx::kActivateSelf) == 0 && co[fx::cost::kDiscard] == 0 &&
         co[fx::cost::kSacrifice] == fx::kNone && co[fx::cost::kCounterCount] == 0;
}

}  // namespace

// Per ability of the game's tables: kSpendsOnly, every mode and additional effect spends_only with an energy cost;
// kReadsSpent, some mode, additional effect or (for a triggered ability) its subject filter or condition reads
// what a spending play changes; kPlaces, some part may put a card into play (PLACE), whose triggered abilities
// then join in. Per card of the decks: whether one of its triggered abilities reads what spending changes.
void Heuristic::prepare_spending(const Game& g) {
  spending_.clear();
  spent_trigger_def_.clear();
  spending_unseen_ = false;
  cast_triggers_ = false;
  moved_stats_read_ = false;
  const fx::Tables* t = g.effects();
  if (!t) return;
  const int n = t->num(t->abilities, fx::ability::kWidth);
  spending_.assign(static_cast<size_t>(n), 0);
  std::vector<uint8_t> in_decks(static_cast<size_t>(t->num(t->cards, fx::card::kWidth)), 0);
  for (int i = 0; i < g.num_instances(); ++i) in_decks[static_cast<size_t>(g.deck_card_def(i))] = 1;
  spent_trigger_def_.assign(static_cast<size_t>(t->num(t->cards, fx::card::kWidth)), 0);
  bool unseen = true;
  bool random_in_hands = true;  // random_in_hands_only for every program of the decks' cards
  for (int a = 0; a < n; ++a) {
    const int32_t* ab = t->ability(a);
    bool only = energy_cost(*t, ab[fx::ability::kCost]), reads = false, places = false;
    bool unseen_effect = only, hands_effect = only, stats_effect = only, stats_own = only;
    const bool from_play = ab[fx::ability::kZone] == static_cast<int>(Zone::Play);
    const auto part = [&](int program, int length, const int32_t* targets, int num_targets) {
      stats_own = stats_own && modifies_own(*t, program, length, targets, num_targets, from_play);
      reads = reads || part_reads_spent(*t, program, length, targets, num_targets);
      for (int pc = 0; pc < length; ++pc) places = places || t->instruction(program + pc)[0] == fx::PLACE;
      for (int s = 0; s < num_targets; ++s) moved_stats_read_ = moved_stats_read_ || filter_reads_moved_stats(*t, targets[s]);
      moved_stats_read_ = moved_stats_read_ || program_reads_moved_stats(*t, program, length);
    };
    const int def = ab[fx::ability::kCard];
    const bool of_decks = def >= 0 && def < static_cast<int>(in_decks.size()) && in_decks[def];
    const auto classes = [&](int program, int length) {
      random_in_hands = random_in_hands && (!of_decks || random_in_hands_only(*t, program, length));
      only = only && spends_only(*t, program, length);
      unseen_effect = unseen_effect && unseen_only(*t, program, length);
      hands_effect = hands_effect && hands_only(*t, program, length);
      stats_effect = stats_effect && stats_only(*t, program, length);
    };
    for (int m = 0; m < ab[fx::ability::kNumModes]; ++m) {
      const int32_t* md = t->mode(ab[fx::ability::kFirstMode] + m);
      classes(md[fx::mode::kProgram], md[fx::mode::kLength]);
      part(md[fx::mode::kProgram], md[fx::mode::kLength], md + fx::mode::kTarget0, md[fx::mode::kNumTargets]);
    }
    for (int k = 0; k < ab[fx::ability::kNumAdditional]; ++k) {
      const int32_t* ad = t->additional(ab[fx::ability::kFirstAdditional] + k);
      if (!energy_cost(*t, ad[fx::additional::kCost])) only = unseen_effect = hands_effect = stats_effect = stats_own = false;
      classes(ad[fx::additional::kProgram], ad[fx::additional::kLength]);
      part(ad[fx::additional::kProgram], ad[fx::additional::kLength], ad + fx::additional::kTarget0,
           ad[fx::additional::kNumTargets]);
    }
    const auto cost_reads = [&](int c) {
      if (c != fx::kNone) moved_stats_read_ = moved_stats_read_ || filter_reads_moved_stats(*t, t->cost(c)[fx::cost::kSacrifice]);
    };
    cost_reads(ab[fx::ability::kCost]);
    for (int k = 0; k < ab[fx::ability::kNumAdditional]; ++k) {
      cost_reads(t->additional(ab[fx::ability::kFirstAdditional] + k)[fx::additional::kCost]);
    }
    if (ab[fx::ability::kKind] == fx::kTriggered) {
      const int32_t* tr = t->trigger_record(ab[fx::ability::kTrigger]);
      if (tr[fx::trigger::kSubject] == fx::kSubjectFilter) {
        moved_stats_read_ = moved_stats_read_ || filter_reads_moved_stats(*t, tr[fx::trigger::kFilter]);
      }
      if (tr[fx::trigger::kSubject] == fx::kSubjectFilter && filter_reads_spent(*t, tr[fx::trigger::kFilter])) {
        reads = true;
      }
      part(tr[fx::trigger::kCondition], tr[fx::trigger::kConditionLength], nullptr, 0);
      random_in_hands = random_in_hands && (!of_decks || random_in_hands_only(*t, tr[fx::trigger::kCondition],
                                                                               tr[fx::trigger::kConditionLength]));
      // A cost to pay as it goes on the stack (its own or an additional effect's) reads the pool and the crystals.
      if (ab[fx::ability::kCost] != fx::kNone) reads = true;
      for (int k = 0; k < ab[fx::ability::kNumAdditional]; ++k) {
        if (t->additional(ab[fx::ability::kFirstAdditional] + k)[fx::additional::kCost] != fx::kNone) reads = true;
      }
      if (of_decks) {
        if (tr[fx::trigger::kEvent] == fx::kCastEvent) cast_triggers_ = true;
        // A card's trigger on its own entering play sets off only as it enters (kSpentOnEntering).
        const bool entering = tr[fx::trigger::kEvent] == fx::kEntersPlay && tr[fx::trigger::kSubject] == fx::kSubjectThis;
        if (reads) spent_trigger_def_[def] |= entering ? kSpentOnEntering : kSpentTrigger;
      }
    }
    spending_[a] = static_cast<uint8_t>((only ? kSpendsOnly : 0) | (reads ? kReadsSpent : 0) | (places ? kPlaces : 0) |
                                        (unseen_effect ? kUnseenOnly : 0) | (hands_effect ? kHandsOnly : 0) |
                                        (stats_effect ? kStatsOnly : 0) |
                                        (stats_effect && stats_own ? kStatsOwn : 0));
  }
  // A focus (a catalyst's, chosen as it is cast) may ask for a statistic too.
  for (int def = 0; def < t->num(t->cards, fx::card::kWidth); ++def) {
    moved_stats_read_ = moved_stats_read_ || filter_reads_moved_stats(*t, t->card(def)[fx::card::kFocusFilter]);
  }
  // Whether no continuous effect reads what kUnseenOnly changes: its subject filter and its amount (a constant, or a
  // program) read no attack, speed or range.
  stats_unseen_ = true;
  for (int k = 0; k < t->num(t->continuous, fx::continuous::kWidth) && stats_unseen_; ++k) {
    const int32_t* ce = t->continuous_effect(k);
    if (filter_reads_moved_stats(*t, ce[fx::continuous::kFilter]) ||
        program_reads_moved_stats(*t, ce[fx::continuous::kProgram], ce[fx::continuous::kLength])) {
      stats_unseen_ = false;
    }
  }
  // A card whose continuous effects read what spending changes (a hand, a discard pile, activation, a pool) spoils
  // every skip, unless each of them only changes an attack, speed or range (Shambling Horde's attack by the summons
  // in its discard pile): that is unseen where kStatsOnly is (spent_moves_stats_).
  spent_moves_stats_ = false;
  for (int i = 0; i < g.num_instances() && unseen; ++i) {
    const int def = g.deck_card_def(i);
    if (t->card(def)[fx::card::kFlags] & fx::kHasPython) unseen = false;
    if (!(t->continuous_reads(def) & kContinuousReadsSpent)) continue;
    const int32_t* rec = t->card(def);
    for (int k = rec[fx::card::kFirstContinuous]; k < rec[fx::card::kFirstContinuous] + rec[fx::card::kNumContinuous]; ++k) {
      const int32_t* ce = t->continuous_effect(k);
      const int what = ce[fx::continuous::kWhat];
      if (ce[fx::continuous::kLayer] != fx::kLayerStat || (what != fx::kAttack && what != fx::kSpeed && what != fx::kRange)) {
        unseen = false;
      }
    }
    spent_moves_stats_ = true;
  }
  // With two teams every choice made on the way, whoever makes it, scores its options by its team's score against
  // the other's, which the spent card shifts by the same amount on every option. With more teams the better of the
  // other teams can change from option to option, and so can the chooser's pick.
  int teams = 0;
  for (int p = 0; p < g.num_players(); ++p) teams = std::max(teams, g.team(p) + 1);
  spending_unseen_ = unseen && teams == 2;
  // With items below, a discard from a hand has two more ways to be seen. An item may put the caster out of the game
  // while their team plays on (then the caster's hand no longer weighs against the victim's): not with one player
  // a team, where a player out ends the game, the same end on both lines. And the play's random choice advances the
  // state's generator, so a random choice below may fall otherwise: not when every random choice is of a card of a
  // hand (and nothing shuffles), whose outcome the evaluation cannot tell apart: the abilities of the decks' cards
  // (random_in_hands, above), the only ones that can be played or set off.
  hands_below_unseen_ = spending_unseen_ && teams == g.num_players() && random_in_hands;
}

// Whether effect play `a` only spends (see the file's head) with nothing that could see it: its ability's
// kSpendsOnly, a flux from the hand or an activated or paid ability (no catalyst, whose permanent the evaluation
// counts), no activation counter to come off its source, no card that could trigger on a cast, nothing waiting,
// and no item on the stack that reads what it changes (moves and attacks read none of it).
bool Heuristic::spending_play(const State& state, int a) const {
  if (!spending_unseen_ || state.waiting_size() != 0) return false;
  const Game& g = state.game();
  const fx::Tables& t = *g.effects();
  int ability = fx::kNone;
  bool cast = false;
  if (a >= g.first_ability_action() && a < g.first_trigger_action()) {
    const int rel = a - g.first_ability_action();
    const int instance = rel / g.abilities_per_card();
    ability = t.numbered_ability(state.instance(instance).def, rel % g.abilities_per_card());
    if (ability == fx::kNone) return false;
    const int c = t.ability(ability)[fx::ability::kCost];
    if (c != fx::kNone && (t.cost(c)[fx::cost::kFlags] & fx::kActivateSelf) && state.instance(instance).counters[0] > 0) {
      return false;  // its last activation counter would take it out of play (rules.md 6.4)
    }
  } else {
    const int instance = (a - action::kFirstPerInstance) % g.num_instances();
    const CardInstance& c = state.instance(instance);
    if (g.card(c.def).type != CardType::Flux || c.zone != Zone::Hand) return false;
    ability = t.cast_ability(c.def);
    cast = true;
  }
  // A card discarded from a hand is weighed alike in every hand (the head of the file). With the stack empty nothing
  // resolves after the play: an effect on what only moves and attacks read is unseen too. With items below, a change
  // of an attack, speed or range is unseen when no move or attack is among them and no ability of the tables reads
  // one (as a target, a subject, a cost, a focus or in its program: moved_stats_read_).
  // A discard only by a player still in the game, and with items below only with hands_below_unseen_: the
  // evaluation counts only the hands of players still in it, and an item below may put the caster out (a player out
  // of the game whose team plays on may still cast), after which the caster's card no longer weighs against the
  // victim's.
  uint8_t kind = kSpendsOnly;
  if ((state.stack_size() == 0 || hands_below_unseen_) &&
      state.player(state.current_player()).outcome == Outcome::Playing) {
    kind |= kHandsOnly;
  }
  bool stats_unread = stats_unseen_ && state.stack_size() == 0;
  if (stats_unseen_ && state.stack_size() == 0) {
    kind |= kUnseenOnly;
  } else if (stats_unseen_ && !moved_stats_read_) {
    // A move or an attack reads, as it resolves, its own summon's speed, range and attack alone (rules.md 5.13):
    // with only other teams' summons fighting below, a change of the caster's own summons is unseen (kStatsOwn).
    bool fights = false, own_fights = false;
    const int team = g.team(state.current_player());
    for (int s = 0; s < state.stack_size(); ++s) {
      const StackItem& item = state.stack_item(s);
      if (item.kind != StackKind::Move && item.kind != StackKind::Attack) continue;
      fights = true;
      own_fights = own_fights || g.team(item.controller) == team ||
                   g.team(state.instance(item.instance).controller) == team;
    }
    if (!fights) kind |= kStatsOnly;
    if (!own_fights) kind |= kStatsOwn;
    stats_unread = !fights;
  }
  if (spent_moves_stats_ && !stats_unread) return false;
  if (ability == fx::kNone || !(spending_[ability] & kind)) return false;
  if (cast && cast_triggers_) {
    // An ability triggered by a cast may set off unless its filter asks for a cast of its controller's (kYou) and
    // the caster is another player, or of an opponent's and the caster is a teammate.
    const int caster = state.current_player();
    const auto may_fire = [&](int source, Zone zone) {
      const CardInstance& src = state.instance(source);
      const int controller = zone == Zone::Play ? src.controller : src.owner;
      const int32_t* rec = t.card(src.def);
      for (int b = rec[fx::card::kFirstAbility]; b < rec[fx::card::kFirstAbility] + rec[fx::card::kNumAbilities]; ++b) {
        const int32_t* ab = t.ability(b);
        if (ab[fx::ability::kKind] != fx::kTriggered || ab[fx::ability::kZone] != static_cast<int>(zone)) continue;
        const int32_t* tr = t.trigger_record(ab[fx::ability::kTrigger]);
        if (tr[fx::trigger::kEvent] != fx::kCastEvent) continue;
        if (tr[fx::trigger::kSubject] == fx::kSubjectFilter && tr[fx::trigger::kFilter] >= 0) {
          const int relation = t.filter(tr[fx::trigger::kFilter])[fx::filter::kRelation];
          if (relation == fx::kYou && caster != controller) continue;
          if (relation == fx::kOpponent && g.team(caster) == g.team(controller)) continue;
        }
        return true;
      }
      return false;
    };
    bool fires = false;
    for (int p = 0; p < g.num_players() && !fires; ++p) {
      for_each_instance(state.active_cards(p), [&](int i) {
        fires = fires || (state.instance(i).zone == Zone::Play &&
                          (g.trigger_events(state.instance(i).def, false) >> fx::kCastEvent & 1) &&
                          may_fire(i, Zone::Play));
      });
    }
    if (g.discard_triggers()) {
      for (const uint16_t i : g.discard_trigger_instances()) {
        fires = fires || (state.instance(i).zone == Zone::Discard &&
                          (g.trigger_events(state.instance(i).def, true) >> fx::kCastEvent & 1) &&
                          may_fire(i, Zone::Discard));
      }
    }
    if (fires) return false;
  }
  bool places = false;
  for (int s = 0; s < state.stack_size(); ++s) {
    const StackItem& item = state.stack_item(s);
    if (item.kind == StackKind::Move || item.kind == StackKind::Attack || item.ability < 0) continue;
    if (spending_[item.ability] & kReadsSpent) return false;
    places = places || (spending_[item.ability] & kPlaces);
  }
  // A triggered ability that reads what spending changes may set off while the stack resolves only from a card in
  // play (its own entering apart), being cast (it enters play), in a discard pile, or put into play by an item below.
  bool seen = false;
  for (int p = 0; p < g.num_players() && !seen; ++p) {
    for_each_instance(state.active_cards(p), [&](int i) {
      const CardInstance& c = state.instance(i);
      const int bits = c.zone == Zone::Play ? kSpentTrigger : kSpentTrigger | kSpentOnEntering;  // cast: it enters
      seen = seen || (spent_trigger_def_[c.def] & bits);
    });
  }
  if (g.discard_triggers()) {
    for (const uint16_t i : g.discard_trigger_instances()) {
      seen = seen || (state.instance(i).zone == Zone::Discard && (spent_trigger_def_[state.instance(i).def] & kSpentTrigger));
    }
  }
  if (seen) return false;
  if (places) {
    for (size_t def = 0; def < spent_trigger_def_.size(); ++def) {
      if (spent_trigger_def_[def]) return false;
    }
  }
  return true;
}

// The effect plays of `legal` worth playing out: all but those spending_play() accepts.
bool Heuristic::plays_to_try(const State& state, const ActionList& legal, ActionList& plays) const {
  plays.size = 0;
  bool skipped = false;
  for (int k = 0; k < legal.size; ++k) {
    const int a = legal.ids[k];
    if (!is_effect_play(state, a)) continue;
    if (spending_play(state, a)) {
      skipped = true;
      continue;
    }
    plays.push(a);
  }
  return skipped;
}

}  // namespace tcbg::x610z::agents_detail
