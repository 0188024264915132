// The Z/X rules engine: a game configuration and the state of one game (docs/zx/rules.md, docs/zx/engine.md).
//
// A State is one trivially copyable record (Core) behind a pointer to its Game: copying it is cloning it and its
// bytes are its serialization. The game advances itself until a decision ("advance until decision", sources.md
// Part D): what is under way is an explicit stack of resumable process frames (kind, step, arguments) in the record,
// so a Reload pushed in front of a halted draw runs first and the draw goes on after it, and a pending choice is the
// top frame waiting for an action. Decisions are actions in one flat id space fixed for every Z/X game
// (docs/zx/actions.md), so a mask over num_distinct_actions() is what learning code expects.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/zx/card.hpp"
#include "tcbg/zx/effects.hpp"
#include "tcbg/zx/field.hpp"

namespace tcbg::zx {

inline constexpr int kPlayers = 2;
inline constexpr int kMinDeck = 10;      // 4 to the hand, 4 to Life, 2 to Resource (rules.md Z5.7)
inline constexpr int kMaxDeck = 64;      // the engine's bound; a legal deck has 50 (CR 401.1a)
inline constexpr int kMaxInstances = kPlayers * (kMaxDeck + 1);  // decks and Player cards
inline constexpr int kNone = 0xFF;       // no instance, no Square
inline constexpr int kOpeningHand = 4;   // rules.md 5.4
inline constexpr int kStartLife = 4;     // rules.md 5.6
inline constexpr int kStartResource = 2; // rules.md 5.7
inline constexpr int kHandLimit = 6;     // CR 309.2b
inline constexpr int kChargeLimit = 4;   // CR 306.2a
inline constexpr int kDrawPerTurn = 2;   // CR 503.3
inline constexpr int kMaxFrames = 32;
inline constexpr int kMaxWaiting = 8;
inline constexpr int kMaxAbilities = 255;  // abilities in one game's tables (a frame names one in a byte)
inline constexpr int kStartupPerCard = 2;  // startup abilities of one card an action can name

// The action id space (docs/zx/actions.md): a few single actions, then one block per kind of card choice over every
// card instance, then Squares, attacks (attacker Square * 9 + target Square), Life positions and waiting abilities.
namespace action {
inline constexpr int kPass = 0;       // end the phase, pass priority, decline an optional choice
inline constexpr int kKeep = 1;       // keep the opening hand
inline constexpr int kMulligan = 2;   // shuffle the hand back and draw 4 again (once per game)
inline constexpr int kPlayRevealed = 3;  // play the revealed Ignition card without paying its cost
inline constexpr int kFirstBlock = 4;
enum Block : int { kPlay = 0, kResource = 1, kIgnite = 2, kPay = 3, kDiscard = 4, kExcess = 5, kChoose = 6, kNumBlocks = 7 };
inline constexpr int block(Block b, int instance) { return kFirstBlock + b * kMaxInstances + instance; }
inline constexpr int kFirstSquare = kFirstBlock + kNumBlocks * kMaxInstances;  // choose Square s (placement)
inline constexpr int kFirstAttack = kFirstSquare + kSquares;                   // attacker Square * 9 + target
inline constexpr int kFirstLife = kFirstAttack + kSquares * kSquares;          // a Life card by position, 0 top
inline constexpr int kMaxLife = 64;
inline constexpr int kFirstVoid = kFirstLife + kMaxLife;                       // Void Bringer: the Z/X on Square s
inline constexpr int kFirstTrigger = kFirstVoid + kSquares;                    // resolve waiting ability k next
inline constexpr int kFirstTarget = kFirstTrigger + kMaxWaiting;               // an effect chooses the Z/X on s
inline constexpr int kYes = kFirstTarget + kSquares;                           // "you may": yes (kPass: no)
inline constexpr int kFirstChooseCard = kFirstBlock + kChoose * kMaxInstances; // an effect chooses card instance i
inline constexpr int kFirstStartup = kYes + 1;                                 // instance * 2 + k: use its ability k
inline constexpr int kNumActions = kFirstStartup + kMaxInstances * kStartupPerCard;
}  // namespace action

struct ActionList {
  std::array<uint16_t, 256> ids;
  int size = 0;
  void push(int id) { ids[size++] = static_cast<uint16_t>(id); }
};

struct DeckSpec {
  std::vector<uint16_t> cards;  // card indices, the first the top of an unshuffled deck
  int player_card = -1;         // a Player-type card, or -1: a nameless Player card (sources.md item 27)
  bool start_card = false;      // start on the Player Square with the deck's first Start Card (rules.md Z5.2)
};

struct Options {
  bool effects = true;    // run card abilities (false: cards as vanilla, keywords stay: rules.md Z11.7)
  int first_player = -1;  // -1: from the seed (rules.md 5.3); 0 or 1 for scenarios
  bool shuffle = true;    // false: decks stay in the listed order (scenario tests)
  int max_turns = 200;    // a game still going after this many turns is drawn (rules.md Z1.6)
};

class State;

// The slow path (docs/zx/cards.md "The slow path"): what the interpreter calls on the instruction PYTHON k, with the
// state being resolved. The core knows nothing of Python: the bindings give a Game this hook when its card set has
// Python effects, and the hook acts on the state only through State::run_effect and State::effect_stat. If it
// throws, the rest of the ability does not happen, play goes on to the next decision, and the exception reaches
// the caller of apply_action.
using PythonEffectHook = std::function<void(State& state, int k)>;

class Game {
 public:
  // Throws tcbg::GameError naming the deck and card for decks the rules or the engine refuse. `tables`: the card
  // abilities compiled for this card table (tcbg.zx.effects); used only with options.effects. A program with
  // PYTHON k needs `python`.
  Game(std::vector<CardDef> cards, std::vector<DeckSpec> decks, Options options = {}, fx::Tables tables = {},
       std::vector<std::string> names = {}, PythonEffectHook python = {});
  const PythonEffectHook& python_effect() const { return python_; }
  // The card's name for action texts (the names given, else "card <index>").
  std::string name(int def) const;
  int num_players() const { return kPlayers; }
  int num_instances() const { return num_instances_; }
  int num_distinct_actions() const { return action::kNumActions; }
  const Options& options() const { return options_; }
  const CardDef& card(int def) const { return cards_[def]; }
  int num_cards() const { return static_cast<int>(cards_.size()); }
  const DeckSpec& deck(int p) const { return decks_[p]; }
  int first_instance(int p) const { return first_[p]; }    // player p's deck cards, then their Player card
  int deck_size(int p) const { return static_cast<int>(decks_[p].cards.size()); }
  int player_card_instance(int p) const { return decks_[p].player_card >= 0 ? first_[p] + deck_size(p) : kNone; }
  int start_card_index(int p) const { return start_index_[p]; }  // into the deck list, -1 none
  int def_of(int instance) const { return defs_[instance]; }
  int owner_of(int instance) const { return instance >= first_[1] ? 1 : 0; }
  const CardDef& card_of(int instance) const { return cards_[defs_[instance]]; }
  uint8_t colours_of(int instance) const { return colours_[instance]; }
  // The compiled abilities (effects.cpp): the tables, a card's abilities, its events.
  const fx::Tables& tables() const { return tables_; }
  const std::array<int32_t, fx::kAbilityWidth>& ability(int k) const { return tables_.abilities[k]; }
  int abilities_of(int def, int& first) const {  // abilities of def are first .. first + n - 1
    first = ability_first_[def];
    return ability_count_[def];
  }
  bool listens(int def, int event) const { return (events_[def] >> event) & 1; }
  // Whether some card's automatic ability waits for `event` of other cards or of players (a subject filter).
  bool watched(int event) const { return (watched_ >> event) & 1; }
  bool has_continuous() const { return has_continuous_; }
  bool has_startup() const { return has_startup_; }
  bool has_charge_limit() const { return has_charge_limit_; }
  bool has_play_from() const { return has_play_from_; }  // an ability lets cards be played from another zone
  bool has_cost_change() const { return has_cost_change_; }  // a continuous ability changes Costs (Z15.224)
  bool has_play_condition() const { return has_play_condition_; }  // a card may be played only while ... (Z15.225)
  int play_condition(int def) const { return play_condition_[def]; }  // def's PLAY_CONDITION ability, -1 none
  bool has_colour_change() const { return has_colour_change_; }  // a card's own ability changes its colours (Z15.342)
  bool has_delayed() const { return has_delayed_; }  // a card has an "at the end of the turn" ability (Z15.320)
  int colour_ability(int def) const { return colour_ability_[def]; }  // def's CONTINUOUS_COLOUR ability, -1 none
  // Grants and restrictions (docs/zx/cards.md "Grants and restrictions"): some continuous ability gives keywords,
  // gives abilities (of which automatic ones on `event`), or forbids `restriction`; a startup ability is used from
  // the hand or the Resource; card def cannot appear on a Player Square.
  bool has_keyword_grants() const { return has_keyword_grants_; }
  bool has_grants() const { return has_grants_; }
  bool grants_auto(int event) const { return (granted_events_ >> event) & 1; }
  bool has_restriction(int restriction) const { return (restrictions_ >> restriction) & 1; }
  bool has_zone_startups() const { return has_zone_startups_; }
  bool no_player_square(int def) const { return no_player_square_[def] != 0; }
  bool has_damage_change() const { return has_damage_change_; }  // a continuous ability changes or prevents damage
  // A continuous ability works from its card in the Resource (rules.md Z15.321); def's "at the end of the turn"
  // ability (kDelayed, -1 none: rules.md Z15.320).
  bool has_resource_continuous() const { return has_resource_continuous_; }
  int delayed_ability(int def) const { return delayed_[def]; }
  bool has_startup(int def) const { return startup_def_[def] != 0; }
  int continuous_of(int def, int& first) const {  // def's continuous Power abilities are among first .. first + n - 1
    first = continuous_first_[def];
    return continuous_count_[def];
  }
  int event_ability(int def) const { return event_ability_[def]; }  // an Event's ability, -1 none
  // Whether ability k's condition or amount reads the event's subject (CTX SUBJECT: for a continuous Power, the
  // Z/X it changes), so that it is read for each Z/X and not once for all.
  bool reads_subject(int k) const { return reads_subject_[k] != 0; }
  int race_of(int def) const { return def < static_cast<int>(tables_.races.size()) ? tables_.races[def] : 0; }
  // The first card of the table with def's name (every printing of a name reads as one card; -1 for -1).
  int first_of_name(int def) const {
    return def < 0 ? -1 : def < static_cast<int>(tables_.names.size()) ? tables_.names[def] : def;
  }
  uint64_t fingerprint() const { return fingerprint_; }  // of cards, decks and options: serialize checks it

