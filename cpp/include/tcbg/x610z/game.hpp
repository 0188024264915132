// The X610Z rules engine: a game configuration and the state of one game (rules.md section 5).
//
// A State is one struct of fixed-size arrays and no pointers into itself: copying it is cloning it. Decisions are
// actions in one flat id space fixed by the Game (OpenSpiel's contract), so a mask over num_distinct_actions() is
// what learning code expects. Implemented: set-up, turns and phases, priority and the stack, crystals, casting
// summons, moves and attacks, destruction and escape (rules.md section 5); card effects come with the card-effects
// work (docs/engine-design.md).
#pragma once

#include <array>
#include <cstring>
#include <new>
#include <type_traits>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/x610z/board.hpp"
#include "tcbg/x610z/effects.hpp"
#include "tcbg/x610z/energy.hpp"
#include "tcbg/x610z/pathfinding.hpp"

namespace tcbg::x610z {

inline constexpr int kMaxPlayers = kMaxSeats;
inline constexpr int kMaxDeck = 64;                                // cards in a deck, life base apart
inline constexpr int kMaxInstances = kMaxPlayers * (kMaxDeck + 1);  // every card of a game, life bases included
inline constexpr int kOpeningHand = 7;                             // rules.md 5.2
inline constexpr int kHandLimit = 7;                               // rules.md 5.6
inline constexpr int kMaxPool = 1000;                              // energy of one type in a pool (rules.md 4.4)

inline constexpr int kMaxStack = 64;

// OpenSpiel's special player ids, the core's (game_api.hpp): current_player() of a finished game is the terminal
// id. X610Z has no chance nodes (shuffles come from the state's own generator), so the chance id never appears.
using tcbg::kChancePlayerId;
using tcbg::kTerminalPlayerId;

enum class CardType : uint8_t { LifeBase, Summon, Crystal, Flux, Catalyst, Quest };

// A card as the engine reads it, compiled from the card data (docs/card-data.md). Stats of -1: the card has none.
struct CardDef {
  std::string name;
  CardType type = CardType::Flux;
  uint8_t summon_class = 0;  // 0 none, 1 life base, 2 dragon, 3 vessel, 4 beast, 5 army, 6 berserker
  EnergyCounts cost{};
  EnergyCounts move_cost{};
  int8_t attack = -1, defense = -1, speed = -1, range = -1;
  uint8_t block_rate = 0;
  bool all_directions = false;
  int8_t produces = -1;  // a crystal's energy type
};

struct DeckSpec {
  uint16_t life_base = 0;       // index into the card definitions
  std::vector<uint16_t> cards;  // the deck, life base apart
};

// The action id space (rules.md 5.9): pass, keep, Murphy's Law; one block per kind of action over every card
// instance; then a dot (placing a summon); then a move's destination and an attack's target, each as the path
// generator's key (destination * kKeysPerDot + heading rank, rules.md 2.11 and 3.6); then the choices card effects
// ask for (rules.md 5.9): a card instance, a player, a stack item (by its place on the stack, bottom first), a mode,
// no / yes, and "none" (an optional choice declined).
namespace action {
inline constexpr int kPass = 0;
inline constexpr int kKeep = 1;
inline constexpr int kMurphy = 2;
inline constexpr int kFirstPerInstance = 3;
enum Block : int {
  kPlaceCrystal = 0,
  kActivateCrystal = 1,
  kDiscard = 2,
  kCast = 3,
  kDeclareMove = 4,
  kDeclareAttack = 5,
  kNumBlocks = 6
};
}  // namespace action

class State;

// The slow path (docs/cards.md "The slow path"): what the interpreter calls on the instruction PYTHON k, with the
// state being resolved. The core knows nothing of Python: the bindings give a Game this hook when its card set has
// Python effects, and the hook acts on the state only through State::run_effect and State::effect_stat. If it
// throws, the card's effect stops there, the card finishes resolving, and the exception reaches the caller.
using PythonEffectHook = std::function<void(State& state, int k)>;

class Game {
 public:
  // `effects`: the card set's compiled effects (nullptr: cards without effects). Every card of a deck whose effects
  // the engine cannot run yet is refused with a GameError naming it; a card with a Python effect needs `python`.
  Game(std::shared_ptr<const Board> board, int setup, std::vector<CardDef> cards, std::vector<DeckSpec> decks,
       int max_turns, std::shared_ptr<const fx::Tables> effects = nullptr, PythonEffectHook python = {});
  const fx::Tables* effects() const { return effects_.get(); }
  const PythonEffectHook& python_effect() const { return python_; }

  const Board& board() const { return *board_; }
  int setup() const { return setup_; }
  Rules rules() const { return board_->rules(); }
  int num_players() const { return static_cast<int>(decks_.size()); }
  int max_turns() const { return max_turns_; }
  const CardDef& card(int def) const { return cards_[def]; }
  const DeckSpec& deck(int player) const { return decks_[player]; }
  int num_instances() const { return num_instances_; }
  int first_instance(int player) const { return first_instance_[player]; }  // the player's life base
  int deck_card_def(int instance) const;  // the card definition of an instance, from the decks
  int team(int player) const { return board_->setup(setup_).team[player]; }

