//===- Interpreter.cpp - Paths through the CFG, regions and loops ---------===//
//
// Depth-first exploration, one State per path. A branch on an undecided i1
// forks the path on one atom at a time (BoolExpr.h), so branches on the same
// condition agree, and never follows a path whose integer comparisons
// contradict each other (IntFacts.h). Loops are unrolled: scf.for and
// affine.for with integer bounds as Loops.cpp says; scf.while and loops of
// cf branches up to the iterations their comparisons name (whileIterations,
// CfLoops.cpp), leaving truncated past that; other loop bodies run at most
// CheckerLimits::loopIterations times per path (with constant bounds, the
// real trip count when smaller), and a cf block in no loop is entered at
// most that many times plus one. Every path the checker follows is one a
// real execution can take, up to those bounds, so the bounds cost recall,
// never false alarms; a path the bounds drop gets the reduced-precision
// note, a leak a truncated path does not report an info note.
// In a multi-block region blocks run in reverse post-order, so paths that
// meet at a join are counted, deduplicated and merged there. Past
// CheckerLimits::maxPaths paths at one point, paths that agree on memory are
// merged (forgetting the decisions they disagree on) and, if still too many,
// dropped; both add a note that precision was reduced.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/FunctionBudget.h"
#include "analysis/checker/MemoryEffects.h"
#include "analysis/ir/RegionNesting.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

Interpreter::Interpreter(SourceIndex &index, FunctionId fn,
                         const CheckerLimits &limits)
    : index(index), fn(fn), limits(limits), function(index.function(fn)),
      dominance(index.function(fn)),
      leakFixer(index, index.function(fn), dominance) {}

void Interpreter::run() {
  Region &body = function.getFunctionBody();
  if (body.empty())
    return;
  if (unsigned depth = regionNestingDepth(function.getOperation());
      depth > kMaxCheckerNesting) {
    // Told as ownership's cap is told (OwnershipAnalysis.cpp).
    Finding finding;
    finding.severity = Severity::Info;
    finding.range = index.result().functions[fn].nameRange;
    finding.message =
        "not followed by the deallocation checker: regions nest " +
        std::to_string(depth) + " deep, more than the " +
        std::to_string(kMaxCheckerNesting) +
        " it follows (BL101, BL102, BL103 and BL104 are not checked in @" +
        index.result().functions[fn].name + ")";
    index.result().findings.push_back(std::move(finding));
    return;
  }
  State state;
  std::vector<AbsValue> arguments;
  for (BlockArgument arg : body.getArguments()) {
    AbsValue v;
    if (isa<BaseMemRefType>(arg.getType())) {
      v.kind = AbsValue::Buffer;
      v.object = newObject(state, arg, ObjectKind::Argument);
    } else if (arg.getType().isInteger(1)) {
      v.kind = AbsValue::Flag;
      v.flag = boolAtom(
          atom("arg:" + std::to_string(arg.getArgNumber()), name(arg)));
    } else {
      v = freshValue(state, arg);
    }
    arguments.push_back(v);
  }
  for (Exit &exit : runRegion(body, std::move(state), arguments)) {
    for (Value operand : exit.terminator->getOperands())
      checkUse(*exit.terminator, exit.state, operand, "return of");
    checkExit(exit.state, exit.terminator);
    recordCompletePath(exit.state);
  }
  stats.steps = steps;
  if (stepsExhausted)
    note("stopped after " + std::to_string(limits.maxSteps) +
         " steps; findings for this function may be incomplete");
  finishConditions();
  // Merged or dropped paths may have leaked where no fix would reach them.
  if (!precisionNoted)
    leakFixer.attachFixes();

  std::vector<FreeSite> &sites = index.result().freeSites;
  for (const auto &[allocation, op] : freeSites)
    if (allocation != kNone && op != kNone)
      sites.push_back({allocation, op});
}

bool Interpreter::outOfSteps() {
  // Past the function's budget, what the checker found is dropped
  // (FunctionBudget.h): stopping as it does after its own last step is
  // enough.
  if (++steps > limits.maxSteps || budgetExhausted())
    stepsExhausted = true;
  return stepsExhausted;
}

bool Interpreter::spendSteps(uint64_t count) {
  if (count > limits.maxSteps - std::min<size_t>(steps, limits.maxSteps))
    steps = limits.maxSteps + 1;
  else
    steps += count;
  if (steps > limits.maxSteps || budgetExhausted())
    stepsExhausted = true;
  return stepsExhausted;
}

// The order a depth-first walk that takes true branches first reaches
// states in: by their decisions, true before false.
static bool depthFirstBefore(const State &a, const State &b) {
  return std::lexicographical_compare(
      a.decisions.begin(), a.decisions.end(), b.decisions.begin(),
      b.decisions.end(), [](const auto &x, const auto &y) {
        return std::make_pair(x.first, !x.second) <
               std::make_pair(y.first, !y.second);
      });
}

static void sortDepthFirst(std::vector<State> &states) {
  std::stable_sort(states.begin(), states.end(), depthFirstBefore);
}

// Blocks of `region` reachable from its entry, in reverse post-order of a
// depth-first walk visiting successors last to first, so that a branch's
// first successor and what it reaches come before its second.
static std::vector<Block *> reversePostOrder(Region &region) {
  std::vector<Block *> post;
  llvm::DenseSet<Block *> seen;
  std::vector<std::pair<Block *, unsigned>> stack;
  stack.emplace_back(&region.front(), 0);
  seen.insert(&region.front());
  while (!stack.empty()) {
    auto &[block, next] = stack.back();
    unsigned n = block->getNumSuccessors();
    if (next < n) {
      Block *succ = block->getSuccessor(n - 1 - next++);
      if (seen.insert(succ).second)
        stack.emplace_back(succ, 0);
      continue;
    }
    post.push_back(block);
    stack.pop_back();
  }
  return {post.rbegin(), post.rend()};
}

