// The heuristic player of docs/agents.md, shared by the heuristic agent and the search agent (its rollouts and its
// leaf evaluation). Private to the core's agents.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "tcbg/core/agents.hpp"
#include "tcbg/x610z/game.hpp"
#include "tcbg/x610z/pathfinding.hpp"

namespace tcbg::x610z::agents_detail {

inline constexpr int kFar = 1000;  // "unreachable" in step counts

// A set of dots as a bitset (the breadth-first searches walk them a level at a time).
inline constexpr int kDotWords = (kMaxDots + 63) / 64;
using DotSet = std::array<uint64_t, kDotWords>;

// One summon on the board as the heuristic reads it.
struct Piece {
  int16_t instance = 0;
  int16_t dot = 0;
  uint8_t controller = 0;
  uint8_t team = 0;
  bool life_base = false;
  int16_t hp = 0;  // defense left
  const CardDef* def = nullptr;
};

// What the game's cards allow the lookahead's shortcuts (heuristic_bounds.cpp; Heuristic::dot_bounds_ok_,
// hand_blind_, own_entering_only_).
bool dot_bounds_allowed(const Game& g);
bool hand_blind(const Game& g);
bool own_entering_only(const Game& g);
bool quiet_leaving(const Game& g);
bool fights_blind(const Game& g);

// Hand-written play. Everything it uses is owned here and sized at construction or when it meets a new game, so a
// decision allocates nothing.
class Heuristic {
 public:
  Heuristic();
  Heuristic(const Heuristic&) = delete;
  Heuristic& operator=(const Heuristic&) = delete;
  void configure(const HeuristicSettings& settings) { answer_every_ = settings.answer_every; }

  // The heuristic's action for state.current_player(); the state must be at a decision.
  int choose(const State& state);
  // What the position is worth to player p's team, in [-1, 1]: the returns when the game is over, otherwise a
  // squashed score of the escape race, the life bases' defense left, summons, crystals and cards in hand.
  double evaluate(const State& state, int p);
  // evaluate() for every player at once, into out[0 .. num_players); with `only` a player, for that player alone
  // (out[only], the others left as they were: the lookahead reads one player's worth).
  void evaluate_all(const State& state, std::array<double, kMaxPlayers>& out, int only = -1);

 private:
  // Per game: the board's tables, kept for as long as the game is the one being played (anchor_ holds a copy of a
  // state, which keeps the game alive so its address cannot be reused by another game).
  void prepare(const State& state);
  void read_position(const State& state);
  // With `full` false, only what evaluate_all reads: the pieces and life_base_steps_, leaving occupancy_ and
  // piece_at_ stale (every decision reads the position in full before it uses them). to_end_ is searched when
  // first read after either (ensure_to_end).
  void read_position(const State& state, bool full);
  // Steps from `source_dot` (-1: from every free end dot) through free dots, up to `levels` steps (farther dots:
  // kFar, or their steps when a search that went farther is remembered).
  void bfs(std::array<int16_t, kMaxDots>& dist, int source_dot, int levels = kFar);
  struct BfsMemo {  // one bfs() answer and what it depends on (the source, the levels searched and occupied_)
    int source = -2;
    int levels = 0;
    DotSet occupied{};
    std::array<int16_t, kMaxDots> dist{};
  };
  static constexpr int kNoBfs = -2;  // a memo entry holding nothing (no source is -2)
  static constexpr int kBfsMemo = 6;
  std::array<BfsMemo, kBfsMemo> bfs_memo_{};
  int bfs_memo_next_ = 0;
  void life_base_steps_only();
  template <int W>
  void bfs_words(std::array<int16_t, kMaxDots>& dist, int source_dot, int levels);
  int life_base_distance(int dot) const;
  int route_length(const std::array<int16_t, kMaxDots>& from, int dot) const;
  void ensure_to_end();  // to_end_ for the last position read, searched on first use
  void ensure_route_fields();
  int threat_against(int dot);  // against my team
  double piece_worth(const CardDef& def) const;
  double hit_worth(int attack, const Piece& target) const;
  double summon_score(const CardDef& def, int hp, int dot, int own_dot);
  Mover mover_for(const State& state, int instance, bool attack) const;

