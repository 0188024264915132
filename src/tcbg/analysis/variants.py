"""Deck variants for both games: every copy of one card replaced by another, within deck construction, in memory
(docs/balance.md, "Card ablation").

The replacement is checked as a deck list is: X610Z's rules of docs/deck-format.md (the deck limit D5, the edition
D9, no life base among the cards D7) and Z/X's deck construction (CR 401 and Z4, every rule the variant breaks);
a broken one is a typed error naming the deck, the card and the rule. The *baseline* a card is replaced by, unless
one is named, is a vanilla card of the same cost and class from the deck's card set (rules.md 7.1 for X610Z, with
the card's vanilla twin when the set has none, 7.2; Z/X rules Z14.1: a vanilla Z/X of the same cost and colour, or
an error asking for a baseline).

>>> from tcbg.analysis.variants import load_decks, replace_card, default_baseline
>>> loaded = load_decks("arnunnian", ["pirate"])
>>> default_baseline(loaded, "Arcane Warden").name   # no vanilla beast of cost C2 M1 in the set: its twin
'Arcane Warden (vanilla)'
>>> default_baseline(loaded, "Hunter Dragon").name   # vanilla already: its own baseline
'Hunter Dragon'
>>> replace_card(loaded, "Tailwind", "Arcane Rebuke")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tcbg.errors.DeckError: arnunnian with Arcane Rebuke for Tailwind: deck: 5 copies of 'Arcane Rebuke' ... [deck-format D5]
>>> variant = replace_card(loaded, "Aegis of Arnunnia", "Entrancing Pearl")  # 17 + 2, within the limit of 20
>>> variant.counts()["Entrancing Pearl"], "Aegis of Arnunnia" in variant.counts(), variant.total()
(19, False, 50)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Sequence

from tcbg._suggest import with_hint
from tcbg.errors import DeckError, ZXDeckError
from tcbg.montecarlo import games as game_adapter
from tcbg.x610z.decks import Deck as X610ZDeck
from tcbg.zx.decks import Deck as ZXDeck

VANILLA_SUFFIX = " (vanilla)"
"""The name of an X610Z card's vanilla twin: the card's name and this (rules.md 7.2)."""


def _merged(entries) -> list:
    """(card, count) with a card listed twice merged into its first line."""
    out: dict = {}
    for card, n in entries:
        key = getattr(card, "number", None) or card.name
        first, count = out.get(key, (card, 0))
        out[key] = (first, count + n)
    return list(out.values())


@dataclass(frozen=True, repr=False)
class X610ZVariant(X610ZDeck):
    """An X610Z deck variant: the replacing card on the replaced card's line, so a card the deck already held may be
    listed twice (in memory only: :meth:`counts` and :meth:`to_text` merge the lines)."""

    def counts(self) -> dict[str, int]:
        return {card.name: n for card, n in _merged(self.cards)}

    def to_text(self) -> str:
        return X610ZDeck(self.name, self.life_base, tuple(_merged(self.cards)), self.edition, self.card_set,
                         self.built_for).to_text()


@dataclass(frozen=True, repr=False)
class ZXVariant(ZXDeck):
    """A Z/X deck variant, its replacing card on the replaced card's line (see :class:`X610ZVariant`)."""

    def counts(self) -> dict[str, int]:
        return {card.number: n for card, n in _merged(self.deck)}

    def to_text(self) -> str:
        plain = ZXDeck(**{f.name: getattr(self, f.name) for f in dataclasses.fields(ZXDeck)})
        return dataclasses.replace(plain, deck=tuple(_merged(self.deck))).to_text()


@dataclass
class LoadedDecks:
    """The deck under study and its opponents, loaded and checked once, with the game and its options settled (for
    X610Z the card set, extended by the vanilla twins the variants need)."""

    game: str
    deck: Any
    opponents: list
    options: dict

    def card_set(self):
        return self.options["cards"] if self.game == "x610z" else self.deck.card_set


def load_decks(deck: Any, against: Sequence[Any], game: str | None = None, **options: Any) -> LoadedDecks:
    """Load ``deck`` and every deck of ``against`` as a matchup of the game would (names, files or loaded decks),
    settling the game's options once: X610Z's card set (``cards``, by default as a matchup picks it) and Z/X's
    ``effects`` (as a matrix settles it over all the decks)."""
    against = list(against)
    options = {k: v for k, v in options.items() if v is not None}
    game = game_adapter.game_of_decks([deck, *against]) if game is None else game
    kind = game_adapter.kind_named(game)
    options = kind.matrix_options([deck, *against], options)
    if game == "zx":  # the lists themselves (a Z/X game holds its own form of a deck)
        from tcbg.zx.decks import Deck

        listed = [d if isinstance(d, Deck) else Deck.load(d) for d in (deck, *against)]
        for opponent in listed[1:]:  # each pairing set up once, so a bad one fails here, in one line
            game_adapter.matchup_games(listed[0], opponent, game=game, **options)
        return LoadedDecks(game, listed[0], listed[1:], options)
    opponents = []
    loaded = deck
    for opponent in against:
        ab, _, sides, _ = game_adapter.matchup_games(loaded, opponent, game=game, **options)
        loaded = ab.decks[sides.index("A")]
        opponents.append(ab.decks[sides.index("B")])
        if game == "x610z":
            options["cards"] = ab.cards  # every deck of the analysis on one card set object
    return LoadedDecks(game, loaded, opponents, options)


