// The Z/X Game (its checks of the decks) and a State's set-up and zones (docs/zx/rules.md sections 3 and 5).
#include <algorithm>
#include <cstring>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

namespace {
uint64_t hash_bytes(uint64_t h, const void* data, size_t n) {
  const auto* b = static_cast<const unsigned char*>(data);
  for (size_t k = 0; k < n; ++k) h = (h ^ b[k]) * 0x100000001B3ULL;  // FNV-1a
  return h;
}
}  // namespace

Game::Game(std::vector<CardDef> cards, std::vector<DeckSpec> decks, Options options,
           fx::Tables tables, std::vector<std::string> names, PythonEffectHook python)
    : cards_(std::move(cards)), decks_(std::move(decks)), options_(options), tables_(std::move(tables)),
      python_(std::move(python)), names_(std::move(names)) {
  if (decks_.size() != kPlayers) {
    throw GameError("decks", "a Z/X game has two decks, got " + std::to_string(decks_.size()), "1.1");
  }
  if (options_.first_player < -1 || options_.first_player > 1) {
    throw GameError("options.first_player", "must be -1 (from the seed), 0 or 1", "5.3");
  }
  if (options_.max_turns < 1 || options_.max_turns > 60000) {
    throw GameError("options.max_turns", "must be between 1 and 60000", "Z1.6");
  }
  if (!names_.empty() && names_.size() != cards_.size()) {
    throw GameError("names", "one name per card definition", "");
  }
  if (cards_.size() > 65535) throw GameError("cards", "at most 65535 card definitions", "");
  for (int p = 0; p < kPlayers; ++p) {
    const DeckSpec& d = decks_[p];
    const std::string where = "decks[" + std::to_string(p) + "]";
    const int n = static_cast<int>(d.cards.size());
    if (n < kMinDeck || n > kMaxDeck) {
      throw GameError(where, "a deck has between " + std::to_string(kMinDeck) + " and " + std::to_string(kMaxDeck) +
                                 " cards in the engine (50 in a legal deck), got " + std::to_string(n), "Z5.7");
    }
    for (int k = 0; k < n; ++k) {
      if (d.cards[k] >= cards_.size()) {
        throw GameError(where + ".cards[" + std::to_string(k) + "]", "no card definition " + std::to_string(d.cards[k]), "");
      }
      const CardDef& c = cards_[d.cards[k]];
      if (c.type != CardType::ZX && c.type != CardType::Event) {
        throw GameError(where + ".cards[" + std::to_string(k) + "]", name(d.cards[k]) + " is neither a Z/X nor an Event",
                        "401.6");
      }
      if (c.is_zx() && c.power <= 0) {
        throw GameError(where + ".cards[" + std::to_string(k) + "]", name(d.cards[k]) + " is a Z/X without Power", "208.1");
      }
      if (d.start_card && start_index_[p] < 0 && c.is_zx() && c.has(kStartCard)) start_index_[p] = k;
    }
    if (d.player_card >= 0) {
      if (d.player_card >= static_cast<int>(cards_.size()) || cards_[d.player_card].type != CardType::Player) {
        throw GameError(where + ".player_card", "must be a card of the Player type", "401.7");
      }
    } else if (d.player_card != -1) {
      throw GameError(where + ".player_card", "a card index or -1", "401.7");
    }
    if (d.start_card && start_index_[p] < 0) {
      throw GameError(where + ".start_card", "the deck has no Z/X with Start Card", "Z5.2");
    }
    first_[p + 1] = first_[p] + n + (d.player_card >= 0 ? 1 : 0);
  }
  num_instances_ = first_[kPlayers];
  for (int p = 0; p < kPlayers; ++p) {
    for (uint16_t c : decks_[p].cards) defs_.push_back(c);
    if (decks_[p].player_card >= 0) defs_.push_back(static_cast<uint16_t>(decks_[p].player_card));
  }
  for (uint16_t d : defs_) colours_.push_back(cards_[d].colours);
  index_tables();
  uint64_t h = 0xCBF29CE484222325ULL;
  for (const CardDef& c : cards_) {
    h = hash_bytes(h, &c.type, 1);
    h = hash_bytes(h, &c.colours, 1);
    h = hash_bytes(h, &c.cost, 2);
    h = hash_bytes(h, &c.power, 4);
    h = hash_bytes(h, &c.keywords, 2);
    h = hash_bytes(h, &c.ignition, 1);
  }
  for (const DeckSpec& d : decks_) {
    h = hash_bytes(h, d.cards.data(), d.cards.size() * sizeof(uint16_t));
    h = hash_bytes(h, &d.player_card, sizeof(int));
    h = hash_bytes(h, &d.start_card, 1);
  }
  h = hash_bytes(h, &options_.effects, 1);
  h = hash_bytes(h, tables_.code.data(), tables_.code.size() * sizeof(int32_t));
  for (const auto& f : tables_.filters) h = hash_bytes(h, f.data(), sizeof(f));
  for (const auto& a : tables_.abilities) h = hash_bytes(h, a.data(), sizeof(a));
  h = hash_bytes(h, &options_.max_turns, sizeof(int));
  fingerprint_ = h;
}

std::string Game::name(int def) const {
  if (def >= 0 && def < static_cast<int>(names_.size())) return names_[def];
  return "card " + std::to_string(def);
}