 private:
  void index_tables();  // checks the compiled tables and indexes them by card (effects_tables.cpp)
  std::vector<CardDef> cards_;
  std::vector<DeckSpec> decks_;
  Options options_;
  fx::Tables tables_;
  PythonEffectHook python_;
  std::vector<uint16_t> ability_first_, ability_count_, events_, continuous_first_, continuous_count_;
  std::vector<uint8_t> startup_def_, reads_subject_, no_player_square_;
  std::vector<int16_t> event_ability_, play_condition_, delayed_, colour_ability_;
  bool has_continuous_ = false, has_startup_ = false, has_charge_limit_ = false, has_play_from_ = false;
  bool has_cost_change_ = false, has_play_condition_ = false, has_colour_change_ = false, has_delayed_ = false;
  bool has_keyword_grants_ = false, has_grants_ = false, has_zone_startups_ = false;
  uint32_t granted_events_ = 0, restrictions_ = 0;
  bool has_damage_change_ = false;
  bool has_resource_continuous_ = false;
  uint32_t watched_ = 0;  // events some subject filter waits for
  std::vector<std::string> names_;
  std::array<int, kPlayers + 1> first_{};
  std::array<int, kPlayers> start_index_{-1, -1};
  std::vector<uint16_t> defs_;
  std::vector<uint8_t> colours_;  // per instance, the hot read of payments
  int num_instances_ = 0;
  uint64_t fingerprint_ = 0;
};

// Removed: removed from the game (rules.md Z15.127), public and unordered, so no list: the instances' zone says it.
enum class Zone : uint8_t { None = 0, Deck, Hand, Life, Charge, Trash, Resource, Square, PlayerCard, Resolving, Removed };
enum class EndReason : uint8_t { None = 0, Life = 1, Concede = 2, TurnLimit = 3 };
enum class Outcome : uint8_t { Playing = 0, Won, Lost, Drawn };

// Process frames (docs/zx/engine.md "Frames"). Arguments a-e are per kind, named in the comments.
enum class Kind : uint8_t {
  Mulligan = 1,   // player decides keep / mulligan; then the other; then Life and Resource are dealt
  Turn,           // player's turn; step = where in its phases
  Preprocess,     // priority preprocessing: rule effects (CR 902-909), then waiting abilities
  Draw,           // player draws a more cards
  Reload,         // CR 902.1: player's Trash becomes the deck, the opponent picks a Life card to Charge
  Ignition,       // CR 505.3a with Charge card a; b: the revealed card
  Play,           // player plays card a from zone b; c: Square; d: cost left; e: bit 0 free, 1 colour paid, 2 from damage
  Battle,         // a: attacker, b: attacker Square, c: target Square, d: target instance (kNone: the player);
                  // e: priority holder | passes in a row << 1
  Damage,         // CR 909: player takes 1 damage; a: the revealed Life card
  Excess,         // CR 906.1: player chooses Charge cards to Trash; a: chosen so far
  Effect,         // an ability resolving (effects.cpp): a: source, b: ability, c: cursor, d: subject, e: the event's
                  // amount (kNone: none)
  LifeRecovery,   // CR 1102: a: the card
  VoidBringer,    // rules.md 11.3: a: the card
  Startup,        // a startup ability's costs (effects.cpp): a: card, b: ability, c: Charge cards to choose, d: Cost
                  // left to pay, e: bit 1 the colour is paid
};

struct Frame {
  Kind kind = Kind::Mulligan;
  uint8_t step = 0;
  uint8_t player = 0;
  uint8_t a = kNone, b = kNone, c = kNone, d = kNone, e = 0;
};
static_assert(sizeof(Frame) == 8);

struct Waiting {  // an automatic ability waiting for priority preprocessing (rules.md 12.1)
  Kind kind = Kind::LifeRecovery;
  uint8_t player = 0;
  uint8_t card = 0;
  uint8_t ability = kNone;  // Kind::Effect: the ability
  uint8_t subject = kNone;  // Kind::Effect: the event's other card (the Z/X destroyed, the attacker ...)
  uint8_t amount = 0;       // Kind::Effect: the event's amount (cards drawn), 0 to 254
  uint8_t pad[2] = {};
};
static_assert(sizeof(Waiting) == 8);

struct CardInstance {
  uint16_t def = 0;
  uint8_t owner = 0;
  Zone zone = Zone::None;
  uint8_t square = kNone;
  uint8_t sleeping = 0;  // Sleep (1) or Reboot (0), on a Square or in Resource
  uint8_t record = 0;    // tcbg::kRecordFlag* bits
  uint8_t marked = 0;    // chosen for a simultaneous move (Charge excess)
  int32_t damage = 0;    // this turn's damage (CR 208, removed in the End phase)
  int32_t power_mod = 0; // until end of turn
  uint8_t status = 0;    // kStatus* bits, until end of turn
  uint8_t removed_by = 0;  // removed from the game by an ability of instance removed_by - 1, on a Square since (0:
                           // none; rules.md Z15.131)
  // Remembered by an ability of instance remembered_by - 1 that put it where it is (`Remember`, 0: none; rules.md
  // Z15.320): that card's "at the end of the turn" ability acts on it. Forgotten when it leaves its zone (a move
  // between Squares keeps it) and when the turn ends.
  uint8_t remembered_by = 0;
  uint8_t player_damage = 0;  // until end of turn, on a Square: damage it deals to its owner's opponent is this much
                              // more (B05-015; rules.md Z15.324)
  int8_t cost_mod = 0;     // Cost change until end of turn, on a Square (COST, B05-002; rules.md Z15.340)
  uint8_t pad[3] = {};
};
static_assert(sizeof(CardInstance) == 24);
inline constexpr uint8_t kStatusNoDamage = 1;  // deals no damage until end of turn (C04-021)
inline constexpr uint8_t kStatusAppeared = 2;  // appeared this turn (B02-018), until it leaves or the turn ends
// Keywords granted until end of turn (GRANT, B03-012): kStatusRange2 << fx::GrantedKeyword.
inline constexpr uint8_t kStatusRange2 = 4, kStatusRangeInfinity = 8, kStatusIsolate = 16;
// Does not Reboot during its owner's next Reboot Phase (FREEZE, B02-059): kept at the end of the turn, cleared by
// that Reboot Phase or when the Z/X leaves its Square (rules.md Z15.162).
inline constexpr uint8_t kStatusFrozen = 32;
// Its "only once per turn" startup ability was used this turn (B05-002), until the turn ends or it leaves its Square.
inline constexpr uint8_t kStatusUsedOnce = 64;
// The attacker of the battle now deals no damage in battle until that battle ends (NO_BATTLE_DAMAGE, B02-051): cleared
// at the battle's end, the turn's end, or when it leaves its Square (rules.md Z15.345).
inline constexpr uint8_t kStatusNoBattleDamage = 128;

struct CardList {  // an ordered zone; the last card is the top
  uint8_t n = 0;
  std::array<uint8_t, kMaxDeck + 1> ids{};
  void push(int i) { ids[n++] = static_cast<uint8_t>(i); }
  int top() const { return ids[n - 1]; }
  int find(int i) const {
    for (int k = 0; k < n; ++k) if (ids[k] == i) return k;
    return -1;
  }
  void erase_at(int k) {
    for (int j = k + 1; j < n; ++j) ids[j - 1] = ids[j];
    --n;
  }
  void insert_at(int k, int i) {
    for (int j = n; j > k; --j) ids[j] = ids[j - 1];
    ids[k] = static_cast<uint8_t>(i);
    ++n;
  }
};

struct PlayerState {
  CardList deck, hand, life, charge, trash, resource;
  uint8_t hand_limit = kHandLimit;
  uint8_t charge_limit = kChargeLimit;
  uint8_t mulliganed = 0;
  uint8_t pending_damage = 0;  // player damage waiting for priority preprocessing (CR 909)
  Outcome outcome = Outcome::Playing;
  uint8_t reloads = 0;  // this player's Reloads so far (CR 902.1), stopping at 255; the batch records read it
  uint8_t pad[2] = {};
};

// Everything a position is, in one trivially copyable record without padding holes that differ between equal
// positions (it is zero-filled before use and copied whole): clone copies it, serialize writes it.
struct Core {
  CounterRng rng;
  uint16_t turn = 0;          // turns started
  uint8_t turn_player = 0;
  uint8_t first_player = 0;
  EndReason end_reason = EndReason::None;
  uint8_t over = 0;
  uint8_t frame_n = 0;
  uint8_t waiting_n = 0;
  std::array<uint8_t, kSquares> board{};  // the Z/X on each Square, kNone when empty
  uint8_t pad[7] = {};
  std::array<Frame, kMaxFrames> frames{};
  std::array<Waiting, kMaxWaiting> waiting{};
  std::array<PlayerState, kPlayers> players{};
  std::array<CardInstance, kMaxInstances> inst{};
  std::array<tcbg::fx::Cursor, fx::kMaxCursors> cursors{};  // resolutions under way (Kind::Effect frames' c)
};
static_assert(std::is_trivially_copyable_v<Core>);

class State {
 public:
  using ActionList = tcbg::zx::ActionList;
  State(std::shared_ptr<const Game> game, uint64_t seed);
  State(const State& o) : game_(o.game_) { std::memcpy(static_cast<void*>(&c_), &o.c_, sizeof(Core)); }
  State& operator=(const State& o) {
    game_ = o.game_;
    std::memcpy(static_cast<void*>(&c_), &o.c_, sizeof(Core));
    if (power_memo_ != nullptr) power_memo_->ready = false;  // a query's Powers were of the position replaced
    return *this;
  }

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }
  int current_player() const;
  bool is_terminal() const { return c_.over != 0; }
  void legal_actions(ActionList& out) const;
  bool is_legal(int a) const;
  void apply_action(int a);          // throws tcbg::IllegalActionError, state unchanged
  void apply_legal_action(int a);    // a from legal_actions() of this very state (the native loops)
  void concede(int player);          // CR 101.4: at any time
  void end_at_decision_limit();      // rules.md Z1.7: a draw, as at the turn limit (decision_limit.cpp)
  double player_return(int p) const;
  void determinize(int observer, CounterRng& rng);
  std::string action_to_string(int a) const;
  std::string illegal_reason(int a) const;
  std::string serialize() const;
  static State deserialize(std::shared_ptr<const Game> game, const std::string& bytes);
  // Empty when the position keeps every rule the engine relies on (docs/zx/state-format.md ZP14-ZP16), else what
  // breaks; safe on any bytes (deserialize and the JSON reader run it on what they read).
  std::string invariant_violation() const;
  std::string frame_violation(int k) const;  // frame k of the stack against its kind's arguments and steps (ZP15)

