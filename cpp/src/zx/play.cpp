// Playing cards (docs/zx/rules.md section 7): legal Squares, costs and their colour, the play itself.
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "tcbg/zx/records.hpp"

namespace tcbg::zx {

// rules.md 7.3 (the basic rules' four placement rules): never onto the opponent's Player Square, never onto an
// opponent's Z/X, never onto one's own Sleeping Z/X; onto one's own Reboot Z/X (which then goes to Trash) or an
// empty Square.
bool State::square_legal(int p, int s) const {
  if (s == player_square(1 - p)) return false;
  const int occ = c_.board[s];
  if (occ == kNone) return true;
  return c_.inst[occ].owner == p && !c_.inst[occ].sleeping;
}

// Where an effect may put or move card i (rules.md 7.3, Z12.11, Z15.120): an empty Square other than the Player
// Square of its owner's opponent. An effect never plays over a Z/X: every such text says "an empty Square".
// A card that "cannot appear on a Player Square" (B03-033) is put onto none from a zone either; a move of it from
// its Square is no appearance (rules.md Z15.164).
bool State::place_legal(int i, int s) const {
  if (i < 0 || i >= game_->num_instances() || s < 0 || s >= kSquares) return false;
  if (is_player_square(s) && game_->no_player_square(c_.inst[i].def) && c_.inst[i].zone != Zone::Square) return false;
  return c_.board[s] == kNone && s != player_square(1 - c_.inst[i].owner);
}

bool State::has_square(int p, int card) const {
  const bool normal_only = card != kNone && game_->no_player_square(c_.inst[card].def);
  for (int s = 0; s < kSquares; ++s) {
    if (square_legal(p, s) && !(normal_only && is_player_square(s))) return true;
  }
  return false;
}

// rules.md 7.2 and Z7.2: a card shares a colour with a Resource card when their colour bits meet: the card played
// its printed colours, the Resource card its colours now (rules.md Z15.342).
bool State::colour_match(int card, int resource) const {
  return (game_->colours_of(card) & colours(resource)) != 0;
}

// CR 203 / rules.md 7.1: Cost Reboot Resource cards, one at least of the card's colour (a colourless card or a Cost
// of 0: any); an infinite Cost cannot be paid.
bool State::affordable(int p, int i) const {
  if (c_.inst[i].zone != Zone::Resource) return affordable(p, i, ready_resource(p));
  const CardDef& c = game_->card_of(i);
  const int now = cost(i);  // rules.md Z15.224
  if (now < 0 || !play_allowed(p, i)) return false;
  const CardList& res = c_.players[p].resource;
  int ready = 0;
  bool colour = now == 0 || c.colours == 0;
  for (int k = 0; k < res.n; ++k) {
    const int r = res.ids[k];
    if (c_.inst[r].sleeping || r == i) continue;  // a card played from Resource never pays for itself (Z15.130)
    ++ready;
    if (!colour && colour_match(i, r)) colour = true;
  }
  return ready >= now && colour;
}

State::ReadyResource State::ready_resource(int p) const {
  ReadyResource out;
  const CardList& res = c_.players[p].resource;
  for (int k = 0; k < res.n; ++k) {
    const int r = res.ids[k];
    if (c_.inst[r].sleeping) continue;
    ++out.count;
    out.colours |= colours(r);
  }
  return out;
}

// As affordable(p, i) for a card outside the Resource, from its Reboot cards read once for every card of a hand: a
// Resource card shares a colour with the card when their colour bits meet, so one of them does when the union does.
bool State::affordable(int p, int i, const ReadyResource& ready) const {
  const CardDef& c = game_->card_of(i);
  const int now = cost(i);  // rules.md Z15.224
  if (now < 0 || ready.count < now || !play_allowed(p, i)) return false;
  return now == 0 || c.colours == 0 || (game_->colours_of(i) & ready.colours) != 0;
}

// Whether Resource card r may be slept next for the Play frame f: the rest of the Cost (and its colour) stays payable.
bool State::payable_with(int p, const Frame& f, int r) const {
  if (c_.inst[r].zone != Zone::Resource || c_.inst[r].owner != p || c_.inst[r].sleeping || r == f.a) return false;
  const CardList& res = c_.players[p].resource;
  const int rest = f.d - 1;
  int others = 0;
  bool other_colour = false;
  for (int k = 0; k < res.n; ++k) {
    const int q = res.ids[k];
    if (q == r || q == f.a || c_.inst[q].sleeping) continue;
    ++others;
    if (colour_match(f.a, q)) other_colour = true;
  }
  if (others < rest) return false;
  if ((f.e & 2) || colour_match(f.a, r)) return true;
  return rest >= 1 && other_colour;
}

// A card played without its Cost (Ignition, damage): a Z/X needs a legal Square, an Event can always be played
// (rules.md Z7.5).
bool State::may_play_free(int p, int i) const {
  const CardDef& c = game_->card_of(i);
  if (!play_allowed(p, i)) return false;  // rules.md Z15.225
  if (c.is_zx()) return has_square(p, i);
  return c.type == CardType::Event;
}

// The plays of p's cards outside the hand that abilities allow (Z15.130): a Z/X while a legal Square exists, an
// Event (only Events at the Battle Event step), each while its Cost can be paid unless it is free.
void State::list_zone_plays(int p, bool events_only, ActionList& out) const {
  if (!game_->has_play_from()) return;
  const bool square = !events_only && has_square(p);
  for (int i = 0; i < game_->num_instances(); ++i) {
    const Zone z = c_.inst[i].zone;
    if (c_.inst[i].owner != p || (z != Zone::Resource && z != Zone::Trash && z != Zone::Charge && z != Zone::Removed)) {
      continue;
    }
    const CardDef& c = game_->card_of(i);
    if (!(c.type == CardType::Event || (c.is_zx() && square && (!game_->no_player_square(c_.inst[i].def) ||
                                                                  has_square(p, i))))) {
      continue;
    }
    bool free = false;
    if (play_from_allowed(p, i, free) && (free ? play_allowed(p, i) : affordable(p, i))) {
      out.push(action::block(action::kPlay, i));
    }
  }
}

// The Play frame: a the card, b the zone it comes from, c the Square, d the Cost still to pay, e bits: 1 free,
// 2 the colour is paid, 4 from Life because of damage. Steps: 0 the Square (a Z/X), 1 paying, 2 the card arrives,
// 3 an Event's resolution ends.
bool State::step_play(Frame& f) {
  const int i = f.a;
  const CardDef& c = game_->card_of(i);
  switch (f.step) {
    case 0:
      if (c.is_zx()) return false;
      f.step = 1;
      return true;
    case 1:
      if (f.d > 0 && f.d != kNone) return false;
      f.step = 2;
      return true;
    case 2:
      c_.inst[i].record |= kRecordFlagCast;
      if (f.b == static_cast<uint8_t>(Zone::Deck)) c_.inst[i].record |= kRecordFlagFromIgnition;  // CR 505.3a
      if (f.e & 4) c_.inst[i].record |= kRecordFlagFromLife;                                     // CR 909
      if (c.is_zx()) {
        place(i, f.c);
        event_from_ = f.b;  // played from the hand or another zone (rules.md Z15.323)
        fire(fx::kAppears, i);
        watch(fx::kAppears, i);  // "when a Z/X you control appears" of the Z/X on Squares (rules.md Z12.16)
        event_from_ = -1;
        // CR 1102 / rules.md 11.3: Life Recovery and Void Bringer work when the card appears from Life because of
        // damage; they wait for the damage's processing to finish (rules.md 12.1).
        if ((f.e & 4) && c_.waiting_n < kMaxWaiting && (c.has(kLifeRecovery) || c.has(kVoidBringer))) {
          Waiting w;
          w.kind = c.has(kLifeRecovery) ? Kind::LifeRecovery : Kind::VoidBringer;
          w.player = f.player;
          w.card = static_cast<uint8_t>(i);
          c_.waiting[c_.waiting_n++] = w;
        }
        pop();
        return true;
      }
      put(i, Zone::Resolving);  // CR 8xx: an Event waits in the Temporary zone while it resolves
      f.step = 3;
      // "When you play an Event" (rules.md Z15.181): its watchers wait for priority preprocessing, which comes after
      // the Event has resolved (ruling B02-035 Q1).
      watch(fx::kEventPlayed, i);
      // The Event's ability resolves top to bottom (CR 8xx, sources.md item 65) while the card waits.
      if (game_->options().effects && game_->event_ability(c_.inst[i].def) >= 0) {
        push(effect_frame(f.player, i, game_->event_ability(c_.inst[i].def), kNone));
      }
      return true;
    default:
      if (c_.inst[i].zone == Zone::Resolving) put(i, Zone::Trash);  // unless its ability put it elsewhere (B03-059, B03-080)
      pop();
      return true;
  }
}

}  // namespace tcbg::zx