  int mulligan(const State& state);
  int discard(const State& state);
  int place_summon(const State& state);
  int choose_destination(const State& state);
  int choose_target(const State& state);
  int own_turn(const State& state);
  int best_target_worth(const State& state, int instance, double& worth);
  // A move the own turn chose to declare: the destinations it scored for it and the best, with what the scores read
  // (the pieces of the position), so that the destination asked next is picked without scoring it again.
  struct MovePlan {
    int instance = -1;  // -1: no plan
    int dot = -1;
    int hp = 0;
    DotSet destinations{};
  };
  MovePlan plan_, trial_plan_;
  int plan_me_ = -1;
  int plan_quests_ = 0;
  int plan_num_pieces_ = 0;
  std::array<Piece, kMaxInstances> plan_pieces_{};
  double best_move_gain(const State& state, int instance, MovePlan& plan);
  // The destinations of the last move searches, with what each read: the mover and the occupied dots and their
  // block rates among the dots the search read (move_destinations' `read`).
  struct DestinationsMemo {
    Mover mover;
    bool valid = false;
    DotSet read{};
    DotSet occupied{};  // occupied_ on `read`
    std::array<uint8_t, kMaxDots> block_rate{};
    DotSet dots{};
  };
  static constexpr int kDestinationsMemo = 8;
  std::array<DestinationsMemo, kDestinationsMemo> destinations_memo_{};
  int destinations_next_ = 0;
  void destinations(const Mover& m, DotSet& dots);
  bool plan_holds(const State& state) const;

