//===- Comparisons.cpp - arith.cmpi as atoms with a meaning ---------------===//
//
// Integer comparisons are normalised to eq / slt / ult (`ne` is the negation
// of `eq`, `sgt a, b` is `slt b, a`, ...). Comparisons of constants are
// decided; of pointers (memref.extract_aligned_pointer_as_index) by object
// identity; of integer terms (an opaque integer plus a constant, IntFacts.h)
// they become atoms that carry their comparison, so that Interpreter::split
// never follows a path whose decided comparisons contradict each other.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

static std::optional<IntTerm> termOf(const AbsValue &v) {
  if (v.kind == AbsValue::Int)
    return IntTerm{-1, v.number};
  if (v.kind == AbsValue::Opaque)
    return IntTerm{v.number, v.offset};
  return std::nullopt;
}

Bool Interpreter::comparisonAtom(Comparison comparison, Value result,
                                 bool negated) {
  std::string l = termKey(comparison.lhs), r = termKey(comparison.rhs);
  if (comparison.kind == Comparison::Eq && r < l) {
    std::swap(l, r);
    std::swap(comparison.lhs, comparison.rhs);
  }
  static const char *const kinds[] = {"eq", "slt", "ult"};
  std::string key = std::string(kinds[comparison.kind]) + ":" + l + ":" + r;
  bool existed = atomKeys.count(key);
  int a = atom(key, result ? name(result) : "a comparison");
  if (!existed) {
    atoms[a].negated = negated;
    atoms[a].comparison = comparison;
  }
  return boolAtom(a);
}

Bool Interpreter::compareInts(State &state, StringRef predicate,
                              const AbsValue &lhsIn, const AbsValue &rhsIn,
                              Value result) {
  // Normalise to eq / slt / ult so that `cmpi ne a, b` is the negation of
  // `cmpi eq a, b` and `sgt a, b` is `slt b, a`.
  AbsValue lhs = lhsIn, rhs = rhsIn;
  bool negate = false;
  std::string base = predicate.str();
  if (predicate == "ne") {
    base = "eq";
    negate = true;
  } else if (predicate == "sge" || predicate == "uge") {
    base = predicate == "sge" ? "slt" : "ult";
    negate = true;
  } else if (predicate == "sgt" || predicate == "ugt") {
    base = predicate == "sgt" ? "slt" : "ult";
    std::swap(lhs, rhs);
  } else if (predicate == "sle" || predicate == "ule") {
    base = predicate == "sle" ? "slt" : "ult";
    std::swap(lhs, rhs);
    negate = true;
  }
  auto finish = [&](Bool b) { return negate ? boolNot(b) : b; };
  if (lhs.kind == AbsValue::Int && rhs.kind == AbsValue::Int) {
    bool value = base == "eq"    ? lhs.number == rhs.number
                 : base == "slt" ? lhs.number < rhs.number
                                 : (uint64_t)lhs.number < (uint64_t)rhs.number;
    return finish(boolConst(value));
  }
  if (lhs.kind == AbsValue::Pointer && rhs.kind == AbsValue::Pointer) {
    if (base == "eq")
      return finish(pointersEqual(state, lhs, rhs));
    if (lhs.object == rhs.object)
      return finish(boolConst(false));
    std::string key = base + ":p" + std::to_string(lhs.object) + ":p" +
                      std::to_string(rhs.object);
    return finish(
        boolAtom(atom(key, result ? name(result) : "a pointer comparison")));
  }
  std::optional<IntTerm> l = termOf(lhs), r = termOf(rhs);
  if (!l || !r)
    return boolAtom(freshAtom(result));
  // The same opaque integer on both sides: decided by the offsets, but for
  // unsigned comparisons, where adding the offsets may wrap.
  if (l->var == r->var && (base != "ult" || l->offset == r->offset)) {
    bool value = base == "eq"    ? l->offset == r->offset
                 : base == "slt" ? l->offset < r->offset
                                 : false;
    return finish(boolConst(value));
  }
  Comparison comparison;
  comparison.kind = base == "eq"    ? Comparison::Eq
                    : base == "slt" ? Comparison::Slt
                                    : Comparison::Ult;
  comparison.lhs = *l;
  comparison.rhs = *r;
  return finish(comparisonAtom(comparison, result, negate));
}

