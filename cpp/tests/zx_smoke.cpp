// The Z/X engine from C++ alone: random games with the invariants checked after every action, serialize and clone
// round trips, determinize, the seed's Reload case 3 step by step, and no allocation per decision.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "check.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

#include "counting_new.hpp"

using namespace tcbg::zx;

namespace {

CardDef zx(uint8_t colour, int cost, int power, uint16_t keywords = 0, bool ignition = false) {
  CardDef c;
  c.type = CardType::ZX;
  c.colours = colour;
  c.cost = static_cast<int16_t>(cost);
  c.power = power;
  c.keywords = keywords;
  c.ignition = ignition;
  return c;
}
CardDef event(uint8_t colour, int cost, bool ignition) {
  CardDef c;
  c.type = CardType::Event;
  c.colours = colour;
  c.cost = static_cast<int16_t>(cost);
  c.ignition = ignition;
  return c;
}

// 0 Vanilla, 1 Starter, 2 Recoverer (LR), 3 Voider (VB), 4 Igniter, 5 Big, 6 Archer (Range 2), 7 Spark (Event),
// 8 Erase (Event: draw 1, return 1 from hand, shuffle), 9 the Player card, 10 Hermit (Isolate).
std::vector<CardDef> table() {
  std::vector<CardDef> c{zx(kRed, 1, 3000),
                         zx(kRed, 3, 5000, kStartCard),
                         zx(kRed, 3, 5000, kLifeRecovery, true),
                         zx(kRed, 2, 3500, kVoidBringer, true),
                         zx(kBlue, 3, 5000, 0, true),
                         zx(kBlue, 5, 8000),
                         zx(kBlue, 5, 6000, kRange2),
                         event(kRed, 1, true),
                         event(kBlue, 2, false),
                         CardDef{},
                         zx(kBlue, 4, 6500, kIsolate)};
  c[9].type = CardType::Player;
  return c;
}
const std::vector<std::string> kNames{"Vanilla", "Starter", "Recoverer", "Voider", "Igniter", "Big",
                                      "Archer", "Spark", "Erase", "Player", "Hermit"};
// Erase (card 8, an Event, as the seed's Erasure Machine, Erase): draw 1, return 1 card from your hand to your deck,
// shuffle. Its compiled form, as tcbg.zx.effects writes it (docs/zx/cards.md).
tcbg::zx::fx::Tables erase_tables() {
  namespace core = tcbg::fx;
  using namespace tcbg::zx::fx;
  Tables t;
  t.code = {core::CTX, 4, kController, 0,  core::SET, 5, 1, 0,  kOpDraw, 4, 5, 0,
            core::CHOOSE, 6, 0, 4,        kOpToDeck, 6, 0, 0,  kOpShuffle, 4, 0, 0,  core::END, 0, 0, 0};
  t.filters.push_back({kCard, kYours, static_cast<int32_t>(Zone::Hand), 0, -1, -1, -1, -1, 0, -1, -1, -1, -1, 0, -1, 0, -1});
  t.abilities.push_back({8, kEventAbility, 0, 0, 0, 7, 0, 0, -1, 0, 0, 0, 0, 0, 0, -1});
  return t;
}
const tcbg::zx::fx::Tables kPrograms = erase_tables();

DeckSpec mixed_deck() {
  DeckSpec d;
  const int counts[] = {6, 4, 4, 4, 6, 6, 6, 4, 4, 0, 6};
  for (int def = 0; def < 11; ++def) for (int k = 0; k < counts[def]; ++k) d.cards.push_back(static_cast<uint16_t>(def));
  d.player_card = 9;
  d.start_card = true;
  return d;
}

// Applies the one legal action whose text contains `want`.
void act(State& s, const std::string& want) {
  ActionList list;
  s.legal_actions(list);
  int found = -1, matches = 0;
  for (int k = 0; k < list.size; ++k) {
    if (s.action_to_string(list.ids[k]).find(want) != std::string::npos) {
      found = list.ids[k];
      ++matches;
    }
  }
  if (matches < 1) {
    std::printf("no legal action \"%s\" at %s; legal:\n", want.c_str(), s.decision().c_str());
    for (int k = 0; k < list.size; ++k) std::printf("  %s\n", s.action_to_string(list.ids[k]).c_str());
    std::exit(1);
  }
  s.apply_action(found);
  const std::string why = s.invariant_violation();
  if (!why.empty()) {
    std::printf("invariant after \"%s\": %s\n", want.c_str(), why.c_str());
    std::exit(1);
  }
}

void random_games() {
  auto game = std::make_shared<Game>(table(), std::vector<DeckSpec>{mixed_deck(), mixed_deck()}, Options{}, kPrograms, kNames);
  ActionList list;
  int64_t decisions = 0;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    State s(game, seed);
    tcbg::CounterRng pick(seed * 7 + 1);
    while (!s.is_terminal()) {
      s.legal_actions(list);
      CHECK(list.size > 0, "seed %llu: no legal action", static_cast<unsigned long long>(seed));
      if (list.size == 0) break;
      // Texts unique among the legal actions.
      if (decisions % 17 == 0) {
        for (int a = 0; a < list.size; ++a) {
          for (int b = a + 1; b < list.size; ++b) {
            CHECK(s.action_to_string(list.ids[a]) != s.action_to_string(list.ids[b]), "duplicate text %s",
                  s.action_to_string(list.ids[a]).c_str());
          }
        }
      }
      s.apply_action(list.ids[pick.below(static_cast<uint64_t>(list.size))]);
      ++decisions;
      const std::string why = s.invariant_violation();
      CHECK(why.empty(), "seed %llu: %s", static_cast<unsigned long long>(seed), why.c_str());
      if (!why.empty()) return;
      if (decisions % 5 == 0) {
        const std::string bytes = s.serialize();
        State back = State::deserialize(game, bytes);
        CHECK(back.serialize() == bytes, "serialize round trip");
        State copy = s;
        CHECK(copy.serialize() == bytes, "clone");
        tcbg::CounterRng d(decisions);
        copy.determinize(static_cast<int>(decisions % 2), d);
        CHECK(copy.invariant_violation().empty(), "determinize: %s", copy.invariant_violation().c_str());
        CHECK(copy.current_player() == s.current_player(), "determinize keeps the decision");
      }
    }
  }
  std::printf("random games: %lld decisions\n", static_cast<long long>(decisions));
}