  // The slow path (docs/zx/cards.md), for the game's PythonEffectHook while it runs: one game-changing instruction
  // (opcode DAMAGE to NO_DAMAGE) of the resolution whose PYTHON instruction called the hook, with operand values
  // where a program names registers (`b` an immediate for TOP_TO_RESOURCE and TO_RESOURCE), through the
  // interpreter's own code. A deck it empties is rebuilt at once and its Life pick waits until the function returns
  // (rules.md Z12.17). A GameError for another opcode, or outside a call.
  void run_effect(int op, int a, int b, int c = 0);
  // What GET reads (fx::Prop) of an object, for the slow path's `stat`; -1 for no object. A GameError for an
  // unknown property.
  int effect_stat(int x, int prop) const;
  // The Effect frame whose PYTHON instruction runs now (-1: none): its source, controller and event subject.
  int python_frame() const { return python_frame_; }
  // The card whose ability's DESTROY runs now, while the destruction's abilities are queued (-1: none); what an
  // AUTO's at-event condition reads as EVENT_CAUSE (rules.md Z15.186). Never part of a position.
  int event_cause() const { return event_cause_; }
  int event_amount() const { return event_amount_; }
  // The zone (Zone) a Z/X that appears now came from, while its appearance's abilities are queued (-1: none); what
  // an AUTO's at-event condition reads as EVENT_FROM (rules.md Z15.323). Never part of a position.
  int event_from() const { return event_from_; }

