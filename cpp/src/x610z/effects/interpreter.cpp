// The interpreter of card effects (docs/cards.md "Running a program: the interpreter's contract"). A resolution is
// (part, pc, r0..r15) in the State: it runs until its end or a player's choice, returns to a decision, and resumes
// when the answer arrives, so clone() and serialize() work in the middle of it. No recursion on the C++ stack.
#include <algorithm>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

using namespace fx;

// rules.md 6.1: the targets are checked again, each with its filter seen by the announcing player; an illegal one
// is NONE. If every announced target is illegal nothing runs.
void State::begin_resolution(const StackItem& item) {
  const Tables& t = *game_->effects();
  resolving_ = true;
  resolution_ = Resolution{};
  resolution_.item = item;
  resolution_.regs.fill(0);
  if (item.ability == kNone) {  // a permanent with nothing to run as it is cast: it enters play
    finish_resolution();
    return;
  }
  int announced = 0, legal = 0;
  for (int s = 0; s < kTargetSlots; ++s) {
    resolution_.regs[s] = kNone;
    const int f = item.targets[s] == kNone ? kNone : announce_slot_filter(item, s);
    if (f == kNone) continue;
    ++announced;
    int x = item.targets[s];
    if (t.filter(f)[filter::kKind] == kStackItem) {  // a serial: find its place on the stack
      int place = kNone;
      for (int k = 0; k < stack_size_; ++k) place = stack_[k].serial == x ? k : place;
      x = place;
    }
    StackItem earlier = item;  // DISTINCT compares with the slots before, as announced
    if (x != kNone && target_legal(f, x, item.controller, item.instance, earlier, s)) {
      resolution_.regs[s] = item.targets[s];
      ++legal;
    }
  }
  if (announced > 0 && legal == 0) {
    finish_resolution();
    return;
  }
  run_resolution();
}

// Part 0 is the mode's program; part k + 1 the k-th additional effect, run only when it was used (rules.md 6.12).
bool State::part_bounds(int part, int& program, int& length) const {
  const Tables& t = *game_->effects();
  const StackItem& item = resolution_.item;
  const int32_t* ab = t.ability(item.ability);
  if (part == 0) {
    const int32_t* m = t.mode(ab[ability::kFirstMode] + item.mode);
    program = m[mode::kProgram];
    length = m[mode::kLength];
    return true;
  }
  if (part - 1 >= ab[ability::kNumAdditional] || !((item.additional >> (part - 1)) & 1)) return false;
  const int32_t* ad = t.additional(ab[ability::kFirstAdditional] + part - 1);
  program = ad[additional::kProgram];
  length = ad[additional::kLength];
  return true;
}

int State::choice_chooser(const int32_t* ins) const {
  if (ins[0] == CHOOSE || ins[0] == ASK) {
    const int who = resolution_.regs[ins[0] == CHOOSE ? (ins[3] & 0xFF) : ins[2]];
    return who >= 0 && who < game_->num_players() && alive(who) ? who : kNone;
  }
  return resolution_.item.controller;
}

namespace {
// Scratch for a choice's options, reached only by the instructions that choose (a thread_local's address costs a
// call each time a function first reaches it).
ActionList& choice_options() {
  thread_local std::unique_ptr<ActionList> options = std::make_unique<ActionList>();
  return *options;
}
}  // namespace