// The seed's case 3: one card left when the Draw phase draws 2: draw 1, rebuild, draw 1.
void reload_case_3() {
  DeckSpec a, b;
  for (int k = 0; k < 4; ++k) a.cards.push_back(0);  // hand
  for (int k = 0; k < 4; ++k) a.cards.push_back(5);  // Life
  for (int k = 0; k < 40; ++k) a.cards.push_back(0);
  b.cards = {7, 0, 0, 0, 5, 5, 5, 5, 0, 0, 5};  // hand Spark + 3 Vanilla, Life 4 Big, Resource 2 Vanilla, deck: Big
  Options o;
  o.first_player = 0;
  o.shuffle = false;
  auto game = std::make_shared<Game>(table(), std::vector<DeckSpec>{a, b}, o, kPrograms, kNames);
  State s(game, 3);
  act(s, "p0 keep");
  act(s, "p1 keep");
  act(s, "pass (resource)");
  act(s, "p0 play Vanilla");
  act(s, "square s5");
  act(s, "pay with");
  act(s, "attack from s5 to s8 (the player)");
  act(s, "p0 pass (battle-event)");
  act(s, "p1 play Spark");
  act(s, "p1 pay with");
  act(s, "p0 pass (battle-event)");
  act(s, "p1 pass (battle-event)");
  act(s, "p0 pick Life card 0");  // Big: no Ignition icon, to Charge
  CHECK(s.player(1).charge.n == 1 && s.player(1).life.n == 3, "damage: one Life card to Charge");
  CHECK(s.player(1).trash.n == 1 && s.player(1).deck.n == 1, "Spark in Trash, one card left");
  act(s, "p0 pass (main)");
  // Player 1's turn: the first card drawn empties the deck; the Trash is the new deck; player 0 picks a Life card.
  CHECK(s.decision() == "reload-life-pick" && s.current_player() == 0, "Reload halts the draw: %s", s.decision().c_str());
  CHECK(s.player(1).hand.n == 4 && s.player(1).deck.n == 1 && s.player(1).trash.n == 0, "one card drawn, Trash rebuilt");
  act(s, "p0 pick Life card 1");
  CHECK(s.player(1).life.n == 2 && s.player(1).charge.n == 2, "the Life card went to Charge");
  CHECK(s.player(1).hand.n == 5 && s.player(1).deck.n == 0, "the halted draw went on: the second card");
  CHECK(s.decision() == "resource" && s.current_player() == 1, "then the Resource phase");
}