  // Card effects, one ply (docs/agents.md "heuristic"): a play is tried on a copy of the state, whose choices are
  // made the same way one level deeper (then by the engine's first option), and which every player then passes
  // until the stack is empty; the result is scored by evaluate_all() for the player who chose.
  static bool has_effect_plays(const Game& g);
  bool is_effect_play(const State& state, int a) const;
  double value_after(const State& state, int a, int depth);
  void settle(int depth);  // the position in scratch_[depth]
  void keep_playout(int depth, int action);
  bool any_effect_play(const State& state, const ActionList& legal) const;
  int best_by_lookahead(const State& state, const ActionList& legal, int depth, bool effects_only, double floor);
  int choose_by_lookahead(const State& state);  // a choice a card's announcement, resolution or trigger asks for
  // A resolution's choice of the dot a card in play is put on (CHOOSE_DOT, then PLACE and the end of the program)
  // with nothing or one move below it on the stack: the outcome of each dot is bounded without playing it.
  struct DotPlacement {
    int target = -1;       // the card put on the chosen dot
    int mover = -1;        // the summon whose move is below, or -1
    int destination = -1;  // that move's destination
    bool summoned = false;  // a summon being cast put on the dot (rules.md 5.11): it always stands there
    // A move by an effect (CHOOSE_MOVE, then MOVE): the actions are move keys, and the card always ends on the
    // key's destination (the options were listed from the board MOVE finds, rules.md 6.6).
    bool moving = false;
    // The dot action k's outcome puts the card on (a dot, or a move key's destination).
    int dot_of(const Game& g, int action) const {
      return moving ? (action - g.first_move_action()) / kKeysPerDot : action - g.first_dot_action();
    }
  };
  bool discard_from_one_hand(const State& state, const ActionList& legal) const;
  bool search_to_hand(const State& state, const ActionList& legal) const;
  bool placing_dot_choice(const State& state, const ActionList& legal, DotPlacement& p) const;
  bool below_placeless(const State& state, const ActionList& legal, DotPlacement& p) const;
  int best_dot_by_bounds(const State& state, const ActionList& legal, int depth, double floor,
                         const DotPlacement& p, bool& done);
  // The scores of the last position read (read_position) without the life bases' steps, which are all the dot
  // choice's outcomes change (with the pieces' dots).
  struct BoundBase {
    std::array<double, kMaxPlayers> team{};
    std::array<bool, kMaxPlayers> alive{};    // per team
    std::array<bool, kMaxPlayers> playing{};  // per player
  };
  // Kept out of line, so that evaluate_all and the dot choice's bounds compute the same numbers with the same code.
  [[gnu::noinline]] void bound_base(const State& state, BoundBase& base) const;
  [[gnu::noinline]] static double worth(const BoundBase& base, const std::array<int, kMaxPlayers>& best_steps,
                                        int mine);
  // What evaluate_all gives looking_for_ for the last position read with piece kx on x_dot and piece km (or -1) on
  // m_dot. `x_field`: when piece kx is a life base, to_end_ as read_position computes it with that piece off the
  // board (and km on m_dot), from which its steps on any dot follow as life_base_distance() gives them.
  double value_with(const BoundBase& base, int kx, int x_dot, int km, int m_dot,
                    const std::array<int16_t, kMaxDots>* x_field);
  std::array<std::array<int16_t, kMaxDots>, 2> x_fields_{};
  // value_with's last answers by the teams' best steps, all its answer depends on within one best_dot_by_bounds
  // call (same base, same player): most dots leave every life base's steps as they were. Emptied by each call.
  // For the placed card: each other life base's steps with the card off the board (the mover, if any, on one of
  // its two dots), and the dots that search read (a placed life base's own steps come from x_fields_). A dot outside them leaves the steps as they are
  // with the card off the board (the search never looks there), so most dots need no search. Set and cleared by
  // best_dot_by_bounds around its bounds.
  struct AbsentSteps {
    bool valid = false;
    int kx = -1, km = -1;
    int variants = 0;
    std::array<int, 2> m_dot{};
    std::array<std::array<int16_t, kMaxPlayers>, 2> steps{};
    std::array<std::array<DotSet, kMaxPlayers>, 2> read{};
    // Per variant, the union of `read` over the life bases, and for a placed card that is no life base the value
    // of a dot outside it (every life base keeps its steps there, so every such dot scores the same), once known.
    std::array<DotSet, 2> read_any{};
    std::array<bool, 2> outside_known{};
    std::array<double, 2> outside_value{};
  };
  AbsentSteps absent_;
  void prepare_absent(int kx, int km, int m0, int m1);
  static constexpr int kWorthMemo = 4;
  std::array<uint32_t, kWorthMemo> worth_steps_{};  // the teams' steps, capped at 12, 4 bits a team
  std::array<double, kWorthMemo> worth_values_{};
  int worth_size_ = 0;
  int worth_next_ = 0;
  // A life base's steps on `dot` to a free end dot with `occupied` occupied (life_base_steps_ for the position
  // read, and the bounds' variants of it), remembered by the occupied dots the search read.
  int steps_from(int dot, const DotSet& occupied);
  template <int W>
  int steps_from_words(int dot, const DotSet& occupied, DotSet& read) const;
  // The breadth-first search both of the above run: steps from `dot` (not itself counted) through `usable` dots to
  // one of `goal`, kFar when none is reached; every dot whose occupancy the search looked at is added to `read`.
  template <int W>
  int steps_to_goal(int dot, const DotSet& usable, const DotSet& goal, DotSet& read) const;
  struct OneStepsMemo {
    int16_t dot = -1;
    int16_t steps = 0;
    DotSet occupied{};
    DotSet read{};
  };
  static constexpr int kOneStepsMemo = 8;
  std::array<OneStepsMemo, kOneStepsMemo> one_steps_memo_{};
  int one_steps_next_ = 0;
  // The scoring half of evaluate_all, on the position read last (read_position).
  void score_reading(const State& state, std::array<double, kMaxPlayers>& out, int only);
  int answer(const State& state);               // with something on the stack: pass, or answer with an effect
  // The effect plays that cannot gain, in answers and in the own turn (heuristic_spending.cpp): per ability of the
  // game's tables, whether it only spends (kSpendsOnly) and whether it reads what spending changes (kReadsSpent);
  // whether no triggered ability and no continuous effect of the decks reads it (spending_unseen_); whether any
  // ability triggers on a cast. kUnseenOnly: a superset of kSpendsOnly, also changing attacks, speeds and ranges,
  // granting properties and preventing, reducing or redirecting damage; unseen only with nothing on the stack
  // after it (the own turn) and with stats_unseen_ (no continuous effect reads an attack, speed or range).
  // kHandsOnly: a superset of kSpendsOnly, also discarding a chosen card of a hand (each hand weighs alike); with
  // items below only with hands_below_unseen_.
  // kStatsOnly: kSpendsOnly and changing attacks, speeds and ranges; unseen with items below when none of them is a
  // move or an attack and no ability reads those statistics (moved_stats_read_). kStatsOwn: kStatsOnly changing
  // only the caster's own summons (its targets' filters ask for "you", or its source); unseen also with moves and
  // attacks below when all of them are by other teams' summons.
  static constexpr uint8_t kSpendsOnly = 1, kReadsSpent = 2, kPlaces = 4, kUnseenOnly = 8, kHandsOnly = 16,
                           kStatsOnly = 32, kStatsOwn = 64;
  static constexpr uint8_t kSpentTrigger = 1, kSpentOnEntering = 2;  // spent_trigger_def_'s bits
  void prepare_spending(const Game& g);
  bool spending_play(const State& state, int a) const;
  // The effect plays of `legal` but those spending_play() accepts into `plays`; whether any was left out.
  bool plays_to_try(const State& state, const ActionList& legal, ActionList& plays) const;
  std::vector<uint8_t> spending_;
  std::vector<uint8_t> spent_trigger_def_;  // per card definition: its triggers that read spending
  bool spending_unseen_ = false;
  bool stats_unseen_ = false;
  bool moved_stats_read_ = false;
  bool spent_moves_stats_ = false;  // a continuous effect reads what spending changes, into an attack, speed or range
  // Whether a discard from a hand is unseen with items below too: one player a team, and no random choice of the
  // tables but of cards in a hand and no shuffle (heuristic_spending.cpp, spending_play).
  bool hands_below_unseen_ = false;
  bool cast_triggers_ = false;
  std::unique_ptr<ActionList> tried_plays_;
  // What an effect play must gain over passing or standing still: energy spent for nothing is lost.
  static constexpr double kLeastGain = 1e-3;
  static constexpr double kBestValue = 1.0;  // the most evaluate() gives: a won game's return, tanh's bound

