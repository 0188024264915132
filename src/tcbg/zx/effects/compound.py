"""The Z/X effects that compile to several instructions and decisions (docs/zx/cards.md): a budget spent
choice by choice (``WithinTotal``), the top of a deck looked at and reordered (``LookAtTop``, ``Reorder``), a payment
inside an effect (``Pay``), a card played onto a Square by an effect (``PlayToSquare``), damage divided as its
player chooses (``DivideDamage``) and what an ability remembers for the end of the turn (``Remember``): the methods
of :class:`tcbg.zx.effects.program.ZXProgram` that build them, on the shared builder's registers, jumps and
choices."""

from __future__ import annotations

from typing import Any

from tcbg.effects.errors import fail, name_of
from tcbg.effects.native import Choose
from tcbg.effects.program import PLAYERS
from tcbg.effects.refs import SELF, Chosen, ContextRef
from tcbg.effects.values import Quotient
from tcbg.zx.effects import language as L
from tcbg.zx.effects.native import (COLOURS, DISTINCT, FILTER_FIELDS, Flag, Kind,
                                    Op, Prop)


CARDS = frozenset({Kind.ZX, Kind.CARD})
TAKING = (L.PutIntoResource, L.PutIntoTrash, L.ReturnToHand, L.PutIntoCharge, L.PutIntoLife)
"""The effects that take a card out of its zone (a looked card out of the deck)."""
ON_SQUARE, IN_RESOURCE = 7, 6  # the zone codes REMEMBER checks (game.hpp Zone): where a Remember's effects put