// The resolution runs through the shared machine's loop (tcbg::fx::run, core/effects.hpp): it does END and the
// instructions that compute, and hands this host every other one. A pause leaves pc on the choice (Flow::kWait);
// the end of the game or of the resolution stops it (Flow::kStop).
void State::run_resolution() {
  struct Host {
    State& s;
    const Game& g;
    const Tables& t;
    const int source, controller, num_additional;

    bool part(int part, int& program, int& length) const {
      if (part > num_additional) return false;
      if (!s.part_bounds(part, program, length)) length = 0;  // an additional effect not used: skipped
      return true;
    }
    const int32_t* instruction(int index) const { return t.instruction(index); }

    tcbg::fx::Flow execute(const int32_t* ins, tcbg::fx::Cursor& cursor, int& next) {
      auto& r = s.resolution_.regs;
      const int op = ins[0], a = ins[1], b = ins[2], c = ins[3];
      auto instance_ok = [&](int x) { return x >= 0 && x < g.num_instances(); };
      int program = 0, length = 0;
      switch (op) {
        case RETURN: part(cursor.part, program, length); next = length; break;
        case CTX:
          r[a] = b == kSelf ? source : b == kController ? controller : b == kActivePlayer ? s.active_
               : b == kSubject ? s.resolution_.item.subject : b == kOther ? s.resolution_.item.other
               : b == kAmount ? s.resolution_.item.amount : b == kFocused ? s.instances_[source].focus : kNone;
          break;
        case GET: r[a] = s.get_prop(r[b], c); break;
        case COUNT: {
          const int kind = t.filter(b)[filter::kKind];
          int n = 0;
          for (int x = 0, end = s.candidates_end(kind); x < end; ++x) n += s.matches(b, x, controller, source);
          r[a] = n;
          break;
        }
        case NEXT: {  // objects in increasing id order; a stack item's id is its serial
          const int kind = t.filter(b)[filter::kKind];
          int best = kNone;
          for (int x = 0, end = s.candidates_end(kind); x < end; ++x) {
            const int id = kind == kStackItem ? s.stack_[x].serial : x;
            if (id > r[a] && (best == kNone || id < best) && s.matches(b, x, controller, source)) best = id;
          }
          r[a] = best;
          if (best == kNone) next = c;
          break;
        }
        case MATCH: {
          int x = r[b];
          if (t.filter(c)[filter::kKind] == kStackItem) {
            int place = kNone;
            for (int k = 0; k < s.stack_size_; ++k) place = s.stack_[k].serial == x ? k : place;
            x = place;
          }
          r[a] = x != kNone && s.matches(c, x, controller, source);
          break;
        }
        case CHOOSE_MOVE: {  // rules.md 6.6: the controller chooses the path, one of the summon's moves with Speed R[t]
          if (!instance_ok(r[b]) || s.instances_[r[b]].zone != Zone::Play || s.instances_[r[b]].dot < 0 || r[c] <= 0) {
            r[a] = kNone;
            break;
          }
          ActionList* options = &choice_options();
          options->size = 0;
          s.resolution_options(*options);
          if (options->size == 0) {
            r[a] = kNone;
            break;
          }
          s.pending_ = Pending::Resolve;
          s.give_priority(controller);
          return tcbg::fx::Flow::kWait;
        }
        case CHOOSE: case CHOOSE_DOT: case ASK: {
          const int chooser = s.choice_chooser(ins);
          if (chooser == kNone) {
            r[a] = kNone;
            break;
          }
          if (op == ASK) {  // always a decision
            s.pending_ = Pending::Resolve;
            s.give_priority(chooser);
            return tcbg::fx::Flow::kWait;
          }
          ActionList* options = &choice_options();
          options->size = 0;
          s.resolution_options(*options, op == CHOOSE_DOT ? 2 : kMaxDots);  // a dot: one, or a decision
          const int flags = op == CHOOSE ? (c >> 8) : 0;
          const bool optional = flags & (kOptional | kSearch);
          const int real = options->size - (optional ? 1 : 0);  // the options other than "none"
          if (real <= 0) {
            r[a] = kNone;
            break;
          }
          if ((flags & kRandom) || (real == 1 && !optional)) {
            const int pick = (flags & kRandom) ? static_cast<int>(s.rng_.below(static_cast<uint64_t>(real))) : 0;
            r[a] = s.answer_value(options->ids[pick]);  // taken without a decision (rules.md 6.15)
            break;
          }
          s.pending_ = Pending::Resolve;
          s.give_priority(chooser);
          return tcbg::fx::Flow::kWait;
        }
        case PYTHON:  // the slow path (docs/cards.md): the game's hook calls the card set's Python function a
          if (!g.python_effect()) {
            throw GameError("effects", "PYTHON " + std::to_string(a) + " needs the Python hook the bindings give a game",
                            "docs/cards.md (the slow path)");
          }
          try {
            g.python_effect()(s, a);
          } catch (...) {
            // The function failed: the rest of the card's effect does not happen and the card finishes resolving, so
            // the state is a position play goes on from; the error reaches the caller (docs/cards.md).
            if (s.resolving_) s.finish_resolution();
            throw;
          }
          break;
        default:  // a game-changing instruction
          s.apply_effect(ins, r.data(), source, controller);
          break;
      }
      // The game ended (WIN, an escape) or the turn ended with the controller's departure.
      return s.resolving_ ? tcbg::fx::Flow::kNext : tcbg::fx::Flow::kStop;
    }
  };
  const Game& g = *game_;
  const Tables& t = *g.effects();
  Host host{*this, g, t, resolution_.item.instance, resolution_.item.controller,
            t.ability(resolution_.item.ability)[ability::kNumAdditional]};
  if (tcbg::fx::run(host, resolution_)) {
    finish_resolution();
  } else if (!resolving_ && phase_ == Phase::Over) {
    // A card whose own effect won still goes where a resolved card goes (rules.md 6.14): not left being cast.
    finish_resolution();
  }
}

