//===- Summaries.cpp - Summarise callees, apply them at calls -------------===//

#include "analysis/checker/Summaries.h"
#include "analysis/FunctionBudget.h"
#include "analysis/checker/Interpreter.h"
#include "analysis/ir/RegionNesting.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include <functional>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

// Where each outcome may happen, over the callee's i1 arguments (other
// atoms are fresh at each call, so left open): what callers can tell of
// two rounds of a recursive fixpoint.
static std::string signature(const Summary &s);

const Summary *SummaryCache::get(Operation *callee) {
  auto it = done.find(callee);
  if (it != done.end())
    return it->second ? &*it->second : nullptr;
  if (auto at = llvm::find(inProgress, callee); at != inProgress.end()) {
    // Recursion: this round's provisional summary. Whatever is being
    // summarised inside the cycle depends on it.
    recursed.insert(callee);
    for (auto inner = std::next(at); inner != inProgress.end(); ++inner)
      tainted.insert(*inner);
    return &provisional[callee];
  }
  FunctionId id = index.functionIdOf(callee);
  std::optional<Summary> summary;
  if (id != kNone && index.result().functions[id].analysed) {
    inProgress.push_back(callee);
    provisional[callee] = Summary(); // Bottom: the call never returns.
    for (int round = 0;; ++round) {
      recursed.erase(callee);
      Interpreter interpreter(index, id, limits);
      interpreter.summariseWith(this);
      summary = interpreter.summarise();
      if (!summary || !recursed.count(callee))
        break;
      if (round > 0 && signature(*summary) == signature(provisional[callee]))
        break;
      if (round + 1 == kMaxRounds) {
        summary.reset(); // Not settled: the ABI assumption.
        break;
      }
      provisional[callee] = *summary;
    }
    inProgress.pop_back();
    provisional.erase(callee);
    recursed.erase(callee);
  }
  // A summary cut short by the budget of the function being checked is
  // none of the callee's: that function's findings are dropped, and the
  // next caller summarises the callee again.
  if (tainted.erase(callee) || budgetExhausted()) {
    auto &slot = uncached[callee];
    slot = std::move(summary);
    return slot ? &*slot : nullptr;
  }
  auto [pos, inserted] = done.emplace(callee, std::move(summary));
  return pos->second ? &*pos->second : nullptr;
}

void Interpreter::summariseWith(SummaryCache *cache) {
  summaries = cache;
  quiet = true;
}

// A structural key of a formula, for grouping outcomes.
static void serialize(const Bool &f, std::string &out) {
  switch (f->kind) {
  case BoolNode::Const:
    out += f->value ? 'T' : 'F';
    return;
  case BoolNode::Atom:
    out += "a" + std::to_string(f->atom);
    return;
  default:
    out += "(" + std::to_string(f->kind);
    serialize(f->lhs, out);
    if (f->rhs)
      serialize(f->rhs, out);
    out += ")";
  }
}

static std::string effectKey(const Outcome &o) {
  std::string key;
  for (unsigned i : o.freedArguments)
    key += "f" + std::to_string(i);
  for (unsigned i : o.escapedArguments)
    key += "e" + std::to_string(i);
  for (unsigned i : o.usedArguments)
    key += "u" + std::to_string(i);
  for (const ResultSummary &r : o.results) {
    key += "|" + std::to_string(r.kind) + ":" + std::to_string(r.index) +
           (r.freed ? "f" : "") + ":" + std::to_string(r.number) + ":" +
           std::to_string((uintptr_t)r.offsetView) + ":";
    if (r.flag)
      serialize(r.flag, key);
  }
  return key;
}

static std::string signature(const Summary &s) {
  std::vector<int> argumentAtoms;
  for (auto [atom, arg] : llvm::enumerate(s.atomArgument))
    if (arg >= 0)
      argumentAtoms.push_back(atom);
  size_t combinations =
      argumentAtoms.size() <= 8 ? size_t(1) << argumentAtoms.size() : 0;
  std::set<std::string> outcomes;
  for (const Outcome &o : s.outcomes) {
    std::string key = effectKey(o) + "@";
    for (size_t bits = 0; bits < combinations; ++bits) {
      Assignment assignment(s.atomArgument.size(), -1);
      for (auto [k, atom] : llvm::enumerate(argumentAtoms))
        assignment[atom] = (bits >> k) & 1;
      int undecided = -1;
      key += std::to_string(evaluate(o.condition, assignment, &undecided) + 1);
    }
    outcomes.insert(key);
  }
  std::string out;
  for (const std::string &k : outcomes)
    out += k + ";";
  return out;
}

