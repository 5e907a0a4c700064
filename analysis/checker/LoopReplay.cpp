//===- LoopReplay.cpp - A loop run twice from one state runs once ---------===//
//
// A loop nested in a loop runs once per iteration of the outer one followed,
// from each path alive there. Paths in a deep nest of loops with unknown trip
// counts keep arriving at an inner loop in a state it already ran from (the
// outer loop ran no iteration of it, or ran it and left memory as it was):
// followed again, a nest N deep costs a number of runs that grows with N
// faster than any polynomial the path limits leave (bench/blowups.py,
// `nestedfreed`).
//
// What a run does to a path depends only on the path's state: its values,
// its objects, the atoms it decided, whether it is truncated and the
// findings it ran into (the key, below, spells all of them exactly, with no
// renaming). Its decisions and its trace only name the path in messages,
// and a finding is reported once per code and place (Report.cpp), so a run
// from a state equal on the key ends in the same paths, each extended by
// the same decisions and blocks. Such a run is replayed from the outcomes
// of the first: nothing is reported twice, and nothing first reported
// elsewhere is lost.
//
//===----------------------------------------------------------------------===//

#include "analysis/FunctionBudget.h"
#include "analysis/checker/Interpreter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

static void appendPointer(const void *pointer, std::string &key) {
  key += llvm::utohexstr(reinterpret_cast<uintptr_t>(pointer));
  key += ',';
}

static void appendNumber(int64_t number, std::string &key) {
  key += std::to_string(number);
  key += ',';
}

// The formula itself, atoms by their number: equal keys, equal formulas.
static void appendFormula(const Bool &formula, std::string &key) {
  if (!formula) {
    key += '_';
    return;
  }
  switch (formula->kind) {
  case BoolNode::Const:
    key += formula->value ? 'T' : 'F';
    return;
  case BoolNode::Atom:
    key += 'a';
    appendNumber(formula->atom, key);
    return;
  default:
    key += '(';
    appendNumber(formula->kind, key);
    appendFormula(formula->lhs, key);
    appendFormula(formula->rhs, key);
    key += ')';
  }
}

static void appendValue(const AbsValue &value, std::string &key) {
  appendNumber(value.kind, key);
  appendNumber(value.number, key);
  appendNumber(value.offset, key);
  appendNumber(value.object, key);
  appendPointer(value.offsetView, key);
  appendFormula(value.flag, key);
  key += ';';
}

static bool sameValue(const AbsValue &a, const AbsValue &b) {
  std::string x, y;
  appendValue(a, x);
  appendValue(b, y);
  return x == y;
}

std::optional<std::string> Interpreter::replayKey(Operation &op,
                                                  const State &state) {
  // The loops step() gives runLoop and runWhile.
  if (!limits.replayLoops)
    return std::nullopt;
  bool loop = isa<scf::WhileOp>(op);
  if (auto like = dyn_cast<LoopLikeOpInterface>(op))
    loop = loop || like.getLoopRegions().size() == 1;
  if (!loop)
    return std::nullopt;
  std::string key;
  appendPointer(&op, key);
  std::vector<std::pair<const void *, const AbsValue *>> env;
  env.reserve(state.env.size());
  for (const auto &[value, abs] : state.env)
    env.emplace_back(value.getAsOpaquePointer(), &abs);
  std::sort(env.begin(), env.end());
  for (const auto &[value, abs] : env) {
    appendPointer(value, key);
    appendValue(*abs, key);
  }
  key += '|';
  for (const auto &[id, object] : state.objects) {
    appendNumber(id, key);
    appendPointer(object.site.getAsOpaquePointer(), key);
    appendNumber(static_cast<int>(object.kind), key);
    key += object.freed ? 'f' : 'l';
    key += object.escaped ? 'e' : '-';
    key += object.touched ? 't' : '-';
    key += object.leakReported ? 'r' : '-';
    appendPointer(object.freedBy, key);
    appendPointer(object.capturedBy, key);
    appendNumber(object.numElements, key);
    for (const auto &[index, content] : object.contents) {
      key += index;
      key += '=';
      appendValue(content, key);
    }
    key += ';';
  }
  key += '|';
  for (auto [atom, decided] : llvm::enumerate(state.assignment))
    if (decided >= 0) {
      appendNumber(atom, key);
      appendNumber(decided, key);
    }
  key += state.truncated ? "|t|" : "|-|";
  for (int finding : state.findings)
    appendNumber(finding, key);
  return key;
}

bool Interpreter::replay(const std::string &key, const State &state,
                         std::vector<State> &out) {
  auto known = loopOutcomes.find(key);
  if (known == loopOutcomes.end())
    return false;
  ++stats.loopReplays;
  for (const LoopOutcome &outcome : known->second) {
    State path = state;
    path.objects = outcome.objects;
    path.assignment = outcome.assignment;
    path.decisions.insert(path.decisions.end(), outcome.newDecisions.begin(),
                          outcome.newDecisions.end());
    path.trace.insert(path.trace.end(), outcome.newTrace.begin(),
                      outcome.newTrace.end());
    path.findings = outcome.findings;
    path.truncated = outcome.truncated;
    for (const auto &[value, abs] : outcome.bound)
      path.env[value] = abs;
    out.push_back(std::move(path));
  }
  return true;
}

void Interpreter::remember(std::string key, const State &input,
                           const std::vector<State> &out, size_t first) {
  ++stats.loopRuns;
  // A run the step or time budget cut short ended in fewer paths than it
  // should have: it is no outcome to replay.
  if (stepsExhausted || budgetExhausted())
    return;
  std::vector<LoopOutcome> outcomes;
  for (size_t i = first; i < out.size(); ++i) {
    const State &path = out[i];
    // A path whose history the run rewrote (merged paths forget
    // decisions) is not the input's extended: it is not replayed.
    if (path.decisions.size() < input.decisions.size() ||
        !std::equal(input.decisions.begin(), input.decisions.end(),
                    path.decisions.begin()) ||
        path.trace.size() < input.trace.size() ||
        !std::equal(input.trace.begin(), input.trace.end(), path.trace.begin()))
      return;
    LoopOutcome outcome;
    outcome.objects = path.objects;
    outcome.assignment = path.assignment;
    outcome.newDecisions.assign(path.decisions.begin() + input.decisions.size(),
                                path.decisions.end());
    outcome.newTrace.assign(path.trace.begin() + input.trace.size(),
                            path.trace.end());
    outcome.findings = path.findings;
    outcome.truncated = path.truncated;
    for (const auto &[value, abs] : path.env) {
      auto before = input.env.find(value);
      if (before == input.env.end() || !sameValue(before->second, abs))
        outcome.bound.emplace_back(value, abs);
    }
    // The run only adds to what the path knew of the values around the
    // loop: one it forgot could not be given back by a replay.
    for (const auto &[value, abs] : input.env)
      if (!path.env.count(value))
        return;
    outcomes.push_back(std::move(outcome));
  }
  loopOutcomes.emplace(std::move(key), std::move(outcomes));
}