static std::string canonicalKey(const State &s,
                                const std::vector<IntLiteral> &facts);

std::vector<Interpreter::Exit>
Interpreter::runRegion(Region &region, State state,
                       llvm::ArrayRef<AbsValue> arguments) {
  std::vector<Exit> exits;
  if (region.empty())
    return exits;
  bool traced =
      region.getParentOp() == function.getOperation() || !region.hasOneBlock();
  // A nested region runs afresh each time its op runs. The one block of a
  // nested region is entered once per run: its entries are not counted, so
  // that a path in a deep nest does not carry a count per level.
  if (traced && region.getParentOp() != function.getOperation())
    for (Block &block : region)
      state.visits.erase(&block);
  Block *entry = &region.front();
  CFGLoopInfo *loops = loopsOf(region);
  // An argument no op reads is not bound (valueOf makes a fresh value of
  // it if asked): the induction variables of a deep nest of loops would
  // otherwise make every path's environment grow with the depth. A memref
  // is bound even so: it keeps its buffer reachable (checkBackEdge).
  for (auto [arg, value] : llvm::zip(entry->getArguments(), arguments))
    if (!arg.use_empty() || isa<BaseMemRefType>(arg.getType()))
      state.env[arg] = value;

  // States wait at their block, and blocks run in reverse post-order (the
  // first successor's blocks first): paths that meet at a join are
  // deduplicated there and, past maxPaths, merged (limit), instead of each
  // running on alone. Within a block, states run in the order a depth-first
  // walk taking true branches first would reach them.
  std::vector<Block *> order = reversePostOrder(region);
  llvm::DenseMap<Block *, size_t> rank;
  for (auto [i, block] : llvm::enumerate(order))
    rank[block] = i;
  std::map<size_t, std::vector<State>> pending;
  pending[0].push_back(std::move(state));
  std::vector<std::pair<Block *, State>> work;
  while (!work.empty() || !pending.empty()) {
    if (work.empty()) {
      Block *at = order[pending.begin()->first];
      std::vector<State> arrived = std::move(pending.begin()->second);
      pending.erase(pending.begin());
      // Paths that differ only in values no later op reads are one path
      // from here on (LiveValues.cpp): keep the first, whatever their count.
      // Not in a summary, whose outcomes are the decisions of the paths
      // kept: a dropped path's decisions would be no outcome's.
      for (State &s : arrived)
        forgetDeadValues(at, s);
      sortDepthFirst(arrived);
      if (at->getParent() == &function.getFunctionBody() && !quiet)
        dedupe(arrived);
      limit(arrived);
      for (auto it = arrived.rbegin(); it != arrived.rend(); ++it)
        work.emplace_back(at, std::move(*it));
      if (work.empty())
        continue; // Past the function's budget: none left (dedupe).
    }
    auto [block, current] = std::move(work.back());
    work.pop_back();
    int64_t allowed = entriesAllowed(block, loops);
    int entries = traced ? ++current.visits[block] : 1;
    CFGLoop *loop = loops ? loops->getLoopFor(block) : nullptr;
    bool header = loop && loop->getHeader() == block;
    // Past the bound, a path at the header of a loop it can leave from
    // there leaves it, marked truncated as scf.for's do (Loops.cpp): no
    // leak is reported on it (a later iteration might free), only noted.
    Block *leaveTo = nullptr;
    if (entries >= allowed && header) {
      // A path back at the header in the state it was in at the last
      // entry followed runs the same iterations again: dropping it loses
      // nothing (a loop on a condition it does not change).
      size_t key = std::hash<std::string>()(
          canonicalKey(current, literalsOf(current.assignment)));
      if (entries > allowed) {
        auto last = current.keyAt.find(block);
        if (last != current.keyAt.end() && last->second == key)
          continue;
        auto cond = dyn_cast<cf::CondBranchOp>(block->getTerminator());
        if (cond && loop->contains(cond.getTrueDest()) !=
                        loop->contains(cond.getFalseDest())) {
          leaveTo = loop->contains(cond.getTrueDest()) ? cond.getFalseDest()
                                                       : cond.getTrueDest();
          current.truncated = current.truncated || cutHides(loop);
        } else {
          note("a loop of `cf` branches (" + label(block) + ") was unrolled " +
               std::to_string(allowed - 1) +
               " times; later iterations were not followed");
          continue;
        }
      } else {
        current.keyAt[block] = key;
      }
    } else if (entries > allowed) {
      note("a block (" + label(block) + ") was entered " +
           std::to_string(allowed) +
           " times on one path; later entries were not followed");
      continue;
    }
    if (traced)
      current.trace.push_back(block);
    current.entered.push_back(block);
    std::vector<State> ends = runOps(*block, std::move(current));
    Operation *term =
        block->mightHaveTerminator() ? block->getTerminator() : nullptr;
    auto jump = [&](State s, Block *dest, OperandRange operands) {
      std::vector<AbsValue> values;
      for (Value v : operands)
        values.push_back(valueOf(s, v));
      if (dominance.dominates(dest, block))
        checkBackEdge(s, dest, values, term);
      // Entering a loop from outside starts counting its iterations anew.
      if (CFGLoop *inner = loops ? loops->getLoopFor(dest) : nullptr;
          inner && inner->getHeader() == dest && !inner->contains(block))
        for (Block *b : inner->getBlocks()) {
          s.visits.erase(b);
          s.keyAt.erase(b);
        }
      for (auto [arg, value] : llvm::zip(dest->getArguments(), values))
        s.env[arg] = value;
      pending[rank.lookup(dest)].push_back(std::move(s));
    };
    for (State &s : ends) {
      if (leaveTo) {
        auto cond = cast<cf::CondBranchOp>(term);
        jump(std::move(s), leaveTo,
             leaveTo == cond.getTrueDest() ? cond.getTrueDestOperands()
                                           : cond.getFalseDestOperands());
      } else if (auto br = dyn_cast_or_null<cf::BranchOp>(term)) {
        jump(std::move(s), br.getDest(), br.getDestOperands());
      } else if (auto cond = dyn_cast_or_null<cf::CondBranchOp>(term)) {
        Bool flag = flagOf(s, cond.getCondition());
        for (auto &[branch, taken] : split(std::move(s), flag, cond))
          jump(std::move(branch),
               taken ? cond.getTrueDest() : cond.getFalseDest(),
               taken ? cond.getTrueDestOperands()
                     : cond.getFalseDestOperands());
      } else if (auto sw = dyn_cast_or_null<cf::SwitchOp>(term)) {
        AbsValue flag = valueOf(s, sw.getFlag());
        std::optional<int64_t> chosen;
        if (flag.kind == AbsValue::Int)
          chosen = flag.number;
        bool matched = false;
        if (auto values = sw.getCaseValues()) {
          for (auto [i, caseValue] : llvm::enumerate(*values)) {
            int64_t c = caseValue.getSExtValue();
            if (chosen && *chosen != c)
              continue;
            if (chosen)
              matched = true;
            jump(s, sw.getCaseDestinations()[i], sw.getCaseOperands(i));
          }
        }
        if (!matched)
          jump(std::move(s), sw.getDefaultDestination(),
               sw.getDefaultOperands());
      } else {
        exits.push_back({std::move(s), term});
      }
    }
  }
  std::stable_sort(exits.begin(), exits.end(),
                   [](const Exit &a, const Exit &b) {
                     return depthFirstBefore(a.state, b.state);
                   });
  return exits;
}

