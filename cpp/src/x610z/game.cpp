#include "tcbg/x610z/game.hpp"

#include <algorithm>
#include <memory>

#include "tcbg/core/error.hpp"

namespace tcbg::x610z {


// ---------------------------------------------------------------------------------------------------------------
// Game

Game::Game(std::shared_ptr<const Board> board, int setup, std::vector<CardDef> cards, std::vector<DeckSpec> decks,
           int max_turns, std::shared_ptr<const fx::Tables> effects, PythonEffectHook python)
    : board_(std::move(board)), setup_(setup), cards_(std::move(cards)), decks_(std::move(decks)),
      max_turns_(max_turns), effects_(std::move(effects)), python_(std::move(python)) {
  if (effects_) effects_->validate(static_cast<int>(cards_.size()));
  if (!board_) throw GameError("board", "no board", "rules.md 5.1");
  if (setup_ < 0 || setup_ >= board_->num_setups()) throw GameError("setup", "no such setup", "rules.md 5.1");
  const int seats = board_->setup(setup_).num_seats;
  if (num_players() != seats) {
    throw GameError("decks", "setup '" + board_->setup(setup_).name + "' has " + std::to_string(seats) +
                                 " seats but " + std::to_string(num_players()) + " decks were given", "rules.md 5.1");
  }
  if (max_turns_ < 1 || max_turns_ > 60000) throw GameError("max_turns", "must lie from 1 to 60000", "rules.md 5.8");
  const int defs = static_cast<int>(cards_.size());
  if (effects_) {  // any GRANT of "cannot be attacked" in the set (continuous ones are found with the decks below)
    for (int pc = 0; pc < effects_->num(effects_->code, fx::kWidth); ++pc) {
      const int32_t* ins = effects_->instruction(pc);
      has_unattackable_ = has_unattackable_ || (ins[0] == fx::GRANT && (ins[2] & fx::kCannotBeAttacked));
    }
  }
  for (int p = 0; p < seats; ++p) {
    const std::string where = "decks[" + std::to_string(p) + "]";
    const DeckSpec& d = decks_[p];
    if (d.life_base >= defs || cards_[d.life_base].type != CardType::LifeBase) {
      throw GameError(where, "the life base is not a life-base card", "rules.md 5.1");
    }
    if (d.cards.size() > static_cast<size_t>(kMaxDeck)) {
      throw GameError(where, "a deck holds at most " + std::to_string(kMaxDeck) + " cards", "core limit");
    }
    for (uint16_t c : d.cards) {
      if (c >= defs) throw GameError(where, "names an unknown card", "rules.md 5.1");
      if (cards_[c].type == CardType::LifeBase) throw GameError(where, "a life base inside the deck", "rules.md 5.1");
    }
    // Anything the engine cannot run yet is refused here, never ignored during a game (docs/engine-design.md).
    if (effects_) {
      for (size_t k = 0; k <= d.cards.size(); ++k) {
        const int c = k == d.cards.size() ? d.life_base : d.cards[k];
        const int32_t* rec = effects_->card(c);
        has_continuous_ = has_continuous_ || rec[fx::card::kNumContinuous] > 0;
        continuous_reads_ |= effects_->continuous_reads(c);
        for (int k = rec[fx::card::kFirstContinuous]; k < rec[fx::card::kFirstContinuous] + rec[fx::card::kNumContinuous];
             ++k) {
          const int32_t* ce = effects_->continuous_effect(k);
          const int layer = ce[fx::continuous::kLayer];
          if (layer < 1 || layer > 4) continue;
          continuous_what_[layer] |= layer == fx::kLayerProperty ? static_cast<uint32_t>(ce[fx::continuous::kWhat])
                                     : layer == fx::kLayerStat ? 1u << ce[fx::continuous::kWhat] : 1u;
          if (continuous_layers_.empty()) continuous_layers_.assign(cards_.size(), 0);
          continuous_layers_[c] = static_cast<uint8_t>(continuous_layers_[c] | (1u << layer));
        }
        for (int a = rec[fx::card::kFirstAbility]; a < rec[fx::card::kFirstAbility] + rec[fx::card::kNumAbilities]; ++a) {
          has_triggers_ = has_triggers_ || effects_->ability(a)[fx::ability::kKind] == fx::kTriggered;
          discard_triggers_ = discard_triggers_ || (effects_->ability(a)[fx::ability::kKind] == fx::kTriggered &&
                                                    effects_->ability(a)[fx::ability::kZone] == static_cast<int>(Zone::Discard));
        }
        for (int a = rec[fx::card::kFirstAbility]; a < rec[fx::card::kFirstAbility] + rec[fx::card::kNumAbilities]; ++a) {
          const int32_t* ab = effects_->ability(a);
          if ((ab[fx::ability::kKind] == fx::kActivatedAbility || ab[fx::ability::kKind] == fx::kPaid) &&
              ab[fx::ability::kNumber] < fx::kMaxAbilityActions) {
            abilities_per_card_ = std::max(abilities_per_card_, ab[fx::ability::kNumber] + 1);
            if (ability_numbers_.empty()) ability_numbers_.assign(cards_.size(), 0);
            ability_numbers_[c] = static_cast<uint8_t>(ability_numbers_[c] | (1u << ab[fx::ability::kNumber]));
            discard_abilities_ = discard_abilities_ || ab[fx::ability::kZone] == static_cast<int>(Zone::Discard);
          }
        }
        if ((rec[fx::card::kFlags] & fx::kHasPython) && !python_) {
          throw GameError(where, "card '" + cards_[c].name + "' has a Python effect and the game no hook to call it",
                          "docs/cards.md (the slow path)");
        }
        const std::string missing = effects_->unsupported(c);
        has_unattackable_ = has_unattackable_ || continuous_in(fx::kLayerProperty, fx::kCannotBeAttacked);
        if (!missing.empty()) {
          throw GameError(where, "card '" + cards_[c].name + "' needs " + missing +
                                     ", which the engine does not run yet", "docs/engine-design.md (card effects)");
        }
      }
    }
    first_instance_[p] = static_cast<uint16_t>(num_instances_);
    num_instances_ += 1 + static_cast<int>(d.cards.size());
  }
  first_instance_[seats] = static_cast<uint16_t>(num_instances_);
  // Which cards collecting an event looks at: those with a triggered ability on it in their zone.
  play_trigger_words_.assign((kMaxInstances + 63) / 64, 0);
  if (has_triggers_) {
    trigger_events_.assign(2 * cards_.size(), 0);
    for (size_t def = 0; def < cards_.size(); ++def) {
      const int32_t* rec = effects_->card(static_cast<int>(def));
      for (int a = rec[fx::card::kFirstAbility]; a < rec[fx::card::kFirstAbility] + rec[fx::card::kNumAbilities]; ++a) {
        const int32_t* ab = effects_->ability(a);
        if (ab[fx::ability::kKind] != fx::kTriggered) continue;
        const int zone = ab[fx::ability::kZone];
        const int event = effects_->trigger_record(ab[fx::ability::kTrigger])[fx::trigger::kEvent];
        if ((zone != static_cast<int>(Zone::Play) && zone != static_cast<int>(Zone::Discard)) || event < 0 || event >= 16) {
          continue;  // never collected (refused in decks, or no event collect() is called with)
        }
        trigger_events_[2 * def + (zone == static_cast<int>(Zone::Discard) ? 1 : 0)] |= static_cast<uint16_t>(1u << event);
      }
    }
    for (int i = 0; i < num_instances_; ++i) {
      const int def = deck_card_def(i);
      if (trigger_events(def, false)) play_trigger_words_[i / 64] |= uint64_t{1} << (i % 64);
      if (trigger_events(def, true)) discard_trigger_instances_.push_back(static_cast<uint16_t>(i));
    }
  }
  // Which instances listing abilities walks: those whose card has an ACTIVATED or PAID ability, and of those the
  // ones with an ability used from the discard pile (the others cannot be used there).
  ability_instance_words_.assign((kMaxInstances + 63) / 64, 0);
  discard_ability_instances_.assign(seats, {});
  for (int p = 0; p < seats; ++p) {
    for (int i = first_instance_[p]; i < first_instance_[p + 1]; ++i) {
      const int def = deck_card_def(i);
      if (!ability_numbers(def)) continue;
      ability_instance_words_[i / 64] |= uint64_t{1} << (i % 64);
      const int32_t* rec = effects_->card(def);
      for (int a = rec[fx::card::kFirstAbility]; a < rec[fx::card::kFirstAbility] + rec[fx::card::kNumAbilities]; ++a) {
        const int32_t* ab = effects_->ability(a);
        if ((ab[fx::ability::kKind] == fx::kActivatedAbility || ab[fx::ability::kKind] == fx::kPaid) &&
            ab[fx::ability::kZone] == static_cast<int>(Zone::Discard)) {
          discard_ability_instances_[p].push_back(static_cast<uint16_t>(i));
          break;
        }
      }
    }
  }
}

int Game::deck_card_def(int instance) const {
  for (int p = 0; p < num_players(); ++p) {
    if (instance < first_instance_[p + 1]) {
      const int k = instance - first_instance_[p];
      return k == 0 ? decks_[p].life_base : decks_[p].cards[k - 1];
    }
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up (rules.md 5.1 - 5.3)

State::State(std::shared_ptr<const Game> game, uint64_t seed) : game_(std::move(game)), rng_(seed) {
  const Game& g = *game_;
  const Setup& setup = g.board().setup(g.setup());
  for (int p = 0; p < g.num_players(); ++p) {
    const int life_base = g.first_instance(p);
    instances_[life_base] = CardInstance{g.deck(p).life_base, static_cast<uint8_t>(p), static_cast<uint8_t>(p),
                                         Zone::Play, false, 0, static_cast<int16_t>(setup.start[p])};
    PlayerState& ps = players_[p];
    const auto& cards = g.deck(p).cards;
    for (size_t k = 0; k < cards.size(); ++k) {
      const int i = life_base + 1 + static_cast<int>(k);
      instances_[i] = CardInstance{cards[k], static_cast<uint8_t>(p), static_cast<uint8_t>(p), Zone::Deck,
                                   false, 0, -1};
      ps.deck[ps.deck_size++] = static_cast<uint16_t>(i);
    }
    rng_.shuffle(ps.deck.data(), ps.deck_size);
    draw_cards(p, kOpeningHand);
    instances_[life_base].dot = -1;
    set_dot(life_base, setup.start[p]);
  }
  rebuild_derived();
  first_player_ = static_cast<uint8_t>(rng_.below(static_cast<uint64_t>(g.num_players())));
  active_ = priority_ = first_player_;
  phase_ = Phase::Mulligan;
}

int State::next_alive(int p) const {
  const int n = game_->num_players();
  for (int k = 1; k <= n; ++k) {
    const int q = (p + k) % n;
    if (alive(q)) return q;
  }
  return p;
}

int State::live_players() const {
  int n = 0;
  for (int p = 0; p < game_->num_players(); ++p) n += alive(p);
  return n;
}

void State::draw_cards(int p, int n) {
  PlayerState& ps = players_[p];
  for (int k = 0; k < n && ps.deck_size > 0; ++k) {
    const int i = ps.deck[--ps.deck_size];
    set_zone(i, Zone::Hand);
    if (ps.kept) instances_[i].record |= kRecordDrawn;
    ps.hand[ps.hand_size++] = static_cast<uint16_t>(i);
  }
}

void State::shuffle_hand_into_deck(int p) {
  PlayerState& ps = players_[p];
  for (int k = 0; k < ps.hand_size; ++k) {
    set_zone(ps.hand[k], Zone::Deck);
    ps.deck[ps.deck_size++] = ps.hand[k];
  }
  ps.hand_size = 0;
  rng_.shuffle(ps.deck.data(), ps.deck_size);
}

// rules.md 5.2: the size of the next hand under Murphy's Law.
static int murphy_hand(Rules rules, int uses_so_far) {
  return rules == Rules::Act1 ? kOpeningHand - 1 - uses_so_far : uses_so_far == 0 ? kOpeningHand : kOpeningHand - uses_so_far;
}

// ---------------------------------------------------------------------------------------------------------------
// Turns and priority (rules.md 5.4 - 5.7)

void State::start_turn(int player) {
  ++turn_;
  if (turn_ > game_->max_turns()) {  // rules.md 5.8: the turn limit ends the game as a draw
    for (int p = 0; p < game_->num_players(); ++p) {
      if (alive(p)) { players_[p].outcome = Outcome::Drawn; players_[p].reason = EndReason::TurnLimit; }
    }
    end_reason_ = EndReason::TurnLimit;
    phase_ = Phase::Over;
    return;
  }
  active_ = static_cast<uint8_t>(player);
  PlayerState& ps = players_[player];
  ps.crystal_placed = false;
  for_each_instance(active_cards_[player], [&](int i) {  // reactivation; headings are forgotten (rules.md 2.9)
    CardInstance& c = instances_[i];
    if (c.zone == Zone::Play) {
      set_activated(i, false);
      c.moved = c.attacked = false;
      c.heading = -1;
      c.paid_used = 0;  // rules.md 6.11: once until its controller's next turn
    }
  });
  if (game_->effects()) {  // rules.md 6.4: one time counter comes off each permanent its controller controls
    for_each_instance(active_cards_[player], [&](int i) {
      if (instances_[i].zone == Zone::Play && instances_[i].counters[1] > 0) add_counters(i, fx::kCounterTime, -1);
    });
    if (phase_ == Phase::Over || active_ != player) return;
  }
  forget_paths();
  collect(fx::kTurnStart, -1);  // after the reactivation phase, before the draw
  if (ps.deck_size == 0) {  // draw phase: depletion (rules.md 5.4, 5.8)
    lose(player, EndReason::Depletion);
    return;
  }
  draw_cards(player, 1);
  phase_ = Phase::Action;
  passes_ = 0;
  give_priority(player);
}

// rules.md 6.9: waiting triggered abilities go on the stack before the player receives priority.
void State::give_priority(int player) {
  if (waiting_size_ > 0 && pending_ == Pending::None && (phase_ == Phase::Action || phase_ == Phase::End)) {
    priority_due_ = static_cast<uint8_t>(player);
    start_trigger_decisions();
    return;
  }
  priority_ = static_cast<uint8_t>(player);
}

void State::end_phase_or_turn() {
  passes_ = 0;
  if (phase_ == Phase::Action) {  // the end phase: the player whose turn is next has priority first
    phase_ = Phase::End;
    collect(fx::kEndPhase, -1);
    give_priority(next_alive(active_));
    return;
  }
  for (int p = 0; p < game_->num_players(); ++p) {  // rules.md 5.6: non-life-base summons on end dots
    for_each_instance(active_cards_[p], [&](int i) {
      const CardInstance& c = instances_[i];
      if (c.zone == Zone::Play && c.dot >= 0 && game_->board().has_kind(c.dot, kEnd) &&
          game_->card(c.def).type == CardType::Summon) {
        destroy(i);
      }
    });
  }
  if (phase_ == Phase::Over) return;
  phase_ = Phase::Cleanup;
  priority_ = active_;
  if (players_[active_].hand_size <= kHandLimit) finish_turn();
}

void State::finish_turn() {  // rules.md 5.6
  const uint16_t turn = turn_;
  forget_modifiers();  // rules.md 6.17: "until end of turn" ends with the turn
  if (phase_ == Phase::Over || turn_ != turn) return;  // a life base fell as a defense dropped back
  for (int p = 0; p < game_->num_players(); ++p) players_[p].pool = EnergyCounts{};
  start_turn(next_alive(active_));
}

void State::lose(int p, EndReason reason) {
  PlayerState& ps = players_[p];
  ps.outcome = Outcome::Lost;
  ps.reason = reason;
  int kept = 0;  // their waiting triggered abilities leave with them
  for (int k = 0; k < waiting_size_; ++k) {
    if (waiting_[k].controller != p) waiting_[kept++] = waiting_[k];
  }
  waiting_size_ = static_cast<uint8_t>(kept);
  for_each_instance(active_cards_[p], [&](int i) {  // their pieces leave the board, with no heading (rules.md 2.9)
    if (instances_[i].dot >= 0) {
      set_dot(i, -1);
      set_heading(i, -1);
    }
  });
  check_game_over(reason);
  if (phase_ == Phase::Over) {  // nobody is left to make a pending choice (rules.md 5.8)
    drop_pending();
    return;
  }
  passes_ = 0;
  if (phase_ == Phase::Mulligan) {
    if (priority_ == p) give_priority(next_alive(p));
  } else if (active_ == p) {  // rules.md 5.8: the turn ends at once and the stack is emptied
    if (pending_ == Pending::Announce) drop_pending();
    for (int k = 0; k < stack_size_; ++k) {
      if (stack_[k].kind == StackKind::Cast) {
        set_zone(stack_[k].instance, Zone::Discard);
        set_controller(stack_[k].instance, instances_[stack_[k].instance].owner);
      }
    }
    stack_size_ = 0;
    drop_pending();
    for (int q = 0; q < game_->num_players(); ++q) players_[q].pool = EnergyCounts{};
    start_turn(next_alive(p));
  } else if (priority_ == p && pending_ == Pending::Trigger) {
    // rules.md 6.19: the other players' waiting abilities still go on the stack, then priority goes where it was
    // due (to the player who placed the crystal, say), unless that is the player who left.
    continue_triggers();
    if (pending_ != Pending::Trigger && (priority_ == p || !alive(priority_))) give_priority(next_alive(p));
  } else if (priority_ == p) {
    const bool was_resolving = pending_ == Pending::Resolve;
    drop_pending();
    give_priority(next_alive(p));
    if (was_resolving) after_resolution();
  }
}

// rules.md 5.8: the game ends when every player still playing is on one team; that team wins.
void State::check_game_over(EndReason reason) {
  int team = -1;
  for (int p = 0; p < game_->num_players(); ++p) {
    if (!alive(p)) continue;
    if (team >= 0 && game_->team(p) != team) return;
    team = game_->team(p);
  }
  for (int p = 0; p < game_->num_players(); ++p) {
    PlayerState& ps = players_[p];
    if (game_->team(p) == team) {
      ps.outcome = Outcome::Won;  // a teammate who left still shares the team's win (rules.md 5.8)
      ps.reason = reason;
    }
  }
  end_reason_ = reason;
  phase_ = Phase::Over;
}

// A choice pending for a player who left is dropped; a summon waiting for its dot goes to its owner's discard pile.
void State::drop_pending() {
  if (pending_ == Pending::Placement) set_zone(pending_instance_, Zone::Discard);
  if (phase_ == Phase::Over) waiting_size_ = 0;
  if (pending_ == Pending::Announce) cost_due_ = 0;  // costs still to choose go with the announcement
  if (pending_ == Pending::Announce && stack_size_ > 0) {  // the card being announced goes to the discard pile
    const StackItem& item = stack_[--stack_size_];
    if (item.kind == StackKind::Cast) {
      set_zone(item.instance, Zone::Discard);
      set_controller(item.instance, instances_[item.instance].owner);
    }
  }
  if (resolving_) {  // a resolution in progress ends; its card goes to the discard pile
    resolving_ = false;
    const int i = resolution_.item.instance;
    if (instances_[i].zone == Zone::Stack) {
      set_zone(i, Zone::Discard);
      set_controller(i, instances_[i].owner);
    }
  }
  pending_ = Pending::None;
}

void State::concede(int player) {
  if (player < 0 || player >= game_->num_players()) {
    throw IllegalActionError("concede", "no player " + std::to_string(player), "rules.md 5.8");
  }
  if (is_terminal() || !alive(player)) {
    throw IllegalActionError("concede", "player " + std::to_string(player) + " is not playing", "rules.md 5.8");
  }
  lose(player, EndReason::Capitulation);
}

double State::player_return(int p) const {
  switch (players_[p].outcome) {
    case Outcome::Won: return 1.0;
    case Outcome::Lost: return -1.0;
    default: return 0.0;
  }
}

int State::current_player() const { return is_terminal() ? kTerminalPlayerId : priority_; }

// ---------------------------------------------------------------------------------------------------------------
// Actions (rules.md 5.9)

void State::legal_actions(ActionList& out) const {
  out.size = 0;
  if (is_terminal()) return;
  const ContinuousScope query(*this);  // stats and properties read many times, summed once per card
  const Game& g = *game_;
  const int p = priority_;
  const PlayerState& ps = players_[p];
  switch (phase_) {
    case Phase::Mulligan:
      out.push(action::kKeep);
      if (murphy_hand(g.rules(), ps.murphy) >= 1) out.push(action::kMurphy);
      return;
    case Phase::Cleanup:
      for (int k = 0; k < ps.hand_size; ++k) out.push(g.per_instance_action(action::kDiscard, ps.hand[k]));
      std::sort(out.ids.begin(), out.ids.begin() + out.size);
      return;
    case Phase::Action:
    case Phase::End: {
      if (pending_ != Pending::None) {  // the second part of a declaration, or placing a summon
        if (pending_ == Pending::Announce) {
          announce_options(out);
          return;
        }
        if (pending_ == Pending::Resolve) {
          resolution_options(out);
          return;
        }
        if (pending_ == Pending::Placement) {
          placements(p, out);
          return;
        }
        if (pending_ == Pending::Trigger) {
          trigger_options(out);
          return;
        }
        const bool attacks = pending_ == Pending::AttackTarget;
        option_actions(pending_instance_, attacks, attacks ? g.first_attack_action() : g.first_move_action(), out);
        return;
      }
      // Listed block by block in id order, each block in instance order, so the list comes out sorted. Outside
      // their own action phase a player can only activate crystals (rules.md 5.5, 5.10), so most of the work is
      // for the active player.
      out.push(action::kPass);
      const Resources r = resources(p);
      const bool own_action_phase = phase_ == Phase::Action && p == active_;
      std::array<uint16_t, kMaxDeck> to_place, to_cast;
      int places = 0, casts = 0;
      if (own_action_phase || g.effects()) {  // fluxes may be cast outside one's own action phase
        for (int k = 0; k < ps.hand_size; ++k) {
          const int i = ps.hand[k];
          if (may(action::kPlaceCrystal, p, i, r)) to_place[places++] = static_cast<uint16_t>(i);
          if (may(action::kCast, p, i, r)) to_cast[casts++] = static_cast<uint16_t>(i);
        }
        std::sort(to_place.begin(), to_place.begin() + places);
        std::sort(to_cast.begin(), to_cast.begin() + casts);
      }
      for (int k = 0; k < places; ++k) out.push(g.per_instance_action(action::kPlaceCrystal, to_place[k]));
      for_each_instance(active_cards_[p], [&](int i) {
        const CardInstance& c = instances_[i];
        if (c.zone == Zone::Play && !c.activated && g.card(c.def).type == CardType::Crystal) {
          out.push(g.per_instance_action(action::kActivateCrystal, i));
        }
      });
      for (int k = 0; k < casts; ++k) out.push(g.per_instance_action(action::kCast, to_cast[k]));
      if (own_action_phase) {
        std::array<uint16_t, kMaxInstances> attackers;
        int attacks = 0;
        for_each_instance(active_cards_[p], [&](int i) {
          if (instances_[i].dot < 0) return;  // on the board: in play and not a crystal
          if (may(action::kDeclareMove, p, i, r)) out.push(g.per_instance_action(action::kDeclareMove, i));
          if (may(action::kDeclareAttack, p, i, r)) attackers[attacks++] = static_cast<uint16_t>(i);
        });
        for (int k = 0; k < attacks; ++k) out.push(g.per_instance_action(action::kDeclareAttack, attackers[k]));
      }
      if (g.abilities_per_card() > 0) {  // abilities of cards in play, and of cards in the discard pile (Rise)
        const fx::Tables& t = *g.effects();
        const int first = out.size;
        auto offer = [&](int i) {
          for (uint8_t bits = g.ability_numbers(instances_[i].def); bits; bits &= bits - 1) {
            const int k = __builtin_ctz(bits);
            if (may_use_ability(p, i, t.numbered_ability(instances_[i].def, k))) out.push(g.ability_action(i, k));
          }
        };
        InstanceSet with_abilities;  // the cards in play or being cast that have one
        for (int w = 0; w < kInstanceWords; ++w) with_abilities[w] = active_cards_[p][w] & g.ability_instance_words()[w];
        for_each_instance(with_abilities, [&](int i) {
          if (instances_[i].zone == Zone::Play) offer(i);
        });
        if (g.discard_abilities()) {
          for (const uint16_t i : g.discard_ability_instances(p)) {
            if (instances_[i].zone == Zone::Discard) offer(i);
          }
          std::sort(out.ids.begin() + first, out.ids.begin() + out.size);
        }
      }
      return;
    }
    case Phase::Over:
      return;
  }
}

void State::legal_actions_head(ActionList& out, int limit) const {
  if (pending_ != Pending::Resolve || is_terminal() || (phase_ != Phase::Action && phase_ != Phase::End)) {
    legal_actions(out);
    return;
  }
  out.size = 0;
  const ContinuousScope query(*this);
  resolution_options(out, std::max(1, limit));
}

// Whether player p, holding priority with no choice pending, may take the per-instance action `block` with card
// `i` now. One predicate per kind of action, used both to list actions and to check one (rules.md 5.5, 5.10-5.13).
bool State::may(action::Block block, int p, int i, const Resources& r) const {
  const Game& g = *game_;
  const CardInstance& c = instances_[i];
  const CardDef& d = g.card(c.def);
  const bool own_action_phase = phase_ == Phase::Action && p == active_;
  switch (block) {
    case action::kPlaceCrystal:
      return own_action_phase && !players_[p].crystal_placed && c.zone == Zone::Hand && c.owner == p &&
             d.type == CardType::Crystal;
    case action::kCast:
      if (d.type == CardType::Flux || d.type == CardType::Catalyst || d.type == CardType::Quest) {
        return may_cast_effect_card(p, i, r);
      }
      return own_action_phase && c.zone == Zone::Hand && c.owner == p && d.type == CardType::Summon &&
             !(r.classes & (1u << d.summon_class)) && x610z::can_pay(d.cost, players_[p].pool, r.crystals);
    case action::kActivateCrystal:
      return c.zone == Zone::Play && c.controller == p && !c.activated && d.type == CardType::Crystal;
    case action::kDeclareMove: {
      // The cheap tests first: the payment before the continuous property and stat.
      if (!own_action_phase || c.zone != Zone::Play || c.controller != p || c.dot < 0 || c.activated ||
          !x610z::can_pay(d.move_cost, players_[p].pool, r.crystals) || has_property(i, fx::kCannotMove) ||
          stat(i, fx::kSpeed) <= 0) {
        return false;
      }
      return can_move_now(i);
    }
    case action::kDeclareAttack: {
      if (!own_action_phase || c.zone != Zone::Play || c.controller != p || c.dot < 0 || c.attacked ||
          has_property(i, fx::kCannotAttack) ||
          stat(i, fx::kAttack) < 0 || stat(i, fx::kRange) <= 0) {
        return false;
      }
      return can_attack_now(i);
    }
    default:
      return false;
  }
}

bool State::is_legal(int a) const {
  const Game& g = *game_;
  if (is_terminal() || a < 0 || a >= g.num_distinct_actions()) return false;
  const ContinuousScope query(*this);
  const bool free_choice = (phase_ == Phase::Action || phase_ == Phase::End) && pending_ == Pending::None;
  if (free_choice) {  // check just this action
    if (a == action::kPass) return true;
    if (a >= g.first_trigger_action()) return false;
    if (a >= g.first_ability_action()) {
      const int rel = a - g.first_ability_action();
      const int instance = rel / g.abilities_per_card();
      const int ability = g.effects()->numbered_ability(instances_[instance].def, rel % g.abilities_per_card());
      return ability != fx::kNone && may_use_ability(priority_, instance, ability);
    }
    if (a < action::kFirstPerInstance || a >= g.first_dot_action()) return false;
    const int rel = a - action::kFirstPerInstance;
    return may(static_cast<action::Block>(rel / g.num_instances()), priority_, rel % g.num_instances(),
               resources(priority_));
  }
  if (pending_ == Pending::MoveDestination || pending_ == Pending::AttackTarget) {  // the one key's search
    const bool attacks = pending_ == Pending::AttackTarget;
    const int base = attacks ? g.first_attack_action() : g.first_move_action();
    PathOption found;
    return a >= base && a < base + g.board().num_dots() * kKeysPerDot &&
           option_for(pending_instance_, attacks, a - base, found);
  }
  thread_local std::unique_ptr<ActionList> list = std::make_unique<ActionList>();
  legal_actions(*list);
  return std::find(list->ids.begin(), list->ids.begin() + list->size, a) != list->ids.begin() + list->size;
}

void State::remove_from_hand(int p, int instance) {
  PlayerState& ps = players_[p];
  auto* end = ps.hand.begin() + ps.hand_size;
  auto* it = std::find(ps.hand.begin(), end, instance);
  std::copy(it + 1, end, it);  // keep the order the cards came in
  --ps.hand_size;
}

void State::apply_action(int a) {
  if (!is_legal(a)) throw IllegalActionError("action " + std::to_string(a), illegal_reason(a), "rules.md 5.9");
  apply_legal_action(a);
}

void State::apply_legal_action(int a) {
  const Game& g = *game_;
  const int p = priority_;
  PlayerState& ps = players_[p];
  if (a == action::kKeep) {  // rules.md 5.2
    ps.kept = true;
    for (int k = 0; k < ps.hand_size; ++k) instances_[ps.hand[k]].record |= kRecordDrawn;
    for (int k = 1; k <= g.num_players(); ++k) {
      const int q = (p + k) % g.num_players();
      if (alive(q) && !players_[q].kept) { give_priority(q); return; }
    }
    start_turn(alive(first_player_) ? first_player_ : next_alive(first_player_));  // rules.md 5.8a
    return;
  }
  if (a == action::kMurphy) {
    const int size = murphy_hand(g.rules(), ps.murphy);
    ++ps.murphy;
    shuffle_hand_into_deck(p);
    draw_cards(p, size);
    return;
  }
  if (pending_ == Pending::Announce) {  // rules.md 6.1
    answer_announcement(a);
    return;
  }
  if (pending_ == Pending::Resolve) {
    answer_resolution(a);
    return;
  }
  if (pending_ == Pending::Trigger) {
    answer_trigger(a);
    return;
  }
  if (a == action::kPass) {  // rules.md 5.7
    if (++passes_ >= live_players()) {
      if (stack_size_ > 0) {
        resolve_top();
      } else {
        end_phase_or_turn();
      }
    } else {
      give_priority(next_alive(p));
    }
    return;
  }
  if (a >= g.first_trigger_action()) return;  // only with a pending choice (handled above)
  if (a >= g.first_ability_action()) {  // rules.md 6.11
    const int rel = a - g.first_ability_action();
    const int instance = rel / g.abilities_per_card();
    passes_ = 0;
    use_ability(p, instance, g.effects()->numbered_ability(instances_[instance].def, rel % g.abilities_per_card()));
    return;
  }
  if (a >= g.first_dot_action()) {
    const int inst = pending_instance_;
    const Pending was = pending_;
    pending_ = Pending::None;
    if (was == Pending::Placement) {  // rules.md 5.11
      CardInstance& c = instances_[inst];
      set_controller(inst, p);
      set_zone(inst, Zone::Play);
      set_dot(inst, a - g.first_dot_action());
      set_activated(inst, false);
      c.moved = c.attacked = false;
      set_heading(inst, -1);
      collect(fx::kEntersPlay, inst);
      after_resolution();
    } else if (was == Pending::MoveDestination) {  // rules.md 5.12
      pay(p, g.card(instances_[inst].def).move_cost);
      set_activated(inst, true);
      push(StackKind::Move, p, inst, a - g.first_move_action());
      after_declaration();
    } else {  // rules.md 5.13
      instances_[inst].attacked = true;
      const int key = a - g.first_attack_action();
      push(StackKind::Attack, p, inst, key);
      int target = -1;
      if (g.has_triggers()) {
        const int dot = key / kKeysPerDot;
        for (int i = 0; i < g.num_instances(); ++i) target = instances_[i].dot == dot ? i : target;
      }
      collect(fx::kAttacks, inst, target);
      after_declaration();
    }
    return;
  }
  const int rel = a - action::kFirstPerInstance;
  const int block = rel / g.num_instances();
  const int instance = rel % g.num_instances();
  passes_ = 0;  // an action breaks the row of passes; the acting player keeps priority (rules.md 5.7)
  switch (block) {
    case action::kPlaceCrystal:  // rules.md 5.5
      remove_from_hand(p, instance);
      set_zone(instance, Zone::Play);
      instances_[instance].record |= kRecordCast;
      ps.crystal_placed = true;
      collect(fx::kEntersPlay, instance);  // rules.md 6.13
      collect(fx::kCrystalPlaced, instance);
      if (waiting_size_ > 0) give_priority(p);  // the player keeps priority, after the triggers
      return;
    case action::kActivateCrystal: {  // rules.md 4.2, 5.5
      set_activated(instance, true);
      uint16_t& energy = ps.pool[g.card(instances_[instance].def).produces];
      if (energy < kMaxPool) ++energy;  // rules.md 4.4: a full pool holds no more
      return;
    }
    case action::kDiscard:  // rules.md 5.6
      remove_from_hand(p, instance);
      set_zone(instance, Zone::Discard);
      if (ps.hand_size <= kHandLimit) finish_turn();
      return;
    case action::kCast:  // rules.md 5.10; fluxes, catalysts and quests: 6.1
      pay(p, g.card(instances_[instance].def).cost);
      remove_from_hand(p, instance);
      set_zone(instance, Zone::Stack);
      instances_[instance].record |= kRecordCast;
      collect(fx::kCastEvent, instance);
      if (g.card(instances_[instance].def).type != CardType::Summon) {
        StackItem item;
        item.controller = static_cast<uint8_t>(p);
        item.instance = static_cast<uint16_t>(instance);
        item.ability = static_cast<int16_t>(g.effects()->cast_ability(instances_[instance].def));
        begin_announcement(item);
        return;
      }
      push(StackKind::Cast, p, instance, 0);
      after_declaration();
      return;
    case action::kDeclareMove:
      pending_ = Pending::MoveDestination;
      pending_instance_ = static_cast<uint16_t>(instance);
      return;
    case action::kDeclareAttack:
      pending_ = Pending::AttackTarget;
      pending_instance_ = static_cast<uint16_t>(instance);
      return;
    default:
      return;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Summons, the stack and resolution (rules.md 5.10 - 5.14)

void State::pay(int p, const EnergyCounts& cost) {  // rules.md 4.3: the engine pays
  Payment plan;
  if (!plan_payment(cost, players_[p].pool, resources(p).crystals, plan)) {  // may() offered only what can be paid
    throw IllegalActionError("payment", "player " + std::to_string(p) + " cannot pay this cost", "rules.md 4.2");
  }
  for (int e = 0; e < kEnergyTypes; ++e) {
    players_[p].pool[e] -= plan.from_pool[e];
    int activate = plan.crystals[e];
    for_each_instance(active_cards_[p], [&](int i) {
      const CardInstance& c = instances_[i];
      if (activate > 0 && c.zone == Zone::Play && !c.activated && game_->card(c.def).type == CardType::Crystal &&
          game_->card(c.def).produces == e) {
        set_activated(i, true);  // its energy is spent at once
        --activate;
      }
    });
  }
}

// rules.md 5.11: the controller's own start dot, or a free warp end (ORoC: a warp dot; Act I: an end dot) that is no
// other player's start dot.
// The free dots among the player's start dot and the warp ends that are no seat's start dot, in dot order: the
// board's warp ends (sorted) with the start dot merged in, instead of a walk of every dot.
void State::placements(int p, ActionList& out) const {
  const Board& b = game_->board();
  const Setup& setup = b.setup(game_->setup());
  const int start = setup.start[p];
  bool start_done = false;
  auto add = [&](int d) {
    if (!occupancy_.occupied(d)) out.push(game_->first_dot_action() + d);
  };
  for (const DotId w : b.warp_ends()) {
    if (!start_done && start <= w) {
      add(start);
      start_done = true;
    }
    if (setup.start_owner[w] < 0) add(w);
  }
  if (!start_done) add(start);
}

void State::push(StackKind kind, int p, int instance, int key) {
  if (stack_size_ >= kMaxStack) {
    throw IllegalActionError("stack", "the stack holds at most " + std::to_string(kMaxStack) + " items", "core limit");
  }
  StackItem item;
  item.kind = kind;
  item.controller = static_cast<uint8_t>(p);
  item.instance = static_cast<uint16_t>(instance);
  item.key = static_cast<uint16_t>(key);
  item.serial = next_serial_++;
  stack_[stack_size_++] = item;
}

void State::after_declaration() {  // rules.md 5.7: priority goes on after a declaration
  passes_ = 0;
  give_priority(next_alive(priority_));
}

void State::after_resolution() {  // rules.md 5.7
  passes_ = 0;
  give_priority(phase_ == Phase::Action ? active_ : next_alive(active_));
}

void State::resolve_top() {
  const StackItem item = stack_[--stack_size_];
  CardInstance& c = instances_[item.instance];
  const CardDef& d = game_->card(c.def);
  const bool still_theirs = alive(item.controller) &&
                            (item.kind == StackKind::Cast || (c.zone == Zone::Play && c.controller == item.controller &&
                                                             c.dot >= 0));
  if (item.kind == StackKind::Ability || (item.kind == StackKind::Cast && d.type != CardType::Summon)) {  // 6.1
    begin_resolution(item);
    return;
  }
  if (item.kind == StackKind::Cast) {  // rules.md 5.10, 5.11
    set_zone(item.instance, Zone::Discard);  // off the stack; where it stays if the cast fails (cost stays paid)
    thread_local std::unique_ptr<ActionList> dots = std::make_unique<ActionList>();
    dots->size = 0;
    if (still_theirs && !(resources(item.controller).classes & (1u << d.summon_class))) {
      placements(item.controller, *dots);
    }
    if (dots->size == 0) {
      after_resolution();
      return;
    }
    set_zone(item.instance, Zone::Stack);  // still being cast while its controller chooses the dot
    pending_ = Pending::Placement;
    pending_instance_ = item.instance;
    passes_ = 0;
    give_priority(item.controller);
    return;
  }
  if (still_theirs) {  // rules.md 5.12, 5.13: checked again; a move or attack no longer legal fails
    const bool attack = item.kind == StackKind::Attack;
    PathOption o;
    if (option_for(item.instance, attack, item.key, o)) {
      if (!attack) {
        set_dot(item.instance, o.destination);
        c.moved = true;
        set_heading(item.instance, o.heading_slot);
        collect(fx::kMoves, item.instance);
        if (d.type == CardType::LifeBase && game_->board().has_kind(o.destination, kEnd)) {  // rules.md 5.14
          win(item.controller, EndReason::Escape);
          return;
        }
      } else {
        set_heading(item.instance, 8 + o.heading_slot);
        const int owner = occupancy_.player[o.destination];
        bool hit = false;
        int target = -1;
        for_each_instance(active_cards_[owner], [&](int t) {
          if (!hit && instances_[t].zone == Zone::Play && instances_[t].dot == o.destination) { hit = true; target = t; }
        });
        if (target >= 0) deal_damage(target, std::max(0, stat(item.instance, fx::kAttack)), item.instance);
        if (phase_ == Phase::Over) return;
      }
    }
  }
  after_resolution();
}

void State::destroy(int instance) {  // rules.md 5.13: into its owner's discard pile; a life base: its owner loses
  CardInstance& c = instances_[instance];
  release_control(instance);
  collect(fx::kDestroyed, instance);  // before it leaves: it looks back (rules.md 6.9)
  collect(fx::kLeavesPlay, instance);
  set_dot(instance, -1);
  set_zone(instance, Zone::Discard);
  c.damage = 0;
  c.modifier = c.lasting = {};
  c.granted = c.granted_lasting = c.paid_used = 0;
  c.focus = -1;
  c.counters = {};
  c.shield = 0;
  c.control_return = -1;
  c.redirect = -1;
  set_heading(instance, -1);
  set_controller(instance, c.owner);
  destroy_attached(instance);
  end_lasting(instance);  // rules.md 6.17
  check_all_destroyed();
  if (game_->card(c.def).type == CardType::LifeBase && alive(c.owner)) lose(c.owner, EndReason::Destruction);
}

void State::win(int p, EndReason reason) {  // rules.md 5.14: the player's team wins, everyone else loses
  const int team = game_->team(p);
  for (int q = 0; q < game_->num_players(); ++q) {
    PlayerState& ps = players_[q];
    if (game_->team(q) == team) {
      ps.outcome = Outcome::Won;
    } else if (ps.outcome == Outcome::Playing) {
      ps.outcome = Outcome::Lost;
    }
    if (ps.reason == EndReason::None) ps.reason = reason;
  }
  end_reason_ = reason;
  phase_ = Phase::Over;
}

}  // namespace tcbg::x610z