  int turn() const { return c_.turn; }
  int first_player() const { return c_.first_player; }
  int turn_player() const { return c_.turn_player; }
  EndReason end_reason() const { return c_.end_reason; }
  uint8_t card_record(int i) const {  // kRecordFlagInPlay: on a Square when the game has ended
    return static_cast<uint8_t>(c_.inst[i].record | (c_.over && c_.inst[i].zone == Zone::Square ? kRecordFlagInPlay : 0));
  }
  const Core& core() const { return c_; }
  const PlayerState& player(int p) const { return c_.players[p]; }
  const CardInstance& instance(int i) const { return c_.inst[i]; }
  // Power now: printed, until-end-of-turn changes, continuous abilities of Z/X on Squares (effects.cpp).
  int power(int i) const {
    const int base = game_->card_of(i).power + c_.inst[i].power_mod;
    return game_->has_continuous() && c_.inst[i].zone == Zone::Square ? base + continuous_power(i) : base;
  }
  bool has_ignition(int i) const;  // the icon, printed or by a continuous ability (C01-013)
  // Cost now (rules.md Z15.224): printed, changed by continuous Cost abilities of Z/X on Squares (effects.cpp).
  // A Z/X on a Square adds its until-end-of-turn change first (rules.md Z15.340).
  int cost(int i) const {
    const int printed = game_->card_of(i).cost;
    if (printed < 0) return printed;
    const int base = printed + c_.inst[i].cost_mod;
    return game_->has_cost_change() ? changed_cost(i, base) : base < 0 ? 0 : base;
  }
  // Colours now (rules.md Z15.342): printed, or those a card's own continuous colour ability gives it in the zones it
  // names while its condition holds (B05-009); what payments and colour filters read.
  uint8_t colours(int i) const {
    return game_->has_colour_change() && game_->colour_ability(c_.inst[i].def) >= 0 ? changed_colours(i)
                                                                                      : game_->colours_of(i);
  }
  // Whether card i has keyword `code` (fx::GrantedKeyword): printed, or on a Square granted until end of turn or by
  // a continuous ability (effects_grants.cpp).
  bool has_keyword(int i, int code) const;
  // Whether restriction `restriction` (fx::Restriction) binds object `object` (a player, a Z/X) now.
  bool restricted(int restriction, int object) const;
  // Player p's Charge limit now (CR 906.1): 4, changed by continuous abilities of Z/X on Squares; 255: no limit.
  int charge_limit(int p) const {
    return game_->has_charge_limit() ? continuous_charge_limit(p) : c_.players[p].charge_limit;
  }
  // Whether object `object` (an instance, Square or player by the filter's kind) matches filter `filter` for an
  // effect of `source` controlled by `controller`; `cur`: the resolution's registers (a filter's anchor).
  bool matches(int filter, int object, int controller, int source, const tcbg::fx::Cursor* cur) const;
  bool choosable(int filter, int object, int controller, int source, const tcbg::fx::Cursor* cur) const;
  bool near(int filter, int square, int controller, int source, const tcbg::fx::Cursor* cur) const;
  // A condition or amount program's value (it only reads the position).
  int eval(int offset, int length, int source, int controller, int subject) const;
  int frame_count() const { return c_.frame_n; }
  const Frame& frame(int k) const { return c_.frames[k]; }
  // The card revealed by an Ignition or a Damage in progress (visible to both players), or kNone.
  int revealed() const;
  // A short description of the decision now (docs/zx/actions.md), e.g. "main", "pay", "life-pick".
  std::string decision() const;

