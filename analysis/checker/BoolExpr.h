//===- BoolExpr.h - i1 values as formulas over path atoms -----------------===//
//
// The checker correlates branches by evaluating every i1 value as a formula
// over atoms: i1 function arguments, integer comparisons it cannot decide,
// loaded flags. Two branches on the same atom (or on %c and its xori with
// true, or on `cmpi eq a, b` and `cmpi ne a, b`) then see one decision, which
// is what keeps the ownership flags the deallocation pipeline threads through
// block arguments from looking like leaks or double frees.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_BOOLEXPR_H
#define BUFFERLENS_ANALYSIS_CHECKER_BOOLEXPR_H

#include <cstdint>
#include <memory>
#include <vector>

namespace bufferlens::checker {

struct BoolNode;
/// Immutable and shared: states forked from one another share formulas.
using Bool = std::shared_ptr<const BoolNode>;

struct BoolNode {
  enum Kind { Const, Atom, Not, And, Or, Xor } kind = Const;
  bool value = false; ///< For Const.
  int atom = -1;      ///< For Atom.
  Bool lhs, rhs;      ///< Operands of Not (lhs only), And, Or, Xor.
};

Bool boolConst(bool value);
Bool boolAtom(int atom);
Bool boolNot(const Bool &a);
Bool boolAnd(const Bool &a, const Bool &b);
Bool boolOr(const Bool &a, const Bool &b);
Bool boolXor(const Bool &a, const Bool &b);

/// Atom values of one path: -1 undecided, 0 false, 1 true.
using Assignment = std::vector<int8_t>;

/// 1 or 0 when `assignment` decides `formula`; -1 otherwise, with
/// `*undecided` set to an atom whose value would help decide it.
int evaluate(const Bool &formula, const Assignment &assignment, int *undecided);

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_BOOLEXPR_H
