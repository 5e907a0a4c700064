//===- CfLoops.cpp - Loops of cf branches: iterations they name -----------===//
//
// A back edge in a region's CFG makes a loop (a natural loop of the
// dominator tree: mlir::CFGLoopInfo, mlir/include/mlir/Analysis/
// CFGLoopInfo.h). Its header's block arguments carry what changes from one
// iteration to the next; one that enters as a constant and comes back as
// itself plus a constant (`arith.addi`/`arith.subi`) is a counter, so each
// iteration sees it as a constant (Transfer.cpp folds the arithmetic) and
// the comparison that leaves the loop is a path fact, as for scf.for
// (Loops.cpp). The blocks of a loop are entered, per entry of the loop,
// until every iteration a constant compared with a counter names is
// covered, plus one, and at least CheckerLimits::loopIterations + 1 times
// (kMaxCfIterations at most). A counter whose start or step is not a
// constant is taken to count from 0 by 1, as scf.while's carried values
// are.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

namespace {
/// Iterations of one loop followed at most per entry of the loop.
constexpr int64_t kMaxCfIterations = 256;
} // namespace

/// The value `pred` passes to argument `index` of `succ`, or null.
static Value passedTo(Block *pred, Block *succ, unsigned index) {
  auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
  if (!branch)
    return {};
  Value passed;
  for (unsigned s = 0; s < branch->getNumSuccessors(); ++s) {
    if (branch->getSuccessor(s) != succ)
      continue;
    SuccessorOperands operands = branch.getSuccessorOperands(s);
    if (index >= operands.size() || operands.isOperandProduced(index))
      return {};
    Value v = operands[index];
    if (passed && passed != v)
      return {};
    passed = v;
  }
  return passed;
}

std::pair<Value, int64_t> bufferlens::checker::baseAndOffset(Value value) {
  int64_t offset = 0;
  for (int depth = 0; depth < 8 && value; ++depth) {
    Operation *def = value.getDefiningOp();
    if (!def)
      break;
    StringRef name = def->getName().getStringRef();
    if (name == "arith.index_cast") {
      value = def->getOperand(0);
      continue;
    }
    if ((name != "arith.addi" && name != "arith.subi") ||
        def->getNumOperands() != 2)
      break;
    APInt c;
    if (matchPattern(def->getOperand(1), m_ConstantInt(&c))) {
      offset += name == "arith.addi" ? c.getSExtValue() : -c.getSExtValue();
      value = def->getOperand(0);
    } else if (name == "arith.addi" &&
               matchPattern(def->getOperand(0), m_ConstantInt(&c))) {
      offset += c.getSExtValue();
      value = def->getOperand(1);
    } else {
      break;
    }
  }
  return {value, offset};
}

int64_t Interpreter::cfLoopEntries(CFGLoop *loop) {
  Block *header = loop->getHeader();
  int64_t named = -1;
  for (BlockArgument arg : header->getArguments()) {
    // Start: the same constant from every edge entering the loop; step: the
    // same constant added on every back edge. Else from 0 by 1.
    std::optional<int64_t> start, step;
    bool counter = true;
    for (Block *pred : header->getPredecessors()) {
      Value passed = passedTo(pred, header, arg.getArgNumber());
      if (!passed) {
        counter = false;
        break;
      }
      if (loop->contains(pred)) {
        auto [base, offset] = baseAndOffset(passed);
        if (base != arg || offset == 0 || (step && *step != offset)) {
          counter = false;
          break;
        }
        step = offset;
        continue;
      }
      APInt c;
      if (!matchPattern(passed, m_ConstantInt(&c)) ||
          c.getSignificantBits() > 32 ||
          (start && *start != c.getSExtValue())) {
        counter = false;
        break;
      }
      start = c.getSExtValue();
    }
    int64_t from = counter && start ? *start : 0;
    int64_t by = counter && step ? *step : 1;
    for (Block *block : loop->getBlocks())
      block->walk([&](Operation *op) {
        if (op->getName().getStringRef() != "arith.cmpi" ||
            op->getNumOperands() != 2)
          return;
        for (int side = 0; side < 2; ++side) {
          auto [base, offset] = baseAndOffset(op->getOperand(side));
          APInt c;
          if (base != arg ||
              !matchPattern(op->getOperand(1 - side), m_ConstantInt(&c)) ||
              c.getSignificantBits() > 32)
            continue;
          // The iteration where the counter plus `offset` reaches c.
          int64_t k =
              llvm::divideCeilSigned(c.getSExtValue() - offset - from, by);
          named = std::max(named, std::min(k, kMaxCfIterations));
        }
      });
  }
  int64_t entries = std::max<int64_t>(limits.loopIterations, named + 2) + 1;
  return std::min(entries, kMaxCfIterations + 1);
}

int64_t Interpreter::entriesAllowed(Block *block, CFGLoopInfo *loops) {
  CFGLoop *loop = loops ? loops->getLoopFor(block) : nullptr;
  if (!loop)
    return limits.loopIterations + 1;
  auto [it, inserted] = loopEntries.try_emplace(loop->getHeader(), 0);
  if (inserted)
    it->second = cfLoopEntries(loop);
  return it->second;
}

CFGLoopInfo *Interpreter::loopsOf(Region &region) {
  if (region.hasOneBlock())
    return nullptr;
  std::unique_ptr<CFGLoopInfo> &loops = regionLoops[&region];
  if (!loops)
    loops = std::make_unique<CFGLoopInfo>(dominance.getDomTree(&region));
  return loops.get();
}