  int per_instance_action(action::Block block, int instance) const {
    return action::kFirstPerInstance + block * num_instances_ + instance;
  }
  int first_dot_action() const { return action::kFirstPerInstance + action::kNumBlocks * num_instances_; }
  int first_move_action() const { return first_dot_action() + board_->num_dots(); }
  int first_attack_action() const { return first_move_action() + board_->num_dots() * (kMaxDegree + 1); }
  int first_choose_instance_action() const { return first_attack_action() + board_->num_dots() * (kMaxDegree + 1); }
  int first_choose_player_action() const { return first_choose_instance_action() + num_instances_; }
  int first_choose_stack_action() const { return first_choose_player_action() + num_players(); }
  int first_mode_action() const { return first_choose_stack_action() + kMaxStack; }
  int no_action() const { return first_mode_action() + fx::kMaxModes; }
  int yes_action() const { return no_action() + 1; }
  int choose_none_action() const { return no_action() + 2; }
  // Using ability number k (of its card, docs/cards.md `number`) of card instance i (rules.md 6.11).
  int abilities_per_card() const { return abilities_per_card_; }
  // Bit k: card definition `def` has an ACTIVATED or PAID ability numbered k; and whether any card of the decks has
  // one used from the discard pile (so listing actions walks discard piles only then).
  uint8_t ability_numbers(int def) const { return ability_numbers_.empty() ? 0 : ability_numbers_[def]; }
  bool discard_abilities() const { return discard_abilities_; }
  // The card instances with such an ability, as bitset words over every instance (the walk of a listing ANDs them
  // with the cards in play); and of player p those with one used from the discard pile, in instance order.
  const uint64_t* ability_instance_words() const { return ability_instance_words_.data(); }
  const std::vector<uint16_t>& discard_ability_instances(int p) const { return discard_ability_instances_[p]; }
  bool discard_triggers() const { return discard_triggers_; }  // a triggered ability that works from the discard pile
  // Whether a card of the decks has continuous effects (rules.md 6.10): stats and properties are then computed
  // from the cards in play (remembered as continuous_remembered() says), and remembered path answers are forgotten
  // by every change their effects read (State::set_zone and the setters).
  bool has_continuous() const { return has_continuous_; }
  // Which continuous effects the decks' cards have, so reading a stat or property skips the rest at once: per
  // layer (fx::Layer), a mask of its `what` (1 << stat for STAT, the Property bits for PROPERTY, 1 for the others);
  // and per card definition, a mask of 1 << layer.
  bool continuous_in(int layer, int what) const {
    return (continuous_what_[layer] & (layer == fx::kLayerProperty ? what : layer == fx::kLayerStat ? 1 << what : 1)) != 0;
  }
  uint8_t continuous_layers(int def) const { return continuous_layers_.empty() ? 0 : continuous_layers_[def]; }
  // Whether a State remembers continuous stats and properties from one query to the next (State::forget_continuous):
  // every continuous effect of the decks reads only what the engine reports a change of (fx::Tables::
  // continuous_reads); and what the changes that forget them are beyond those always reported: a card activated, a
  // summon standing elsewhere, a card moving from or to zone z (continuous_zones(), bit z; play and the stack
  // always).
  bool continuous_remembered() const { return has_continuous_ && !(continuous_reads_ & fx::kReadsOther); }
  bool continuous_reads_activation() const { return (continuous_reads_ & fx::kReadsActivation) != 0; }
  bool continuous_reads_dots() const { return (continuous_reads_ & fx::kReadsDots) != 0; }
  int continuous_zones() const { return (continuous_reads_ / fx::kReadsZone & 0x3F) | 1 << 2 | 1 << 5; }
  // The zones whose every card an amount may read (fx::kReadsAnyInZone): a card entering or leaving one changes the
  // sums of others; entering or leaving another zone of continuous_zones() changes only its own (State::set_zone).
  int continuous_any_zones() const { return continuous_reads_ / fx::kReadsAnyInZone & 0x3F; }
  int first_ability_action() const { return no_action() + 3; }
  int ability_action(int instance, int number) const {
    return first_ability_action() + instance * abilities_per_card_ + number;
  }
  // Putting waiting triggered ability k on the stack, or declining it (rules.md 6.9).
  int first_trigger_action() const { return first_ability_action() + num_instances_ * abilities_per_card_; }
  int first_decline_action() const { return first_trigger_action() + fx::kMaxWaiting; }
  int num_distinct_actions() const { return first_decline_action() + fx::kMaxWaiting; }
  bool has_triggers() const { return has_triggers_; }
  // For collecting events (effects/triggers.cpp): bit e of trigger_events(def, zone) says card `def` has a triggered
  // ability on event e working in `zone` (play or the discard pile); the instances with one working in play, as
  // bitset words over every instance; and in instance order those with one working from the discard pile.
  uint16_t trigger_events(int def, bool discard) const {
    return trigger_events_.empty() ? 0 : trigger_events_[2 * def + (discard ? 1 : 0)];
  }
  const uint64_t* play_trigger_words() const { return play_trigger_words_.data(); }
  const std::vector<uint16_t>& discard_trigger_instances() const { return discard_trigger_instances_; }
  // Whether a card of the set can make a summon that cannot be attacked (a GRANT of it, or a continuous effect):
  // attack generation looks for such summons only then.
  bool has_unattackable() const { return has_unattackable_; }

