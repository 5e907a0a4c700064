//===- Loops.cpp - scf.for with integer bounds: iterations as path facts --===//
//
// An scf.for whose lower and upper bounds are integers the checker tracks
// (constants or opaque integers plus constants) and whose step is a positive
// constant runs iteration k with the induction variable `lb + k * step`,
// exactly, after deciding `lb + k * step < ub` (signed, as scf.for compares;
// see the op's description in mlir/Dialect/SCF/IR/SCFOps.td). That
// comparison is a path fact (IntFacts.h): after the loop the number of
// iterations taken is known (`%n <= 3` on the path that left after three),
// and comparisons of the induction variable with constants inside the body
// are decided. The loop is unrolled until every iteration a constant
// compared with the induction variable names is covered, plus one, and at
// least CheckerLimits::loopIterations times (all iterations of a constant
// trip count up to CheckerLimits::fullUnroll, or up to kMaxNamedUnroll when
// the body names an iteration). Paths that would run further leave the loop
// marked truncated: no leak is reported on them, since a later iteration
// might have freed the buffer.
//
// An affine.for is run the same way when its lower bound map is one
// constant or one dim or symbol plus a constant (or a max of constants) and
// each result of its upper bound map is: it runs while `%i` is below every
// upper result (a min; see AffineForOp in
// mlir/Dialect/Affine/IR/AffineOps.td), so each iteration decides one
// comparison per result. Constant bounds are a constant trip count.
//
// `scf.for unsigned` compares `ult` instead of `slt`; it is run this way
// from a constant lower bound that is not negative, so that the induction
// variables the checker names are the same numbers signed or unsigned.
// Other bounds (a max of lower bounds over operands, an unsigned loop from
// an operand) keep the generic bound of CheckerLimits::loopIterations
// iterations (Interpreter.cpp), with the reduced-precision note when a path
// is not followed further.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpDefinition.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

namespace {
/// Iterations unrolled at most for one loop on one path.
constexpr int64_t kMaxNamedUnroll = 256;
} // namespace

/// The last iteration a constant compared with the induction variable
/// names (the iteration where `iv == c` or `iv < c` changes), or -1.
static int64_t lastNamedIteration(Block *body, Value iv, int64_t lb,
                                  int64_t step) {
  int64_t last = -1;
  body->walk([&](Operation *op) {
    if (op->getName().getStringRef() != "arith.cmpi" ||
        op->getNumOperands() != 2)
      return;
    for (int side = 0; side < 2; ++side) {
      Value mine = op->getOperand(side), other = op->getOperand(1 - side);
      // The induction variable itself or a cast of it.
      if (Operation *def = mine.getDefiningOp();
          def && def->getName().getStringRef() == "arith.index_cast")
        mine = def->getOperand(0);
      APInt c;
      if (mine != iv || !matchPattern(other, m_ConstantInt(&c)))
        continue;
      int64_t k = llvm::divideCeilSigned(c.getSExtValue() - lb, step);
      last = std::max(last, k);
    }
  });
  return last;
}

// The value of a one-result affine bound map: a constant, or one dim or
// symbol operand plus a constant; None otherwise.
static std::optional<std::pair<Value, int64_t>>
affineBoundTerm(AffineMap map, OperandRange operands) {
  if (map.getNumResults() != 1)
    return std::nullopt;
  AffineExpr expr = map.getResult(0);
  int64_t offset = 0;
  if (auto sum = dyn_cast<AffineBinaryOpExpr>(expr);
      sum && sum.getKind() == AffineExprKind::Add) {
    auto c = dyn_cast<AffineConstantExpr>(sum.getRHS());
    if (!c)
      return std::nullopt;
    offset = c.getValue();
    expr = sum.getLHS();
  }
  if (auto c = dyn_cast<AffineConstantExpr>(expr))
    return std::make_pair(Value(), offset + c.getValue());
  unsigned position;
  if (auto d = dyn_cast<AffineDimExpr>(expr))
    position = d.getPosition();
  else if (auto sym = dyn_cast<AffineSymbolExpr>(expr))
    position = map.getNumDims() + sym.getPosition();
  else
    return std::nullopt;
  if (position >= operands.size())
    return std::nullopt;
  return std::make_pair(operands[position], offset);
}