// One game-changing instruction (opcode DAMAGE and up, no choice): the interpreter's and the slow path's
// (run_effect) common code, so a Python effect's operations mean exactly what the instructions mean.
void State::apply_effect(const int32_t* ins, const int32_t* r, int source, int controller) {
  const Game& g = *game_;
  const int op = ins[0], a = ins[1], b = ins[2], c = ins[3];
  auto obj = [&](int reg) { return r[reg]; };
  auto instance_ok = [&](int x) { return x >= 0 && x < g.num_instances(); };
  switch (op) {
      case MOVE: {  // rules.md 6.6: a move, without paying or activating it; a life base on an end dot escapes
        const int x = obj(a), key = r[b];
        if (!instance_ok(x) || instances_[x].zone != Zone::Play || instances_[x].dot < 0 || key < 0) break;
        PathOption o;
        if (!effect_move_option(x, key, o)) break;  // effect_moves(x, kMaxSteps)'s option with the key
        set_dot(x, o.destination);
        instances_[x].moved = true;
        set_heading(x, o.heading_slot);
        collect(kMoves, x);
        if (g.card(instances_[x].def).type == CardType::LifeBase && g.board().has_kind(o.destination, kEnd)) {
          win(instances_[x].controller, EndReason::Escape);
          resolving_ = false;
          pending_ = Pending::None;
        }
        break;
      }
      case PREVENT:  // rules.md 6.3: the next R[s] damage to the summon this turn is prevented
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play && r[b] > 0) {
          instances_[obj(a)].shield = static_cast<uint8_t>(std::min(255, instances_[obj(a)].shield + r[b]));
        }
        break;
      case DAMAGE:
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play && instances_[obj(a)].dot >= 0) {
          deal_damage(obj(a), r[b], r[c]);
        }
        break;
      case HEAL:
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play && r[b] > 0) {
          instances_[obj(a)].damage = static_cast<uint8_t>(std::max(0, instances_[obj(a)].damage - r[b]));
          forget_paths();
        }
        break;
      case DESTROY: case SACRIFICE:
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play) destroy(obj(a));
        break;
      case DISCARD:
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Hand) move_card(obj(a), Zone::Discard);
        break;
      case DRAW: {
        const int p = obj(a);
        if (p < 0 || p >= g.num_players() || !alive(p) || r[b] <= 0) break;
        const bool short_deck = players_[p].deck_size < r[b];
        draw_cards(p, r[b]);
        if (short_deck) lose(p, EndReason::Depletion);  // rules.md 5.4: drawing from an empty deck
        break;
      }
      case SHUFFLE:
        if (obj(a) >= 0 && obj(a) < g.num_players()) rng_.shuffle(players_[obj(a)].deck.data(), players_[obj(a)].deck_size);
        break;
      case TO_HAND: case REMOVE:
        if (instance_ok(obj(a)) && instances_[obj(a)].zone != Zone::Stack &&
            g.card(instances_[obj(a)].def).type != CardType::LifeBase) {
          move_card(obj(a), op == TO_HAND ? Zone::Hand : Zone::Removed);
        }
        break;
      case PLACE: {  // rules.md 6.5
        const int x = obj(a), dot = r[b];
        if (!instance_ok(x) || dot < 0 || dot >= g.board().num_dots()) break;
        CardInstance& card = instances_[x];
        const CardDef& d = g.card(card.def);
        if (d.type != CardType::Summon && d.type != CardType::LifeBase) break;
        if (card.zone == Zone::Play) {
          if (card.dot < 0 || !may_stand(x, dot, card.controller)) break;
          set_dot(x, dot);
          set_heading(x, -1);
        } else if (card.zone != Zone::Stack && d.type == CardType::Summon &&
                   !(resources(controller).classes & (1u << d.summon_class)) && may_stand(x, dot, controller)) {
          move_card(x, Zone::Play);
          set_controller(x, controller);
          set_dot(x, dot);
          set_activated(x, false);
          collect(kEntersPlay, x);
        }
        break;
      }
      case PRODUCE: {
        const int p = obj(a);
        if (p >= 0 && p < g.num_players() && r[b] >= 0 && r[b] < kEnergyTypes && r[c] > 0) {
          players_[p].pool[r[b]] = static_cast<uint16_t>(std::min(kMaxPool, players_[p].pool[r[b]] + r[c]));  // rules.md 4.4
        }
        break;
      }
      case MODIFY: {  // until end of turn, while in play or while its source is in play (rules.md 6.17)
        const int x = obj(a), prop = c & 0xFF, duration = c >> 8;
        if (!instance_ok(x) || instances_[x].zone != Zone::Play || prop < kAttack || prop > kBlockRate) break;
        if (duration == kWhileSourceInPlay && !source_in_play(source)) break;  // rules.md 6.17: already over
        CardInstance& card = instances_[x];
        auto& changes = duration == kUntilEndOfTurn ? card.modifier : card.lasting;
        const int before = changes[prop];
        changes[prop] = static_cast<int8_t>(std::clamp(changes[prop] + r[b], -99, 99));
        if (duration == kWhileSourceInPlay && changes[prop] != before) {  // the change made, to take back later
          add_lasting({MODIFY, kWhileSourceInPlay, static_cast<uint16_t>(x), static_cast<uint16_t>(source),
                       static_cast<uint8_t>(prop), static_cast<int8_t>(changes[prop] - before)});
        }
        if (prop == kBlockRate && card.dot >= 0) occupancy_.block_rate[card.dot] = block_rate_of(x);
        forget_paths();
        if (prop == kDefense) check_destroyed(x);  // rules.md 6.3: also when its defense drops
        break;
      }
      case GRANT:
        if (c == kWhileSourceInPlay) {  // rules.md 6.17: kept apart, it ends with its source
          if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play && source_in_play(source) && b > 0) {
            add_lasting({GRANT, kWhileSourceInPlay, static_cast<uint16_t>(obj(a)), static_cast<uint16_t>(source),
                         static_cast<uint8_t>(b & 31), 0});
            forget_paths();
          }
        } else if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play) {
          uint8_t& bits = c == kWhileInPlay ? instances_[obj(a)].granted_lasting : instances_[obj(a)].granted;
          bits = static_cast<uint8_t>(bits | b);
          forget_paths();  // all directions changes the moves and attacks
        }
        break;
      case ATTACH:  // rules.md 6.8: the catalyst being cast attaches to the permanent
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play) {
          instances_[source].focus = static_cast<int16_t>(obj(a));
          forget_continuous();  // FOCUSED continuous effects now reach it
          if (gives_control(source)) gain_control(obj(a), controller);  // "you control the focused summon"
        }
        break;
      case CONTROL:  // rules.md 6.7
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play && r[b] >= 0 && r[b] < g.num_players() &&
            alive(r[b])) {
          const int before = instances_[obj(a)].controller;
          if (c == kWhileSourceInPlay && !source_in_play(source)) break;  // rules.md 6.17: already over
          if (!gain_control(obj(a), r[b])) break;
          if (c == kUntilEndOfTurn && instances_[obj(a)].control_return < 0) {
            instances_[obj(a)].control_return = static_cast<int8_t>(before);
          } else if (c == kWhileSourceInPlay) {
            add_lasting({CONTROL, kWhileSourceInPlay, static_cast<uint16_t>(obj(a)), static_cast<uint16_t>(source),
                         static_cast<uint8_t>(before), 0});
          }
        }
        break;
      case REDUCE:  // rules.md 6.3: each damage dealt to the summon is reduced, for the instruction's duration
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play && instances_[obj(a)].dot >= 0 && r[b] > 0 &&
            c >= kUntilEndOfTurn && c <= kWhileSourceInPlay && (c != kWhileSourceInPlay || source_in_play(source))) {
          add_lasting({REDUCE, static_cast<uint8_t>(c), static_cast<uint16_t>(obj(a)), static_cast<uint16_t>(source), 0,
                       static_cast<int8_t>(std::min(r[b], 99))});
        }
        break;
      case REDIRECT:  // rules.md 6.3: the oldest redirection is the one used
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play && instance_ok(r[b]) &&
            instances_[obj(a)].redirect < 0) {
          instances_[obj(a)].redirect = static_cast<int16_t>(r[b]);
        }
        break;
      case COUNTERS:
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play) add_counters(obj(a), b, r[c]);
        break;
      case CANCEL: cancel(obj(a)); break;
      case WIN:  // rules.md 6.14: the player's team wins at once, everyone else loses, as an escape does (5.14)
        if (obj(a) >= 0 && obj(a) < g.num_players() && alive(obj(a))) {
          win(obj(a), EndReason::Alternative);
          resolving_ = false;
          pending_ = Pending::None;
        }
        break;
      case ACTIVATE: case REACTIVATE:
        if (instance_ok(obj(a)) && instances_[obj(a)].zone == Zone::Play) set_activated(obj(a), op == ACTIVATE);
        break;
      default:  // refused when the game was created (fx::Tables::unsupported)
        throw GameError("effects", "instruction " + std::to_string(op) + " is not run by the engine yet",
                        "docs/engine-design.md");
  }
}