 private:
  std::shared_ptr<const Board> board_;
  int setup_;
  std::vector<CardDef> cards_;
  std::vector<DeckSpec> decks_;
  int max_turns_;
  std::shared_ptr<const fx::Tables> effects_;
  PythonEffectHook python_;
  int abilities_per_card_ = 0;  // the most ACTIVATED or PAID abilities of a card in the decks (their id block)
  std::vector<uint8_t> ability_numbers_;
  bool discard_abilities_ = false;
  std::vector<uint64_t> ability_instance_words_;
  std::vector<std::vector<uint16_t>> discard_ability_instances_;
  bool discard_triggers_ = false;
  bool has_continuous_ = false;
  std::array<uint32_t, 5> continuous_what_{};
  std::vector<uint8_t> continuous_layers_;
  int continuous_reads_ = 0;  // fx::ContinuousReads of the decks' cards, OR'ed
  bool has_triggers_ = false;
  std::vector<uint16_t> trigger_events_;  // 2 * def + (0 play, 1 discard pile)
  std::vector<uint64_t> play_trigger_words_;
  std::vector<uint16_t> discard_trigger_instances_;
  bool has_unattackable_ = false;
  int num_instances_ = 0;
  std::array<uint16_t, kMaxPlayers + 1> first_instance_{};
};

enum class Zone : uint8_t { Deck, Hand, Play, Discard, Removed, Stack };
enum class Phase : uint8_t { Mulligan, Action, End, Cleanup, Over };
enum class Outcome : uint8_t { Playing, Won, Lost, Drawn };
// Alternative: a card effect won the game (WinGame, Act I "Alternative Victory", rules.md 6.14).
enum class EndReason : uint8_t { None, Escape, Destruction, Depletion, Capitulation, TurnLimit, Alternative };

struct CardInstance {
  uint16_t def = 0;
  uint8_t owner = 0;
  uint8_t controller = 0;
  Zone zone = Zone::Deck;
  bool activated = false;
  uint8_t damage = 0;
  int16_t dot = -1;  // where a summon stands
  // This turn (rules.md 2.9, 5.10): moved, attacked, and the heading as a slot of the summon's dot: 0..7 arrived by
  // that slot (heading = the reverse of its direction), 8..15 left by slot k - 8 (its direction), -1 none.
  bool moved = false;
  bool attacked = false;
  int8_t heading = -1;
  // What the card has done this game, for per-card statistics (simulate): kDrawn, kCast.
  uint8_t record = 0;
  // Stat changes until end of turn (attack, defense, speed, range, block rate; rules.md 6.17), forgotten when the
  // card leaves play.
  std::array<int8_t, 5> modifier{};
  std::array<int8_t, 5> lasting{};  // stat changes while it stays in play
  uint8_t granted = 0;              // fx::Property bits until end of turn
  uint8_t granted_lasting = 0;      // fx::Property bits while it stays in play
  uint8_t paid_used = 0;            // bit k: its paid ability number k was used since its controller's turn began
  int16_t focus = -1;               // a catalyst with focus: the permanent it is attached to (rules.md 6.8)
  std::array<uint8_t, 3> counters{}; // activation, time and charge counters (rules.md 6.4; damage counters: damage)
  uint8_t shield = 0;                // damage still to prevent this turn (rules.md 6.3, PREVENT until end of turn)
  int8_t control_return = -1;        // control "until end of turn": the player it returns to (rules.md 6.7)
  int16_t redirect = -1;             // the next damage to it this turn goes to this summon instead (rules.md 6.3)
};
// CardInstance::record bits, the core's record bits (game_api.hpp). Drawn: in its owner's kept opening hand or drawn
// later (Murphy's Law hands that were shuffled back do not count). Cast: cast (summons, fluxes, catalysts) or placed
// (crystals).
inline constexpr uint8_t kRecordDrawn = kRecordFlagDrawn;
inline constexpr uint8_t kRecordCast = kRecordFlagCast;

// What an instruction leaves behind that ends on its own (rules.md 6.3, 6.17): damage reduction, whatever its
// duration, and the stat changes, properties and control that last while their source is in play. Kept in the
// State (cpp/src/x610z/effects/lasting.cpp) so each can be undone when it ends.
struct LastingEffect {
  uint8_t op = 0;        // fx::REDUCE, fx::MODIFY, fx::GRANT or fx::CONTROL
  uint8_t duration = 0;  // fx::Duration
  uint16_t target = 0;   // the permanent it acts on
  uint16_t source = 0;   // the card whose effect it is
  uint8_t what = 0;      // MODIFY: the stat; GRANT: the property bits; CONTROL: the player control goes back to
  int8_t amount = 0;     // REDUCE: the reduction; MODIFY: the change made
  bool operator==(const LastingEffect&) const = default;
};
inline constexpr int kMaxLasting = 64;

enum class StackKind : uint8_t { Cast, Move, Attack, Ability };

struct StackItem {
  StackKind kind = StackKind::Cast;
  uint8_t controller = 0;
  uint16_t instance = 0;  // the card cast, or the summon moving or attacking
  uint16_t key = 0;       // a move's destination or an attack's target, as the generator's key
  uint16_t serial = 0;    // unique in the game: what CANCEL and stack-item targets name (docs/cards.md)
  int16_t ability = -1;   // the ability run on resolution (a flux's CAST ability), -1 none
  uint8_t mode = 0;       // the mode chosen of a "choose one"
  uint8_t additional = 0; // a bit per additional effect used
  std::array<int16_t, fx::kTargetSlots> targets{-1, -1, -1, -1};
  int16_t subject = -1, other = -1, amount = 0;  // a triggered ability's event (CTX SUBJECT, OTHER, AMOUNT)
  uint8_t triggered = 0;                          // 1: put on the stack by a trigger (rules.md 6.9)
};

// A triggered ability waiting to go on the stack at the next priority (rules.md 6.9).
struct Waiting {
  int16_t ability = -1;
  uint16_t source = 0;
  uint8_t controller = 0;
  int16_t subject = -1, other = -1, amount = 0;
};

// A choice in the middle of an action (docs/engine-design.md): the decision belongs to `chooser`.
// Announce: the top stack item is being announced (its mode, additional effects, targets: rules.md 6.1).
// Resolve: a resolution is paused at a player's choice (the interpreter's position is in the State).
// Trigger: the deciding player puts one of their waiting triggered abilities on the stack, or declines an optional one.
enum class Pending : uint8_t { None, MoveDestination, AttackTarget, Placement, Announce, Resolve, Trigger };

// A resolution in progress (docs/cards.md "Running a program"): the item, the part (0 the mode's program, k + 1 the
// k-th additional effect), the pc inside the part, and the registers.
// A resolution in progress: the shared machine's cursor (part, step, pc, registers; core/effects.hpp) and the stack
// item being resolved.
struct Resolution : tcbg::fx::Cursor {
  StackItem item;
};

struct PlayerState {
  std::array<uint16_t, kMaxDeck> deck{};  // instances; the top card is deck[deck_size - 1]
  std::array<uint16_t, kMaxDeck> hand{};  // instances, in the order they came into the hand
  uint8_t deck_size = 0;
  uint8_t hand_size = 0;
  EnergyCounts pool{};
  bool crystal_placed = false;  // this turn (rules.md 5.5)
  bool kept = false;            // the opening hand (rules.md 5.2)
  uint8_t murphy = 0;           // times Murphy's Law was used
  Outcome outcome = Outcome::Playing;
  EndReason reason = EndReason::None;
};

// A set of card instances as a bitset: the engine's per-player lists of cards in play, walked in instance order.
inline constexpr int kInstanceWords = (kMaxInstances + 63) / 64;
using InstanceSet = std::array<uint64_t, kInstanceWords>;

template <class F>
inline void for_each_instance(const InstanceSet& set, F&& f) {
  for (int w = 0; w < kInstanceWords; ++w) {
    for (uint64_t bits = set[w]; bits; bits &= bits - 1) f(w * 64 + __builtin_ctzll(bits));
  }
}

// Legal actions of one decision: fixed capacity, no allocation.
struct ActionList {
  std::array<uint16_t, action::kFirstPerInstance + action::kNumBlocks * kMaxInstances +
                           kMaxDots * (1 + 2 * (kMaxDegree + 1)) + kMaxInstances + kMaxPlayers + kMaxStack +
                           fx::kMaxModes + 3 + kMaxInstances * 4 + 2 * fx::kMaxWaiting> ids;
  int size = 0;
  void push(int id) { ids[size++] = static_cast<uint16_t>(id); }
};

// A fixed-capacity array of which only the first live() elements are in use (a State's card instances and players:
// the game's). Copies copy those alone (the State's copy is most of a search's and the heuristic's lookahead's
// cost); what lies past them is never read, and a copy leaves it unset.
template <class T, int N>
class LiveArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  explicit LiveArray(int live) : live_(live) {
    for (int k = 0; k < N; ++k) new (&items_[k]) T{};
  }
  LiveArray(const LiveArray& other) : live_(other.live_) {
    std::memcpy(static_cast<void*>(items_), other.items_, sizeof(T) * static_cast<size_t>(live_));
  }
  LiveArray& operator=(const LiveArray& other) {
    live_ = other.live_;
    std::memmove(static_cast<void*>(items_), other.items_, sizeof(T) * static_cast<size_t>(live_));
    return *this;
  }
  ~LiveArray() {}
  T& operator[](int k) { return items_[k]; }
  const T& operator[](int k) const { return items_[k]; }
  int live() const { return live_; }
  bool same_live(const LiveArray& other) const {
    return live_ == other.live_ &&
           std::memcmp(items_, other.items_, sizeof(T) * static_cast<size_t>(live_)) == 0;
  }

