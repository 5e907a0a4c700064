//===- IntFacts.h - Integer comparisons decided together ------------------===//
//
// The checker turns each `arith.cmpi` it cannot decide into a path atom
// (BoolExpr.h). Atoms over the same integers are not independent: `%n ult
// %c3` and `%n ugt %c2` cannot both hold. This file gives each comparison
// atom its meaning as difference constraints (x - y <= c) over integer
// terms (an opaque SSA integer plus a constant offset, or a constant), and
// decides whether the literals a path has decided are satisfiable together.
//
// Why difference constraints and not an SMT solver: the comparisons the
// checker meets are between one SSA integer and a constant, between two SSA
// integers, or between a loop's induction variable (lower bound plus a
// constant) and its bound. Each is a difference constraint, whose
// satisfiability is a negative-cycle test (Floyd-Warshall over the few terms
// of one path: microseconds), exact over the integers for conjunctions.
// What they cannot express is handled conservatively, never by guessing:
// `ne` is a disequality checked against the closure (with bounds tightened
// around constants), and an unsigned comparison is applied only once both
// operands are known not negative (then it is the signed one; index is 64
// bits wide, so that is the range unsigned comparisons of index share with
// signed ones), or when one side is a constant that bounds the other to an
// interval starting at zero. A solver would add a dependency and a per-path
// cost for nothing these programs need.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_INTFACTS_H
#define BUFFERLENS_ANALYSIS_CHECKER_INTFACTS_H

#include <cstdint>
#include <string>
#include <vector>

namespace bufferlens::checker {

/// An integer term: opaque integer `var` plus `offset`, or the constant
/// `offset` when `var` is -1.
struct IntTerm {
  int64_t var = -1;
  int64_t offset = 0;
  bool isConstant() const { return var < 0; }
};

/// `lhs <kind> rhs` for kind eq, slt (signed less) or ult (unsigned less).
struct Comparison {
  enum Kind { Eq, Slt, Ult } kind = Eq;
  IntTerm lhs, rhs;
};

/// A comparison a path decided: true or false.
struct IntLiteral {
  Comparison comparison;
  bool value = true;
};

/// Whether the literals can all hold for some integers.
bool satisfiable(const std::vector<IntLiteral> &literals);

/// A key of the term for atom tables ("c3", "o5", "o5+2").
std::string termKey(const IntTerm &term);

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_INTFACTS_H