 private:
  // Zones (setup.cpp).
  CardList& list_of(int p, Zone z);
  void take_out(int i);                 // from its zone, keeping the others' order
  static void new_object(CardInstance& ci);  // what a card that left its zone no longer has (rules.md Z15.320)
  void put(int i, Zone z, int p = -1);  // on top of p's (its owner's) zone
  void place(int i, int square);
  void unlink_removals(int i);
  // The end of the turn (rules.md Z15.320 - Z15.322): each card whose remembered cards are still where its ability
  // put them has its "at the end of the turn" ability wait; forget() then ends every remembrance.
  void remembered_turn_ends();
  void forget();
  void draw_one(int p);
  void shuffle_deck(int p) { c_.rng.shuffle(c_.players[p].deck.ids.data(), c_.players[p].deck.n); }
  // The process machine (process.cpp).
  Frame& top() { return c_.frames[c_.frame_n - 1]; }
  const Frame& top() const { return c_.frames[c_.frame_n - 1]; }
  void push(Frame f);
  void pop() { --c_.frame_n; }
  void advance();        // runs frames until one waits for a decision or the game is over
  bool any_deck_empty() const { return c_.players[0].deck.n == 0 || c_.players[1].deck.n == 0; }
  bool step();           // one step of the top frame; false: it waits for a decision
  bool reload_due();     // pushes a Reload for a player whose deck is empty and Trash is not (CR 902.1)
  bool step_turn(Frame& f);
  bool step_preprocess(Frame& f);
  bool step_mulligan(Frame& f);
  bool step_ignition(Frame& f);
  bool step_play(Frame& f);
  bool step_battle(Frame& f);
  bool step_damage(Frame& f);
  // Card abilities (effects.cpp).
  bool step_effect(Frame& f);
  bool step_startup(Frame& f);
  int continuous_power(int i) const;
  int changed_cost(int i, int printed) const;
  uint8_t changed_colours(int i) const;
  bool play_allowed(int p, int i) const;  // a card's own play condition holds (rules.md Z15.225)
  // Continuous Power read once per query (docs/zx/engine.md "Speed"): while a PowerScope of this State is open
  // (a query during which the position does not change: the lethal damage check, listing actions, the invariants,
  // the observation tensor), the first continuous Power asked for computes every Z/X's on a Square in one walk of
  // the Squares' continuous abilities, each ability's condition and amount read once unless they read the Z/X they
  // change (Game::reads_subject), and the rest of the query reads them from the memo. The memo lives on the stack of the scope
  // that opened it, never in the record: clone and serialize are unchanged and nothing outlives the query.
  struct PowerMemo {
    bool ready = false;
    std::array<int32_t, kSquares> total;  // continuous Power of the Z/X on each Square (written when ready)
  };
 public:  // a query outside the State opens one too (the observation tensor, observation.cpp)
  class PowerScope {
   public:
    explicit PowerScope(const State& s) : s_(s), outer_(s.power_memo_ != nullptr || !s.game_->has_continuous()) {
      if (!outer_) s.power_memo_ = &memo_;
    }
    ~PowerScope() {
      if (!outer_) s_.power_memo_ = nullptr;
    }
    PowerScope(const PowerScope&) = delete;
    PowerScope& operator=(const PowerScope&) = delete;