std::vector<State> Interpreter::runOps(Block &block, State state) {
  std::vector<State> states;
  states.push_back(std::move(state));
  for (Operation &op : block) {
    if (block.mightHaveTerminator() && &op == block.getTerminator())
      break;
    std::vector<State> next;
    for (State &s : states)
      step(op, std::move(s), next);
    limit(next);
    states = std::move(next);
    if (states.empty())
      break;
  }
  return states;
}

static std::optional<int64_t> evaluateAffine(AffineExpr expr,
                                             llvm::ArrayRef<int64_t> dims,
                                             llvm::ArrayRef<int64_t> syms) {
  if (auto c = dyn_cast<AffineConstantExpr>(expr))
    return c.getValue();
  if (auto d = dyn_cast<AffineDimExpr>(expr))
    return d.getPosition() < dims.size()
               ? std::optional<int64_t>(dims[d.getPosition()])
               : std::nullopt;
  if (auto s = dyn_cast<AffineSymbolExpr>(expr))
    return s.getPosition() < syms.size()
               ? std::optional<int64_t>(syms[s.getPosition()])
               : std::nullopt;
  auto bin = cast<AffineBinaryOpExpr>(expr);
  auto l = evaluateAffine(bin.getLHS(), dims, syms);
  auto r = evaluateAffine(bin.getRHS(), dims, syms);
  if (!l || !r)
    return std::nullopt;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return *l + *r;
  case AffineExprKind::Mul:
    return *l * *r;
  case AffineExprKind::Mod:
    return *r > 0 ? std::optional<int64_t>(((*l % *r) + *r) % *r)
                  : std::nullopt;
  case AffineExprKind::FloorDiv:
    return *r != 0 ? std::optional<int64_t>(llvm::divideFloorSigned(*l, *r))
                   : std::nullopt;
  case AffineExprKind::CeilDiv:
    return *r != 0 ? std::optional<int64_t>(llvm::divideCeilSigned(*l, *r))
                   : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<bool>
bufferlens::checker::evaluateIntegerSet(IntegerSet set,
                                        llvm::ArrayRef<int64_t> operands) {
  auto dims = operands.take_front(set.getNumDims());
  auto syms = operands.drop_front(set.getNumDims());
  for (unsigned i = 0; i < set.getNumConstraints(); ++i) {
    auto v = evaluateAffine(set.getConstraint(i), dims, syms);
    if (!v)
      return std::nullopt;
    if (set.isEq(i) ? *v != 0 : *v < 0)
      return false;
  }
  return true;
}

// An if: each side of `cond` runs its region (an empty one falls through)
// and binds the op's results from what the region yields.
void Interpreter::runBranches(Operation &op, State state, const Bool &cond,
                              Region &thenRegion, Region &elseRegion,
                              std::vector<State> &out) {
  for (auto &[branch, taken] : split(std::move(state), cond, &op)) {
    Region &region = taken ? thenRegion : elseRegion;
    if (region.empty()) {
      out.push_back(std::move(branch));
      continue;
    }
    for (Exit &exit : runRegion(region, std::move(branch), {})) {
      bindExit(op, exit);
      out.push_back(std::move(exit.state));
    }
  }
}

void Interpreter::step(Operation &op, State state, std::vector<State> &out) {
  if (outOfSteps())
    return;
  if (op.getNumRegions() == 0)
    return dispatch(op, std::move(state), out);
  std::optional<std::string> key = replayKey(op, state);
  if (key && replay(*key, state, out))
    return;
  std::optional<State> input;
  if (key)
    input = state;
  size_t first = out.size();
  dispatch(op, std::move(state), out);
  for (size_t i = first; i < out.size(); ++i)
    forgetValuesInside(&op, out[i]);
  if (key)
    remember(std::move(*key), *input, out, first);
}

void Interpreter::dispatch(Operation &op, State state,
                           std::vector<State> &out) {
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    Bool cond = flagOf(state, ifOp.getCondition());
    runBranches(op, std::move(state), cond, ifOp.getThenRegion(),
                ifOp.getElseRegion(), out);
    return;
  }
  if (auto ifOp = dyn_cast<affine::AffineIfOp>(op)) {
    // The integer set is evaluated when its operands are constants (the
    // induction variables of fully unrolled loops); otherwise each
    // execution decides afresh.
    std::vector<int64_t> operands;
    for (Value v : ifOp->getOperands()) {
      AbsValue a = valueOf(state, v);
      if (a.kind == AbsValue::Int)
        operands.push_back(a.number);
    }
    std::optional<bool> known;
    if (operands.size() == ifOp->getNumOperands())
      known = evaluateIntegerSet(ifOp.getIntegerSet(), operands);
    Bool cond = known
                    ? boolConst(*known)
                    : boolAtom(atom("affine.if#" + std::to_string(nextOpaque++),
                                    "the condition of affine.if"));
    runBranches(op, std::move(state), cond, ifOp.getThenRegion(),
                ifOp.getElseRegion(), out);
    return;
  }
  if (isa<scf::WhileOp>(op))
    return runWhile(op, std::move(state), out);
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op);
      loop && loop.getLoopRegions().size() == 1)
    return runLoop(op, std::move(state), out);
  StringRef opName = op.getName().getStringRef();
  if (opName == "scf.execute_region" || opName == "memref.alloca_scope")
    return runOnce(op, std::move(state), out);
  if (opName == "arith.select" && !op.getResult(0).getType().isInteger(1)) {
    Bool cond = flagOf(state, op.getOperand(0));
    for (auto &[branch, taken] : split(std::move(state), cond, &op)) {
      branch.env[op.getResult(0)] =
          valueOf(branch, op.getOperand(taken ? 1 : 2));
      out.push_back(std::move(branch));
    }
    return;
  }
  if (opName == "bufferization.dealloc")
    return bufferizationDealloc(op, std::move(state), out);
  if (isa<CallOpInterface>(op) && callInModule(op, state, out))
    return;
  if (auto sw = dyn_cast<scf::IndexSwitchOp>(op)) {
    // A constant selector picks its case; otherwise every case and the
    // default are followed (no atom: integers are not correlated).
    AbsValue selector = valueOf(state, sw.getArg());
    auto cases = sw.getCases();
    int chosen = 0; // Region 0 is the default, case i is region i + 1.
    for (auto [i, c] : llvm::enumerate(cases))
      if (selector.kind == AbsValue::Int && selector.number == c)
        chosen = i + 1;
    for (unsigned r = 0; r < op.getNumRegions(); ++r) {
      if (selector.kind == AbsValue::Int && (int)r != chosen)
        continue;
      for (Exit &exit : runRegion(op.getRegion(r), state, {})) {
        bindExit(op, exit);
        out.push_back(std::move(exit.state));
      }
    }
    return;
  }
  if (op.getNumRegions() > 0 && !isa<CallOpInterface>(op)) {
    // An op whose regions we do not follow: if they free memory, we cannot
    // tell which buffers, so none is reported as leaked from here on.
    if (mayFreeMemory(op)) {
      for (auto &[id, object] : state.objects)
        object.escaped = true;
      note("`" + opName.str() +
           "` frees memory in regions the checker does not follow; no leak "
           "is reported after it");
    }
  }
  transfer(op, state);
  out.push_back(std::move(state));
}