 private:
  union {
    T items_[N];
  };
  int live_;
};

class State {
 public:
  using ActionList = x610z::ActionList;  // the list legal_actions fills (core/game_api.hpp's GameState)

  State(std::shared_ptr<const Game> game, uint64_t seed);
  State(const State&) = default;
  // Copies what is live (docs/engine-design.md "Where the time goes"): the instances and players of the game
  // (LiveArray, in the copy constructor too), and between states of one game the used prefixes of the stack, the
  // waiting abilities and the lasting effects, and every other member whole. What lies past those prefixes is never
  // read. Every member after players_ must be trivially copyable (checked where it is defined, state_derived.cpp).
  State& operator=(const State& other);
  // Whether `other` (of the same game) holds, byte for byte, what a copy of this state would: then it plays the
  // same in every way. False may also mean equal positions reached differently (remembered answers, padding), so
  // this is for memos that may miss, not for comparing positions (serialize() for that).
  bool same_copy(const State& other) const;

  const Game& game() const { return *game_; }
  int current_player() const;  // kTerminalPlayerId when the game is over
  bool is_terminal() const { return phase_ == Phase::Over; }
  void legal_actions(ActionList& out) const;
  // A list that starts as legal_actions() does and is empty only when it is (out.ids[0] is legal_actions()'s
  // first), but may stop early: of a resolution's choice of dot, the first `limit` dots. For a player who takes
  // the first option (the heuristic's deepest lookahead).
  void legal_actions_head(ActionList& out, int limit) const;
  bool is_legal(int action) const;
  // Applies a legal action; throws tcbg::IllegalActionError, leaving the state unchanged, for any other.
  void apply_action(int action);
  // apply_action for an action taken from legal_actions() of this very state, without checking it again: the
  // native loops' path. Anything else is undefined behaviour; callers outside the core use apply_action.
  void apply_legal_action(int action);
  // rules.md 5.8: a player concedes (outside the action list); they lose at once.
  void concede(int player);
  // rules.md 5.8b: the decision limit is reached; the game ends as a draw as at the turn limit (decision_limit.cpp).
  void end_at_decision_limit();
  // The whole state as bytes (docs/state-format.md), and back: deserialize(game, serialize()) equals the state.
  // deserialize checks every field against the game and the rules' invariants and throws tcbg::GameError.
  std::string serialize() const;
  // The rules' invariants (every card in exactly one zone, one summon per dot and per class and controller, damage
  // below defense, the stack empty outside the action and end phases, ...): "" when they hold, else what broke.
  // `shortcuts`: also compare the engine's remembered answers and search shortcuts with the long way
  // (shortcut_violation); deserialize leaves that out, since a state it reads has fresh caches and the shortcuts are
  // the engine's own (checked after every action with check_invariants).
  std::string invariant_violation(bool shortcuts = true) const;
  static State deserialize(std::shared_ptr<const Game> game, const std::string& bytes);
  // What an action does, in words (cpp/src/x610z/action_text.cpp, docs/actions.md "Action texts"): unique
  // among the legal actions of this state. Throws tcbg::IllegalActionError for an id outside the game's id space.
  std::string action_to_string(int action) const;
  // Why `action` is not legal now, the reason apply_action's IllegalActionError gives; "" when it is legal.
  std::string illegal_reason(int action) const;
  // Redraws what `observer` cannot see (docs/agents.md): the cards in other players' hands and every deck's order
  // are reshuffled among those places, each player's cards staying their own and every zone keeping its size; the
  // generator of later shuffles is reseeded from `rng`. Everything `observer` knows is unchanged.
  void determinize(int observer, CounterRng& rng);