   private:
    const State& s_;
    bool outer_;  // a scope of this State was open already (its memo serves), or no continuous Power to read
    PowerMemo memo_;
  };
 private:
  void continuous_powers(std::array<int32_t, kSquares>& total) const;  // every Z/X's on a Square, in one walk
  int continuous_power_of(int i) const;                                // one Z/X's, walking for it alone
  int continuous_charge_limit(int p) const;
  // The damage `source` deals to Z/X `target` when it would deal `amount` (effects.cpp): changed by continuous
  // abilities (kContinuousDamage), none when the target is not dealt damage that small (kPreventDamage).
  int damage_dealt(int source, int target, int amount) const;
  template <class F>
  void for_each_continuous(int kind, int object, int cond_object, F&& f) const;  // effects_continuous.cpp
  // Automatic abilities of `card` listening to `event`; `amount`: the event's (the damage an attack dealt).
  void fire(int event, int card, int subject = kNone, int amount = 0);
  // Automatic abilities of the Z/X on Squares waiting for player `p`'s draw of `n` cards (rules.md Z15.188).
  void drew(int p, int n);
  void fire_all(int event);                             // of every Z/X on a Square (turn events)
  // Automatic abilities with a subject filter (rules.md Z12.16), of every Z/X on a Square, waiting for `event` of
  // `subject` (a card, or for kLifeDecreases a player) when it matches their filter.
  // `seen`: the object the subject filter matches when it is not the event's subject (IS_ATTACKED: the attacked Z/X,
  // the subject its attacker)
  void watch(int event, int subject, int amount = 0, int seen = -1);
  // fire / watch: one card's
  void queue_autos(int event, int card, int subject, bool filtered, int amount = 0, int seen = -1);
  void life_decreased(int player);  // CR 909 / 902.1: a card left `player`'s Life (rules.md Z12.16)
  void destroy(int i, bool watched = false, int replaced = -1);  // CR 1007.1, or the card's replacement; `watched`:
                                                        // its watchers were told already (simultaneous, Z15.100);
                                                        // `replaced` 0 / 1: read before (Z15.163), -1: read now
  Frame effect_frame(int player, int source, int ability, int subject, int amount = 0);
  bool startup_usable(int p, int i, int k) const;
  bool cost_zx(int filter, int p, int i, int zx) const;  // zx may be Slept for card i's cost (rules.md Z15.221)
  bool any_cost_zx(int filter, int p, int i) const;
  int count_cost_zx(int filter, int p, int i) const;  // how many Z/X may be Slept for it now
  int startup_ability(int i, int k) const;  // the ability index of card i's k-th startup ability (its own, then
                                            // those granted to it), or -1
  // The n-th ability (0 first) the kGrant records of the Z/X on Squares give card i now, in the order of the
  // Squares and of their abilities, or -1 (effects_grants.cpp).
  int granted_ability(int i, int n) const;
  // the automatic abilities granted to card on `event` (`amount`: the event's)
  void queue_granted(int event, int card, int subject, int amount = 0);
  // Ability k of card (its owner's) waits for priority preprocessing (rules.md 12.1), with the event's subject and
  // amount (0 to 254).
  void enqueue_auto(int owner, int card, int k, int subject, int amount);
  bool replaces_destroy(int i) const;  // card i has "if destroyed, into Resource instead", its own or granted
  Frame startup_frame(int a);  // the Startup frame of action a (kFirstStartup block)
  void list_startups(int p, ActionList& out) const;
  void list_effect(const Frame& f, ActionList& out) const;
  int life_owner(const Frame& f, int filter) const;
  void answer_effect(Frame& f, int a);
  void answer_startup(Frame& f, int a);
  const int32_t* effect_instruction(const Frame& f) const;  // the instruction an Effect frame waits at
  bool can_pay(int p, int n, int colours, int skip = kNone) const;
  void list_payments(int p, int want, int left, bool colour_paid, ActionList& out, int skip = kNone) const;
  // Card i of p's, outside the hand, that a continuous ability of p's lets p play from where it is (Z15.130); `free`:
  // without paying its Cost.
  bool play_from_allowed(int p, int i, bool& free) const;
  void list_zone_plays(int p, bool events_only, ActionList& out) const;
  Frame hand_or_zone_play(int p, int i) const;
  std::string effect_decision(const Frame& f) const;
  bool step_excess(Frame& f);
  bool step_life_recovery(Frame& f);
  bool step_void_bringer(Frame& f);
  bool effect_target(int s) const;  // a Z/X on Square s an effect may choose (not Isolate)
  bool any_effect_target() const;
  friend struct EffectHost;
  void end_game(EndReason reason);
  void answer(int a);    // the top frame's decision, a legal
  void list_actions(ActionList& out) const;  // legal_actions before sorting
  // Rules of playing (play.cpp).
  bool square_legal(int p, int s) const;
  bool place_legal(int i, int s) const;  // an effect's put or move of card i onto Square s (rules.md Z15.120)
  bool has_square(int p, int card = kNone) const;  // a legal Square for p's play (of `card`: its restrictions)
  bool affordable(int p, int i) const;
  // p's Resource cards in Reboot: how many, and their colours together (what a Cost from the hand may be paid with).
  struct ReadyResource {
    int count = 0;
    uint8_t colours = 0;
  };
  ReadyResource ready_resource(int p) const;
  bool affordable(int p, int i, const ReadyResource& ready) const;  // i not in p's Resource: the same as above
  bool payable_with(int p, const Frame& f, int r) const;
  bool may_play_free(int p, int i) const;
  bool colour_match(int card, int resource) const;
  void attacks(int p, ActionList& out) const;
  int decider() const;
  std::string card_name(int i) const;
  std::string violation_of_lists() const;