// The slow path (docs/cards.md): one game-changing instruction of the resolution in progress, operand values in
// place of the registers a program would name (immediates stay immediates), run by apply_effect. Values are
// clamped to +-2^20 (no object is numbered beyond it) so no amount overflows.
void State::run_effect(int op, int a, int b, int c) {
  if (op < DAMAGE || op > kLastOp) {
    throw GameError("effects", "the slow path runs a game-changing instruction (opcode " + std::to_string(DAMAGE) +
                                   " to " + std::to_string(kLastOp) + "), not " + std::to_string(op),
                    "docs/cards.md (the slow path)");
  }
  if (!resolving_ || phase_ == Phase::Over) return;  // the game or the resolution ended: nothing more happens
  // Which operands name registers (docs/cards.md, the instruction table); the others are immediates.
  const bool b_register = op == DAMAGE || op == HEAL || op == PREVENT || op == REDUCE || op == REDIRECT ||
                          op == DRAW || op == PLACE || op == MOVE || op == CONTROL || op == PRODUCE || op == MODIFY;
  const bool c_register = op == DAMAGE || op == PRODUCE || op == COUNTERS;
  if (op == GRANT && (b & ~(kStealth | kCannotAttack | kCannotMove | kCannotBeAttacked | kAllDirections))) {
    throw GameError("effects", "GRANT names no property " + std::to_string(b), "docs/cards.md (Property)");
  }
  // What the engine refuses in a program (fx::Tables::unsupported), it refuses from the slow path too.
  if ((op == PREVENT || op == REDIRECT) && c != kUntilEndOfTurn) {
    throw GameError("effects",
                    "instruction " + std::to_string(op) + " with these operands is not run by the engine yet",
                    "docs/engine-design.md");
  }
  constexpr int kLimit = 1 << 20;
  std::array<int32_t, kRegisters> r{};
  r[0] = std::clamp(a, -kLimit, kLimit);
  r[1] = std::clamp(b, -kLimit, kLimit);
  r[2] = std::clamp(c, -kLimit, kLimit);
  const int32_t ins[kWidth] = {op, 0, b_register ? 1 : b, c_register ? 2 : c};
  apply_effect(ins, r.data(), resolution_.item.instance, resolution_.item.controller);
}