State::State(std::shared_ptr<const Game> game, uint64_t seed) : game_(std::move(game)) {
  std::memset(static_cast<void*>(&c_), 0, sizeof(Core));
  c_.rng = CounterRng(seed);
  c_.board.fill(kNone);
  const Game& g = *game_;
  for (int p = 0; p < kPlayers; ++p) {
    PlayerState& ps = c_.players[p];
    ps.hand_limit = kHandLimit;
    ps.charge_limit = kChargeLimit;
    const int first = g.first_instance(p), n = g.deck_size(p);
    for (int i = first; i < g.first_instance(p + 1); ++i) {
      c_.inst[i].def = static_cast<uint16_t>(g.def_of(i));
      c_.inst[i].owner = static_cast<uint8_t>(p);
      c_.inst[i].square = kNone;
    }
    // The deck list's first card is the top (the deck's last entry).
    for (int k = n - 1; k >= 0; --k) {
      if (k == g.start_card_index(p)) continue;
      ps.deck.push(first + k);
      c_.inst[first + k].zone = Zone::Deck;
    }
    if (g.player_card_instance(p) != kNone) c_.inst[g.player_card_instance(p)].zone = Zone::PlayerCard;
    if (g.start_card_index(p) >= 0) {  // rules.md Z5.2: on the Player Square, face up and in Reboot at the start
      const int s = first + g.start_card_index(p);
      c_.inst[s].zone = Zone::Square;
      c_.inst[s].square = static_cast<uint8_t>(player_square(p));
      c_.board[player_square(p)] = static_cast<uint8_t>(s);
    }
    if (g.options().shuffle) shuffle_deck(p);
  }
  c_.first_player = static_cast<uint8_t>(g.options().first_player >= 0 ? g.options().first_player : c_.rng.below(2));
  c_.turn_player = c_.first_player;
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? c_.first_player : 1 - c_.first_player;
    for (int j = 0; j < kOpeningHand; ++j) draw_one(p);
  }
  Frame turn;
  turn.kind = Kind::Turn;
  turn.player = c_.first_player;
  push(turn);
  Frame mull;
  mull.kind = Kind::Mulligan;
  mull.player = c_.first_player;
  push(mull);
  advance();
}

CardList& State::list_of(int p, Zone z) {
  PlayerState& ps = c_.players[p];
  switch (z) {
    case Zone::Deck: return ps.deck;
    case Zone::Hand: return ps.hand;
    case Zone::Life: return ps.life;
    case Zone::Charge: return ps.charge;
    case Zone::Trash: return ps.trash;
    default: return ps.resource;
  }
}

void State::take_out(int i) {
  CardInstance& ci = c_.inst[i];
  switch (ci.zone) {
    case Zone::Deck: case Zone::Hand: case Zone::Life: case Zone::Charge: case Zone::Trash: case Zone::Resource: {
      CardList& l = list_of(ci.owner, ci.zone);
      l.erase_at(l.find(i));
      break;
    }
    case Zone::Square:
      if (ci.square < kSquares && c_.board[ci.square] == i) c_.board[ci.square] = kNone;
      ci.square = kNone;
      unlink_removals(i);
      break;
    default: break;
  }
  ci.zone = Zone::None;
  new_object(ci);
}

// A card that leaves its zone is a new object (rules.md Z15.320): nothing of its state there goes with it.
void State::new_object(CardInstance& ci) {
  ci.removed_by = 0;
  ci.remembered_by = 0;
  ci.player_damage = 0;
  ci.sleeping = 0;
  ci.damage = 0;
  ci.power_mod = 0;
  ci.cost_mod = 0;
  ci.marked = 0;
  ci.status = 0;
}

// Card i left its Square: the cards its abilities removed are no longer "removed by this card" (rules.md Z15.131).
void State::unlink_removals(int i) {
  for (int j = 0; j < game_->num_instances(); ++j) {
    if (c_.inst[j].removed_by == i + 1) c_.inst[j].removed_by = 0;
  }
}

void State::put(int i, Zone z, int) {
  take_out(i);
  CardInstance& ci = c_.inst[i];
  ci.zone = z;
  if (z != Zone::Square && z != Zone::Resolving && z != Zone::Removed && z != Zone::None) list_of(ci.owner, z).push(i);
}

// CR 805 / rules.md 7.3: onto Square s in Reboot; a Z/X of the player's already there goes to Trash once the new one
// is in place.
void State::place(int i, int s) {
  const int old = c_.board[s];
  take_out(i);
  CardInstance& ci = c_.inst[i];
  ci.zone = Zone::Square;
  ci.square = static_cast<uint8_t>(s);
  c_.board[s] = static_cast<uint8_t>(i);
  if (old != kNone) {
    c_.inst[old].square = kNone;  // no longer on s: the board already names the new Z/X
    c_.inst[old].zone = Zone::Trash;
    new_object(c_.inst[old]);
    c_.players[c_.inst[old].owner].trash.push(old);
    unlink_removals(old);
  }
}

// One card from the top of the deck to the hand; with the deck and Trash both empty nothing happens (rules.md
// Z10.3). A deck emptied this way is rebuilt before the next step (CR 902.1, process.cpp).
void State::draw_one(int p) {
  PlayerState& ps = c_.players[p];
  if (ps.deck.n == 0) return;
  const int i = ps.deck.top();
  put(i, Zone::Hand);
  c_.inst[i].record |= kRecordFlagDrawn;
}

}  // namespace tcbg::zx