bool Interpreter::runCountedLoop(Operation &op, State &state,
                                 std::vector<State> &out) {
  auto integer = [](const AbsValue &v) {
    return v.kind == AbsValue::Int || v.kind == AbsValue::Opaque;
  };
  Region *region = nullptr;
  Value inductionVar;
  llvm::SmallVector<Value> inits;
  std::optional<int64_t> step;
  AbsValue lb;
  // The loop runs while the induction variable is below every upper bound
  // (affine.for's min of several results), compared unsigned for
  // `scf.for unsigned`.
  llvm::SmallVector<AbsValue> ubs;
  llvm::SmallVector<std::string> ubNames;
  bool isUnsigned = false;
  std::string lbName;
  // The lower bound is printed as lbName plus lbOffset plus k * step.
  int64_t lbOffset = 0;
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    if (forOp.getRegion().empty())
      return false;
    isUnsigned = forOp.getUnsignedCmp();
    step = getConstantIntValue(forOp.getStep());
    lb = valueOf(state, forOp.getLowerBound());
    ubs.push_back(valueOf(state, forOp.getUpperBound()));
    lbName = name(forOp.getLowerBound());
    ubNames.push_back(name(forOp.getUpperBound()));
    region = &forOp.getRegion();
    inductionVar = forOp.getInductionVar();
    inits.append(forOp.getInitArgs().begin(), forOp.getInitArgs().end());
  } else if (auto affineFor = dyn_cast<affine::AffineForOp>(op)) {
    if (affineFor.getRegion().empty())
      return false;
    AffineMap lowerMap = affineFor.getLowerBoundMap();
    AffineMap upperMap = affineFor.getUpperBoundMap();
    auto bound = [&](std::pair<Value, int64_t> term, std::string &text) {
      AbsValue v;
      if (!term.first) {
        v.kind = AbsValue::Int;
        v.number = term.second;
        text = std::to_string(term.second);
        return v;
      }
      v = valueOf(state, term.first);
      text = name(term.first);
      if (term.second)
        text += " + " + std::to_string(term.second);
      if (v.kind == AbsValue::Int)
        v.number += term.second;
      else if (v.kind == AbsValue::Opaque)
        v.offset += term.second;
      return v;
    };
    // A max of several lower bounds is a start only when all are constant.
    if (lowerMap.getNumResults() > 1) {
      if (!lowerMap.isConstant())
        return false;
      lb.kind = AbsValue::Int;
      lb.number = *llvm::max_element(lowerMap.getConstantResults());
      lbName = std::to_string(lb.number);
    } else {
      auto lower = affineBoundTerm(lowerMap, affineFor.getLowerBoundOperands());
      if (!lower)
        return false;
      lb = bound(*lower, lbName);
      if (lower->first) {
        lbName = name(lower->first);
        lbOffset = lower->second;
      }
    }
    for (unsigned r = 0; r < upperMap.getNumResults(); ++r) {
      auto upper = affineBoundTerm(upperMap.getSubMap({r}),
                                   affineFor.getUpperBoundOperands());
      if (!upper)
        return false;
      ubNames.emplace_back();
      ubs.push_back(bound(*upper, ubNames.back()));
    }
    step = affineFor.getStepAsInt();
    region = &affineFor.getRegion();
    inductionVar = affineFor.getInductionVar();
    inits.append(affineFor.getInits().begin(), affineFor.getInits().end());
  } else {
    return false;
  }
  if (!step || *step <= 0 || ubs.empty())
    return false;
  if (!integer(lb) || !llvm::all_of(ubs, integer))
    return false;
  // Unsigned: from a constant start that is not negative, so that every
  // induction variable the checker names is the same number either way.
  if (isUnsigned && (lb.kind != AbsValue::Int || lb.number < 0))
    return false;

  int64_t bound = limits.loopIterations;
  int64_t named = -1;
  if (lb.kind == AbsValue::Int) {
    named =
        lastNamedIteration(&region->front(), inductionVar, lb.number, *step);
    bound = std::max(bound, named + 2);
  }
  bool constantBounds =
      lb.kind == AbsValue::Int && llvm::all_of(ubs, [&](const AbsValue &ub) {
        return ub.kind == AbsValue::Int && (!isUnsigned || ub.number >= 0);
      });
  if (constantBounds) {
    int64_t ub = ubs.front().number;
    for (const AbsValue &u : ubs)
      ub = std::min(ub, u.number);
    int64_t trips =
        ub <= lb.number ? 0 : llvm::divideCeilSigned(ub - lb.number, *step);
    // A body that compares its induction variable with a constant runs its
    // whole constant trip count (up to kMaxNamedUnroll): stopping one
    // iteration past the named one would leave a truncated path, on which
    // no leak is reported (10 iterations freeing at `%i == 8`).
    if (trips <= std::max<int64_t>(limits.fullUnroll, bound) ||
        (named >= 0 && trips <= kMaxNamedUnroll))
      bound = trips;
  }
  if (bound > kMaxNamedUnroll) {
    bound = kMaxNamedUnroll;
    note("an " + op.getName().getStringRef().str() + " was unrolled " +
         std::to_string(kMaxNamedUnroll) +
         " times; later iterations were not followed");
  }

  Block &block = region->front();
  auto iterArgs = block.getArguments().drop_front();
  for (auto [arg, init] : llvm::zip(iterArgs, inits))
    state.env[arg] = valueOf(state, init);
  checkUses(op, state);

  auto leave = [&](State exit, std::vector<State> &exits) {
    for (auto [result, arg] : llvm::zip(op.getResults(), iterArgs))
      exit.env[result] = valueOf(exit, arg);
    exits.push_back(std::move(exit));
  };
  std::vector<State> current, exits;
  current.push_back(std::move(state));
  for (int64_t k = 0; !current.empty(); ++k) {
    AbsValue iv = lb;
    if (iv.kind == AbsValue::Int)
      iv.number += k * *step;
    else
      iv.offset += k * *step;
    std::vector<State> next;
    for (State &s : current) {
      Bool more = boolConst(true);
      for (auto [ub, ubName] : llvm::zip(ubs, ubNames)) {
        size_t atomsBefore = atoms.size();
        Bool below =
            compareInts(s, isUnsigned ? "ult" : "slt", iv, ub, Value());
        if (atoms.size() > atomsBefore && below->kind == BoolNode::Atom) {
          // A new atom: print it as the trip count it decides.
          int64_t offset = lbOffset + k * *step;
          std::string at =
              iv.kind == AbsValue::Int ? std::to_string(iv.number)
              : offset > 0             ? lbName + " + " + std::to_string(offset)
              : offset < 0 ? lbName + " - " + std::to_string(-offset)
                           : lbName;
          atoms[below->atom].trueText =
              ubName + (isUnsigned ? " ugt " : " > ") + at;
          atoms[below->atom].falseText =
              ubName + (isUnsigned ? " ule " : " <= ") + at;
        }
        more = boolAnd(more, below);
      }
      for (auto &[branch, taken] : split(std::move(s), more, &op)) {
        if (!taken) {
          leave(std::move(branch), exits);
          continue;
        }
        if (k == bound) {
          // Runs further than followed: a later iteration might free.
          branch.truncated = branch.truncated || cutHides(op);
          leave(std::move(branch), exits);
          continue;
        }
        PathEvent iterationEvent;
        iterationEvent.kind = PathEvent::Iteration;
        iterationEvent.op = &op;
        iterationEvent.count = k + 1;
        branch.events.push_back(iterationEvent);
        std::vector<AbsValue> arguments{iv};
        for (BlockArgument arg : iterArgs)
          arguments.push_back(valueOf(branch, arg));
        for (Exit &exit : runRegion(*region, std::move(branch), arguments)) {
          std::vector<AbsValue> carried;
          if (exit.terminator)
            for (Value v : exit.terminator->getOperands())
              carried.push_back(valueOf(exit.state, v));
          checkBackEdge(exit.state, &block, carried, exit.terminator);
          for (auto [arg, value] : llvm::zip(iterArgs, carried))
            exit.state.env[arg] = value;
          next.push_back(std::move(exit.state));
        }
      }
    }
    dedupe(next);
    limit(next);
    current = std::move(next);
  }
  dedupe(exits);
  limit(exits);
  for (State &s : exits)
    out.push_back(std::move(s));
  return true;
}
