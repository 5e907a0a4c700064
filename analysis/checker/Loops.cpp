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
// trip count up to CheckerLimits::fullUnroll or up to what is named). Paths
// that would run further leave the loop marked truncated: no leak is
// reported on them, since a later iteration might have freed the buffer.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
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
static int64_t lastNamedIteration(scf::ForOp forOp, int64_t lb, int64_t step) {
  Value iv = forOp.getInductionVar();
  int64_t last = -1;
  forOp.getBody()->walk([&](Operation *op) {
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

bool Interpreter::runCountedLoop(Operation &op, State &state,
                                 std::vector<State> &out) {
  auto forOp = dyn_cast<scf::ForOp>(op);
  if (!forOp || forOp.getUnsignedCmp() || forOp.getRegion().empty())
    return false;
  std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
  if (!step || *step <= 0)
    return false;
  AbsValue lb = valueOf(state, forOp.getLowerBound());
  AbsValue ub = valueOf(state, forOp.getUpperBound());
  auto integer = [](const AbsValue &v) {
    return v.kind == AbsValue::Int || v.kind == AbsValue::Opaque;
  };
  if (!integer(lb) || !integer(ub))
    return false;

  int64_t bound = limits.loopIterations;
  if (lb.kind == AbsValue::Int)
    bound = std::max(bound, lastNamedIteration(forOp, lb.number, *step) + 2);
  if (lb.kind == AbsValue::Int && ub.kind == AbsValue::Int) {
    int64_t trips = ub.number <= lb.number
                        ? 0
                        : llvm::divideCeilSigned(ub.number - lb.number, *step);
    if (trips <= std::max<int64_t>(limits.fullUnroll, bound))
      bound = trips;
  }
  if (bound > kMaxNamedUnroll) {
    bound = kMaxNamedUnroll;
    note("an scf.for was unrolled " + std::to_string(kMaxNamedUnroll) +
         " times; later iterations were not followed");
  }

  Block &block = forOp.getRegion().front();
  auto iterArgs = forOp.getRegionIterArgs();
  for (auto [arg, init] : llvm::zip(iterArgs, forOp.getInitArgs()))
    state.env[arg] = valueOf(state, init);
  checkUses(op, state);

  auto leave = [&](State exit, std::vector<State> &exits) {
    for (auto [result, arg] : llvm::zip(op.getResults(), iterArgs))
      exit.env[result] = valueOf(exit, arg);
    exits.push_back(std::move(exit));
  };
  std::string ubName = name(forOp.getUpperBound());
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
      size_t atomsBefore = atoms.size();
      Bool more = compareInts(s, "slt", iv, ub, Value());
      if (atoms.size() > atomsBefore && more->kind == BoolNode::Atom) {
        // A new atom: print it as the trip count it decides.
        std::string at =
            iv.kind == AbsValue::Int
                ? std::to_string(iv.number)
                : name(forOp.getLowerBound()) +
                      (iv.offset ? " + " + std::to_string(iv.offset)
                                 : std::string());
        atoms[more->atom].trueText = ubName + " > " + at;
        atoms[more->atom].falseText = ubName + " <= " + at;
      }
      for (auto &[branch, taken] : split(std::move(s), more)) {
        if (!taken) {
          leave(std::move(branch), exits);
          continue;
        }
        if (k == bound) {
          // Runs further than followed: a later iteration might free.
          branch.truncated = true;
          leave(std::move(branch), exits);
          continue;
        }
        std::vector<AbsValue> arguments{iv};
        for (BlockArgument arg : iterArgs)
          arguments.push_back(valueOf(branch, arg));
        for (Exit &exit :
             runRegion(forOp.getRegion(), std::move(branch), arguments)) {
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