std::vector<std::pair<State, bool>>
Interpreter::split(State state, const Bool &cond, Operation *at) {
  std::vector<std::pair<State, bool>> result;
  std::vector<State> work;
  work.push_back(std::move(state));
  int serial = nextSplit++;
  while (!work.empty()) {
    State s = std::move(work.back());
    work.pop_back();
    int undecided = -1;
    int value = evaluate(cond, s.assignment, &undecided);
    if (value >= 0) {
      // The decisions this split made now know which side they led to.
      for (auto it = s.events.rbegin();
           it != s.events.rend() && it->kind == PathEvent::Decided &&
           it->split == serial;
           ++it)
        it->taken = value;
      result.emplace_back(std::move(s), value == 1);
      continue;
    }
    s.assignment.resize(atoms.size(), -1);
    // A comparison the path's earlier comparisons already decide is not a
    // decision (IntFacts.h); one they contradict both ways is no path.
    bool canBeTrue = feasible(s.assignment, undecided, true);
    bool canBeFalse = feasible(s.assignment, undecided, false);
    if (canBeTrue != canBeFalse) {
      s.assignment[undecided] = canBeTrue;
      work.push_back(std::move(s));
      continue;
    }
    if (!canBeTrue)
      continue;
    PathEvent decided;
    decided.kind = PathEvent::Decided;
    decided.atom = undecided;
    decided.split = serial;
    decided.op = at;
    State other = s;
    other.assignment[undecided] = 0;
    other.decisions.emplace_back(undecided, false);
    other.events.push_back(decided);
    decided.value = true;
    s.assignment[undecided] = 1;
    s.decisions.emplace_back(undecided, true);
    s.events.push_back(decided);
    work.push_back(std::move(other));
    work.push_back(std::move(s));
  }
  // True before false, whatever order the atoms were decided in.
  std::stable_sort(
      result.begin(), result.end(),
      [](const auto &a, const auto &b) { return a.second > b.second; });
  return result;
}

