// The native agents and batch simulation from C++ alone (docs/agents.md): random and heuristic decisions of both
// games (X610Z and Z/X) allocate nothing once an agent has met its game, the search's tree arena is reused between decisions, agents choose legal
// actions, and a game over the decision cap is stopped with GameError naming the game. Global operator new is
// counted around each decision.
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/agents.hpp"
#include "tcbg/x610z/playout.hpp"
#include "tcbg/x610z/simulate.hpp"
#include "tcbg/zx/agents.hpp"

#include "counting_new.hpp"
#include "zx_starters.inc"

using namespace tcbg::x610z;

namespace {

// An octagon of dots (two of them warp dots) with a start dot below and above and an end dot left and right.
std::shared_ptr<const Game> small_game() {
  std::vector<DotSpec> dots{{"r0", 10, 0, 0},    {"r1", 7, 7, kWarp}, {"r2", 0, 10, 0},  {"r3", -7, 7, 0},
                            {"r4", -10, 0, 0},   {"r5", -7, -7, kWarp}, {"r6", 0, -10, 0}, {"r7", 7, -7, 0},
                            {"s0", 0, -20, kStart}, {"s1", 0, 20, kStart}, {"e0", 20, 0, kEnd}, {"e1", -20, 0, kEnd}};
  std::vector<LineSpec> lines;
  for (int k = 0; k < 8; ++k) lines.push_back({k, (k + 1) % 8, {}, {}});
  lines.push_back({8, 6, {}, {}});
  lines.push_back({9, 2, {}, {}});
  lines.push_back({10, 0, {}, {}});
  lines.push_back({11, 4, {}, {}});
  auto board = std::make_shared<const Board>(dots, lines, std::vector<SetupSpec>{{"1v1", {8, 9}, {}}},
                                             Rules::Existenz);
  std::vector<CardDef> cards(3);
  cards[0].name = "Keep";
  cards[0].type = CardType::LifeBase;
  cards[0].summon_class = 1;
  cards[0].attack = 1;
  cards[0].defense = 12;
  cards[0].speed = 1;
  cards[0].range = 1;
  cards[1].name = "Shard";
  cards[1].type = CardType::Crystal;
  cards[1].produces = kBoost;
  cards[2].name = "Raider";
  cards[2].type = CardType::Summon;
  cards[2].summon_class = 2;
  cards[2].cost = {1, 1, 0, 0, 0};
  cards[2].attack = 3;
  cards[2].defense = 4;
  cards[2].speed = 3;
  cards[2].range = 2;
  DeckSpec deck;
  deck.life_base = 0;
  for (int k = 0; k < 24; ++k) deck.cards.push_back(k % 2 == 0 ? 1 : 2);
  return std::make_shared<const Game>(board, 0, cards, std::vector<DeckSpec>{deck, deck}, 80);
}

bool legal(const State& s, int action) {
  auto list = std::make_unique<ActionList>();
  s.legal_actions(*list);
  for (int k = 0; k < list->size; ++k) {
    if (list->ids[k] == action) return true;
  }
  return false;
}

// Plays `games` games between two agents of `spec`; fails when a choice is illegal or, after each agent's first
// decision, when a decision allocates.
bool play_without_allocating(const std::shared_ptr<const Game>& game, AgentKind kind, int games) {
  AgentSpec spec;
  spec.kind = kind;
  std::unique_ptr<Agent> agents[2] = {make_agent(spec, 1), make_agent(spec, 2)};
  bool met[2] = {false, false};
  long decisions = 0;
  for (int g = 0; g < games; ++g) {
    State state(game, tcbg::CounterRng(5).derive(static_cast<uint64_t>(g)));
    while (!state.is_terminal()) {
      const int p = state.current_player();
      const long before = g_allocations.load();
      const int action = agents[p]->choose(state);
      const long allocated = g_allocations.load() - before;
      if (met[p] && allocated != 0) {
        std::printf("agent kind %d allocated %ld times in decision %ld\n", static_cast<int>(kind), allocated, decisions);
        return false;
      }
      met[p] = true;
      if (!legal(state, action)) {
        std::printf("agent kind %d chose an illegal action: %s\n", static_cast<int>(kind),
                    state.action_to_string(action).c_str());
        return false;
      }
      state.apply_action(action);
      ++decisions;
    }
  }
  return true;
}

// Z/X: vanilla Z/X of two colours and costs, Ignition cards, Range 2, Life Recovery and Void Bringer, an Event
// without a program and one whose program returns a Z/X to its owner's hand (so the heuristic's lookahead runs).
std::shared_ptr<const tcbg::zx::Game> zx_game() {
  namespace zx = tcbg::zx;
  std::vector<zx::CardDef> cards(7);
  auto zx_card = [&](int k, uint8_t colours, int cost, int power, uint16_t keywords, bool ignition) {
    cards[k].type = zx::CardType::ZX;
    cards[k].colours = colours;
    cards[k].cost = static_cast<int16_t>(cost);
    cards[k].power = power;
    cards[k].keywords = keywords;
    cards[k].ignition = ignition;
  };
  zx_card(0, zx::kRed, 1, 3000, 0, false);
  zx_card(1, zx::kBlue, 3, 5000, 0, true);
  zx_card(2, zx::kBlue, 5, 8000, 0, false);
  zx_card(3, zx::kRed, 2, 4000, zx::kRange2, true);
  zx_card(4, zx::kRed, 3, 5000, zx::kLifeRecovery | zx::kVoidBringer, true);
  cards[5].type = zx::CardType::Event;  // no program
  cards[5].colours = zx::kRed;
  cards[5].cost = 1;
  cards[5].ignition = true;
  cards[6].type = zx::CardType::Event;  // returns a Z/X on a Square to its owner's hand
  cards[6].colours = zx::kBlue;
  cards[6].cost = 1;
  zx::DeckSpec deck;
  for (int k = 0; k < 50; ++k) deck.cards.push_back(static_cast<uint16_t>(k % 7));
  // Card 6's ability, as tcbg.zx.effects compiles ReturnToHand(Chosen(ZX())): the controller chooses a Z/X.
  zx::fx::Tables programs;
  programs.code = {tcbg::fx::CTX, 4, zx::fx::kController, 0, tcbg::fx::CHOOSE, 5, 0, 4, zx::fx::kOpToHand, 5, 0, 0,
                   tcbg::fx::END, 0, 0, 0};
  programs.filters.push_back({zx::fx::kZX, zx::fx::kAnyone, 0, 0, -1, -1, -1, -1, 0, -1, -1, -1, -1, 0, -1, 0, -1});
  programs.abilities.push_back({6, zx::fx::kEventAbility, 0, 0, 0, 4, 0, 0, -1, 0, 0, 0, 0, 0, 0, -1});
  zx::Options options;
  options.max_turns = 120;
  return std::make_shared<const zx::Game>(cards, std::vector<zx::DeckSpec>{deck, deck}, options, programs);
}

// Two starter decks with every card's ability (zx_starters.inc, written by make_zx_starters.py from what
// tcbg.load_game compiles): the heuristic's rules for startup abilities, "you may" and targets, and its lookahead
// over them, run in whole games.
std::shared_ptr<const tcbg::zx::Game> zx_starter_game() {
  namespace zx = tcbg::zx;
  std::vector<zx::CardDef> cards;
  for (const auto& t : kStarterCards) {
    zx::CardDef d;
    d.type = static_cast<zx::CardType>(t[0]);
    d.colours = static_cast<uint8_t>(t[1]);
    d.cost = static_cast<int16_t>(t[2]);
    d.power = t[3];
    d.keywords = static_cast<uint16_t>(t[4]);
    d.ignition = t[5] != 0;
    cards.push_back(d);
  }
  std::vector<zx::DeckSpec> decks(2);
  for (int c : kStarterDeck0) decks[0].cards.push_back(static_cast<uint16_t>(c));
  for (int c : kStarterDeck1) decks[1].cards.push_back(static_cast<uint16_t>(c));
  decks[0].player_card = kStarterPlayer0;
  decks[0].start_card = kStarterStart0;
  decks[1].player_card = kStarterPlayer1;
  decks[1].start_card = kStarterStart1;
  zx::fx::Tables tables;
  tables.code.assign(std::begin(kStarterCode), std::end(kStarterCode));
  for (const auto& r : kStarterFilters) {
    std::array<int32_t, zx::fx::kFilterWidth> rec{};
    for (int k = 0; k < zx::fx::kFilterWidth; ++k) rec[k] = r[k];
    tables.filters.push_back(rec);
  }
  for (const auto& r : kStarterAbilities) {
    std::array<int32_t, zx::fx::kAbilityWidth> rec{};
    for (int k = 0; k < zx::fx::kAbilityWidth; ++k) rec[k] = r[k];
    tables.abilities.push_back(rec);
  }
  tables.races.assign(std::begin(kStarterRaces), std::end(kStarterRaces));
  zx::Options options;
  options.effects = true;
  return std::make_shared<const zx::Game>(cards, decks, options, tables);
}

long g_zx_ability_decisions = 0;  // decisions of card abilities met (effect-*, ability-*), outside the counted window

bool zx_play_without_allocating(const std::shared_ptr<const tcbg::zx::Game>& game, AgentKind kind, int games) {
  namespace zx = tcbg::zx;
  AgentSpec spec;
  spec.kind = kind;
  std::unique_ptr<zx::Agent> agents[2] = {zx::make_agent(spec, 1), zx::make_agent(spec, 2)};
  bool met[2] = {false, false};
  auto list = std::make_unique<zx::ActionList>();
  long decisions = 0;
  for (int g = 0; g < games; ++g) {
    zx::State state(game, tcbg::CounterRng(6).derive(static_cast<uint64_t>(g)));
    while (!state.is_terminal()) {
      const int p = state.current_player();
      const long before = g_allocations.load();
      const int action = agents[p]->choose(state);
      const long allocated = g_allocations.load() - before;
      if (met[p] && allocated != 0) {
        std::printf("Z/X agent kind %d allocated %ld times in decision %ld (%s)\n", static_cast<int>(kind), allocated,
                    decisions, state.decision().c_str());
        return false;
      }
      met[p] = true;
      const std::string decision = state.decision();
      g_zx_ability_decisions += decision.rfind("effect", 0) == 0 || decision.rfind("ability", 0) == 0;
      state.legal_actions(*list);
      bool legal = false;
      for (int k = 0; k < list->size; ++k) legal |= list->ids[k] == action;
      if (!legal) {
        std::printf("Z/X agent kind %d chose an illegal action: %s\n", static_cast<int>(kind),
                    state.action_to_string(action).c_str());
        return false;
      }
      state.apply_action(action);
      ++decisions;
    }
  }
  return true;
}

}  // namespace