// A resolved flux goes to its owner's discard pile; a catalyst or quest enters play (rules.md 6.1, 6.16).
void State::finish_resolution() {
  const int i = resolution_.item.instance;
  resolving_ = false;
  pending_ = Pending::None;
  if (resolution_.item.kind == StackKind::Cast && instances_[i].zone == Zone::Stack) {
    const CardDef& d = game_->card(instances_[i].def);
    const bool unfocused = game_->effects()->card(instances_[i].def)[card::kFocusFilter] != kNone &&
                           instances_[i].focus < 0;
    if (d.type == CardType::Flux || unfocused) {  // a focused catalyst cannot be in play unfocused (6.1, 6.8)
      set_zone(i, Zone::Discard);
      set_controller(i, instances_[i].owner);
    } else {
      set_zone(i, Zone::Play);
      set_activated(i, false);
      if (phase_ != Phase::Over) collect(kEntersPlay, i);
    }
  }
  // rules.md 6.4: a permanent whose last activation counter came off as this ability was used leaves now.
  if (resolution_.item.kind == StackKind::Ability && !resolution_.item.triggered && phase_ != Phase::Over) {
    expire_if_spent(i);
  }
  if (phase_ != Phase::Over) after_resolution();
}

// The moves of a summon by an effect (rules.md 6.6): the movement rules with `steps` as its Speed, from where it
// stands; the list lives until the next generation on this thread.
const OptionList& State::effect_moves(int instance, int steps) const {
  thread_local std::unique_ptr<OptionList> none = std::make_unique<OptionList>();  // never generated into: empty
  if (instance < 0 || instance >= game_->num_instances() || instances_[instance].dot < 0 || steps <= 0) return *none;
  Mover m = mover_of(instance, false);
  m.steps = static_cast<uint8_t>(std::clamp(steps, 0, kMaxSteps));
  return generated(m, false);
}