std::optional<Summary> Interpreter::summarise() {
  Region &body = function.getFunctionBody();
  if (body.empty())
    return std::nullopt;
  // Not followed (RegionNesting.h): its calls keep the ABI assumption.
  if (regionNestingDepth(function.getOperation()) > kMaxCheckerNesting)
    return std::nullopt;
  State state;
  std::vector<AbsValue> arguments;
  std::vector<int> argumentObject;
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
    argumentObject.push_back(v.kind == AbsValue::Buffer ? v.object : -1);
    arguments.push_back(v);
  }
  std::vector<Exit> exits = runRegion(body, std::move(state), arguments);
  // Merged paths forget decisions, so their outcomes could be combined with
  // caller paths they do not belong to; a truncated path is no execution.
  if (stepsExhausted || precisionNoted)
    return std::nullopt;

  Summary summary;
  std::map<std::string, size_t> byEffect;
  for (Exit &exit : exits) {
    if (exit.state.truncated || !exit.terminator)
      continue;
    Outcome outcome;
    outcome.condition = boolConst(true);
    for (auto [a, value] : exit.state.decisions)
      outcome.condition = boolAnd(outcome.condition,
                                  value ? boolAtom(a) : boolNot(boolAtom(a)));
    for (auto [i, id] : llvm::enumerate(argumentObject)) {
      if (id < 0)
        continue;
      const Object &o = exit.state.objects[id];
      if (o.freed)
        outcome.freedArguments.insert(i);
      if (o.escaped)
        outcome.escapedArguments.insert(i);
      if (o.touched)
        outcome.usedArguments.insert(i);
    }
    std::map<int, int> fresh;
    for (Value operand : exit.terminator->getOperands()) {
      AbsValue v = valueOf(exit.state, operand);
      ResultSummary r;
      switch (v.kind) {
      case AbsValue::Buffer: {
        auto arg = llvm::find(argumentObject, v.object);
        const Object &o = exit.state.objects[v.object];
        if (arg != argumentObject.end()) {
          r.kind = ResultSummary::Argument;
          r.index = arg - argumentObject.begin();
          r.offsetView = v.offsetView;
        } else if (o.kind == ObjectKind::Owned) {
          r.kind = ResultSummary::Fresh;
          r.index = fresh.emplace(v.object, (int)fresh.size()).first->second;
          r.freed = o.freed;
        } else if (o.kind == ObjectKind::Global) {
          r.kind = ResultSummary::Global;
        }
        break;
      }
      case AbsValue::Flag:
        r.kind = ResultSummary::Flag;
        r.flag = v.flag;
        break;
      case AbsValue::Int:
        r.kind = ResultSummary::Int;
        r.number = v.number;
        break;
      default:
        break;
      }
      outcome.results.push_back(std::move(r));
    }
    std::string key = effectKey(outcome);
    auto [it, inserted] = byEffect.emplace(key, summary.outcomes.size());
    if (inserted) {
      summary.outcomes.push_back(std::move(outcome));
      continue;
    }
    Outcome &into = summary.outcomes[it->second];
    into.condition = boolOr(into.condition, outcome.condition);
  }
  if (summary.outcomes.empty())
    return std::nullopt;
  summary.atomArgument.assign(atoms.size(), -1);
  for (const auto &[key, id] : atomKeys)
    if (StringRef(key).starts_with("arg:"))
      summary.atomArgument[id] = std::stoi(key.substr(4));
  for (const AtomInfo &info : atoms)
    summary.atomNames.push_back(info.name);
  return summary;
}

static bool isDeallocHelperCall(Operation &op) {
  auto call = cast<CallOpInterface>(op);
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(
      call.getCallableForCallee().dyn_cast<SymbolRefAttr>());
  return symbol &&
         symbol.getLeafReference().getValue().starts_with("dealloc_helper") &&
         op.getNumOperands() == 5 && op.getNumResults() == 0;
}

std::string Interpreter::byTheCall(Operation *op) const {
  auto call = dyn_cast_if_present<CallOpInterface>(op);
  if (!call)
    return "";
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(
      call.getCallableForCallee().dyn_cast<SymbolRefAttr>());
  std::string callee =
      symbol ? "@" + symbol.getLeafReference().getValue().str() : "a callee";
  return "the call to " + callee;
}