std::vector<uint16_t> deck_of(std::initializer_list<int> cards, int filler = 0, int filler_def = 5) {
  std::vector<uint16_t> out;
  for (int c : cards) out.push_back(static_cast<uint16_t>(c));
  for (int k = 0; k < filler; ++k) out.push_back(static_cast<uint16_t>(filler_def));
  return out;
}

std::shared_ptr<Game> scenario(std::vector<uint16_t> p0, std::vector<uint16_t> p1) {
  DeckSpec a, b;
  a.cards = std::move(p0);
  b.cards = std::move(p1);
  Options o;
  o.first_player = 0;
  o.shuffle = false;
  return std::make_shared<Game>(table(), std::vector<DeckSpec>{a, b}, o, kPrograms, kNames);
}

// Player 0's turn 1: Vanilla to s5, attack player 1, both pass, player 0 picks the top Life card, end the turn.
void hit_player_1(State& s) {
  act(s, "p0 keep");
  act(s, "p1 keep");
  act(s, "pass (resource)");
  act(s, "p0 play Vanilla");
  act(s, "square s5");
  act(s, "pay with");
  act(s, "attack from s5 to s8 (the player)");
  act(s, "p0 pass (battle-event)");
  act(s, "p1 pass (battle-event)");
  act(s, "p0 pick Life card 0");
  act(s, "p0 pass (main)");
}

const std::vector<uint16_t> kP0 = deck_of({0, 0, 0, 0, 5, 5, 5, 5, 0, 0}, 40, 0);

// Case 1: one card left at Ignition: Charge card to Trash, reveal, play it, then rebuild.
void reload_case_1() {
  State s(scenario(kP0, deck_of({0, 0, 0, 0, 5, 5, 5, 5, 0, 0, 5, 5, 4})), 1);
  hit_player_1(s);
  act(s, "p1 pass (resource)");
  act(s, "p1 ignite with Big");
  CHECK(s.decision() == "ignition-play" && s.player(1).deck.n == 1 && s.player(1).trash.n == 1, "case 1: revealed");
  act(s, "p1 play the revealed Igniter");
  act(s, "p1 to square s9");
  CHECK(s.decision() == "reload-life-pick" && s.player(1).deck.n == 1 && s.player(1).trash.n == 0, "case 1: Reload");
  act(s, "p0 pick Life card 2");
  CHECK(s.player(1).life.n == 2 && s.player(1).charge.n == 1 && s.decision() == "ignition", "case 1: after");
}

// Case 2: one card left when Life Recovery is played from Life: recover, then rebuild.
void reload_case_2() {
  State s(scenario(kP0, deck_of({7, 0, 0, 0, 5, 5, 5, 2, 0, 0, 5})), 2);
  act(s, "p0 keep");
  act(s, "p1 keep");
  act(s, "pass (resource)");
  act(s, "p0 play Vanilla");
  act(s, "square s5");
  act(s, "pay with");
  act(s, "attack from s5 to s8 (the player)");
  act(s, "p0 pass (battle-event)");
  act(s, "p1 play Spark");
  act(s, "p1 pay with");
  act(s, "p0 pass (battle-event)");
  act(s, "p1 pass (battle-event)");
  act(s, "p0 pick Life card 0");
  act(s, "p1 play the revealed Recoverer");
  act(s, "p1 to square s7");
  CHECK(s.decision() == "reload-life-pick" && s.player(1).life.n == 4 && s.player(1).deck.n == 1, "case 2: Reload");
  act(s, "p0 pick Life card 0");
  CHECK(s.player(1).life.n == 3 && s.player(1).charge.n == 1 && s.decision() == "main", "case 2: after");
}

// Case 4: Erase (draw 1, return 1 from hand, shuffle) with one card left: draw, rebuild, return, shuffle.
void reload_case_4() {
  State s(scenario(kP0, deck_of({8, 0, 0, 0, 5, 5, 5, 5, 4, 4, 5, 5, 5, 0})), 4);
  hit_player_1(s);
  act(s, "p1 pass (resource)");
  act(s, "p1 ignite with Big");
  CHECK(s.decision() == "main" && s.player(1).deck.n == 1 && s.player(1).trash.n == 2, "case 4: before Erase");
  act(s, "p1 play Erase");
  act(s, "p1 pay with");
  act(s, "p1 pay with");
  CHECK(s.decision() == "reload-life-pick" && s.player(1).deck.n == 2 && s.player(1).trash.n == 0, "case 4: Reload");
  act(s, "p0 pick Life card 0");
  CHECK(s.decision() == "effect-card", "case 4: Erase resumes");
  act(s, "p1 choose Vanilla");
  CHECK(s.player(1).deck.n == 3 && s.player(1).trash.n == 1 && s.decision() == "main", "case 4: after");
}