  // Reading the position.
  int turn() const { return turn_; }
  Phase phase() const { return phase_; }
  int active_player() const { return active_; }
  int first_player() const { return first_player_; }
  const PlayerState& player(int p) const { return players_[p]; }
  const CardInstance& instance(int i) const { return instances_[i]; }
  // What instance i did this game as a batch's record keeps it (core/game_api.hpp): its record bits, and in play
  // when it is in play now.
  uint8_t card_record(int i) const {
    return static_cast<uint8_t>(instances_[i].record | (instances_[i].zone == Zone::Play ? kRecordFlagInPlay : 0));
  }
  // The cards player p controls in play or being cast (derived, docs/engine-design.md "Where the time goes").
  const InstanceSet& active_cards(int p) const { return active_cards_[p]; }
  EndReason end_reason() const { return end_reason_; }
  int stack_size() const { return stack_size_; }
  const StackItem& stack_item(int i) const { return stack_[i]; }
  Pending pending() const { return pending_; }
  // The card the pending choice is about (the summon moving or attacking, the summon being placed), or -1.
  int pending_instance() const { return pending_ == Pending::None ? -1 : pending_instance_; }
  double player_return(int p) const;
  // A stat as it is now (fx::Prop kAttack..kBlockRate): the card's, with its changes, never below 0; -1 when the
  // card shows none (rules.md 6.10).
  int stat(int instance, int prop) const;
  // A stat without continuous effects (what continuous amounts read, rules.md 6.10): stat() itself when no card
  // in play has a continuous effect on that stat (stat_effects_in_play false).
  int raw_stat(int instance, int prop) const;
  // Whether some card in play has a continuous effect on stat `prop` (rules.md 6.10); without one, stat(i, prop) of
  // every card is its raw_stat(i, prop), so a reader of many stats (the heuristic's evaluation) may read those.
  // With `subjects`, also the cards those effects may change (of the others stat() is raw_stat() too): each
  // effect's own card or focus, or every card for an effect with a filter.
  bool stat_effects_in_play(int prop, InstanceSet* subjects = nullptr) const;
  const Resolution& resolution() const { return resolution_; }
  // rules.md 6.5: whether `summon` may be put on `dot` for `controller` now (what PLACE checks).
  bool may_stand(int summon, int dot, int controller) const;
  uint8_t announce_stage() const { return announce_stage_; }
  int next_serial() const { return next_serial_; }
  int waiting_size() const { return waiting_size_; }
  const Waiting& waiting(int k) const { return waiting_[k]; }
  const CounterRng& rng() const { return rng_; }
  int lasting_size() const { return lasting_size_; }
  int cost_due() const { return cost_due_; }
  const LastingEffect& lasting_effect(int k) const { return lasting_[k]; }

  // The slow path (docs/cards.md), for the game's PythonEffectHook while it runs: one game-changing instruction
  // (opcode DAMAGE to ATTACH, no choice) of the resolution in progress, with operand values where a program names
  // registers, through the interpreter's own code (so it means what the instruction means); nothing happens once
  // the resolution or the game has ended. A GameError for another opcode or what the engine refuses in programs.
  void run_effect(int op, int a, int b, int c);
  // What GET reads (fx::Prop) of an object, for the slow path's `stat`.
  int effect_stat(int x, int prop) const { return get_prop(x, prop); }

 private:
  bool alive(int p) const { return players_[p].outcome == Outcome::Playing; }
  int next_alive(int p) const;
  int live_players() const;
  void draw_cards(int p, int n);
  void shuffle_hand_into_deck(int p);
  void start_turn(int player);
  void give_priority(int player);
  void end_phase_or_turn();
  void finish_turn();
  void lose(int p, EndReason reason);
  void drop_pending();
  void check_game_over(EndReason reason);
  void remove_from_hand(int p, int instance);
  // Every change of a card's zone, controller or heading goes through these, which keep the derived sets below.
  void set_zone(int instance, Zone zone);
  void set_controller(int instance, int player);
  void set_heading(int instance, int heading);
  void set_activated(int instance, bool activated);
  void count_resources(int instance, int sign);  // adds or takes back what the card gives resources()
  void note_continuous_source(int instance);     // continuous_sources_ after the card's zone changed
  void forget_paths() {
    forget_continuous();
    forget_board_paths();
  }
  // forget_paths for a change that continuous effects may not read (a summon moving, turning): the paths alone.
  void forget_board_paths() {
    path_known_ = {};
    if (game_->continuous_in(fx::kLayerStat, fx::kBlockRate)) sync_block_rates();
  }
  // With continuous block rate changes (rules.md 6.10) the block rates on the board follow whatever their amounts
  // read: they are recomputed whenever remembered path answers are forgotten (effects/attackable.cpp).
  void sync_block_rates();
  void rebuild_derived();
  // Part of invariant_violation(): the continuous sums of one query and MOVE's shallower search against the answers
  // they stand for, computed the long way (state_derived.cpp).
  std::string shortcut_violation() const;
  bool path_answer(int instance, bool attack) const;  // has_move / has_attack, remembered until the board changes
  bool can_move_now(int instance) const { return path_answer(instance, false); }
  bool can_attack_now(int instance) const { return path_answer(instance, true); }
  // Summons, the stack and resolution (rules.md 5.10 - 5.14).
  // What player p has to act with: unactivated crystals by energy type, summon classes in play or on the stack.
  struct Resources {
    EnergyCounts crystals{};
    uint8_t classes = 0;
  };
  Resources resources(int p) const;
  bool may(action::Block block, int p, int instance, const Resources& r) const;
  void pay(int p, const EnergyCounts& cost);
  void set_dot(int instance, int dot);
  void rekey_attacks(int instance, int from, int to);
  Mover mover_of(int instance, bool for_attack) const;
  // The occupancy attack generation reads (cpp/src/x610z/effects/attackable.cpp): the State's, with every summon that
  // cannot be attacked seen as standing for the attacker's side; lives until the next call on this thread.
  const Occupancy& attack_occupancy(const Mover& attacker) const {
    return game_->has_unattackable() ? unattackable_view(attacker) : occupancy_;
  }
  const Occupancy& unattackable_view(const Mover& attacker) const;
  // The summon's moves or attacks now; the list lives until the next call on this thread.
  const OptionList& options(int instance, bool attacks) const;
  // The action ids (base + key) of options(instance, attacks), in order, into `out`.
  void option_actions(int instance, bool attacks, int base, ActionList& out) const;
  // The moves or attacks of `m` now, through the thread's memo of the last generation (inputs compared exactly).
  const OptionList& generated(const Mover& m, bool attacks) const;
  // The option with `key` of options(instance, attacks), into `found`; false when that list has none. From the
  // remembered list when its inputs match, otherwise by a search for that key alone (find_move, find_attack).
  bool option_for(int instance, bool attacks, int key, PathOption& found) const;
  bool option_of(const Mover& m, bool attacks, int key, PathOption& found) const;  // the same for a mover given
  void placements(int p, ActionList& out) const;
  void push(StackKind kind, int p, int instance, int key);
  void after_declaration();
  void after_resolution();
  void resolve_top();
  void destroy(int instance);
  void win(int p, EndReason reason);
  std::string instance_name(int instance) const;
  // The summon a move or attack destination is chosen for now (a declared move or attack, an effect's move), or -1.
  int choosing_summon() const;
  std::string decision_text() const;  // who decides what now, for illegal_reason
  // Card effects (cpp/src/x610z/effects/*.cpp).
  bool may_cast_effect_card(int p, int instance, const Resources& r) const;
  bool timing_allows(int p, int timing) const;
  bool mode_announceable(int p, int ability, int source, int mode) const;
  bool ability_announceable(int p, int ability, int source) const;
  void begin_announcement(StackItem item);
  bool may_use_ability(int p, int instance, int ability) const;
  void use_ability(int p, int instance, int ability);
  bool has_property(int instance, int property) const {
    if ((instances_[instance].granted | instances_[instance].granted_lasting) & property) return true;
    if (lasting_size_ && (lasting_properties(instance) & property)) return true;
    return game_->has_continuous() && continuous_property(instance, property);
  }
  bool continuous_property(int instance, int property) const;
  // Continuous stats and properties of a card, remembered for the length of one const query (legal_actions,
  // is_legal), during which nothing they read can change; outside a query every read sums afresh (filters.cpp). A
  // query opens a ContinuousScope; the memo belongs to the thread and to the State that opened it, so a copy made
  // meanwhile never reads it.
  struct ContinuousMemo;
  static ContinuousMemo& thread_continuous_memo();
  class ContinuousScope {
   public:
    explicit ContinuousScope(const State& state);
    ~ContinuousScope();
    ContinuousScope(const ContinuousScope&) = delete;
    ContinuousScope& operator=(const ContinuousScope&) = delete;