// rules.md 6.4: damage counters are not damage (nothing reduces them, they trigger nothing) but destroy at the
// defense; removing the last time counter puts the permanent into its owner's discard pile at once, the last
// activation counter after the ability resolves (finish_resolution).
void State::add_counters(int instance, int kind, int n) {
  CardInstance& c = instances_[instance];
  forget_paths();  // continuous amounts may read counters and damage
  if (kind == kCounterDamage) {
    c.damage = static_cast<uint8_t>(std::clamp(c.damage + n, 0, 255));
    check_destroyed(instance);
    return;
  }
  if (kind < kCounterActivation || kind > kCounterCharge) return;
  uint8_t& count = c.counters[kind - 1];
  const int before = count;
  count = static_cast<uint8_t>(std::clamp(before + n, 0, 255));
  if (kind == kCounterTime && before > 0 && count == 0) {
    // rules.md 6.4: into the discard pile; a life base leaves play only as its destruction (its player loses, 5.8)
    if (game_->card(c.def).type == CardType::LifeBase) {
      destroy(instance);
    } else {
      move_card(instance, Zone::Discard);
    }
  }
}

void State::expire_if_spent(int instance) {
  const CardInstance& c = instances_[instance];
  if (c.zone == Zone::Play && game_->effects()->card(c.def)[card::kStartActivation] > 0 && c.counters[0] == 0) {
    move_card(instance, Zone::Discard);
  }
}

// The options of the paused instruction (or, for a choice made without asking, of the instruction about to run).
void State::resolution_options(ActionList& out, int limit) const {
  const Game& g = *game_;
  const Tables& t = *g.effects();
  int program = 0, length = 0;
  part_bounds(resolution_.part, program, length);
  const int32_t* ins = t.instruction(program + resolution_.pc);
  const auto& r = resolution_.regs;
  const int source = resolution_.item.instance;
  if (ins[0] == ASK) {
    out.push(g.no_action());
    out.push(g.yes_action());
    return;
  }
  if (ins[0] == CHOOSE_MOVE) {
    effect_move_actions(r[ins[2]], r[ins[3]], g.first_move_action(), out);
    return;
  }
  if (ins[0] == CHOOSE_DOT) {
    const int summon = r[ins[3]];
    if (summon < 0 || summon >= g.num_instances()) return;
    const int stand_as = instances_[summon].zone == Zone::Play ? instances_[summon].controller : resolution_.item.controller;
    // matches() of a dot filter on every dot, the filter looked up once (a choice of dot is a filter of kind dot)
    const int32_t* f = t.filter(ins[2]);
    const bool dots = f[filter::kKind] == kKindDot;
    for (int d = 0; d < g.board().num_dots() && out.size < limit; ++d) {
      const bool match = dots ? dot_matches(f, d, resolution_.item.controller)
                              : matches(ins[2], d, resolution_.item.controller, source);
      if (match && may_stand(summon, d, stand_as)) out.push(g.first_dot_action() + d);
    }
    return;
  }
  const int chooser = choice_chooser(ins);
  if (chooser == kNone) return;
  const int flags = ins[3] >> 8;
  const int kind = t.filter(ins[2])[filter::kKind];
  if (flags & kSearch) {  // the chooser's own deck
    for (int x = 0, end = candidates_end(kind); x < end; ++x) {
      if (x >= g.num_instances() || instances_[x].owner != chooser || instances_[x].zone != Zone::Deck) continue;
      if (matches(ins[2], x, chooser, source)) out.push(object_action(kind, x));
    }
  } else if (kind == kKindCard && t.filter(ins[2])[filter::kZone] == static_cast<int>(Zone::Hand)) {
    // A card in a hand (matches() finds a card filter's cards in its zone alone): the hands' lists, in any order,
    // as the list is sorted below.
    for (int p = 0; p < g.num_players(); ++p) {
      for (int k = 0; k < players_[p].hand_size; ++k) {
        const int x = players_[p].hand[k];
        if (matches(ins[2], x, chooser, source)) out.push(object_action(kind, x));
      }
    }
  } else {
    for_each_candidate(kind, [&](int x) {
      if (matches(ins[2], x, chooser, source)) out.push(object_action(kind, x));
    });
  }
  if ((flags & (kOptional | kSearch)) && out.size > 0) out.push(g.choose_none_action());
  std::sort(out.ids.begin(), out.ids.begin() + out.size);
}

// The object an answer names: a yes / no, none, a stack item's serial, a player, a card instance or a dot.
int State::answer_value(int a) const {
  const Game& g = *game_;
  if (a == g.no_action() || a == g.yes_action()) return a == g.yes_action();
  if (a == g.choose_none_action()) return kNone;
  if (a >= g.first_choose_stack_action() && a < g.first_mode_action()) return stack_[a - g.first_choose_stack_action()].serial;
  if (a >= g.first_choose_player_action() && a < g.first_choose_stack_action()) return a - g.first_choose_player_action();
  if (a >= g.first_choose_instance_action() && a < g.first_choose_player_action()) return a - g.first_choose_instance_action();
  if (a >= g.first_move_action() && a < g.first_attack_action()) return a - g.first_move_action();
  return a - g.first_dot_action();
}

