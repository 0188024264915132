// What one player of a Z/X game sees (docs/observations.md "Z/X"): the tensor, the text and the information state.
// Only what rules.md 13.1 lets the player see is read: a card in a deck, in a Life or in the opponent's hand is
// written as "unseen" and nothing more, so the determinizer's worlds for this player (State::determinize) all give
// the same observation.
#include "tcbg/zx/observation.hpp"

#include <algorithm>
#include <cstring>

#include "tcbg/core/error.hpp"

namespace tcbg::zx {

namespace {

void check_player(int player) {
  if (player < 0 || player >= kPlayers) {
    throw GameError("player", "no player " + std::to_string(player) + " (players 0 and 1)", "1.1");
  }
}

enum SeenZone : int { kOwnHand, kUnseen, kCharge, kTrash, kResource, kOnSquare, kPlayerCard, kResolving, kRemoved };

// The zone code of the tensor, by whether the observer owns the card and by its zone (Zone's order): a deck, a Life
// and the opponent's hand are unseen.
constexpr int8_t kSeen[2][11] = {
    {kUnseen, kUnseen, kUnseen, kUnseen, kCharge, kTrash, kResource, kOnSquare, kPlayerCard, kResolving, kRemoved},
    {kUnseen, kUnseen, kOwnHand, kUnseen, kCharge, kTrash, kResource, kOnSquare, kPlayerCard, kResolving, kRemoved}};

int seen_zone(const CardInstance& c, int player) { return kSeen[c.owner == player][static_cast<int>(c.zone)]; }

const char* const kOutcomeWords[] = {"playing", "won", "lost", "drawn"};

// The cards determinize leaves in place (the frames' revealed and played cards): bit per instance.
struct Shown {
  uint64_t bits[kShownWords] = {};
  int played = kNone;
  bool any = false;
  bool has(int i) const { return (bits[i >> 6] >> (i & 63)) & 1; }
};

Shown shown_cards(const State& s) {
  Shown out;
  for (int k = 0; k < s.frame_count(); ++k) {
    const Frame& f = s.frame(k);
    int i = kNone;
    if (f.kind == Kind::Play) i = out.played = f.a;
    if (f.kind == Kind::Ignition && f.step >= 2) i = f.b;
    if (f.kind == Kind::Damage && f.step >= 1) i = f.a;
    if (i != kNone) {
      out.bits[i >> 6] |= uint64_t{1} << (i & 63);
      out.any = true;
    }
  }
  return out;
}

}  // namespace

bool instance_visible(const State& s, int instance, int player) {
  return seen_zone(s.instance(instance), player) != kUnseen || shown_cards(s).has(instance);
}

namespace {

// Card instance i's block of the tensor of `player` into o[0 .. kObsInstance), which is all zero: where it is as
// the observer sees it; for a card seen, what it shows. power: the Squares' as the Square blocks have them. Inlined
// in the whole tensor's loop over every instance: a call per card made the tensor 40% slower.
[[gnu::always_inline]] inline void write_instance(const CardInstance& ci, int i, int player, const Shown& shown,
                                                  const float* power, float* o) {
  const int zone = seen_zone(ci, player);
  const bool is_shown = shown.any && shown.has(i);
  if (zone == kUnseen && !is_shown) {
    o[kUnseen] = 1.0f;
    return;
  }
  if (zone != kUnseen) o[zone] = 1.0f;  // a card shown in a hidden zone has its flag below and no zone
  float* f = o + kObsZones;
  f[0] = is_shown && i != shown.played ? 1.0f : 0.0f;  // revealed (Ignition, damage)
  f[1] = i == shown.played ? 1.0f : 0.0f;
  const bool on_square = ci.zone == Zone::Square && ci.square != kNone;
  if (on_square) f[2 + (player == 0 ? ci.square : kSquares - 1 - ci.square)] = 1.0f;
  f += 2 + kSquares;
  f[0] = ci.sleeping ? 1.0f : 0.0f;
  f[1] = static_cast<float>(ci.damage) * 1e-4f;
  // Power on a Square (as the Square block has it); a card elsewhere shows its printed Power, which its slot fixes
  // (game.instance_cards()), so only the change until end of turn is written
  if (on_square) f[2] = power[ci.square];
  f[3] = static_cast<float>(ci.power_mod) * 1e-4f;
  f[4] = (ci.status & kStatusNoDamage) ? 1.0f : 0.0f;
  f[5] = ci.marked ? 1.0f : 0.0f;
}

// Instances compared at once with the memo's copy (their records are contiguous): a run of unchanged ones is skipped
// in one comparison.
constexpr int kRun = 16;
static_assert(64 % kRun == 0);

// The tensor of `player`. With a memo of the same observer (`out` holds the tensor it was written with) only the
// global, player and Square blocks and the blocks of the instances that may show something else are written: an
// instance whose record, shown flags or Square's Power changed. Otherwise all of `out`. The memo is brought up to
// date either way.
void encode(const State& s, int player, float* out, ObservationMemo* memo) {
  check_player(player);
  const Game& g = s.game();
  const Core& c = s.core();
  const State::PowerScope query(s);  // nothing changes while the tensor is written: each continuous Power read once
  const bool patch = memo != nullptr && memo->observer == player;
  std::memset(out, 0, sizeof(float) * static_cast<size_t>(patch ? kObsInstanceOffset : observation_tensor_size(g)));
  auto rel = [player](int q) { return q ^ player; };
  auto face = [player](int sq) { return player == 0 ? sq : kSquares - 1 - sq; };  // the observer's near row first

  // Global: turn, over, whose turn, who decides, who went first, the top frame (its player, kind and step), frames,
  // waiting abilities.
  float* o = out;
  o[0] = static_cast<float>(c.turn) / static_cast<float>(g.options().max_turns);
  o[1] = c.over ? 1.0f : 0.0f;
  o[2 + rel(c.turn_player)] = 1.0f;
  if (!c.over) o[4 + rel(s.current_player())] = 1.0f;
  o[6 + rel(c.first_player)] = 1.0f;
  if (c.frame_n > 0) {
    const Frame& top = c.frames[c.frame_n - 1];
    o[8 + rel(top.player)] = 1.0f;
    o[10 + static_cast<int>(top.kind)] = 1.0f;
    o[25] = top.step * (1.0f / 16.0f);
  }
  o[26] = c.frame_n * (1.0f / kMaxFrames);
  o[27] = c.waiting_n * (1.0f / kMaxWaiting);

  // Per player, the observer first: zone sizes, limits, mulligan, damage waiting, outcome, Reloads.
  for (int q = 0; q < kPlayers; ++q) {
    const PlayerState& ps = c.players[q];
    o = out + kObsPlayerOffset + rel(q) * kObsPlayer;
    o[0] = ps.deck.n * 0.02f;
    o[1] = ps.hand.n * 0.1f;
    o[2] = ps.life.n * 0.1f;
    o[3] = ps.charge.n * 0.1f;
    o[4] = ps.trash.n * 0.02f;
    o[5] = ps.resource.n * 0.1f;
    o[6] = ps.hand_limit * 0.1f;
    o[7] = static_cast<float>(std::min(s.charge_limit(q), 20)) * 0.1f;
    o[8] = ps.mulliganed ? 1.0f : 0.0f;
    o[9] = ps.pending_damage * 0.1f;
    o[10 + static_cast<int>(ps.outcome)] = 1.0f;
    o[14] = ps.reloads * 0.1f;
  }

  // The Squares as the observer faces them: whose Z/X stands there and its Power (read once: continuous Power
  // walks the Squares' abilities).
  float power[kSquares] = {};
  for (int sq = 0; sq < kSquares; ++sq) {
    const int i = c.board[sq];
    if (i == kNone) continue;
    o = out + kObsSquareOffset + face(sq) * kObsSquare;
    o[rel(c.inst[i].owner)] = 1.0f;
    o[2] = power[sq] = static_cast<float>(s.power(i)) * 1e-4f;
  }

  // Per card instance, the observer's first, each owner's in instance order.
  const Shown shown = shown_cards(s);
  const int n = g.num_instances();
  const int own_first = g.first_instance(player), own_end = g.first_instance(player + 1);
  auto block = [&](int i) {
    const int slot = i >= own_first && i < own_end ? i - own_first : (own_end - own_first) + (i < own_first ? i : i - own_end);
    return out + kObsInstanceOffset + slot * kObsInstance;
  };
  if (!patch) {
    for (int i = 0; i < n; ++i) write_instance(c.inst[i], i, player, shown, power, block(i));
  } else {
    // What may show something else besides a changed record: a card shown or no longer shown, the card played, a
    // Z/X whose Square's Power changed.
    uint64_t dirty[kShownWords];
    for (int w = 0; w < kShownWords; ++w) dirty[w] = shown.bits[w] ^ memo->shown[w];
    auto mark = [&dirty](int i) { dirty[i >> 6] |= uint64_t{1} << (i & 63); };
    if (shown.played != memo->played) {
      if (shown.played != kNone) mark(shown.played);
      if (memo->played != kNone) mark(memo->played);
    }
    for (int sq = 0; sq < kSquares; ++sq) {
      if (c.board[sq] != kNone && std::memcmp(&power[sq], &memo->power[sq], sizeof(float)) != 0) mark(c.board[sq]);
    }
    auto is_dirty = [&dirty](int i) { return (dirty[i >> 6] >> (i & 63)) & 1; };
    for (int first = 0; first < n; first += kRun) {
      const int end = std::min(first + kRun, n);
      const bool any = (dirty[first >> 6] >> (first & 63)) & ((uint64_t{1} << kRun) - 1);  // a run is in one word
      if (!any && std::memcmp(&c.inst[first], &memo->inst[first], sizeof(CardInstance) * (end - first)) == 0) continue;
      for (int i = first; i < end; ++i) {
        if (!is_dirty(i) && std::memcmp(&c.inst[i], &memo->inst[i], sizeof(CardInstance)) == 0) continue;
        float* b = block(i);
        std::memset(b, 0, sizeof(float) * kObsInstance);
        write_instance(c.inst[i], i, player, shown, power, b);
      }
      std::memcpy(&memo->inst[first], &c.inst[first], sizeof(CardInstance) * (end - first));
    }
  }
  if (memo != nullptr) {
    if (!patch) std::memcpy(memo->inst, c.inst.data(), sizeof(CardInstance) * n);
    memo->observer = player;
    std::memcpy(memo->shown, shown.bits, sizeof(memo->shown));
    memo->played = shown.played;
    std::memcpy(memo->power, power, sizeof(power));
  }
}

}  // namespace

void observation_tensor(const State& s, int player, float* out) { encode(s, player, out, nullptr); }

void observation_tensor_update(const State& s, int player, float* out, ObservationMemo& memo) {
  encode(s, player, out, &memo);
}

std::string observation_string(const State& s, int player) {
  check_player(player);
  const Game& g = s.game();
  const Core& c = s.core();
  // a card seen is named with its instance: action ids name instances, so copies of one card are told apart
  auto named = [&](int i) { return g.name(c.inst[i].def) + " #" + std::to_string(i); };
  std::string t = "observer " + std::to_string(player) + "\nturn " + std::to_string(c.turn) + ", turn player " +
                  std::to_string(c.turn_player) + ", first player " + std::to_string(c.first_player);
  t += c.over ? ", over" : ", deciding " + std::to_string(s.current_player()) + " (" + s.decision() + ")";
  t += ", frames " + std::to_string(c.frame_n) + ", waiting " + std::to_string(c.waiting_n) + "\n";
  for (int q = 0; q < kPlayers; ++q) {
    const PlayerState& ps = c.players[q];
    t += "player " + std::to_string(q) + ": " + kOutcomeWords[static_cast<int>(ps.outcome)] + ", deck " +
         std::to_string(ps.deck.n) + ", hand " + std::to_string(ps.hand.n) + ", life " + std::to_string(ps.life.n) +
         ", charge limit " + std::to_string(s.charge_limit(q)) + ", hand limit " + std::to_string(ps.hand_limit) +
         (ps.mulliganed ? ", mulliganed" : "") + ", damage waiting " + std::to_string(ps.pending_damage) +
         ", reloads " + std::to_string(ps.reloads) + "\n";
    // the public zones in their order (the last on top), and the observer's hand in the order it came in
    const std::pair<const char*, const CardList*> zones[] = {
        {"hand", &ps.hand}, {"charge", &ps.charge}, {"trash", &ps.trash}, {"resource", &ps.resource}};
    for (const auto& [name, list] : zones) {
      if (list == &ps.hand && q != player) continue;
      t += std::string("  ") + name + ":";
      for (int k = 0; k < list->n; ++k) {
        const int i = list->ids[k];
        t += (k ? " | " : " ") + named(i) + (list == &ps.resource && c.inst[i].sleeping ? " (sleep)" : "");
      }
      t += "\n";
    }
    bool removed = false;  // removed from the game (Z15.127): public, in instance order
    for (int i = 0; i < g.num_instances(); ++i) {
      if (c.inst[i].owner != q || c.inst[i].zone != Zone::Removed) continue;
      t += (removed ? " | " : "  removed: ") + named(i);
      if (c.inst[i].removed_by) t += " (by " + named(c.inst[i].removed_by - 1) + ")";
      removed = true;
    }
    if (removed) t += "\n";
  }
  t += "squares:";
  for (int sq = 0; sq < kSquares; ++sq) {
    const int i = c.board[sq];
    t += (sq ? " | s" : " s") + std::to_string(sq + 1) + "=";
    if (i == kNone) {
      t += "-";
      continue;
    }
    const CardInstance& ci = c.inst[i];
    t += named(i) + ", p" + std::to_string(ci.owner) + ", power " + std::to_string(s.power(i)) +
         (ci.sleeping ? ", sleep" : "") + (ci.damage ? ", damage " + std::to_string(ci.damage) : "");
  }
  t += "\n";
  const Shown shown = shown_cards(s);
  for (int i = 0; i < g.num_instances(); ++i) {
    if (!shown.has(i)) continue;
    t += std::string(i == shown.played ? "played" : "revealed") + ": " + named(i) + " of p" +
         std::to_string(c.inst[i].owner) + "\n";
  }
  for (int i = 0; i < g.num_instances(); ++i) {
    if (c.inst[i].zone == Zone::Resolving && !shown.has(i)) t += "resolving: " + named(i) + "\n";
  }
  return t;
}

std::string information_state_string(const State& s, int player, const int32_t* history, size_t length) {
  std::string t = observation_string(s, player) + "decisions:";
  const Game& g = s.game();
  // Decisions are separated by " | " (card names hold spaces and commas). A decision naming a card instance: the
  // card is named when the act shows it to both players (playing it, putting
  // it into Resource, igniting, paying, discarding, Charge excess, a startup ability), or when the observer owns it
  // and sees it now; a card an effect chooses that the opponent owns is named by the kind of the choice alone (it
  // may have been chosen from a hand, a deck or a Life, rules.md 13.1).
  static const char* const blocks[action::kNumBlocks] = {"play", "resource", "ignite", "pay", "discard", "excess",
                                                         "choose"};
  for (size_t k = 0; k < length; ++k) {
    const int a = history[k];
    t += k ? " | " : " ";
    if (a >= action::kFirstBlock && a < action::kFirstSquare) {
      const int b = (a - action::kFirstBlock) / kMaxInstances, i = (a - action::kFirstBlock) % kMaxInstances;
      const bool shown = i < g.num_instances() &&
                         (b != action::kChoose || (g.owner_of(i) == player && instance_visible(s, i, player)));
      t += std::string(blocks[b]) + ":" + (shown ? g.name(g.def_of(i)) : std::string("?"));
    } else if (a >= action::kFirstStartup && a < action::kNumActions) {
      const int i = (a - action::kFirstStartup) / kStartupPerCard;
      t += "startup" + std::to_string((a - action::kFirstStartup) % kStartupPerCard) + ":" +
           (i < g.num_instances() ? g.name(g.def_of(i)) : std::string("?"));
    } else {
      t += std::to_string(a);  // keep, mulligan, Squares, attacks, Life positions, Void Bringer, waiting, yes / no
    }
  }
  return t;
}

}  // namespace tcbg::zx