  // Per game.
  std::optional<State> anchor_;
  // Whether the game's cards allow best_dot_by_bounds: no continuous effect reads where cards stand (so a card's
  // defense is the same wherever the dot choice puts it), no ability triggers on a move, no quest cards (whose
  // victories count summons on quest dots).
  bool dot_bounds_ok_ = false;
  // Whether no ability of the card set triggers on another card entering play (only cards' own entering).
  bool own_entering_only_ = false;
  // Whether no continuous effect's amount of defense or control is computed (each is a constant): then where the
  // cards out of play are changes no card's defense or controller.
  bool hand_blind_ = false;
  // Whether no ability of the card set triggers on a card leaving play or being destroyed (so a permanent whose
  // last activation counter is used sets off nothing as it leaves, rules.md 6.4).
  bool quiet_leaving_ = false;
  // Whether no continuous effect's amount is computed (every one a constant) and no ability triggers on a move, on
  // damage dealt, on a card destroyed or leaving play: then a move or attack resolves alike whatever the cards out
  // of play are (search_to_hand's items below).
  bool fights_blind_ = false;
  const Game* game_ = nullptr;
  int num_dots_ = 0;
  int dot_words_ = 0;  // of a DotSet, for the board's dots
  std::vector<int16_t> distance_;  // steps along lines between dots, no corner rule; kFar when unreachable
  std::array<uint8_t, kMaxDots> kinds_{};
  std::array<int8_t, kMaxDots> start_owner_{};
  std::vector<DotSet> adjacent_;  // per dot, the dots its lines lead to
  std::vector<DotSet> leading_;   // per dot, the dots whose lines lead to it
  DotSet end_dots_{};             // the end dots
  DotSet enterable_{};            // the dots a life base may walk through: no seat's start dot (rules.md 2.6)