void State::answer_resolution(int a) {
  const Game& g = *game_;
  const Tables& t = *g.effects();
  int program = 0, length = 0;
  part_bounds(resolution_.part, program, length);
  const int32_t* ins = t.instruction(program + resolution_.pc);
  resolution_.regs[ins[1]] = answer_value(a);
  resolution_.pc = static_cast<int16_t>(resolution_.pc + 1);
  pending_ = Pending::None;
  run_resolution();
}

// ---------------------------------------------------------------------------------------------------------------
// What effects do to cards (rules.md 6.3, 6.16, 6.17)

// rules.md 6.3: redirection first (used up, never applied twice to one damage), then prevention, then reduction.
void State::deal_damage(int target, int amount, int source) {
  CardInstance& t = instances_[target];
  if (t.redirect >= 0 && amount > 0) {
    const int to = t.redirect;
    t.redirect = -1;
    if (instances_[to].zone == Zone::Play && instances_[to].dot >= 0) {
      deal_damage_once(to, amount, source);
      return;
    }
  }
  deal_damage_once(target, amount, source);
}

void State::deal_damage_once(int target, int amount, int source) {
  CardInstance& c = instances_[target];
  const int prevented = std::min<int>(std::max(amount, 0), c.shield);  // prevention, then reduction
  c.shield = static_cast<uint8_t>(c.shield - prevented);
  amount -= prevented;
  if (game_->has_continuous()) amount -= continuous_total(target, kLayerDamageTaken, 0);
  if (lasting_size_) amount -= lasting_reduction(target);
  if (amount <= 0) return;
  c.damage = static_cast<uint8_t>(std::min(255, c.damage + amount));
  if (game_->has_continuous()) forget_paths();  // continuous amounts may read damage
  collect(kEventDamaged, target, source, amount);
  check_destroyed(target);
}

void State::check_destroyed(int instance) {
  const CardInstance& c = instances_[instance];
  if (c.zone != Zone::Play || c.dot < 0) return;
  const int defense = stat(instance, kDefense);
  if (defense >= 0 && c.damage >= defense) destroy(instance);
}

// A permanent leaving play forgets its place, heading, damage, changes and controller (rules.md 6.7, 6.17).
void State::leave_play(int instance) {
  CardInstance& c = instances_[instance];
  if (c.dot >= 0) set_dot(instance, -1);
  set_heading(instance, -1);
  c.damage = 0;
  c.modifier = c.lasting = {};
  c.granted = c.granted_lasting = c.paid_used = 0;
  release_control(instance);
  c.focus = -1;
  c.counters = {};
  c.shield = 0;
  c.control_return = -1;
  c.redirect = -1;
  c.moved = c.attacked = false;
  set_controller(instance, c.owner);
  destroy_attached(instance);
  end_lasting(instance);
}

void State::destroy_attached(int instance) {
  if (!game_->effects()) return;
  for (int i = 0; i < game_->num_instances(); ++i) {
    if (instances_[i].focus == instance && instances_[i].zone == Zone::Play) destroy(i);
  }
}

// A card changes zones (hand, deck lists kept); a card entering play or a hand arrives reactivated.
void State::move_card(int instance, Zone to) {
  CardInstance& c = instances_[instance];
  PlayerState& ps = players_[c.owner];
  if (c.zone == Zone::Play) collect(kLeavesPlay, instance);
  if (c.zone == Zone::Play) leave_play(instance);
  if (c.zone == Zone::Hand) remove_from_hand(c.owner, instance);
  if (c.zone == Zone::Deck) {
    auto* end = ps.deck.begin() + ps.deck_size;
    auto* it = std::find(ps.deck.begin(), end, instance);
    std::copy(it + 1, end, it);
    --ps.deck_size;
  }
  set_activated(instance, false);
  set_zone(instance, to);
  if (to == Zone::Hand) ps.hand[ps.hand_size++] = static_cast<uint16_t>(instance);
  check_all_destroyed();
}

// rules.md 6.7: a life base never changes control; a player who controls a summon of that class gains nothing. A
// catalyst focused on the permanent changes control with it (6.8).
bool State::gain_control(int instance, int player) {
  const CardInstance& c = instances_[instance];
  const CardDef& d = game_->card(c.def);
  if (d.type == CardType::LifeBase || c.controller == player) return false;
  if (d.summon_class && (resources(player).classes & (1u << d.summon_class))) return false;
  set_controller(instance, player);
  for (int i = 0; i < game_->num_instances(); ++i) {
    if (instances_[i].focus == instance && instances_[i].zone == Zone::Play) set_controller(i, player);
  }
  return true;
}