  std::shared_ptr<const Game> game_;
  Core c_;
  int python_frame_ = -1;           // the Effect frame whose Python function runs now (the slow path), -1 none
  int event_cause_ = -1;            // the card whose ability destroys now (event_cause), -1 none
  int event_amount_ = 0;            // the amount of the event whose abilities are queued now (at-event conditions)
  int event_from_ = -1;             // the zone an appearing Z/X came from while its abilities are queued, -1 none
  std::exception_ptr python_error_;  // a Python function's failure, rethrown when the action's play has advanced
  mutable int colour_depth_ = 0;  // inside a colour change's condition colours are printed (Z15.342)
  mutable int cost_depth_ = 0;  // inside a Cost change Costs are printed: no change reads another (Z15.224)
  mutable int continuous_depth_ = 0;  // continuous amounts read Power without continuous changes (rules.md Z12.6)
  mutable PowerMemo* power_memo_ = nullptr;  // set only while a PowerScope of this State is open
};
static_assert(tcbg::GameState<State>);

// Native random play (playout.cpp): games of uniformly random legal actions, no allocation per decision.
struct PlayoutTotals {
  int64_t games = 0, decisions = 0, turns = 0, draws = 0, first_player_wins = 0, reloads = 0;
};
PlayoutTotals random_playouts(const std::shared_ptr<const Game>& game, uint64_t seed, int64_t games,
                              bool check_invariants = false);

}  // namespace tcbg::zx
