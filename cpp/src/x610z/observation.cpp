// What one player of an X610Z game sees (docs/observations.md "X610Z"): the tensor, the text and the information
// state. Only what rules.md 5.15 lets the player see is read: a card in a deck, or in another player's hand, is
// written as "unseen" and nothing more (which card, its place, its record), so the determinizer's worlds for this
// player (State::determinize) all give the same observation.
#include "tcbg/x610z/observation.hpp"

#include <algorithm>
#include <cstring>

#include "tcbg/core/error.hpp"

namespace tcbg::x610z {

namespace {

void check_player(const State& s, int player) {
  if (player < 0 || player >= s.game().num_players()) {
    throw GameError("player", "no player " + std::to_string(player) + " in this game (players 0 to " +
                    std::to_string(s.game().num_players() - 1) + ")", "rules.md 5.1");
  }
}

// Zone codes of the tensor's instance block (kInstanceZones of them).
enum SeenZone : int { kOwnDeck, kOwnHand, kUnseen, kPlay, kDiscard, kRemoved, kStack };

int seen_zone(const CardInstance& c, int player) {
  switch (c.zone) {
    case Zone::Deck: return c.owner == player ? kOwnDeck : kUnseen;
    case Zone::Hand: return c.owner == player ? kOwnHand : kUnseen;
    case Zone::Play: return kPlay;
    case Zone::Discard: return kDiscard;
    case Zone::Removed: return kRemoved;
    default: return kStack;
  }
}

const char* const kZoneWords[kInstanceZones] = {"deck", "hand", "unseen", "play", "discard", "removed", "stack"};
const char* const kPhaseWords[] = {"mulligan", "action", "end", "cleanup", "over"};
const char* const kPendingWords[] = {"none", "move", "attack", "placement", "announce", "resolve", "trigger"};
const char* const kOutcomeWords[] = {"playing", "won", "lost", "drawn"};

}  // namespace

ObservationLayout observation_layout(const Game& g) {
  ObservationLayout l;
  l.players = g.num_players();
  l.instances = g.num_instances();
  l.dots = g.board().num_dots();
  l.player_offset = kGlobalFeatures + 2 * l.players;
  l.per_player = kPlayerFeatures;
  l.instance_offset = l.player_offset + l.players * l.per_player;
  l.per_instance = kInstanceFeatures + l.players;
  l.dot_offset = l.instance_offset + l.instances * l.per_instance;
  l.per_dot = l.players;
  l.size = l.dot_offset + l.dots * l.per_dot;
  return l;
}

void observation_tensor(const State& s, int player, float* out) {
  check_player(s, player);
  const Game& g = s.game();
  const int n_players = g.num_players(), n_instances = g.num_instances();
  const int per_instance = kInstanceFeatures + n_players;
  const int player_offset = kGlobalFeatures + 2 * n_players;
  const int instance_offset = player_offset + n_players * kPlayerFeatures;
  const int dot_offset = instance_offset + n_instances * per_instance;
  std::memset(out, 0, sizeof(float) * static_cast<size_t>(dot_offset + g.board().num_dots() * n_players));
  auto rel = [&](int q) { return q >= player ? q - player : q - player + n_players; };

  // Global: turn, phase, pending choice, stack, waiting abilities, over; the active and deciding players.
  float* o = out;
  o[0] = static_cast<float>(s.turn()) / static_cast<float>(g.max_turns());
  o[1 + static_cast<int>(s.phase())] = 1.0f;
  o[6 + static_cast<int>(s.pending())] = 1.0f;
  o[13] = static_cast<float>(s.stack_size()) / kMaxStack;
  o[14] = static_cast<float>(s.waiting_size()) / fx::kMaxWaiting;
  o[15] = s.is_terminal() ? 1.0f : 0.0f;
  o[kGlobalFeatures + rel(s.active_player())] = 1.0f;
  if (!s.is_terminal()) o[kGlobalFeatures + n_players + rel(s.current_player())] = 1.0f;

  // Per player, from the observer on: hand and deck sizes, pool, crystal placed, kept, Murphy's Law, outcome, team.
  const int team = g.team(player);
  for (int q = 0; q < n_players; ++q) {
    const PlayerState& ps = s.player(q);
    o = out + player_offset + rel(q) * kPlayerFeatures;
    o[0] = ps.hand_size * 0.1f;
    o[1] = ps.deck_size * (1.0f / kMaxDeck);
    for (int e = 0; e < kEnergyTypes; ++e) o[2 + e] = ps.pool[e] * 0.1f;
    o[2 + kEnergyTypes] = ps.crystal_placed ? 1.0f : 0.0f;
    o[3 + kEnergyTypes] = ps.kept ? 1.0f : 0.0f;
    o[4 + kEnergyTypes] = ps.murphy;
    o[5 + kEnergyTypes + static_cast<int>(ps.outcome)] = 1.0f;
    o[9 + kEnergyTypes] = g.team(q) == team ? 1.0f : 0.0f;
  }

  // Per card instance: where it is as the observer sees it; for a card outside hands and decks, what it shows.
  const int pending = s.pending_instance();
  const float inv_dots = 1.0f / static_cast<float>(g.board().num_dots());
  bool continuous[5] = {};  // stats that continuous effects in play change (rules.md 6.10): State::stat reads those
  for (int k = 0; k < 5 && g.has_continuous(); ++k) continuous[k] = s.stat_effects_in_play(k);
  for (int q = 0; q < n_players; ++q) {
    const int first = g.first_instance(q), end = g.first_instance(q + 1);
    // the observer's own cards first, then each next seat's
    int slot = 0;
    for (int r = 0; r < rel(q); ++r) {
      const int other = (player + r) % n_players;
      slot += g.first_instance(other + 1) - g.first_instance(other);
    }
    for (int i = first; i < end; ++i, ++slot) {
      const CardInstance& c = s.instance(i);
      o = out + instance_offset + slot * per_instance;
      const int zone = seen_zone(c, player);
      o[zone] = 1.0f;
      if (zone <= kUnseen) continue;  // in a hand or a deck: nothing more is shown
      float* f = o + kInstanceZones;
      f[rel(c.controller)] = 1.0f;
      f += n_players;
      f[0] = c.activated ? 1.0f : 0.0f;
      f[1] = c.damage * 0.1f;
      f[2] = c.dot >= 0 ? static_cast<float>(c.dot + 1) * inv_dots : 0.0f;
      f[3] = c.moved ? 1.0f : 0.0f;
      f[4] = c.attacked ? 1.0f : 0.0f;
      f[5] = static_cast<float>(c.heading + 1) * (1.0f / 17.0f);
      f[6] = c.focus >= 0 ? 1.0f : 0.0f;
      f[7] = i == pending ? 1.0f : 0.0f;
      f[8] = c.shield * 0.1f;
      if (zone == kPlay || zone == kStack) {  // the stats as State::stat gives them; -1: the card shows none
        const CardDef& d = g.card(c.def);
        const int8_t base[5] = {d.attack, d.defense, d.speed, d.range, static_cast<int8_t>(d.block_rate)};
        for (int k = 0; k < 5; ++k) {  // State::raw_stat's sum inline where no continuous effect changes the stat
          const int v = continuous[k] ? s.stat(i, k) : base[k] < 0 ? -1 : std::max(0, base[k] + c.modifier[k] + c.lasting[k]);
          f[9 + k] = static_cast<float>(v) * 0.1f;
        }
      }
      for (int k = 0; k < 3; ++k) f[14 + k] = c.counters[k] * 0.1f;
      const int props = c.granted | c.granted_lasting;
      for (int k = 0; k < 5; ++k) f[17 + k] = (props >> k) & 1 ? 1.0f : 0.0f;
      if (c.dot >= 0) out[dot_offset + c.dot * n_players + rel(c.controller)] = 1.0f;
    }
  }
}

std::string observation_string(const State& s, int player) {
  check_player(s, player);
  const Game& g = s.game();
  std::string t = "observer " + std::to_string(player) + "\nturn " + std::to_string(s.turn()) + ", " +
                  kPhaseWords[static_cast<int>(s.phase())] + " phase, active " + std::to_string(s.active_player());
  t += s.is_terminal() ? ", over" : ", deciding " + std::to_string(s.current_player());
  t += ", pending " + std::string(kPendingWords[static_cast<int>(s.pending())]);
  if (s.pending_instance() >= 0) t += " #" + std::to_string(s.pending_instance());
  t += ", waiting " + std::to_string(s.waiting_size()) + "\n";
  for (int q = 0; q < g.num_players(); ++q) {
    const PlayerState& ps = s.player(q);
    t += "player " + std::to_string(q) + " (team " + std::to_string(g.team(q)) + "): " +
         kOutcomeWords[static_cast<int>(ps.outcome)] + ", hand " + std::to_string(ps.hand_size) + ", deck " +
         std::to_string(ps.deck_size) + ", pool";
    for (int e = 0; e < kEnergyTypes; ++e) t += " " + std::to_string(ps.pool[e]);
    t += ps.crystal_placed ? ", crystal placed" : "";
    t += ps.kept ? ", kept" : "";
    t += ", murphy " + std::to_string(ps.murphy) + "\n";
    if (q == player) {  // the observer's hand, in the order it came in
      t += "  hand:";
      for (int k = 0; k < ps.hand_size; ++k) {
        t += (k ? " | " : " ") + g.card(s.instance(ps.hand[k]).def).name + " #" + std::to_string(ps.hand[k]);
      }
      t += "\n";
    }
  }
  // The cards outside hands and decks, by instance: where, whose, and what they show.
  for (int i = 0; i < g.num_instances(); ++i) {
    const CardInstance& c = s.instance(i);
    if (c.zone == Zone::Deck || c.zone == Zone::Hand) continue;
    t += "#" + std::to_string(i) + " " + g.card(c.def).name + ": " + kZoneWords[seen_zone(c, player)] +
         ", owner " + std::to_string(c.owner) + ", controller " + std::to_string(c.controller);
    if (c.dot >= 0) t += ", on " + g.board().dot(c.dot).id + ", heading " + std::to_string(c.heading);
    if (c.activated) t += ", activated";
    if (c.damage) t += ", damage " + std::to_string(c.damage);
    if (c.moved) t += ", moved";
    if (c.attacked) t += ", attacked";
    if (c.focus >= 0) t += ", focus #" + std::to_string(c.focus);
    if (c.shield) t += ", shield " + std::to_string(c.shield);
    if (c.counters[0] | c.counters[1] | c.counters[2]) {
      t += ", counters " + std::to_string(c.counters[0]) + "/" + std::to_string(c.counters[1]) + "/" +
           std::to_string(c.counters[2]);
    }
    if (c.granted | c.granted_lasting) t += ", granted " + std::to_string(c.granted | c.granted_lasting);
    if (c.zone == Zone::Play || c.zone == Zone::Stack) {
      t += ", stats";
      for (int k = 0; k < 5; ++k) t += " " + std::to_string(s.stat(i, k));
    }
    t += "\n";
  }
  t += "stack:";
  for (int k = 0; k < s.stack_size(); ++k) {
    static const char* const kinds[] = {"cast", "move", "attack", "ability"};
    const StackItem& it = s.stack_item(k);
    t += std::string(" ") + kinds[static_cast<int>(it.kind)] + " #" + std::to_string(it.instance) + " by " +
         std::to_string(it.controller);
  }
  return t + "\n";
}

std::string information_state_string(const State& s, int player, const int32_t* history, size_t length) {
  std::string t = observation_string(s, player) + "decisions:";
  const Game& g = s.game();
  const int n = g.num_instances();
  // Decisions are separated by " | " (card names hold spaces). A decision naming a card instance: the card is named when the act itself shows it to everyone (placing,
  // activating, discarding, casting, moving, attacking, using an ability: the card is out of any hand then), or when
  // the observer owns it and sees it now; a card chosen by an effect that another player owns is named only by the
  // kind of the choice (it may have been chosen from a hand or a deck, rules.md 5.15).
  static const char* const blocks[action::kNumBlocks] = {"place", "activate", "discard", "cast", "move", "attack"};
  for (size_t k = 0; k < length; ++k) {
    const int a = history[k];
    t += k ? " | " : " ";
    if (a >= action::kFirstPerInstance && a < g.first_dot_action()) {
      const int rel = a - action::kFirstPerInstance;
      t += std::string(blocks[rel / n]) + ":" + g.card(g.deck_card_def(rel % n)).name;
    } else if (a >= g.first_choose_instance_action() && a < g.first_choose_player_action()) {
      const int i = a - g.first_choose_instance_action();
      const bool shown = s.instance(i).owner == player && instance_visible(s, i, player);
      t += shown ? "choose:" + g.card(g.deck_card_def(i)).name : std::string("choose:?");
    } else if (a >= g.first_ability_action() && a < g.first_trigger_action()) {
      const int rel = a - g.first_ability_action();
      t += "ability" + std::to_string(rel % g.abilities_per_card()) + ":" +
           g.card(g.deck_card_def(rel / g.abilities_per_card())).name;
    } else {
      t += std::to_string(a);  // pass, keep, Murphy's Law, dots, moves, attacks, players, stack, modes, triggers
    }
  }
  return t;
}

}  // namespace tcbg::x610z