   private:
    const State* opened_ = nullptr;
    bool remembered_ = false;  // opened on the State's own ContinuousCache (Game::continuous_remembered)
  };

 public:
  // A reader's query (the heuristic's reading of a position): while it lives, stat() and has_property() remember
  // the continuous sums they compute in the State as legal_actions does (nothing may change the State meanwhile).
  class ReadScope {
   public:
    explicit ReadScope(const State& state) : scope_(state) {}

   private:
    ContinuousScope scope_;
  };

 private:
  // Continuous stats and properties remembered across queries (Game::continuous_remembered; docs/engine-design.md
  // "Where the time goes"): filled only inside a query, while nothing can change, and forgotten by every change that
  // a continuous effect can read (forget_continuous: zones, controllers, damage, counters, stat changes, dots, focus,
  // the active player; activation when an effect reads it), wherever in an action it happens. So what is known is
  // right for the position at any time outside a change, and a copy (of the same position) keeps it: the known
  // entries alone are copied (a few dozen cards), and a lookahead's copy reads its cards' sums again only after a
  // change forgets them (the heuristic's evaluation reads every summon's defense).
  struct ContinuousCache {
    bool open = false;         // a query of this State is open
    InstanceSet stats_known{};  // bit i: stats[i] holds card i's continuous change of each stat
    InstanceSet props_known{};  // bit i: props[i] holds the property bits continuous effects give card i
    std::array<std::array<int16_t, 5>, kMaxInstances> stats;
    std::array<uint8_t, kMaxInstances> props;
    ContinuousCache() = default;
    ContinuousCache(const ContinuousCache& other) { copy_known(other); }
    ContinuousCache& operator=(const ContinuousCache& other) {
      copy_known(other);
      return *this;
    }
    void copy_known(const ContinuousCache& other) {
      open = false;  // a query belongs to the State that opened it
      stats_known = other.stats_known;
      props_known = other.props_known;
      for_each_instance(stats_known, [&](int i) { stats[i] = other.stats[i]; });
      for_each_instance(props_known, [&](int i) { props[i] = other.props[i]; });
    }
  };
  void forget_continuous() {
    continuous_cache_.stats_known = {};
    continuous_cache_.props_known = {};
  }
  // A card that is no source of continuous effects entered or left play where no amount reads the cards of the zones
  // (Game::continuous_any_zones): its own sums and path answers are forgotten, the others' stay.
  void forget_continuous_of(int instance) {
    const uint64_t keep = ~(uint64_t{1} << (instance % 64));
    continuous_cache_.stats_known[instance / 64] &= keep;
    continuous_cache_.props_known[instance / 64] &= keep;
    path_known_[2 * instance / 64] &= ~(uint64_t{3} << (2 * instance % 64));
  }
  // A card's answers in the current query: items 0-4 the continuous change of stat 0-4 (fx::kAttack..kBlockRate),
  // items 5 + b whether property bit b is given; each computed by continuous_total when first read.
  struct ContinuousSums {
    uint32_t stamp = 0;  // the query they belong to
    uint16_t known = 0;  // bit k: item k is computed
    std::array<int32_t, 10> value{};
  };
  int remembered_continuous(int instance, int item) const;  // outside a query of this State: continuous_total
  int cached_continuous(int instance, int item) const;      // inside one, with a ContinuousCache (filters.cpp)
  [[gnu::noinline]] int with_continuous(int instance, int prop, int raw) const;  // stat() with continuous effects
  // The sum of the continuous effects of cards in play on `instance` in a layer (rules.md 6.10): for STAT, of stat
  // `what`; for PROPERTY, the number of effects giving property bit `what`; for DAMAGE_TAKEN, the reduction.
  int continuous_total(int instance, int layer, int what) const;
  void continuous_stat_totals(int instance, int32_t* totals) const;  // continuous_total of stats 0-4, one walk
  template <class Wanted, class Add>
  void for_each_continuous(int instance, int layer, Wanted&& wanted, Add&& add) const;  // filters.cpp
  int evaluate(int program, int length, int source, int controller, int subject) const;
  void advance_announcement();
  void announce_options(ActionList& out) const;
  void answer_announcement(int action);
  // Costs chosen while announcing (rules.md 6.18): cards to discard, a permanent to sacrifice.
  bool costs_choosable(int p, const int32_t* cost_record, int source) const;
  bool sacrifice_candidate(int filter, int x, int p, int source) const;
  const int32_t* due_cost() const;
  void set_cost_due(const int32_t* cost_record, int part);
  int announce_slot_filter(const StackItem& item, int slot) const;
  bool target_legal(int filter, int x, int viewer, int source, const StackItem& item, int slot) const;
  bool matches(int filter, int x, int viewer, int source, bool raw = false) const;
  bool dot_matches(const int32_t* f, int x, int viewer) const;  // a filter of kind dot on dot x
  [[gnu::noinline]] bool matches_in_zone(const int32_t* filter, int x, int viewer, int source, bool raw) const;
  // `accept` must hold only for objects matching the filter (it asks matches() first), so the candidates that cannot
  // match are passed over here without calling it.
  // How many objects `accept` holds for, stopping at `limit`, among the candidates of filter `filter` seen by
  // `viewer` that can match it: for the kinds of cards in play only the cards in play or being cast; for cards in a
  // zone out of play (whose owner is whose they are) only the cards of the players its relation admits; else every
  // candidate. In no promised order: for counts (COUNT, whether a target slot has enough to announce: rules.md 6.1).
  template <class Accept>
  int count_candidates(int filter, int viewer, int limit, Accept&& accept) const {
    const int32_t* f = game_->effects()->filter(filter);
    const int kind = f[fx::filter::kKind];
    int found = 0;
    if (kind >= fx::kSummon && kind <= fx::kPermanent) {
      // A card in play is its controller's, and active_cards_ are per controller: the controllers the filter's
      // relation refuses have no card that can match.
      for (int p = 0; p < game_->num_players() && found < limit; ++p) {
        if (!relation_holds(viewer, p, f[fx::filter::kRelation])) continue;
        for (int w = 0; w < kInstanceWords && found < limit; ++w) {
          for (uint64_t bits = active_cards_[p][w]; bits && found < limit; bits &= bits - 1) {
            const int x = w * 64 + __builtin_ctzll(bits);
            // The card types matches() asks for these kinds, asked here without a call (crystals are many).
            const CardInstance& c = instances_[x];
            const CardDef& d = game_->card(c.def);
            const CardType type = d.type;
            if ((kind == fx::kSummon && type != CardType::Summon && type != CardType::LifeBase) ||
                (kind == fx::kNLBSummon && type != CardType::Summon) ||
                (kind == fx::kCrystal && type != CardType::Crystal)) {
              continue;
            }
            // And the card's own fields it asks next (in play, not being cast; class; damage; activation): most
            // candidates that fail, fail here (an opponent's activated crystals, say).
            const int classes = f[fx::filter::kClasses], flags = f[fx::filter::kFlags];
            if (c.zone != Zone::Play || (classes && !(d.summon_class && ((classes >> d.summon_class) & 1))) ||
                ((flags & fx::kDamaged) && c.damage == 0) || ((flags & fx::kUndamaged) && c.damage != 0) ||
                ((flags & fx::kFlagActivated) && !c.activated) || ((flags & fx::kReactivated) && c.activated)) {
              continue;
            }
            found += accept(x) ? 1 : 0;
          }
        }
      }
      return found;
    }
    if (kind == fx::kKindCard && f[fx::filter::kZone] != static_cast<int>(Zone::Play) &&
        f[fx::filter::kZone] != static_cast<int>(Zone::Stack)) {
      for (int q = 0; q < game_->num_players() && found < limit; ++q) {
        if (!relation_holds(viewer, q, f[fx::filter::kRelation])) continue;
        if (f[fx::filter::kZone] == static_cast<int>(Zone::Hand)) {  // the cards in q's hand are the list's
          const PlayerState& ps = players_[q];
          for (int k = 0; k < ps.hand_size && found < limit; ++k) found += accept(ps.hand[k]) ? 1 : 0;
          continue;
        }
        // A card of the filter's kind is in its zone (matches() asks that first): the others are passed over here,
        // without a call.
        const Zone zone = static_cast<Zone>(f[fx::filter::kZone]);
        for (int x = game_->first_instance(q); x < game_->first_instance(q + 1) && found < limit; ++x) {
          if (instances_[x].zone == zone) found += accept(x) ? 1 : 0;
        }
      }
      return found;
    }
    for (int x = 0, end = candidates_end(kind); x < end && found < limit; ++x) found += accept(x) ? 1 : 0;
    return found;
  }
  // Calls f(x) for every x of 0 .. candidates_end(kind) that a filter of `kind` can match, in increasing order:
  // for summons, crystals, catalysts and permanents (which a filter finds only in play, matches()) the cards in play
  // or being cast, else every candidate.
  template <class F>
  void for_each_candidate(int kind, F&& f) const {
    if (kind >= fx::kSummon && kind <= fx::kPermanent) {
      InstanceSet all{};
      for (int p = 0; p < game_->num_players(); ++p) {
        for (int w = 0; w < kInstanceWords; ++w) all[w] |= active_cards_[p][w];
      }
      for_each_instance(all, f);
      return;
    }
    for (int x = 0, end = candidates_end(kind); x < end; ++x) f(x);
  }
  bool relation_holds(int viewer, int player, int relation) const;
  int candidates_end(int kind) const;
  int object_action(int kind, int x) const;
  int whose(int instance) const;
  int get_prop(int x, int prop, bool raw = false) const;
  void begin_resolution(const StackItem& item);
  void run_resolution();
  void apply_effect(const int32_t* ins, const int32_t* r, int source, int controller);
  bool part_bounds(int part, int& program, int& length) const;
  void finish_resolution();
  // The options of the resolution's pending choice; of a choice of dot, only the first `limit` (in dot order, so
  // the same first ones), which is all the interpreter needs to tell none, one and a choice apart.
  void resolution_options(ActionList& out, int limit = kMaxDots) const;
  void answer_resolution(int action);
  int answer_value(int action) const;
  int choice_chooser(const int32_t* ins) const;
  void deal_damage(int target, int amount, int source = -1);
  void check_destroyed(int instance);
  void leave_play(int instance);
  void destroy_attached(int instance);
  void check_all_destroyed();
  bool gain_control(int instance, int player);  // rules.md 6.7; false when the effect does nothing
  void return_control(int instance, int player);
  void release_control(int catalyst);           // a catalyst giving control of its focus leaves play
  bool gives_control(int catalyst) const;
  void deal_damage_once(int target, int amount, int source);  // rules.md 6.3: after a continuous effect may have lowered a defense
  void add_counters(int instance, int kind, int n);  // rules.md 6.4 (negative n removes)
  const OptionList& effect_moves(int instance, int steps) const;  // rules.md 6.6: a move by an effect
  // A list holding the option with `key` of effect_moves(instance, kMaxSteps), the same option, from a shallower
  // search where one reaches it (state_derived.cpp); without the key when that list has none.
  const OptionList& effect_moves_reaching(int instance, int key) const;
  // CHOOSE_MOVE's options: the action ids (base + key) of effect_moves(instance, steps), in order, into `out`.
  void effect_move_actions(int instance, int steps, int base, ActionList& out) const;
  // MOVE's option: effect_moves(instance, kMaxSteps)'s option with `key`, into `found`; false when it has none.
  bool effect_move_option(int instance, int key, PathOption& found) const;
  void expire_if_spent(int instance);                 // the last activation or time counter is gone  // rules.md 6.8: catalysts focused on a permanent leaving play
  void move_card(int instance, Zone to);
  void cancel(int serial);
  void forget_modifiers();
  // Lasting effects (cpp/src/x610z/effects/lasting.cpp, rules.md 6.17).
  void add_lasting(const LastingEffect& effect);
  void end_lasting(int instance);       // `instance` leaves play: what acts on it goes, what it is the source of ends
  void end_turn_lasting();              // "until end of turn" ends
  int lasting_reduction(int instance) const;
  uint8_t lasting_properties(int instance) const;
  bool source_in_play(int source) const;
  std::string lasting_violation() const;  // "" when every lasting effect acts on, and comes from, cards in play
  uint8_t block_rate_of(int instance) const;
  // Triggered abilities (cpp/src/x610z/effects/triggers.cpp).
  void collect(int event, int subject, int other = -1, int amount = 0);
  void start_trigger_decisions();
  void continue_triggers();
  void trigger_options(ActionList& out) const;
  void answer_trigger(int action);