// Control going back (end of turn, or the card that gave it leaving play). Decision: if the player it returns to now
// controls a summon of its class, it goes to its owner's discard pile instead (one of each class, ORoC).
void State::return_control(int instance, int player) {
  const CardInstance& c = instances_[instance];
  const CardDef& d = game_->card(c.def);
  if (c.controller == player) return;
  if (d.summon_class && (resources(player).classes & (1u << d.summon_class))) {
    move_card(instance, Zone::Discard);
    return;
  }
  set_controller(instance, player);
  for (int i = 0; i < game_->num_instances(); ++i) {
    if (instances_[i].focus == instance && instances_[i].zone == Zone::Play) set_controller(i, player);
  }
}

bool State::gives_control(int catalyst) const {
  const Tables& t = *game_->effects();
  const int32_t* rec = t.card(instances_[catalyst].def);
  for (int k = rec[card::kFirstContinuous]; k < rec[card::kFirstContinuous] + rec[card::kNumContinuous]; ++k) {
    if (t.continuous_effect(k)[continuous::kLayer] == kLayerControl) return true;
  }
  return false;
}

void State::release_control(int catalyst) {
  const CardInstance& c = instances_[catalyst];
  if (c.focus < 0 || !gives_control(catalyst)) return;
  const int target = c.focus;
  if (instances_[target].zone == Zone::Play && instances_[target].controller != instances_[target].owner) {
    instances_[catalyst].focus = -1;  // detached first: its target's departure must not destroy it again
    forget_continuous();
    return_control(target, instances_[target].owner);
  }
}

// A card leaving play may take a continuous defense bonus with it: a summon whose damage now reaches its defense is
// destroyed at once (rules.md 6.3).
void State::check_all_destroyed() {
  if (!game_->has_continuous() || phase_ == Phase::Over) return;
  // In instance order, as a walk of every instance: the cards in play or being cast (active_cards_, kept by
  // set_zone and set_controller) a word at a time, the rest of a word read afresh after a check (which may move
  // cards; a later word is read when it is reached).
  const int n = game_->num_instances(), players = game_->num_players();
  const auto active = [&](int w) {
    uint64_t bits = 0;
    for (int p = 0; p < players; ++p) bits |= active_cards_[p][w];
    return bits;
  };
  for (int w = 0; w < kInstanceWords; ++w) {
    for (uint64_t bits = active(w); bits;) {
      const int b = __builtin_ctzll(bits);
      const int i = w * 64 + b;
      if (i >= n) return;
      bits &= bits - 1;
      const CardInstance& c = instances_[i];
      if (c.zone != Zone::Play || c.dot < 0 || c.damage <= 0) continue;
      check_destroyed(i);
      if (phase_ == Phase::Over) return;
      bits = b == 63 ? 0 : active(w) & (~uint64_t{0} << (b + 1));
    }
  }
}

// rules.md 6.16: the item leaves the stack without effect, its costs stay paid; a card being cast goes to its
// owner's discard pile.
void State::cancel(int serial) {
  for (int k = 0; k < stack_size_; ++k) {
    if (stack_[k].serial != serial) continue;
    const StackItem item = stack_[k];
    std::copy(stack_.begin() + k + 1, stack_.begin() + stack_size_, stack_.begin() + k);
    --stack_size_;
    if (item.kind == StackKind::Cast) {
      set_zone(item.instance, Zone::Discard);
      set_controller(item.instance, instances_[item.instance].owner);
    }
    return;
  }
}

// rules.md 6.17: "until end of turn" ends with the turn; a summon whose damage now reaches its defense is destroyed.
void State::forget_modifiers() {
  end_turn_lasting();
  for (int i = 0; i < game_->num_instances(); ++i) {
    CardInstance& c = instances_[i];
    if (c.control_return >= 0) {  // control until end of turn returns (rules.md 6.7)
      const int to = c.control_return;
      c.control_return = -1;
      if (c.zone == Zone::Play) return_control(i, alive(to) ? to : c.owner);
      if (phase_ == Phase::Over) return;
    }
    if (c.modifier == std::array<int8_t, 5>{} && c.granted == 0 && c.shield == 0 && c.redirect < 0) continue;
    c.modifier = {};
    c.granted = 0;
    c.shield = 0;
    c.redirect = -1;
    if (c.dot >= 0) occupancy_.block_rate[c.dot] = block_rate_of(i);
    forget_paths();
    check_destroyed(i);
    if (phase_ == Phase::Over) return;
  }
}

}  // namespace tcbg::x610z