int main() {
  const std::shared_ptr<const Game> game = small_game();
  // Warm the engine's own per-thread lists first: only the agents are measured.
  random_playouts(game, 1, 3);

  if (!play_without_allocating(game, AgentKind::Random, 20)) return 1;
  if (!play_without_allocating(game, AgentKind::Heuristic, 20)) return 1;

  // The search: the same decision twice; the second reuses the arena the first grew.
  AgentSpec search;
  search.kind = AgentKind::Search;
  search.search.simulations = 40;
  auto agent = make_agent(search, 3);
  State state(game, 11);
  auto other = make_agent(AgentSpec{}, 4);
  for (int k = 0; k < 30 && !state.is_terminal(); ++k) state.apply_action(other->choose(state));
  if (state.is_terminal()) { std::printf("the searched game ended too early\n"); return 1; }
  agent->reseed(7);
  const int first = agent->choose(state);
  agent->reseed(7);
  const long before = g_allocations.load();
  const int second = agent->choose(state);
  const long allocated = g_allocations.load() - before;
  if (first != second) { std::printf("the search is not deterministic given its seed\n"); return 1; }
  if (allocated != 0) { std::printf("the search allocated %ld times with its arena grown\n", allocated); return 1; }
  if (!legal(state, first)) { std::printf("the search chose an illegal action\n"); return 1; }

  // Z/X (a small card table, then two starter decks with their abilities): random and heuristic decisions allocate
  // nothing; the search reuses its arena.
  {
    namespace zx = tcbg::zx;
    const auto zgame = zx_game();
    zx::random_playouts(zgame, 1, 3);
    if (!zx_play_without_allocating(zgame, AgentKind::Random, 20)) return 1;
    if (!zx_play_without_allocating(zgame, AgentKind::Heuristic, 20)) return 1;
    const auto starters = zx_starter_game();
    zx::random_playouts(starters, 1, 3);
    if (!zx_play_without_allocating(starters, AgentKind::Random, 20)) return 1;
    g_zx_ability_decisions = 0;
    if (!zx_play_without_allocating(starters, AgentKind::Heuristic, 20)) return 1;
    if (g_zx_ability_decisions == 0) { std::printf("the starter games met no ability's decision\n"); return 1; }
    auto zsearch = zx::make_agent(search, 3);
    zx::State zstate(zgame, 11);
    auto zother = zx::make_agent(AgentSpec{}, 4);
    for (int k = 0; k < 40 && !zstate.is_terminal(); ++k) zstate.apply_action(zother->choose(zstate));
    while (!zstate.is_terminal() && zstate.decision() != "main") zstate.apply_action(zother->choose(zstate));
    if (zstate.is_terminal()) { std::printf("the searched Z/X game ended too early\n"); return 1; }
    zsearch->reseed(7);
    const int zfirst = zsearch->choose(zstate);
    zsearch->reseed(7);
    const long zbefore = g_allocations.load();
    const int zsecond = zsearch->choose(zstate);
    const long zallocated = g_allocations.load() - zbefore;
    if (zfirst != zsecond) { std::printf("the Z/X search is not deterministic given its seed\n"); return 1; }
    if (zallocated != 0) { std::printf("the Z/X search allocated %ld times with its arena grown\n", zallocated); return 1; }
    if (!zstate.is_legal(zfirst)) { std::printf("the Z/X search chose an illegal action\n"); return 1; }
  }

  // Batches: the decision cap stops a game with GameError naming it.
  std::vector<uint8_t> mask(2), reason(2), first_player(2), flags(2 * static_cast<size_t>(game->num_instances()));
  std::vector<uint16_t> turns(2);
  std::vector<uint32_t> decisions(2);
  GameRecords out{mask.data(), reason.data(), turns.data(), decisions.data(), first_player.data(), flags.data()};
  bool stopped = false;
  try {
    simulate(game, {AgentSpec{}, AgentSpec{}}, 9, 4, 2, out, 5);
  } catch (const tcbg::GameError& e) {
    stopped = e.where().rfind("game 4 (seed " + std::to_string(tcbg::CounterRng(9).derive(4)) + ")", 0) == 0;
  }
  if (!stopped) { std::printf("the decision cap did not stop the game with GameError naming it\n"); return 1; }
  simulate(game, {AgentSpec{}, AgentSpec{}}, 9, 4, 2, out);
  if (reason[0] == 0 || decisions[0] == 0) { std::printf("a simulated game has no end\n"); return 1; }
  std::printf("agents smoke test passed\n");
  return 0;
}