void Interpreter::bindExit(Operation &op, Exit &exit) {
  if (!exit.terminator)
    return;
  for (auto [result, operand] :
       llvm::zip(op.getResults(), exit.terminator->getOperands())) {
    AbsValue v = valueOf(exit.state, operand);
    if (v.kind == AbsValue::Buffer) {
      PathEvent yielded;
      yielded.kind = PathEvent::Yielded;
      yielded.object = v.object;
      yielded.op = exit.terminator;
      yielded.result = result;
      exit.state.events.push_back(yielded);
    }
    exit.state.env[result] = v;
  }
}

void Interpreter::runOnce(Operation &op, State state, std::vector<State> &out) {
  for (Exit &exit : runRegion(op.getRegion(0), std::move(state), {})) {
    bindExit(op, exit);
    out.push_back(std::move(exit.state));
  }
}

static std::optional<int64_t> constantTripCount(Operation &op) {
  if (auto affineFor = dyn_cast<affine::AffineForOp>(op)) {
    if (!affineFor.hasConstantBounds() || affineFor.getStepAsInt() <= 0)
      return std::nullopt;
    int64_t lb = affineFor.getConstantLowerBound();
    int64_t ub = affineFor.getConstantUpperBound();
    int64_t st = affineFor.getStepAsInt();
    return ub <= lb ? 0 : (ub - lb + st - 1) / st;
  }
  auto forOp = dyn_cast<scf::ForOp>(op);
  if (!forOp)
    return std::nullopt;
  auto lb = getConstantIntValue(forOp.getLowerBound());
  auto ub = getConstantIntValue(forOp.getUpperBound());
  auto st = getConstantIntValue(forOp.getStep());
  if (!lb || !ub || !st || *st <= 0)
    return std::nullopt;
  return *ub <= *lb ? 0 : (*ub - *lb + *st - 1) / *st;
}

// Whether an arith.cmpi compares `iv` (through what baseAndOffset looks
// through) with a constant. Found from the uses of `iv`, not by walking the
// loop's body: in a nest, every level's walk would cover the levels below.
static bool comparedWithConstant(BlockArgument iv) {
  llvm::SmallVector<std::pair<Value, int>> work{{iv, 0}};
  llvm::DenseSet<Operation *> seen;
  while (!work.empty()) {
    auto [value, depth] = work.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (!seen.insert(user).second)
        continue;
      StringRef name = user->getName().getStringRef();
      if (name == "arith.cmpi") {
        for (int side = 0; side < 2; ++side)
          if (baseAndOffset(user->getOperand(side)).first == iv &&
              matchPattern(user->getOperand(1 - side), m_Constant()))
            return true;
      } else if (depth < 8 && user->getNumResults() == 1 &&
                 (name == "arith.index_cast" || name == "arith.addi" ||
                  name == "arith.subi")) {
        work.emplace_back(user->getResult(0), depth + 1);
      }
    }
  }
  return false;
}