// A position written by hand: `edit` changes a copy of the record, which deserialize then checks like any bytes.
template <class Edit>
State edited(const State& s, Edit&& edit) {
  Core c = s.core();
  edit(c);
  std::string bytes = s.serialize();
  std::memcpy(bytes.data() + (bytes.size() - sizeof(Core)), &c, sizeof(Core));
  return State::deserialize(s.game_ptr(), bytes);
}

// A Main-phase position of a mixed game with a Z/X on the field and both players at 4 Life.
State main_position(const std::shared_ptr<Game>& game) {
  ActionList list;
  for (uint64_t seed = 0;; ++seed) {
    State s(game, seed);
    tcbg::CounterRng pick(seed);
    for (int k = 0; k < 200 && !s.is_terminal(); ++k) {
      bool field = false;
      for (int q = 0; q < kSquares; ++q) field |= s.core().board[q] != kNone;
      if (s.decision() == "main" && field && s.player(0).life.n == 4 && s.player(1).life.n == 4 && s.turn() > 2) return s;
      s.legal_actions(list);
      s.apply_action(list.ids[pick.below(static_cast<uint64_t>(list.size))]);
    }
  }
}

// Z12.2: with two abilities waiting the turn player chooses which resolves first; the other keeps waiting.
void trigger_order() {
  auto game = std::make_shared<Game>(table(), std::vector<DeckSpec>{mixed_deck(), mixed_deck()}, Options{}, kPrograms, kNames);
  const State s = main_position(game);
  const int tp = s.turn_player();
  State t = edited(s, [&](Core& c) {
    Frame pre;
    pre.kind = Kind::Preprocess;
    pre.step = 1;
    pre.player = static_cast<uint8_t>(tp);
    c.frames[c.frame_n++] = pre;
    c.waiting[0] = Waiting{Kind::LifeRecovery, static_cast<uint8_t>(tp), 0, kNone};
    c.waiting[1] = Waiting{Kind::VoidBringer, static_cast<uint8_t>(1 - tp), static_cast<uint8_t>(game->first_instance(1)), kNone};
    c.waiting_n = 2;
  });
  ActionList list;
  t.legal_actions(list);
  CHECK(t.decision() == "trigger-order" && t.current_player() == tp && list.size == 2, "two waiting: the turn player orders");
  CHECK(t.action_to_string(action::kFirstTrigger + 1).find("Void Bringer") != std::string::npos, "texts name the ability");
  const int life = t.player(tp).life.n, deck = t.player(tp).deck.n;
  t.apply_action(action::kFirstTrigger + 1);  // the opponent's Void Bringer first
  CHECK(t.decision() == "void-bringer" && t.current_player() == 1 - tp, "Void Bringer resolves first: %s", t.decision().c_str());
  CHECK(t.core().waiting_n == 1 && t.core().waiting[0].kind == Kind::LifeRecovery, "Life Recovery still waits");
  t.apply_action(action::kPass);
  CHECK(t.core().waiting_n == 0 && t.player(tp).life.n == life + 1 && t.player(tp).deck.n == deck - 1,
        "then Life Recovery: recover 1");
  CHECK(t.decision() == "main" && t.invariant_violation().empty(), "back to the Main phase");
}