  std::shared_ptr<const Game> game_;
  LiveArray<CardInstance, kMaxInstances> instances_{game_->num_instances()};
  LiveArray<PlayerState, kMaxPlayers> players_{game_->num_players()};
  CounterRng rng_;
  uint16_t turn_ = 0;  // turns started so far (rules.md 5.8: the turn limit)
  Phase phase_ = Phase::Mulligan;
  uint8_t first_player_ = 0;
  uint8_t active_ = 0;
  uint8_t priority_ = 0;  // who decides now
  uint8_t passes_ = 0;    // passes in a row (rules.md 5.7)
  EndReason end_reason_ = EndReason::None;
  std::array<StackItem, kMaxStack> stack_{};
  uint8_t stack_size_ = 0;
  Pending pending_ = Pending::None;
  uint16_t pending_instance_ = 0;
  uint16_t next_serial_ = 0;     // the serial the next stack item gets
  uint8_t announce_stage_ = 0;   // 0 the mode, 1 + k additional effect k, 1 + kMaxAdditional + s target slot s
  bool resolving_ = false;       // resolution_ holds a resolution in progress
  Resolution resolution_{};
  std::array<Waiting, fx::kMaxWaiting> waiting_{};  // triggered abilities waiting for the next priority
  uint8_t waiting_size_ = 0;
  uint8_t priority_due_ = 0;     // who receives priority once the waiting abilities are on the stack
  std::array<LastingEffect, kMaxLasting> lasting_{};  // in the order they were made
  uint8_t lasting_size_ = 0;
  // Costs still to choose while the top stack item is announced (rules.md 6.18): bits 0-2 cards to discard, bit 3 a
  // permanent to sacrifice, bits 4-7 whose cost it is (0 the ability's, k + 1 additional effect k's).
  uint16_t cost_due_ = 0;
  Occupancy occupancy_;  // who stands on each dot, kept in step with the instances' dots (set_dot)
  // Derived from the fields above and never serialized (rebuild_derived() after reading): per controller, the cards
  // in play or being cast; and, per summon, whether it has a move / an attack, known until a piece moves, turns or
  // changes hands (forget_paths()). Bit 2i: move of instance i; bit 2i+1: attack. Most decisions (activating a
  // crystal, passing) change nothing on the board, so most path searches are answered from here.
  std::array<InstanceSet, kMaxPlayers> active_cards_{};
  // Per controller: unactivated crystals in play by energy type, and summons in play or being cast by class (what
  // resources() reports), kept by the setters above.
  std::array<EnergyCounts, kMaxPlayers> ready_crystals_{};
  std::array<std::array<uint8_t, 8>, kMaxPlayers> class_count_{};
  // The cards in play whose definition has continuous effects (rules.md 6.10), whoever controls them: all that
  // continuous_total walks (kept by set_zone).
  InstanceSet continuous_sources_{};
  // The remembered path answers and the memo pointer stay last: same_copy() compares up to them.
  mutable std::array<uint64_t, 2 * kInstanceWords> path_known_{};
  mutable std::array<uint64_t, 2 * kInstanceWords> path_ok_{};
  mutable ContinuousMemo* continuous_memo_ = nullptr;  // set only while a ContinuousScope of this State is open
  // continuous_memo_ stays the last member that operator= copies (up to its end); the cache after it is not copied.
  mutable ContinuousCache continuous_cache_;
};

}  // namespace tcbg::x610z