def _zx_vanilla(card) -> bool:
    """A vanilla Z/X (Z14.1): no ability text, no keyword, no icon, neither sealed nor a legend."""
    return (card.is_zx and not card.has_abilities and not card.keywords and card.icon is None and not card.sealed
            and not card.legend)


def _x610z_vanilla(card_set, card) -> bool:
    return not card.text and card_set.definition(card.name) is None


def _x610z_twin(card):
    """The card's vanilla twin: its cost, class, stats and deck limit, no rules text and no effect (rules.md 7.2)."""
    return dataclasses.replace(card, name=card.name + VANILLA_SUFFIX, text="")


def _x610z_with_twin(loaded: LoadedDecks, card) -> Any:
    """The twin of ``card`` in the analysis's card set, the set extended with it the first time."""
    from tcbg.x610z.cards import CardSet

    cards = loaded.options["cards"]
    name = card.name + VANILLA_SUFFIX
    if name not in cards:
        extended = CardSet(cards.name, [*cards, _x610z_twin(card)], description=cards.description,
                           file=cards._file, effects=cards._effects, effects_module=cards._effects_module)
        loaded.options["cards"] = extended
    return loaded.options["cards"][name]


def _deck_card(loaded: LoadedDecks, name: str):
    """The card of the deck under study that ``name`` names (X610Z: by name; Z/X: number or either name)."""
    deck = loaded.deck
    if loaded.game == "x610z":
        for card, _ in deck.cards:
            if card.name == name:
                return card
        listed = ", ".join(card.name for card, _ in deck.cards)
        if name == deck.life_base.name:
            raise DeckError(f"{name!r} is the deck's life base, not one of its cards: a variant replaces a card of "
                            f"the deck ({listed})", file=deck.name, where=name, rule="D7")
        raise DeckError(with_hint(f"no card {name!r} in the deck (its cards: {listed})", name,
                                  [card.name for card, _ in deck.cards]), file=deck.name, where=name, rule="D3")
    found = deck.card_set.lookup(name)
    for card, _ in deck.deck:
        if card in found:
            return card
    listed = ", ".join(f"{card.number} {card.name_en}" for card, _ in deck.deck)
    names = [n for card, _ in deck.deck for n in (card.number, card.name_en, card.name) if n]
    raise ZXDeckError(with_hint(f"no card {name!r} in the deck (its cards: {listed})", name, names),
                      file=deck.name, where=name, rule="ZD4")


def deck_card_names(loaded: LoadedDecks) -> list[str]:
    """The cards of the deck under study, one per line of its list, by the name the per-card statistics use (X610Z's
    name, Z/X's English name, which :func:`replace_card` takes too)."""
    if loaded.game == "x610z":
        return [card.name for card, _ in loaded.deck.cards]
    return list(dict.fromkeys(card.name_en or card.name for card, _ in loaded.deck.deck))


def default_baseline(loaded: LoadedDecks, name: str):
    """The card that replaces ``name`` when the user names none. X610Z (rules.md 7.1, 7.2): the first vanilla card
    of the card set (no effect, no rules text) of the same type, cost and class (crystals: producing the same
    energy) legal in the deck's edition, else the card's vanilla twin (summons and crystals; a flux or catalyst
    without a vanilla card to stand for it is an error asking for ``--baseline``, rules.md 7.3). Z/X (Z14.1): the first vanilla Z/X of the
    set (no ability text, no keyword, no icon) of the same cost and colours, one the deck does not hold first, else
    an error asking for ``--baseline``."""
    card = _deck_card(loaded, name)
    if loaded.game == "x610z":
        cards = loaded.options["cards"]
        edition = loaded.deck.edition
        if _x610z_vanilla(cards, card):
            return card  # already vanilla: its own baseline (an ablation of it changes nothing)
        for other in cards:
            if (other.name != card.name and other.type == card.type and other.summon_class == card.summon_class
                    and other.cost == card.cost and other.produces == card.produces and other.legal_in(edition)
                    and _x610z_vanilla(cards, other) and not other.name.endswith(VANILLA_SUFFIX)):
                return other
        if card.type not in ("summon", "crystal"):  # a flux or catalyst does nothing without a definition (C17)
            raise DeckError(f"no vanilla {card.type} of cost {card.cost or 'nothing'} in card set {cards.name!r} to "
                            f"replace {card.name!r}, and a {card.type} has no vanilla twin (card-data C17): name "
                            f"one with --baseline (baseline=...)", file=loaded.deck.name, where=card.name,
                            rule="rules.md 7.3")
        return _x610z_with_twin(loaded, card)
    card_set = loaded.deck.card_set
    if _zx_vanilla(card):
        return card  # already vanilla: its own baseline, as in X610Z (rules.md 7.1)
    in_deck = {c.number for c, _ in loaded.deck.deck}
    # a card the deck does not hold first: its copies then never go past 401.2's four
    for other in sorted(card_set, key=lambda c: c.number in in_deck):
        if (other.number != card.number and other.cost == card.cost and set(other.colours) == set(card.colours)
                and _zx_vanilla(other)):
            return other
    raise ZXDeckError(f"no vanilla Z/X of cost {card.cost} and colour {'/'.join(card.colours) or 'none'} in card set "
                      f"{card_set.name!r} to replace {card.number} {card.name_en}: name one with --baseline "
                      f"(baseline=...)", file=loaded.deck.name, where=card.number, rule="Z14.1")