void Interpreter::runLoop(Operation &op, State state, std::vector<State> &out) {
  if (runCountedLoop(op, state, out))
    return;
  auto loop = cast<LoopLikeOpInterface>(op);
  Region &body = *loop.getLoopRegions().front();
  if (body.empty()) {
    transfer(op, state);
    out.push_back(std::move(state));
    return;
  }
  Block &block = body.front();
  auto iterArgs = loop.getRegionIterArgs();
  unsigned numIvs = block.getNumArguments() - iterArgs.size();
  auto inits = loop.getInits();
  for (auto [arg, init] : llvm::zip(iterArgs, inits))
    state.env[arg] = valueOf(state, init);
  checkUses(op, state);

  std::optional<int64_t> trips = constantTripCount(op);
  std::optional<int64_t> lower, stride;
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    lower = getConstantIntValue(forOp.getLowerBound());
    stride = getConstantIntValue(forOp.getStep());
  } else if (auto affineFor = dyn_cast<affine::AffineForOp>(op);
             affineFor && affineFor.hasConstantBounds()) {
    lower = affineFor.getConstantLowerBound();
    stride = affineFor.getStepAsInt();
  }
  // Constant trip counts up to fullUnroll run exactly; beyond, the paths
  // leave after loopIterations iterations, which no execution does: they
  // are marked truncated and report no leak (a later iteration may free).
  int bound = limits.loopIterations;
  bool truncated = false;
  if (trips && *trips <= limits.fullUnroll)
    bound = *trips;
  else if (trips)
    truncated = cutHides(op);
  std::vector<State> current, exits;
  current.push_back(std::move(state));
  // An scf.for whose trip count is unknown (a step that is no constant)
  // runs its body at least once exactly when its lower bound is below its
  // upper bound (compared as the loop compares): decided before the first
  // iteration, so a path through the body says it needs the loop to run
  // and the path that skips it says why. Later iterations stay undecided.
  std::vector<State> skipped;
  bool entryDecided = false;
  if (auto forOp = dyn_cast<scf::ForOp>(op); forOp && !trips) {
    AbsValue lb = valueOf(current.front(), forOp.getLowerBound());
    AbsValue ub = valueOf(current.front(), forOp.getUpperBound());
    auto integer = [](const AbsValue &v) {
      return v.kind == AbsValue::Int || v.kind == AbsValue::Opaque;
    };
    if (integer(lb) && integer(ub)) {
      bool isUnsigned = forOp.getUnsignedCmp();
      size_t atomsBefore = atoms.size();
      Bool runs = compareInts(current.front(), isUnsigned ? "ult" : "slt", lb,
                              ub, Value());
      if (atoms.size() > atomsBefore && runs->kind == BoolNode::Atom) {
        std::string lbName = name(forOp.getLowerBound());
        std::string ubName = name(forOp.getUpperBound());
        atoms[runs->atom].trueText =
            ubName + (isUnsigned ? " ugt " : " > ") + lbName;
        atoms[runs->atom].falseText =
            ubName + (isUnsigned ? " ule " : " <= ") + lbName;
      }
      State entry = std::move(current.front());
      current.clear();
      for (auto &[branch, taken] : split(std::move(entry), runs, &op))
        (taken ? current : skipped).push_back(std::move(branch));
      entryDecided = true;
    }
  }
  // An unknown trip count: paths that would run on are not followed. When
  // the body compares an induction variable with a constant, a later
  // iteration may be the one it names: that is said in the note.
  bool named = false;
  for (unsigned i = 0; i < numIvs; ++i)
    named = named || comparedWithConstant(block.getArgument(i));
  for (int iteration = 0;; ++iteration) {
    bool last = iteration == bound || (trips && iteration == *trips);
    if (!trips && named && iteration == bound)
      note("an " + op.getName().getStringRef().str() + " was unrolled " +
           std::to_string(bound) +
           " times; later iterations were not followed");
    if (!trips || last) {
      // Before the first iteration, the paths that leave are those the
      // entry decision skipped (when it was decided).
      const std::vector<State> &leaving =
          entryDecided && iteration == 0 ? skipped : current;
      for (const State &s : leaving) {
        State exit = s;
        exit.truncated = exit.truncated || truncated;
        auto results = op.getResults();
        for (auto [i, result] : llvm::enumerate(results))
          exit.env[result] = i < iterArgs.size() ? valueOf(exit, iterArgs[i])
                                                 : freshValue(exit, result);
        exits.push_back(std::move(exit));
      }
    }
    if (last)
      break;
    std::vector<State> next;
    for (State &s : current) {
      PathEvent iterationEvent;
      iterationEvent.kind = PathEvent::Iteration;
      iterationEvent.op = &op;
      iterationEvent.count = iteration + 1;
      s.events.push_back(iterationEvent);
      std::vector<AbsValue> arguments;
      for (unsigned i = 0; i < numIvs; ++i) {
        AbsValue iv;
        if (lower && stride && numIvs == 1) {
          iv.kind = AbsValue::Int;
          iv.number = *lower + iteration * *stride;
        } else {
          iv = freshValue(s, block.getArgument(i));
        }
        arguments.push_back(iv);
      }
      for (BlockArgument arg : iterArgs)
        arguments.push_back(valueOf(s, arg));
      for (Exit &exit : runRegion(body, std::move(s), arguments)) {
        std::vector<AbsValue> carried;
        if (exit.terminator)
          for (Value v : exit.terminator->getOperands())
            carried.push_back(valueOf(exit.state, v));
        checkBackEdge(exit.state, &block, carried, exit.terminator);
        // The next iteration defines the body's values afresh: paths that
        // differ only in this iteration's are one path from here.
        forgetValuesInside(&op, exit.state);
        for (auto [arg, value] : llvm::zip(iterArgs, carried))
          exit.state.env[arg] = value;
        next.push_back(std::move(exit.state));
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
}

// How many times an scf.while's body runs per path: past
// CheckerLimits::loopIterations, up to the iteration after the last one a
// constant compared with a value the loop carries (a block argument of
// either region) names, at most kMaxWhileIterations. A carried value that
// starts as a constant and comes back as itself plus a constant (through
// scf.condition and scf.yield) counts from that start by that step; others
// are taken to count from 0 by 1. The condition is decided afresh each
// time (a path fact, as for scf.for); a path that would run further is not
// followed, and the function gets the reduced-precision note.
static constexpr int64_t kMaxWhileIterations = 256;

static int64_t whileIterations(scf::WhileOp whileOp, int64_t atLeast) {
  Block &before = whileOp.getBefore().front();
  Block &after = whileOp.getAfter().front();
  auto condition = dyn_cast<scf::ConditionOp>(before.getTerminator());
  auto yield = dyn_cast<scf::YieldOp>(after.getTerminator());
  // By carried value: start, step, and the offset of each after-region
  // argument from the before-region argument it is.
  struct Counter {
    int64_t start = 0, step = 1;
  };
  llvm::SmallVector<Counter> counters(before.getNumArguments());
  llvm::DenseMap<Value, std::pair<unsigned, int64_t>> relative;
  for (BlockArgument arg : before.getArguments())
    relative[arg] = {arg.getArgNumber(), 0};
  if (condition)
    for (auto [j, passed] : llvm::enumerate(condition.getArgs())) {
      auto [base, offset] = baseAndOffset(passed);
      if (auto arg = dyn_cast<BlockArgument>(base);
          arg && arg.getOwner() == &before && j < after.getNumArguments())
        relative[after.getArgument(j)] = {arg.getArgNumber(), offset};
    }
  for (BlockArgument arg : before.getArguments()) {
    APInt c;
    unsigned i = arg.getArgNumber();
    if (!yield || i >= yield.getNumOperands() ||
        !matchPattern(whileOp.getInits()[i], m_ConstantInt(&c)) ||
        c.getSignificantBits() > 32)
      continue;
    auto [base, offset] = baseAndOffset(yield.getOperand(i));
    auto it = relative.find(base);
    if (it == relative.end() || it->second.first != i)
      continue;
    int64_t step = offset + it->second.second;
    if (step == 0)
      continue;
    counters[i] = {c.getSExtValue(), step};
  }
  int64_t named = -1;
  whileOp->walk([&](Operation *op) {
    if (op->getName().getStringRef() != "arith.cmpi" ||
        op->getNumOperands() != 2)
      return;
    for (int side = 0; side < 2; ++side) {
      APInt c;
      auto [base, offset] = baseAndOffset(op->getOperand(side));
      auto it = relative.find(base);
      if (it == relative.end() ||
          !matchPattern(op->getOperand(1 - side), m_ConstantInt(&c)) ||
          c.getSignificantBits() > 32)
        continue;
      const Counter &counter = counters[it->second.first];
      int64_t k = llvm::divideCeilSigned(c.getSExtValue() - offset -
                                             it->second.second - counter.start,
                                         counter.step);
      named = std::max(named, std::min(k, kMaxWhileIterations));
    }
  });
  return std::min(std::max(atLeast, named + 2), kMaxWhileIterations);
}

void Interpreter::runWhile(Operation &op, State state,
                           std::vector<State> &out) {
  auto whileOp = cast<scf::WhileOp>(op);
  int64_t bound = whileIterations(whileOp, limits.loopIterations);
  checkUses(op, state);
  std::vector<AbsValue> inits;
  for (Value v : whileOp.getInits())
    inits.push_back(valueOf(state, v));
  std::vector<std::pair<State, std::vector<AbsValue>>> current;
  current.emplace_back(std::move(state), inits);
  Block &after = whileOp.getAfter().front();
  Block &before = whileOp.getBefore().front();
  std::set<std::string> previous;
  bool repeated = false;
  for (int iteration = 0; !current.empty(); ++iteration) {
    // As for other loops (runLoop): dropping paths that are where the
    // iteration before left them loses nothing.
    std::vector<State> entering;
    if (iteration + 1 >= bound)
      for (auto &[s, values] : current) {
        entering.push_back(s);
        for (auto [arg, value] : llvm::zip(before.getArguments(), values))
          entering.back().env[arg] = value;
      }
    if (iteration + 1 == bound)
      previous = keysOf(entering);
    if (iteration == bound)
      repeated = repeats(entering, previous);
    std::vector<std::pair<State, std::vector<AbsValue>>> next;
    for (auto &[s, values] : current) {
      for (Exit &exit : runRegion(whileOp.getBefore(), std::move(s), values)) {
        auto condition = dyn_cast_or_null<scf::ConditionOp>(exit.terminator);
        if (!condition)
          continue;
        Bool cond = flagOf(exit.state, condition.getCondition());
        for (auto &[branch, taken] :
             split(std::move(exit.state), cond, exit.terminator)) {
          std::vector<AbsValue> args;
          for (Value v : condition.getArgs())
            args.push_back(valueOf(branch, v));
          if (!taken) {
            for (auto [result, value] : llvm::zip(op.getResults(), args))
              branch.env[result] = value;
            out.push_back(std::move(branch));
            continue;
          }
          if (iteration >= bound) {
            // Runs further than followed: it leaves truncated, as an
            // scf.for does (Loops.cpp), unless it repeats the iteration
            // before.
            if (repeated)
              continue;
            branch.truncated = branch.truncated || cutHides(op);
            for (auto [result, value] : llvm::zip(op.getResults(), args))
              branch.env[result] = value;
            out.push_back(std::move(branch));
            continue;
          }
          for (Exit &bodyExit :
               runRegion(whileOp.getAfter(), std::move(branch), args)) {
            std::vector<AbsValue> carried;
            if (bodyExit.terminator)
              for (Value v : bodyExit.terminator->getOperands())
                carried.push_back(valueOf(bodyExit.state, v));
            checkBackEdge(bodyExit.state, &before, carried,
                          bodyExit.terminator);
            next.emplace_back(std::move(bodyExit.state), std::move(carried));
          }
        }
      }
    }
    (void)after;
    if (next.size() > limits.maxPaths) {
      next.resize(limits.maxPaths);
      note("more than " + std::to_string(limits.maxPaths) +
           " paths through an scf.while; some were not followed");
    }
    current = std::move(next);
  }
}

static void serialize(const Bool &f, const Assignment &assignment,
                      std::map<int, int> &atomNames, std::string &out) {
  switch (f->kind) {
  case BoolNode::Const:
    out += f->value ? 'T' : 'F';
    return;
  case BoolNode::Atom: {
    int canon = atomNames.emplace(f->atom, atomNames.size()).first->second;
    int v = f->atom < (int)assignment.size() ? assignment[f->atom] : -1;
    out += "a" + std::to_string(canon) + "=" + std::to_string(v);
    return;
  }
  default:
    out += "(" + std::to_string(f->kind);
    serialize(f->lhs, assignment, atomNames, out);
    if (f->rhs)
      serialize(f->rhs, assignment, atomNames, out);
    out += ")";
  }
}

// Equal for two states whose futures are the same up to the names of
// objects, opaque integers and atoms: such states are one path for what
// follows (only their messages differ), so keeping one loses nothing.
static std::string canonicalKey(const State &s,
                                const std::vector<IntLiteral> &facts) {
  std::map<int, int> objects, opaques, atomNames;
  std::vector<std::pair<const void *, const AbsValue *>> env;
  for (const auto &[value, abs] : s.env)
    env.emplace_back(value.getAsOpaquePointer(), &abs);
  std::sort(env.begin(), env.end());
  std::string key;
  for (const auto &[value, abs] : env) {
    key += llvm::utohexstr((uintptr_t)value) + ":" + std::to_string(abs->kind);
    switch (abs->kind) {
    case AbsValue::Buffer:
    case AbsValue::Pointer:
      key += "o" +
             std::to_string(
                 objects.emplace(abs->object, objects.size()).first->second) +
             "v" + llvm::utohexstr((uintptr_t)abs->offsetView);
      break;
    case AbsValue::Int:
      key += "c" + std::to_string(abs->number);
      break;
    case AbsValue::Opaque:
      key +=
          "x" + std::to_string(
                    opaques.emplace(abs->number, opaques.size()).first->second);
      key += "+" + std::to_string(abs->offset);
      break;
    case AbsValue::Flag:
      serialize(abs->flag, s.assignment, atomNames, key);
      break;
    case AbsValue::None:
      break;
    }
    key += ";";
  }
  std::vector<std::pair<int, int>> order;
  for (const auto &[id, canon] : objects)
    order.emplace_back(canon, id);
  std::sort(order.begin(), order.end());
  auto describe = [](const Object &o) {
    return std::to_string((int)o.kind) + (o.freed ? "f" : "l") +
           (o.escaped ? "e" : "") + (o.leakReported ? "r" : "") +
           (o.touched ? "t" : "") +
           llvm::utohexstr((uintptr_t)o.site.getAsOpaquePointer()) + "/" +
           std::to_string(o.contents.size());
  };
  for (const auto &[canon, id] : order)
    key += "|" + describe(s.objects.at(id));
  // Objects no value refers to still matter while they may leak.
  std::vector<std::string> unreferenced;
  for (const auto &[id, o] : s.objects)
    if (!objects.count(id) && o.kind == ObjectKind::Owned && !o.freed &&
        !o.escaped && !o.leakReported)
      unreferenced.push_back(describe(o));
  std::sort(unreferenced.begin(), unreferenced.end());
  for (const std::string &u : unreferenced)
    key += "|u" + u;
  key += s.truncated ? "|t" : "";
  // Decided comparisons constrain what follows; findings name the path.
  std::vector<std::string> decided;
  auto term = [&](const IntTerm &t) {
    return t.isConstant()
               ? "c" + std::to_string(t.offset)
               : "x" +
                     std::to_string(
                         opaques.emplace(t.var, opaques.size()).first->second) +
                     "+" + std::to_string(t.offset);
  };
  for (const IntLiteral &f : facts)
    decided.push_back(std::to_string(f.comparison.kind) +
                      term(f.comparison.lhs) + term(f.comparison.rhs) +
                      (f.value ? "T" : "F"));
  std::sort(decided.begin(), decided.end());
  for (const std::string &d : decided)
    key += "|" + d;
  for (int f : s.findings)
    key += "|!" + std::to_string(f);
  return key;
}

std::set<std::string> Interpreter::keysOf(const std::vector<State> &states) {
  std::set<std::string> keys;
  for (const State &s : states)
    keys.insert(canonicalKey(s, literalsOf(s.assignment)));
  return keys;
}

bool Interpreter::repeats(const std::vector<State> &states,
                          const std::set<std::string> &previous) {
  return llvm::all_of(states, [&](const State &s) {
    return previous.count(canonicalKey(s, literalsOf(s.assignment)));
  });
}

void Interpreter::dedupe(std::vector<State> &states) {
  // Past the function's budget no path is followed further: each level of
  // a deep nest would otherwise still key the paths it had on its way out,
  // which on 1,200 nested loops took longer than the budget itself.
  if (budgetExhausted()) {
    states.clear();
    return;
  }
  if (states.size() < 2)
    return;
  std::set<std::string> seen;
  std::vector<State> kept;
  for (State &s : states)
    if (seen.insert(canonicalKey(s, literalsOf(s.assignment))).second)
      kept.push_back(std::move(s));
  states = std::move(kept);
}

// A string that is equal for two states exactly when they agree on memory
// and on every SSA value (formulas by identity).
static std::string memoryKey(const State &s) {
  std::string key;
  for (const auto &[id, o] : s.objects)
    key += std::to_string(id) + (o.freed ? "f" : "l") + (o.escaped ? "e" : "") +
           (o.leakReported ? "r" : "") + (o.touched ? "t" : "") +
           std::to_string(o.contents.size()) + ";";
  std::vector<std::pair<const void *, const AbsValue *>> env;
  for (const auto &[value, abs] : s.env)
    env.emplace_back(value.getAsOpaquePointer(), &abs);
  std::sort(env.begin(), env.end());
  for (const auto &[value, abs] : env)
    key += llvm::utohexstr((uintptr_t)value) + ":" + std::to_string(abs->kind) +
           "," + std::to_string(abs->number) + "," +
           std::to_string(abs->offset) + "," + std::to_string(abs->object) +
           "," + llvm::utohexstr((uintptr_t)abs->offsetView) + "," +
           llvm::utohexstr((uintptr_t)abs->flag.get()) + ";";
  return key;
}

void Interpreter::limit(std::vector<State> &states) {
  if (budgetExhausted()) {
    states.clear(); // As dedupe does.
    return;
  }
  if (states.size() <= limits.maxPaths)
    return;
  // Lossless first: paths equal up to renaming are one path.
  dedupe(states);
  if (states.size() <= limits.maxPaths)
    return;
  std::vector<State> merged;
  std::unordered_map<std::string, size_t> byKey;
  for (State &s : states) {
    std::string key = memoryKey(s);
    auto [it, inserted] = byKey.emplace(key, merged.size());
    if (inserted) {
      merged.push_back(std::move(s));
      continue;
    }
    State &into = merged[it->second];
    into.assignment.resize(
        std::max(into.assignment.size(), s.assignment.size()), -1);
    for (size_t a = 0; a < into.assignment.size(); ++a)
      if (a >= s.assignment.size() || s.assignment[a] != into.assignment[a])
        into.assignment[a] = -1;
    std::vector<std::pair<int, bool>> common;
    for (const auto &d : into.decisions)
      if (d.first < (int)into.assignment.size() &&
          into.assignment[d.first] >= 0)
        common.push_back(d);
    into.decisions = std::move(common);
  }
  note("more than " + std::to_string(limits.maxPaths) +
       " paths at one point; paths were merged");
  if (merged.size() > limits.maxPaths)
    merged.resize(limits.maxPaths);
  states = std::move(merged);
}