class CompoundEffects:
    """The multi-instruction effects of :class:`tcbg.zx.effects.program.ZXProgram` (a mixin: ``self`` is the
    program being built)."""

    def within_total(self, effect: Any, within: list) -> None:
        """``WithinTotal``: SET budget, total; then, until the chooser passes, the optional choice among the objects
        of Cost at most the budget (one filter a budget: its ``cost_max``), the effect, and the budget less the
        chosen Cost. The effect takes each object away, so none is chosen twice and the loop ends (rules.md
        Z15.187)."""
        away = (L.ReturnToHand, L.Destroy, L.PutIntoTrash, L.ReturnToDeck, L.PutOnBottom, L.PutIntoResource,
                L.PutIntoCharge, L.PutIntoLife, L.RemoveFromGame)
        ref = within[0]
        if len(within) > 1 or not isinstance(effect, away):
            fail(f"{name_of(effect)}: a WithinTotal is what one effect takes away (returns, destroys, puts "
                 "elsewhere)", self.operand_rule)
        if not isinstance(ref.filter, (L.ZX, L.Card)) or ref.filter.cost_max is not None:
            fail(f"{ref!r}: a ZX(...) or Card(...) filter without cost_max (the total bounds the Costs)", self.operand_rule)
        if isinstance(ref.total, bool) or not isinstance(ref.total, int) or not 1 <= ref.total <= 20:
            fail(f"{ref!r}: total is a whole number from 1 to 20", self.operand_rule)
        if not self.pausing:
            fail(f"{ref!r}: a condition or continuous effect cannot ask a player to choose", self.structure_rule)
        base = list(self.tables.native.filters[self.encode_filter(ref.filter)])
        filters = []
        for budget in range(ref.total + 1):
            base[FILTER_FIELDS.index("cost_max")] = budget
            filters.append(self.tables.add_filter(tuple(base)))
        budget_reg, reg = self.alloc(temp=False), self.alloc(temp=False)
        self.emit(Op.SET, budget_reg, ref.total)
        top = self.here()
        done = []
        for budget in range(ref.total, -1, -1):
            t = self.alloc()
            self.emit(Op.SET, t, budget)
            self.emit(Op.EQ, t, budget_reg, t)
            skip = self.emit(Op.JZ, t, 0)
            chooser = self.ref(ref.chooser, PLAYERS, "WithinTotal chooser")
            self.emit(Op.CHOOSE, reg, filters[budget], chooser | int(Choose.OPTIONAL) << 8)
            done.append(self.emit(Op.JUMP, 0))
            self.patch(skip, 2, self.here())
            self.release_temps()
        self.emit(Op.SET, reg, -1)  # not reached with a budget from 0 to the total
        for at in done:
            self.patch(at, 1, self.here())
        t = self.alloc()
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, reg, t)
        self.emit(Op.NOT, t, t)
        end = self.emit(Op.JZ, t, 0)
        self.release_temps()
        cost = self.alloc(temp=False)
        self.emit(Op.GET, cost, reg, Prop.COST)  # read before the effect moves it (a printed Cost either way)
        self.bound[id(ref)] = reg
        self._effect(effect)
        self.release_temps()
        del self.bound[id(ref)]
        self.emit(Op.SUB, budget_reg, budget_reg, cost)
        self.emit(Op.JUMP, top)
        self.patch(end, 2, self.here())
        for r in (budget_reg, reg, cost):
            self.release(r)

    def _looked_left(self, effect: Any) -> None:
        """Inside a LookAtTop, an effect that took a looked card out of the deck leaves one fewer looked at."""
        if not getattr(self, "looks", None) or isinstance(effect, (L.Reorder, L.LookAtTop)):
            return
        if not isinstance(effect, TAKING):
            return
        target = effect.target
        if not (isinstance(target, (Chosen, L.Several)) and isinstance(target.filter, L.Looked)):
            return
        reg = self.bound[id(target)]
        t = self.alloc()
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, reg, t)
        self.emit(Op.NOT, t, t)
        self.emit(Op.SUB, self.looks[-1], self.looks[-1], t)
        self.release_temps()

    def look_at_top(self, e: Any) -> None:
        if isinstance(e.count, bool) or not isinstance(e.count, int) or not 1 <= e.count <= 60:
            fail(f"{e!r}: count must be a whole number from 1 to 60", self.operand_rule)
        if e.rest not in ("top", "bottom", "trash", "shuffle"):
            fail(f"{e!r}: rest must be 'top', 'bottom', 'trash' or 'shuffle'", self.operand_rule)
        player = self.ref(e.player, PLAYERS, "LookAtTop player")
        if not isinstance(e.player, ContextRef) or e.player.what != L.YOU.what:
            fail(f"{e!r}: an effect looks at its controller's deck (player YOU)", self.operand_rule)
        n, first, deck = self.alloc(temp=False), self.alloc(temp=False), self.alloc()
        self.emit(Op.SET, n, e.count)
        self.emit(Op.GET, deck, player, Prop.DECK)
        self.emit(Op.MIN, n, n, deck)
        self.emit(Op.MAX, first, n, n)
        self.release_temps()
        if not hasattr(self, "looks"):
            self.looks, self.looks_first = [], []
        self.looks.append(n)
        self.looks_first.append(first)
        for inner in e.effects:
            self.effect(inner)
        self.looks.pop()
        self.looks_first.pop()
        self.release(first)
        player = self.ref(e.player, PLAYERS, "LookAtTop player")
        if e.rest == "bottom":
            self.emit(Op.TOP_TO_BOTTOM, player, n)
        elif e.rest == "trash":
            self.emit(Op.MILL, player, n)
        elif e.rest == "shuffle":
            self.emit(Op.SHUFFLE, player)
        self.release(n)

    def reorder(self) -> None:
        """The looked cards, from the lowest up: the card chosen among the top k goes k-1 cards down."""
        if not getattr(self, "looks", None):
            fail("Reorder() puts back the cards of a LookAtTop, inside its effects", self.structure_rule)
        k, one, t, x = self.alloc(), self.alloc(), self.alloc(), self.alloc()
        flt = self.looked_filter(L.Looked(), k)
        you = self.ref(L.YOU, PLAYERS, "Reorder")
        self.emit(Op.MAX, k, self.looks[-1], self.looks[-1])
        self.emit(Op.SET, one, 1)
        loop = self.emit(Op.LE, t, k, one)
        self.emit(Op.NOT, t, t)
        done = self.emit(Op.JZ, t, 0)
        self.emit(Op.CHOOSE, x, flt, you)
        self.emit(Op.SUB, k, k, one)
        self.emit(Op.SINK, x, k)
        self.emit(Op.JUMP, loop)
        self.patch(done, 2, self.here())

    def pay(self, e: Any) -> None:
        if not (isinstance(e.cost, tuple) and len(e.cost) == 2):
            fail(f"{e!r}: cost is (colour, n), e.g. ('red', 2) or ('any', 1)", self.operand_rule)
        colour, n = e.cost
        if colour not in COLOURS and colour != "any":
            fail(f"{e!r}: colour must be one of {', '.join(COLOURS)} or 'any'", self.operand_rule)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
            fail(f"{e!r}: 1 to 20 Resource cards", self.operand_rule)
        if not self.pausing:
            fail(f"{e!r}: a condition or continuous effect cannot ask a player", self.structure_rule)
        payer = self.ref(e.payer, PLAYERS, "Pay payer")
        paid = self.alloc()
        self.emit(Op.PAY, paid, payer, n | COLOURS.get(colour, 0) << 8)
        skip = self.emit(Op.JZ, paid, 0)
        self.release_temps()
        self.effects(e.then)
        if e.otherwise:
            end = self.emit(Op.JUMP, 0)
            self.patch(skip, 2, self.here())
            self.effects(e.otherwise)
            self.patch(end, 1, self.here())
        else:
            self.patch(skip, 2, self.here())

    def game_value(self, value: Any, what: str) -> int:
        if isinstance(value, L.Kept):
            if id(value) not in self.bound:
                fail(f"{what}: {value!r} is read by a Keep(...) before it is used", self.structure_rule)
            return self.bound[id(value)]
        if isinstance(value, Quotient):  # "for every 2 cards": rounded down, 0 for a division by 0
            left, right = self.value(value.left, what), self.value(value.right, what)
            reg = self.alloc()
            self.emit(Op.DIV, reg, left, right)
            return reg
        if isinstance(value, L.LookedTaken):
            if not getattr(self, "looks", None):
                fail(f"{what}: LookedTaken() counts the cards a LookAtTop took, inside its effects", self.structure_rule)
            reg = self.alloc()
            self.emit(Op.SUB, reg, self.looks_first[-1], self.looks[-1])
            return reg
        if isinstance(value, L.Distinct):
            if not isinstance(value.filter, (L.ZX, L.Card)) or value.of not in ("names", "races", "colours"):
                fail(f"{value!r}: the distinct names, races or colours of a ZX(...) or Card(...) filter", self.operand_rule)
            flt = self.tables.native.filters[self.encode_filter(value.filter)]
            at = FILTER_FIELDS.index("distinct")
            counted = self.tables.add_filter(flt[:at] + (DISTINCT[value.of],) + flt[at + 1:])
            reg = self.alloc()
            self.emit(Op.COUNT, reg, counted)
            return reg
        return super().game_value(value, what)

    def choose_with(self, ref: Chosen, flt: int) -> int:
        """The choice of ``ref`` with filter record ``flt`` (its own filter with what the effect adds)."""
        reg = self.choose(ref, flt, (Choose.OPTIONAL if ref.optional else 0) | (Choose.RANDOM if ref.random else 0))
        self.bound[id(ref)] = reg
        return reg

    def square_for(self, square: Any, card: int, what: str) -> int:
        """The register of the Square card ``card`` (a register) is put or moved onto: a Square chosen here offers
        only the Squares legal for that card (rules.md 7.3, Z12.11, Z15.120); a Square known before is checked by
        the instruction, which does nothing on one the rules forbid."""
        if isinstance(square, Chosen) and id(square) not in self.bound and isinstance(square.filter, L.Square):
            return self.choose_with(square, self.encode_filter(square.filter, Flag.LEGAL_FOR, card))
        return self.ref(square, frozenset({Kind.SQUARE}), what)

    def play_to_square(self, e: L.PlayToSquare) -> None:
        """``PLACE card, square, sleeping``, the card chosen only while a Square is legal for a card of the
        controller's (read through SELF, the controller's card), up to ``up_to`` times."""
        if not isinstance(e.sleeping, bool):
            fail(f"{e!r}: sleeping is True or False", self.operand_rule)
        once = e.up_to == 1
        if not once and not (e.up_to == "any" or (isinstance(e.up_to, int) and not isinstance(e.up_to, bool)
                                                   and 2 <= e.up_to <= 9)):
            fail(f"{e!r}: up_to is a whole number from 1 to 9 (a field has 9 Squares) or 'any'", self.operand_rule)
        card_ref = e.card
        chosen_card = isinstance(card_ref, Chosen) and id(card_ref) not in self.bound
        if chosen_card and card_ref.filter.kind != Kind.CARD:
            fail(f"{e!r}: the card comes from a zone: Chosen(Card(...))", self.operand_rule)
        if not once and not (chosen_card and card_ref.optional):
            fail(f"{e!r}: up to N placements choose their card with Chosen(Card(...), optional=True)", self.operand_rule)
        pre = chosen_card and isinstance(e.square, Chosen) and id(e.square) not in self.bound and \
            isinstance(e.square.filter, L.Square) and card_ref.filter.whose == "yours"
        counter = one = -1
        if not once and e.up_to != "any":
            counter, one = self.alloc(temp=False), self.alloc(temp=False)
            self.emit(Op.SET, counter, e.up_to)
            self.emit(Op.SET, one, 1)
        top = self.here()
        exits = []
        if counter >= 0:
            exits.append(self.emit(Op.JZ, counter, 0))
        source = n = -1
        if pre:  # no legal Square for a card of the controller's: nothing is chosen (ruling B01-036)
            source, n = self.alloc(), self.alloc()
            self.emit(Op.CTX, source, SELF.what)
            self.emit(Op.COUNT, n, self.encode_filter(e.square.filter, Flag.LEGAL_FOR, source))
            exits.append(self.emit(Op.JZ, n, 0))
        card = self.ref(card_ref, CARDS, "PlayToSquare card")
        if not once:  # the chooser passed: no more placements
            none, chose = (source, n) if pre else (self.alloc(), self.alloc())  # the check's registers are free
            self.emit(Op.SET, none, -1)
            self.emit(Op.EQ, chose, card, none)
            self.emit(Op.NOT, chose, chose)
            exits.append(self.emit(Op.JZ, chose, 0))
        self.emit(Op.PLACE, card, self.square_for(e.square, card, "PlayToSquare square"), int(e.sleeping))
        self._remember(card, ON_SQUARE)
        if not once:
            if counter >= 0:
                self.emit(Op.SUB, counter, counter, one)
            self.emit(Op.JUMP, top)
        for at in exits:
            self.patch(at, 2, self.here())
        for reg in (counter, one):
            if reg >= 0:
                self.release(reg)

    def divide_damage(self, e: L.DivideDamage) -> None:
        """Damage divided as the chooser chooses (rules.md Z15.300 - Z15.303), in units of 1000 (the total rounded
        up; the last share is what the units overshoot less). Registers: ``units`` left, ``over`` (the overshoot),
        ``current`` (the Z/X that had the last unit: the anchor of the filter, whose flag ``FROM_ANCHOR_SQUARE``
        offers it and the Z/X on later Squares), ``share`` (its units), ``opens`` (the Z/X that may still be
        chosen), ``x`` (the choice). ``top``: no units left, or no Z/X may be added (``opens`` 0, or only
        ``current`` is offered), ends with the rest to ``current``; otherwise a choice, optional but for the last
        unit (where passing is choosing ``current``); a pass gives the rest to ``current``; another Z/X is dealt
        ``current``'s share and becomes ``current``; then one unit more to ``current``. ``finish`` deals the last
        share."""
        if not isinstance(e.filter, L.ZX) or e.filter.either is not None:
            fail(f"{name_of(e)}: the Z/X are one ZX(...) filter (without either)", self.operand_rule)
        limited = e.up_to != "any"
        if limited and (isinstance(e.up_to, bool) or not isinstance(e.up_to, int) or not 1 <= e.up_to <= 9):
            fail(f"{name_of(e)}: up_to is a whole number from 1 to 9 (a field has 9 Squares) or 'any'", self.operand_rule)
        if not self.pausing:
            fail(f"{name_of(e)}: a condition or continuous effect cannot ask a player to choose", self.structure_rule)
        grand = self.value(e.total, f"{name_of(e)} total", low=0)
        unit, units, over = self.alloc(temp=False), self.alloc(temp=False), self.alloc(temp=False)
        self.emit(Op.SET, unit, 1000)
        self.emit(Op.SET, units, 999)
        self.emit(Op.ADD, units, units, grand)
        self.emit(Op.DIV, units, units, unit)  # rounded up: the last unit may be short
        self.emit(Op.MUL, over, units, unit)
        self.emit(Op.SUB, over, over, grand)
        self.release_temps()
        current, share, x = self.alloc(temp=False), self.alloc(temp=False), self.alloc(temp=False)
        opens = self.alloc(temp=False) if limited else -1
        self.emit(Op.SET, current, -1)
        self.emit(Op.SET, share, 0)
        if limited:
            self.emit(Op.SET, opens, e.up_to)
        flt = self.encode_filter(e.filter, Flag.FROM_ANCHOR_SQUARE, current)
        offered = self._choosable(flt)
        to_rest, to_finish, to_ask, to_chosen, to_same = [], [], [], [], []

        def unless(reg: int, at: list) -> None:  # jump to a label patched later unless R[reg] holds
            at.append(self.emit(Op.JZ, reg, 0))

        top = self.here()
        t, u = self.alloc(), self.alloc()
        self.emit(Op.SET, u, 0)
        self.emit(Op.LE, t, units, u)
        self.emit(Op.NOT, t, t)
        unless(t, to_finish)  # no units left
        if limited:
            unless(opens, to_rest)  # no other Z/X may be chosen: the rest to current
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, current, t)
        self.emit(Op.NOT, t, t)
        unless(t, to_ask)  # nothing chosen yet
        self.emit(Op.COUNT, t, offered)
        self.emit(Op.SET, u, 1)
        self.emit(Op.LE, t, t, u)
        self.emit(Op.NOT, t, t)
        unless(t, to_rest)  # only current is offered
        self.emit(Op.EQ, t, units, u)
        unless(t, to_ask)  # more than one unit left: a pass gives them all to current
        self.emit(Op.CHOOSE, x, flt, self.ref(e.chooser, PLAYERS, "DivideDamage chooser"))
        to_chosen.append(self.emit(Op.JUMP, 0))
        self.release_temps()
        ask = self.here()
        self.emit(Op.CHOOSE, x, flt, self.ref(e.chooser, PLAYERS, "DivideDamage chooser") | int(Choose.OPTIONAL) << 8)
        self.release_temps()
        chosen = self.here()
        t, u = self.alloc(), self.alloc()
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, x, t)
        self.emit(Op.NOT, t, t)
        unless(t, to_rest)  # passed: the rest to current (nothing when none was chosen)
        self.emit(Op.EQ, t, x, current)
        self.emit(Op.NOT, t, t)
        unless(t, to_same)
        self.emit(Op.MUL, t, share, unit)
        self.emit(Op.DAMAGE, current, t)  # current's share is complete (none yet: nothing)
        self.emit(Op.MAX, current, x, x)
        self.emit(Op.SET, share, 0)
        if limited:
            self.emit(Op.SET, u, 1)
            self.emit(Op.SUB, opens, opens, u)
        same = self.here()
        self.emit(Op.SET, u, 1)
        self.emit(Op.ADD, share, share, u)
        self.emit(Op.SUB, units, units, u)
        self.emit(Op.JUMP, top)
        rest = self.here()
        self.emit(Op.ADD, share, share, units)
        finish = self.here()
        self.emit(Op.MUL, t, share, unit)
        self.emit(Op.SUB, t, t, over)
        self.emit(Op.DAMAGE, current, t)
        self.release_temps()
        for labels, where in ((to_rest, rest), (to_finish, finish), (to_ask, ask), (to_same, same)):
            for at in labels:
                self.patch(at, 2, where)
        for at in to_chosen:
            self.patch(at, 1, chosen)
        for reg in (unit, units, over, current, share, x, opens):
            if reg >= 0:
                self.release(reg)
    def _remember(self, card: int, zone: int) -> None:
        """Inside a ``Remember``: the card just put into ``zone`` is remembered by the source, if it is there."""
        if getattr(self, "remembering", 0):
            self.emit(Op.REMEMBER, card, zone)
            self.tables.remembering.add(id(self.definition))

    def remember(self, e: Any) -> None:
        """``Remember(*effects)``: the effects, each placement among them followed by its ``REMEMBER``."""
        if not self.pausing:
            fail(f"{e!r}: a condition or continuous effect puts no card anywhere", self.structure_rule)
        if getattr(self, "granted", False):
            fail(f"{e!r}: a granted ability's card is the Z/X that has it, which has no AtTurnEnd", self.structure_rule)
        if not any(isinstance(a, L.AtTurnEnd) for a in self.definition.abilities()):
            fail(f"{e!r}: the card's AtTurnEnd(...) ability acts on what it remembers; it has none", self.structure_rule)
        before = self.here()
        self.remembering = getattr(self, "remembering", 0) + 1
        self.effects(e.effects)
        self.remembering -= 1
        if not any(ins[0] == Op.REMEMBER for ins in self.code[before:]):
            fail(f"{e!r}: a Remember holds a PlayToSquare or a PutIntoResource (the cards it remembers)", self.structure_rule)