def _baseline_card(loaded: LoadedDecks, baseline: Any):
    if loaded.game == "x610z":
        cards = loaded.options["cards"]
        if not isinstance(baseline, str):
            return baseline
        if baseline not in cards:
            cards[baseline]  # raises the set's CardError with a "did you mean"
        return cards[baseline]
    if not isinstance(baseline, str):
        return baseline
    try:
        return loaded.deck.card_set.find(baseline)
    except KeyError as exc:
        raise ZXDeckError(str(exc.args[0]), file=loaded.deck.name, where="baseline", rule="ZD4") from None


def card_label(card) -> str:
    """A card as the analyses' text and reports show it, one form throughout: its name, with its number in brackets
    where the game numbers its cards (X610Z ``Ashwing Drake``; Z/X ``Crimson Fang, Ruby Howl [C01-003]``, the
    English name when the card set has one)."""
    number = getattr(card, "number", None)
    name = getattr(card, "name_en", None) or card.name
    return f"{name} [{number}]" if number else name


def deck_card_label(loaded: LoadedDecks, name: str) -> str:
    """:func:`card_label` of the card of the deck under study that ``name`` names (a name or, Z/X, a number)."""
    return card_label(_deck_card(loaded, name))


def variant_name(deck_name: str, card: str, baseline: str) -> str:
    return f"{deck_name} with {baseline} for {card}"


def replace_card(loaded: LoadedDecks, card: str, baseline: Any = None):
    """The deck under study with every copy of ``card`` replaced by ``baseline`` (a card name, number or card;
    None: :func:`default_baseline`), checked against deck construction, as a deck of the game named
    ``"DECK with BASELINE for CARD"``."""
    old = _deck_card(loaded, card)
    new = default_baseline(loaded, card) if baseline is None else _baseline_card(loaded, baseline)
    if loaded.game == "x610z":
        return _replace_x610z(loaded, old, new)
    return _replace_zx(loaded, old, new)


def _replace_x610z(loaded: LoadedDecks, old, new):
    deck = loaded.deck
    name = variant_name(deck.name, old.name, new.name)
    if new.type == "life-base":
        raise DeckError(f"{new.name!r} is a life base, not a card a deck holds", file=name, where=new.name, rule="D7")
    if not new.legal_in(deck.edition):
        raise DeckError(f"{new.name!r} is not legal in {deck.edition} (it lists {', '.join(new.editions)})",
                        file=name, where=new.name, rule="D9")
    moved = sum(n for card, n in deck.cards if card.name == old.name)
    # the baseline's copies take the replaced card's place in the list (a second line when the deck already holds
    # the baseline): the instances keep their order, so the shuffle puts each copy where the replaced one was
    entries = [((new if card.name == old.name else card), n) for card, n in deck.cards]
    total = sum(n for card, n in entries if card.name == new.name)
    if total > new.deck_limit:
        raise DeckError(f"{total} copies of {new.name!r} ({moved} replacing {old.name!r}), but its deck limit is "
                        f"{new.deck_limit}", file=name, where="deck", rule="D5")
    return X610ZVariant(name=name, life_base=deck.life_base, cards=tuple(entries), edition=deck.edition,
                        card_set=deck.card_set, built_for=deck.built_for)


def _replace_zx(loaded: LoadedDecks, old, new):
    from tcbg.zx.decks import check_deck

    deck = loaded.deck
    name = variant_name(deck.name, card_label(old), card_label(new))
    entries = [((new if card.number == old.number else card), n) for card, n in deck.deck]  # in place, as X610Z's
    variant = ZXVariant(**{f.name: getattr(deck, f.name) for f in dataclasses.fields(deck)})
    object.__setattr__(variant, "name", name)
    object.__setattr__(variant, "deck", tuple(entries))
    object.__setattr__(variant, "lines", ())
    broken = check_deck(variant)
    if broken:
        raise ZXDeckError("the variant breaks deck construction: " + "; ".join(str(v) for v in broken),
                          file=name, where="deck", rule=broken[0].rule)
    return variant


__all__ = ["LoadedDecks", "VANILLA_SUFFIX", "default_baseline", "deck_card_names", "load_decks", "replace_card",
           "variant_name"]
