// The card-effect machine both games share (docs/effects.md): programs of 4-word instructions (op, a, b, c) in one
// flat int32 code array, run over a register file that lives in the State, so a resolution that waits for a
// player's choice, or for a rule process such as Z/X's Reload, is only a cursor (part, pc, step, registers) to
// copy, serialize and resume. What every game means the same way is here: the opcodes that compute and jump, and
// the loop that runs a program and hands every other instruction to the game (its "host").
//
// Opcode numbers: 0-31 read the position, compute, jump or ask a player; from 32 on they change the game. The core
// owns the codes it names below; each game numbers its own instructions in the codes the core leaves free (its
// choice instructions below 32, the rest from 32), and the Python compiler of that game emits them
// (tcbg.effects.native.CoreOp).
#pragma once

#include <array>
#include <cstdint>

namespace tcbg::fx {

inline constexpr int kRegisters = 16;   // r0-r3: announced targets; r4-r15: scratch
inline constexpr int kTargetSlots = 4;
inline constexpr int kNone = -1;
// What a paused resolution's register may hold in a Z/X position (docs/zx/state-format.md ZP9): objects (-1 none,
// -2 a card no game table holds), counts and amounts, negative ones included (-2000 Power).
inline constexpr int32_t kRegisterBound = 1000000;
inline constexpr int kWidth = 4;        // words per instruction

enum CoreOp : int {
  END = 0,      // the program ends
  RETURN = 1,   // r: a condition or amount program ends with the result R[r]
  SET = 2,      // r, imm
  ADD = 3, SUB = 4, MUL = 5, MIN = 6, MAX = 7,  // r, s, t: R[r] = R[s] op R[t]
  LE = 8, EQ = 9,  // r, s, t: R[r] = R[s] <= R[t], R[s] == R[t]
  NOT = 10,     // r, s
  JUMP = 11,    // to
  JZ = 12,      // r, to
  CTX = 13,     // r, what: the game's context (the source, its controller, the event's subject ...)
  GET = 14,     // r, s, prop: property prop of object R[s] (the game's property codes)
  COUNT = 15,   // r, filter: how many objects match (the game's filter table)
  NEXT = 16,    // r, filter, to: the next matching object after R[r]; none: R[r] = NONE and pc = to
  MATCH = 17,   // r, s, filter
  CHOOSE = 18,  // r, filter, s + (flags << 8): player R[s] chooses a matching object into R[r]; may wait
  ASK = 21,     // r, s: player R[s] answers yes (1) or no (0) into R[r]; waits
  PYTHON = 31,  // k: the card set's Python function k (the slow path: the bindings' hook calls it)
};
inline constexpr int kFirstGameChangingOp = 32;

// What CTX reads that every game means the same way (tcbg.effects.native.Ctx: the language's SELF, YOU,
// ACTIVE_PLAYER, EVENT_SUBJECT, EVENT_OTHER, EVENT_AMOUNT); a game numbers its own contexts after these.
enum CoreCtx : int { kCtxSelf = 0, kCtxController = 1, kCtxActivePlayer = 2, kCtxSubject = 3, kCtxOther = 4,
                     kCtxAmount = 5 };
// CHOOSE's flags every game means the same way (bits 8 and up of operand c; tcbg.effects.native.Choose): the chooser
// may choose nothing; no decision, a uniform draw from the state's generator. A game's own flags come after these.
enum CoreChoose : int { kChooseOptional = 1, kChooseRandom = 2 };
// The durations of lasting effects (tcbg.effects.native.Duration): "until end of turn", "while in play" (the
// affected card), "while the source is in play".
enum CoreDuration : int { kDurationUntilEndOfTurn = 0, kDurationWhileInPlay = 1, kDurationWhileSourceInPlay = 2 };

// The instructions that only compute on registers, the same in every interpreter and evaluator of conditions and
// amounts: applies `ins` (moving `next` for a jump) and returns true, or returns false for any other opcode.
inline bool compute(const int32_t* ins, int32_t* r, int& next) {
  const int a = ins[1], b = ins[2], c = ins[3];
  switch (ins[0]) {
    case SET: r[a] = b; return true;
    case ADD: r[a] = r[b] + r[c]; return true;
    case SUB: r[a] = r[b] - r[c]; return true;
    case MUL: r[a] = r[b] * r[c]; return true;
    case MIN: r[a] = r[b] < r[c] ? r[b] : r[c]; return true;
    case MAX: r[a] = r[b] > r[c] ? r[b] : r[c]; return true;
    case LE: r[a] = r[b] <= r[c]; return true;
    case EQ: r[a] = r[b] == r[c]; return true;
    case NOT: r[a] = r[b] == 0; return true;
    case JUMP: next = a; return true;
    case JZ: if (r[a] == 0) next = b; return true;
    default: return false;
  }
}

// Where a resolution stands: which part of the ability (its main program, then its additional parts), the
// instruction, how far a many-step instruction has got (a draw of 3 halted by a Reload after 1 card), and the
// registers. Trivially copyable: it lives in the State's record.
struct Cursor {
  uint8_t part = 0;
  uint8_t step = 0;
  int16_t pc = 0;
  std::array<int32_t, kRegisters> regs{};
};

// What a game's instruction did.
enum class Flow : uint8_t {
  kNext,  // done: go on at `next`
  kWait,  // not done: a decision or a rule process comes first; the program resumes at this very instruction
  kStop,  // the resolution is over (the game ended, or the host finished it)
};

// Runs the cursor's program until it ends, waits or stops. The host gives:
//   bool part(int part, int& offset, int& length) const: the code of part `part` (false: no such part, the
//        resolution is complete);
//   const int32_t* instruction(int index) const: the instruction at code index `index`;
//   Flow execute(const int32_t* ins, Cursor& cursor, int& next): every instruction `compute` does not do
//        (END and RETURN included: the host decides what a returned value means); it may set `next` (NEXT jumps)
//        and count steps of a many-step instruction in cursor.step (reset to 0 when the instruction is done).
// Returns true when the resolution is complete (every part ran), false when it waits or stopped.
template <class Host>
bool run(Host& host, Cursor& cursor) {
  for (;;) {
    int offset = 0, length = 0;
    if (!host.part(cursor.part, offset, length)) return true;
    if (cursor.pc >= length) {
      ++cursor.part;
      cursor.pc = 0;
      cursor.step = 0;
      continue;
    }
    const int32_t* ins = host.instruction(offset + cursor.pc);
    int next = cursor.pc + 1;
    if (!compute(ins, cursor.regs.data(), next)) {
      if (ins[0] == END) {
        next = length;
      } else {
        const Flow flow = host.execute(ins, cursor, next);
        if (flow == Flow::kWait) return false;
        if (flow == Flow::kStop) return false;
      }
    }
    cursor.pc = static_cast<int16_t>(next);
    cursor.step = 0;
  }
}

}  // namespace tcbg::fx