  // Lookahead buffers, one per depth, reused from decision to decision.
  static constexpr int kLookDepth = 2;
  // HeuristicSettings::answer_every; and whether the lookahead running is an answer's that makes its choices at
  // depth 0 by the engine's first option (the default heuristic's answers: docs/agents.md "Answering").
  bool answer_every_ = false;
  bool shallow_ = false;
  std::array<std::unique_ptr<State>, kLookDepth> scratch_;
  // How the last settle(depth) went: the actions it applied, and whether every choice on the way had one option.
  // Such a settle made no choice: a settle one level up that plays the same action from the same position plays
  // the same continuation (its own choices by lookahead are all forced too) and ends where it did.
  std::array<int, kLookDepth> settled_steps_{};
  std::array<bool, kLookDepth> settled_forced_{};
  // The playout of best_by_lookahead's pick so far at each depth (its settled position, in place of scratch_'s),
  // which settle() one level up takes instead of playing the pick out again when that settle was forced.
  struct Playout {
    std::unique_ptr<State> state;
    int action = -1;  // -1: none kept for the current call
    int steps = 0;
    bool forced = false;
  };
  std::array<Playout, kLookDepth> kept_{};
  std::array<std::unique_ptr<ActionList>, kLookDepth + 1> scratch_legal_;
  std::array<double, kMaxPlayers> values_{};
  std::array<std::array<double, kMaxDots>, kLookDepth> dot_bound_{};  // best_dot_by_bounds, per depth
  int looking_for_ = 0;  // the player whose value the lookahead measures
  // The last picks of the deeper lookahead (best_by_lookahead below depth 0), by the state they were made in: the
  // pick depends on nothing else, and the same choice is met again from one decision to the next (a flux's dot
  // asked for while casting it, passing, and answering it).
  struct PickMemo {
    std::optional<State> state;
    int depth = -1;
    int pick = -1;
  };
  static constexpr int kPickMemo = 16;
  std::array<PickMemo, kPickMemo> pick_memo_{};
  int pick_memo_next_ = 0;

  // Per decision.
  std::unique_ptr<ActionList> legal_;
  std::unique_ptr<OptionList> options_;
  Occupancy occupancy_;  // occupancy_ and piece_at_: full readings only
  DotSet occupied_{};
  // The last life_base_steps_only() answers, by what they depend on (the game's board apart): where the life
  // bases stand and which of the dots the searches looked at (`read`) are occupied. A position whose occupied
  // dots differ from `occupied` only outside `read` gives the same searches step for step, so the same answers.
  std::array<int16_t, kMaxDots> piece_at_{};  // index into pieces_, or -1
  std::array<Piece, kMaxInstances> pieces_{};
  int num_pieces_ = 0;
  int me_ = 0;
  int my_team_ = 0;
  std::array<int16_t, kMaxPlayers> life_base_piece_{};  // index into pieces_, or -1
  std::array<int16_t, kMaxPlayers> life_base_steps_{};  // steps to an end dot through free dots
  std::array<std::array<uint8_t, kEnergyTypes>, kMaxPlayers> crystals_{};  // crystals in play by energy
  std::array<int16_t, kMaxPlayers> permanents_worth_{};  // catalysts and quests in play: 1 + their cost each
  std::array<uint8_t, kMaxPlayers> quests_{};            // quest cards in play (Act I): quest dots are worth holding
  std::array<int16_t, kMaxDots> to_end_{};      // steps from each free dot to the nearest free end dot
  bool to_end_known_ = false;                   // to_end_ is for the last position read
  std::array<int16_t, kMaxDots> from_threat_{};  // steps from the most threatening enemy life base
  std::array<int16_t, kMaxDots> from_mine_{};    // steps from my life base
  std::array<int16_t, kMaxDots> route_width_{};  // dots of the threat's shortest routes, per step from it
  int threat_player_ = -1;
  bool route_fields_ = false;
  // What summon_score and threat_against read of the pieces, listed once per position read (ensure_score_lists):
  // the enemies that can attack (pieces_ indices, in order), the enemies that can be attacked, the enemy life bases'
  // dots; and each dot's threat, kept the first time it is asked (threat_stamp_ == read_serial_).
  void ensure_score_lists();
  bool score_lists_ = false;
  uint32_t read_serial_ = 0;
  int num_attackers_ = 0, num_targets_ = 0, num_enemy_bases_ = 0;
  std::array<int16_t, kMaxInstances> attackers_{};
  std::array<int16_t, kMaxInstances> targets_{};
  std::array<int16_t, kMaxPlayers> enemy_base_dots_{};
  std::array<uint32_t, kMaxDots> threat_stamp_{};
  std::array<int16_t, kMaxDots> threat_at_{};
};

}  // namespace tcbg::x610z::agents_detail