bool Interpreter::callInModule(Operation &op, State &state,
                               std::vector<State> &out) {
  if (isDeallocHelperCall(op))
    return false;
  auto call = cast<CallOpInterface>(op);
  auto target =
      dyn_cast_if_present<FunctionOpInterface>(call.resolveCallable());
  if (!target || target.isExternal())
    return false;
  if (!summaries) {
    ownSummaries = std::make_unique<SummaryCache>(index, limits);
    summaries = ownSummaries.get();
  }
  const Summary *summary = summaries->get(target.getOperation());
  if (!summary)
    return false;
  auto operands = call.getArgOperands();
  for (const Outcome &outcome : summary->outcomes)
    if (outcome.results.size() != op.getNumResults())
      return false;

  // The callee's i1 arguments are the caller's operands; its other atoms
  // are decided afresh by each execution of the call.
  std::string calleeName = "@" + target.getName().str();
  std::map<int, Bool> atomMap;
  std::function<Bool(const Bool &)> substitute = [&](const Bool &f) -> Bool {
    switch (f->kind) {
    case BoolNode::Const:
      return f;
    case BoolNode::Atom: {
      auto it = atomMap.find(f->atom);
      if (it != atomMap.end())
        return it->second;
      int arg = f->atom < (int)summary->atomArgument.size()
                    ? summary->atomArgument[f->atom]
                    : -1;
      Bool b;
      if (arg >= 0 && arg < (int)operands.size())
        b = flagOf(state, operands[arg]);
      else
        b = boolAtom(atom("call#" + std::to_string(nextOpaque++),
                          summary->atomNames[f->atom] + " in " + calleeName));
      atomMap.emplace(f->atom, b);
      return b;
    }
    case BoolNode::Not:
      return boolNot(substitute(f->lhs));
    case BoolNode::And:
      return boolAnd(substitute(f->lhs), substitute(f->rhs));
    case BoolNode::Or:
      return boolOr(substitute(f->lhs), substitute(f->rhs));
    case BoolNode::Xor:
      return boolXor(substitute(f->lhs), substitute(f->rhs));
    }
    return f;
  };
  std::vector<Bool> conditions;
  std::vector<std::vector<Bool>> flags;
  for (const Outcome &outcome : summary->outcomes) {
    conditions.push_back(substitute(outcome.condition));
    std::vector<Bool> resultFlags;
    for (const ResultSummary &r : outcome.results)
      resultFlags.push_back(r.kind == ResultSummary::Flag ? substitute(r.flag)
                                                          : Bool());
    flags.push_back(std::move(resultFlags));
  }
  for (Value operand : operands)
    (void)valueOf(state, operand);

  size_t before = out.size();
  for (auto [k, outcome] : llvm::enumerate(summary->outcomes)) {
    for (auto &[branch, taken] : split(state, conditions[k], &op)) {
      if (!taken)
        continue;
      // Passing a freed buffer is a use only where the callee touches it.
      for (unsigned i : outcome.usedArguments)
        if (i < operands.size())
          checkUse(op, branch, operands[i], "use of");
      for (unsigned i : outcome.freedArguments)
        if (i < operands.size())
          free(op, branch, operands[i]);
      for (unsigned i : outcome.escapedArguments)
        if (i < operands.size()) {
          AbsValue v = valueOf(branch, operands[i]);
          if (v.kind == AbsValue::Buffer)
            branch.objects[v.object].escaped = true;
        }
      std::map<int, int> fresh;
      for (auto [j, result] : llvm::enumerate(op.getResults())) {
        const ResultSummary &r = outcome.results[j];
        AbsValue v;
        switch (r.kind) {
        case ResultSummary::Argument:
          if (r.index < (int)operands.size()) {
            v = valueOf(branch, operands[r.index]);
            if (r.offsetView)
              v.offsetView = r.offsetView;
          } else {
            v = freshValue(branch, result);
          }
          break;
        case ResultSummary::Fresh: {
          auto [it, inserted] = fresh.emplace(r.index, -1);
          if (inserted) {
            it->second = newObject(branch, result, ObjectKind::Owned);
            if (r.freed) {
              branch.objects[it->second].freed = true;
              branch.objects[it->second].freedBy = &op;
            }
          }
          v.kind = AbsValue::Buffer;
          v.object = it->second;
          break;
        }
        case ResultSummary::Global:
          v.kind = AbsValue::Buffer;
          v.object = newObject(branch, result, ObjectKind::Global);
          break;
        case ResultSummary::Flag:
          v.kind = AbsValue::Flag;
          v.flag = flags[k][j];
          break;
        case ResultSummary::Int:
          v.kind = AbsValue::Int;
          v.number = r.number;
          break;
        case ResultSummary::Other:
          v = freshValue(branch, result);
          break;
        }
        branch.env[result] = v;
      }
      out.push_back(std::move(branch));
    }
  }
  // No outcome fits this path (the callee's exploration kept one of two
  // paths that differ only in their decisions): the ABI, as without one.
  // The bottom of a recursive cycle has no outcome: the path ends here.
  return out.size() > before || summary->outcomes.empty();
}
