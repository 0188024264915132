// A C++ program on tcbg's installed package (docs/cpp-api.md): an X610Z board from its file and a game on it, a Z/X
// game of two deck lists; each set up from a seed, its legal actions listed in words, and a few applied.
//
//   tcbg_consumer [SEED [BOARD.json [DECK.txt DECK.txt]]]     (default: 7, existenz, the two vanilla Z/X decks)
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/board_file.hpp"
#include "tcbg/x610z/game.hpp"
#include "tcbg/zx/deck_file.hpp"
#include "tcbg/zx/game.hpp"

namespace {

constexpr int kDecisions = 10;  // decisions played of each game, the last legal action listed each time
constexpr int kShown = 3;      // action texts shown of each decision

// Prints the decision's legal actions (their number and the first few texts) and applies the last one.
template <class State, class Actions>
void play(const char* game, State& state, int decisions) {
  auto actions = std::make_unique<Actions>();  // X610Z's list is large: not on the stack
  for (int d = 0; d < decisions && !state.is_terminal(); ++d) {
    state.legal_actions(*actions);
    std::printf("%s decision %d: player %d, %d legal actions:", game, d, state.current_player(), actions->size);
    for (int k = 0; k < actions->size && k < kShown; ++k) {
      std::printf("%s %s", k ? " |" : "", state.action_to_string(actions->ids[k]).c_str());
    }
    std::printf("%s\n", actions->size > kShown ? " | ..." : "");
    const int chosen = actions->ids[actions->size - 1];
    std::printf("%s apply: %s\n", game, state.action_to_string(chosen).c_str());
    state.apply_action(chosen);  // throws tcbg::IllegalActionError for an action that is not legal
  }
}

// An X610Z card of the shipped `vanilla` set, as the Python card compiler makes it (docs/cpp-api.md "X610Z").
tcbg::x610z::CardDef card(const char* name, tcbg::x610z::CardType type, int summon_class, tcbg::x610z::EnergyCounts cost,
                          tcbg::x610z::EnergyCounts move_cost, int attack, int defense, int speed, int range,
                          int produces = -1, int block_rate = 0) {
  tcbg::x610z::CardDef c;
  c.name = name;
  c.type = type;
  c.summon_class = static_cast<uint8_t>(summon_class);
  c.cost = cost;
  c.move_cost = move_cost;
  c.attack = static_cast<int8_t>(attack);
  c.defense = static_cast<int8_t>(defense);
  c.speed = static_cast<int8_t>(speed);
  c.range = static_cast<int8_t>(range);
  c.produces = static_cast<int8_t>(produces);
  c.block_rate = static_cast<uint8_t>(block_rate);
  return c;
}

void x610z_game(const std::string& board_path, uint64_t seed) {
  using namespace tcbg::x610z;
  const BoardFile file = load_board(board_path);
  std::printf("x610z board %s: %d dots, %d setups, rules %s\n", file.name.c_str(), file.board->num_dots(),
              file.board->num_setups(), rules_name(file.board->rules()));
  // Energy counts: colorless, boost, mystic, robiumm, halos.
  std::vector<CardDef> cards{
      card("Ember Caravan", CardType::LifeBase, 1, {}, {1, 0, 0, 0, 0}, 1, 22, 1, 1),
      card("Quickfire Shard", CardType::Crystal, 0, {}, {}, -1, -1, -1, -1, kBoost),
      card("Plain Geode", CardType::Crystal, 0, {}, {}, -1, -1, -1, -1, kColorless),
      card("Ashwing Drake", CardType::Summon, 2, {1, 2, 0, 0, 0}, {0, 1, 0, 0, 0}, 3, 6, 5, 2),
      card("Tusked Hauler", CardType::Summon, 4, {1, 1, 0, 0, 0}, {0, 1, 0, 0, 0}, 2, 10, 2, 1, -1, 1),
  };
  DeckSpec deck;
  deck.life_base = 0;
  for (const auto& [def, copies] : {std::pair{1, 12}, {2, 6}, {3, 6}, {4, 6}}) {
    for (int k = 0; k < copies; ++k) deck.cards.push_back(static_cast<uint16_t>(def));
  }
  const auto game = std::make_shared<const Game>(file.board, file.setup("1v1"), cards,
                                                 std::vector<DeckSpec>{deck, deck}, /*max_turns=*/100);
  State state(game, seed);
  std::printf("x610z game: 2 decks of %zu cards, seed %llu, %d distinct actions\n", deck.cards.size(),
              static_cast<unsigned long long>(seed), game->num_distinct_actions());
  play<State, ActionList>("x610z", state, kDecisions);
}

void zx_game(const std::string& first, const std::string& second, uint64_t seed) {
  using namespace tcbg::zx;
  const DeckFile a = load_deck(first), b = load_deck(second);
  std::printf("zx decks %s vs %s: %d and %d cards, legal: %s\n", a.name.c_str(), b.name.c_str(), a.total(),
              b.total(), a.check().empty() && b.check().empty() ? "yes" : "no");
  const std::shared_ptr<const Game> game = make_game(a, b);
  State state(game, seed);
  std::printf("zx game: seed %llu, %d distinct actions\n", static_cast<unsigned long long>(seed),
              game->num_distinct_actions());
  play<State, ActionList>("zx", state, kDecisions);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string data = TCBG_DATA_DIR;
  const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 7;
  const std::string board = argc > 2 ? argv[2] : data + "/x610z/boards/existenz.json";
  const std::string first = argc > 4 ? argv[3] : data + "/zx/decklists/vanilla-red-blue.txt";
  const std::string second = argc > 4 ? argv[4] : data + "/zx/decklists/vanilla-white-black.txt";
  try {
    x610z_game(board, seed);
    zx_game(first, second, seed);
  } catch (const tcbg::Error& e) {  // a file or game the rules refuse: the error names the file, field and rule
    std::fprintf(stderr, "tcbg_consumer: %s\n", e.what());
    return 2;
  }
  return 0;
}
