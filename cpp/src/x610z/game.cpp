#include "tcbg/x610z/game.hpp"

#include <algorithm>

#include "tcbg/core/error.hpp"

namespace tcbg::x610z {

// ---------------------------------------------------------------------------------------------------------------
// Game

Game::Game(std::shared_ptr<const Board> board, int setup, std::vector<CardDef> cards, std::vector<DeckSpec> decks,
           int max_turns)
    : board_(std::move(board)), setup_(setup), cards_(std::move(cards)), decks_(std::move(decks)),
      max_turns_(max_turns) {
  if (!board_) throw GameError("board", "no board", "rules.md 5.1");
  if (setup_ < 0 || setup_ >= board_->num_setups()) throw GameError("setup", "no such setup", "rules.md 5.1");
  const int seats = board_->setup(setup_).num_seats;
  if (num_players() != seats) {
    throw GameError("decks", "setup '" + board_->setup(setup_).name + "' has " + std::to_string(seats) +
                                 " seats but " + std::to_string(num_players()) + " decks were given", "rules.md 5.1");
  }
  if (max_turns_ < 1 || max_turns_ > 60000) throw GameError("max_turns", "must lie from 1 to 60000", "rules.md 5.8");
  const int defs = static_cast<int>(cards_.size());
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
    first_instance_[p] = static_cast<uint16_t>(num_instances_);
    num_instances_ += 1 + static_cast<int>(d.cards.size());
  }
  first_instance_[seats] = static_cast<uint16_t>(num_instances_);
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
  }
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
    instances_[i].zone = Zone::Hand;
    ps.hand[ps.hand_size++] = static_cast<uint16_t>(i);
  }
}