// A loop that counts (a cf loop's block argument, an scf.while's carried
// value) decides `counter < %n` once per iteration; "%more is true (5th
// time)" would not say which iteration, "%n > 4" does.
void Interpreter::nameByCounter(Operation &cmpi, State &state, int a) {
  AtomInfo &info = atoms[a];
  if (!info.comparison ||
      info.comparison->lhs.isConstant() == info.comparison->rhs.isConstant())
    return;
  int counter = -1;
  for (int side = 0; side < 2; ++side)
    if (valueOf(state, cmpi.getOperand(side)).kind == AbsValue::Int &&
        !matchPattern(cmpi.getOperand(side), m_Constant()))
      counter = side;
  if (counter < 0)
    return;
  Value other = cmpi.getOperand(1 - counter);
  if (valueOf(state, other).kind != AbsValue::Opaque)
    return;
  const Comparison &c = *info.comparison;
  bool constantLeft = c.lhs.isConstant();
  std::string x = name(other);
  std::string k = std::to_string(constantLeft ? c.lhs.offset : c.rhs.offset);
  auto text = [&](const char *yes, const char *no) {
    info.trueText = x + " " + yes + " " + k;
    info.falseText = x + " " + no + " " + k;
  };
  switch (c.kind) {
  case Comparison::Eq:
    return text("==", "!=");
  case Comparison::Slt:
    return constantLeft ? text(">", "<=") : text("<", ">=");
  case Comparison::Ult:
    return constantLeft ? text("ugt", "ule") : text("ult", "uge");
  }
}

bool Interpreter::foldInteger(Operation &op, State &state) {
  StringRef opName = op.getName().getStringRef();
  bool add = opName == "arith.addi", sub = opName == "arith.subi";
  if ((add || sub) && op.getNumOperands() == 2 && op.getNumResults() == 1 &&
      op.getResult(0).getType().isIndex()) {
    // Only index: narrower integers wrap at values the terms do not model.
    AbsValue a = valueOf(state, op.getOperand(0));
    AbsValue b = valueOf(state, op.getOperand(1));
    AbsValue v;
    if (a.kind == AbsValue::Int && b.kind == AbsValue::Int) {
      v.kind = AbsValue::Int;
      v.number = add ? a.number + b.number : a.number - b.number;
    } else if (a.kind == AbsValue::Opaque && b.kind == AbsValue::Int) {
      v = a;
      v.offset += add ? b.number : -b.number;
    } else if (add && a.kind == AbsValue::Int && b.kind == AbsValue::Opaque) {
      v = b;
      v.offset += a.number;
    } else {
      return false;
    }
    state.env[op.getResult(0)] = v;
    return true;
  }
  if (opName == "arith.index_cast" && op.getNumOperands() == 1 &&
      op.getResult(0).getType().isIndex()) {
    // Sign-extending or truncating to index from a wider type: the value
    // is kept for the integers the checker tracks as opaque.
    AbsValue v = valueOf(state, op.getOperand(0));
    if (v.kind != AbsValue::Opaque)
      return false;
    state.env[op.getResult(0)] = v;
    return true;
  }
  return false;
}

std::vector<IntLiteral>
Interpreter::literalsOf(const Assignment &assignment) const {
  std::vector<IntLiteral> literals;
  for (size_t a = 0; a < assignment.size() && a < atoms.size(); ++a)
    if (assignment[a] >= 0 && atoms[a].comparison)
      literals.push_back({*atoms[a].comparison, assignment[a] == 1});
  return literals;
}

bool Interpreter::feasible(const Assignment &assignment, int atom,
                           bool value) const {
  if (atom < 0 || atom >= (int)atoms.size() || !atoms[atom].comparison)
    return true;
  std::vector<IntLiteral> literals = literalsOf(assignment);
  literals.push_back({*atoms[atom].comparison, value});
  return satisfiable(literals);
}