// 101.3: both players without Life at the same priority preprocessing: a draw.
void both_lose() {
  auto game = std::make_shared<Game>(table(), std::vector<DeckSpec>{mixed_deck(), mixed_deck()}, Options{}, kPrograms, kNames);
  const State s = main_position(game);
  const int tp = s.turn_player();
  State t = edited(s, [&](Core& c) {
    for (auto& ps : c.players) {  // every Life card to Charge
      while (ps.life.n > 0) {
        const int i = ps.life.ids[--ps.life.n];
        c.inst[i].zone = Zone::Charge;
        ps.charge.push(i);
      }
    }
    c.frames[0].step = 8;  // the Turn: preprocessing again, then the Main phase's decision
    Frame pre;
    pre.kind = Kind::Preprocess;
    pre.player = static_cast<uint8_t>(tp);
    c.frames[c.frame_n++] = pre;
    Frame ex;
    ex.kind = Kind::Excess;
    ex.step = 1;
    ex.player = static_cast<uint8_t>(tp);
    ex.a = 0;
    c.frames[c.frame_n++] = ex;
  });
  ActionList list;
  while (!t.is_terminal()) {
    CHECK(t.decision() == "charge-excess", "only Charge excess choices before the loss: %s", t.decision().c_str());
    t.legal_actions(list);
    t.apply_action(list.ids[0]);
  }
  CHECK(t.player_return(0) == 0.0 && t.player_return(1) == 0.0 && t.end_reason() == EndReason::Life, "a draw by Life");
  CHECK(t.player(0).outcome == Outcome::Drawn && t.player(1).outcome == Outcome::Drawn, "both drawn");
}


// Z10.4: both decks empty with cards in both Trashes: both are rebuilt, the turn player's Life pick first.
void two_reloads() {
  auto game = std::make_shared<Game>(table(), std::vector<DeckSpec>{mixed_deck(), mixed_deck()}, Options{}, kPrograms, kNames);
  const State s = main_position(game);
  const int tp = s.turn_player();
  State t = edited(s, [&](Core& c) {
    for (auto& ps : c.players) {
      while (ps.deck.n > 0) {
        const int i = ps.deck.ids[--ps.deck.n];
        c.inst[i].zone = Zone::Trash;
        ps.trash.push(i);
      }
    }
  });
  t.apply_action(action::kPass);  // the next step: both Reloads come first
  CHECK(t.decision() == "reload-life-pick" && t.current_player() == 1 - tp, "the turn player's Reload first");
  CHECK(t.player(0).trash.n == 0 && t.player(1).trash.n == 0, "both Trashes rebuilt at once");
  t.apply_action(action::kFirstLife);
  CHECK(t.decision() == "reload-life-pick" && t.current_player() == tp, "then the other player's");
  t.apply_action(action::kFirstLife);
  CHECK(t.player(0).life.n == 3 && t.player(1).life.n == 3 && t.invariant_violation().empty(), "one Life card each");
}

void no_allocation() {
  auto game = std::make_shared<Game>(table(), std::vector<DeckSpec>{mixed_deck(), mixed_deck()}, Options{}, kPrograms, kNames);
  auto list = std::make_unique<ActionList>();
  auto states = std::make_unique<std::array<State, 1>>(std::array<State, 1>{State(game, 1)});
  State& s = (*states)[0];
  tcbg::CounterRng pick(5);
  const long before = g_allocations.load();
  int64_t decisions = 0;
  for (int g = 0; g < 50; ++g) {
    s = State(game, static_cast<uint64_t>(g));
    while (!s.is_terminal()) {
      s.legal_actions(*list);
      s.apply_legal_action(list->ids[pick.below(static_cast<uint64_t>(list->size))]);
      ++decisions;
    }
  }
  const long allocated = g_allocations.load() - before;
  CHECK(allocated == 0, "%ld allocations in %lld decisions", allocated, static_cast<long long>(decisions));
}

void bad_input() {
  bool threw = false;
  try {
    DeckSpec d;
    d.cards = {0, 0, 0};
    Game g(table(), {d, d});
  } catch (const tcbg::GameError&) {
    threw = true;
  }
  CHECK(threw, "a 3-card deck is refused");
  auto game = std::make_shared<Game>(table(), std::vector<DeckSpec>{mixed_deck(), mixed_deck()}, Options{}, kPrograms, kNames);
  State s(game, 9);
  std::string bytes = s.serialize();
  bytes[bytes.size() - 40] = static_cast<char>(0x77);
  bytes[40] = static_cast<char>(0x55);
  threw = false;
  try {
    State::deserialize(game, bytes);
  } catch (const tcbg::GameError&) {
    threw = true;
  }
  CHECK(threw, "corrupt bytes are refused");
  threw = false;
  try {
    s.apply_action(action::kNumActions + 3);
  } catch (const tcbg::IllegalActionError&) {
    threw = true;
  }
  CHECK(threw, "an action outside the ids is refused");
}

}  // namespace

int main() {
  random_games();
  reload_case_1();
  reload_case_2();
  reload_case_3();
  reload_case_4();
  trigger_order();
  both_lose();
  two_reloads();
  no_allocation();
  bad_input();
  return tcbg_test::report("zx smoke");
}