void State::shuffle_hand_into_deck(int p) {
  PlayerState& ps = players_[p];
  for (int k = 0; k < ps.hand_size; ++k) {
    instances_[ps.hand[k]].zone = Zone::Deck;
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
  for (int i = 0; i < game_->num_instances(); ++i) {  // reactivation phase
    CardInstance& c = instances_[i];
    if (c.zone == Zone::Play && c.controller == player) c.activated = false;
  }
  if (ps.deck_size == 0) {  // draw phase: depletion (rules.md 5.4, 5.8)
    lose(player, EndReason::Depletion);
    return;
  }
  draw_cards(player, 1);
  phase_ = Phase::Action;
  passes_ = 0;
  priority_ = static_cast<uint8_t>(player);
}

void State::give_priority(int player) { priority_ = static_cast<uint8_t>(player); }

void State::end_phase_or_turn() {
  passes_ = 0;
  if (phase_ == Phase::Action) {  // the end phase: the player whose turn is next has priority first
    phase_ = Phase::End;
    give_priority(next_alive(active_));
    return;
  }
  phase_ = Phase::Cleanup;
  priority_ = active_;
  if (players_[active_].hand_size <= kHandLimit) finish_turn();
}

void State::finish_turn() {  // rules.md 5.6
  for (int p = 0; p < game_->num_players(); ++p) players_[p].pool = EnergyCounts{};
  start_turn(next_alive(active_));
}

void State::lose(int p, EndReason reason) {
  PlayerState& ps = players_[p];
  ps.outcome = Outcome::Lost;
  ps.reason = reason;
  for (int i = game_->first_instance(p); i < game_->first_instance(p + 1); ++i) instances_[i].dot = -1;  // leaves
  check_game_over(reason);
  if (phase_ == Phase::Over) return;
  passes_ = 0;
  if (phase_ == Phase::Mulligan) {
    if (priority_ == p) give_priority(next_alive(p));
  } else if (active_ == p) {
    for (int q = 0; q < game_->num_players(); ++q) players_[q].pool = EnergyCounts{};
    start_turn(next_alive(p));
  } else if (priority_ == p) {
    give_priority(next_alive(p));
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

int State::current_player() const { return is_terminal() ? -1 : priority_; }

// ---------------------------------------------------------------------------------------------------------------
// Actions (rules.md 5.9)

void State::legal_actions(ActionList& out) const {
  out.size = 0;
  if (is_terminal()) return;
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
      out.push(action::kPass);
      if (phase_ == Phase::Action && p == active_ && !ps.crystal_placed) {  // rules.md 5.5
        for (int k = 0; k < ps.hand_size; ++k) {
          if (g.card(instances_[ps.hand[k]].def).type == CardType::Crystal) {
            out.push(g.per_instance_action(action::kPlaceCrystal, ps.hand[k]));
          }
        }
      }
      for (int i = 0; i < g.num_instances(); ++i) {
        const CardInstance& c = instances_[i];
        if (c.zone == Zone::Play && c.controller == p && !c.activated && g.card(c.def).type == CardType::Crystal) {
          out.push(g.per_instance_action(action::kActivateCrystal, i));
        }
      }
      std::sort(out.ids.begin(), out.ids.begin() + out.size);
      return;
    }
    case Phase::Over:
      return;
  }
}

bool State::is_legal(int a) const {
  ActionList list;
  legal_actions(list);
  return std::find(list.ids.begin(), list.ids.begin() + list.size, a) != list.ids.begin() + list.size;
}

void State::remove_from_hand(int p, int instance) {
  PlayerState& ps = players_[p];
  auto* end = ps.hand.begin() + ps.hand_size;
  auto* it = std::find(ps.hand.begin(), end, instance);
  std::copy(it + 1, end, it);  // keep the order the cards came in
  --ps.hand_size;
}

void State::apply_action(int a) {
  if (!is_legal(a)) {
    throw IllegalActionError("action " + std::to_string(a),
                             (is_terminal() ? std::string("the game is over")
                                            : "not legal now (" + action_to_string(a) + ")"),
                             "rules.md 5.9");
  }
  const Game& g = *game_;
  const int p = priority_;
  PlayerState& ps = players_[p];
  if (a == action::kKeep) {  // rules.md 5.2
    ps.kept = true;
    for (int k = 1; k <= g.num_players(); ++k) {
      const int q = (p + k) % g.num_players();
      if (alive(q) && !players_[q].kept) { give_priority(q); return; }
    }
    start_turn(first_player_);
    return;
  }
  if (a == action::kMurphy) {
    const int size = murphy_hand(g.rules(), ps.murphy);
    ++ps.murphy;
    shuffle_hand_into_deck(p);
    draw_cards(p, size);
    return;
  }
  if (a == action::kPass) {  // rules.md 5.7
    if (++passes_ >= live_players()) {
      end_phase_or_turn();
    } else {
      give_priority(next_alive(p));
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
      instances_[instance].zone = Zone::Play;
      ps.crystal_placed = true;
      return;
    case action::kActivateCrystal: {  // rules.md 4.2, 5.5
      CardInstance& c = instances_[instance];
      c.activated = true;
      ++ps.pool[g.card(c.def).produces];
      return;
    }
    case action::kDiscard:  // rules.md 5.6
      remove_from_hand(p, instance);
      instances_[instance].zone = Zone::Discard;
      if (ps.hand_size <= kHandLimit) finish_turn();
      return;
    default:
      return;
  }
}

std::string State::instance_name(int i) const {
  return game_->card(instances_[i].def).name + " (#" + std::to_string(i) + ")";
}

std::string State::action_to_string(int a) const {
  const Game& g = *game_;
  if (a == action::kPass) return "pass";
  if (a == action::kKeep) return "keep the hand";
  if (a == action::kMurphy) return "Murphy's Law";
  if (a < 0 || a >= g.num_distinct_actions()) return "no action " + std::to_string(a);
  const int rel = a - action::kFirstPerInstance;
  const int block = rel / g.num_instances();
  const int instance = rel % g.num_instances();
  switch (block) {
    case action::kPlaceCrystal: return "place crystal " + instance_name(instance);
    case action::kActivateCrystal: return "activate crystal " + instance_name(instance);
    default: return "discard " + instance_name(instance);
  }
}

}  // namespace tcbg::x610z
