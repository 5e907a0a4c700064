//===- Leaks.cpp - BL101: owned buffers that reach an exit unfreed --------===//
//
// At a function exit every owned object that is not freed, not returned and
// has not escaped (stored, passed to an external callee or an op with
// unknown effects) leaks. At a loop back edge an owned object leaks when no
// value that survives the edge can reach it any more: neither the values
// carried to the next iteration nor values defined before the loop. Each
// leak is also told to the LeakFixer, which attaches the missing dealloc
// where one is right on every execution (LeakFixes.h).
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/ir/SourceIndex.h"

#include <set>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

void Interpreter::checkExit(State &state, Operation *terminator) {
  std::set<int> returned;
  if (terminator)
    for (Value operand : terminator->getOperands()) {
      AbsValue v = valueOf(state, operand);
      if (v.kind == AbsValue::Buffer)
        returned.insert(v.object);
    }
  std::string end = terminator ? terminator->getName().stripDialect().str()
                               : std::string("exit");
  for (auto &[id, o] : state.objects) {
    if (o.kind == ObjectKind::Owned && !o.freed && o.capturedBy &&
        !o.leakReported && !returned.count(id))
      noteCaptured(o);
    if (o.kind != ObjectKind::Owned || o.freed || o.escaped || o.leakReported ||
        returned.count(id))
      continue;
    if (state.truncated) {
      noteTruncated(o);
      continue;
    }
    leakFixer.leakedAtExit(o.site, state.trace, terminator);
    std::vector<RelatedLocation> related;
    if (terminator)
      related.push_back({range(terminator), "the path leaves here"});
    PathStep leaves{PathStepKind::Exit,
                    terminator ? range(terminator)
                               : index.result().functions[fn].nameRange,
                    "leaves the function here without freeing " + name(o.site)};
    report(FindingCode::BL101, range(o.site),
           name(o.site) + " leaks" + conditionsOf(state) + ": " +
               pathOf(state, end),
           std::move(related), id, std::move(leaves), terminator);
  }
}

bool Interpreter::dominatesLoopHead(Value value, Block *target) {
  // Asked on every path at every back edge, about the same values and
  // heads; each answer climbs from the head to the value's region, which in
  // a deep nest is as long as the nest.
  auto [known, inserted] = headDominance.try_emplace(
      std::make_pair(value.getAsOpaquePointer(), target), false);
  if (inserted)
    known->second = dominance.properlyDominates(value, &target->front());
  return known->second;
}

void Interpreter::checkBackEdge(State &state, Block *target,
                                llvm::ArrayRef<AbsValue> carried,
                                Operation *terminator) {
  std::set<int> reachable;
  for (const AbsValue &v : carried)
    if (v.kind == AbsValue::Buffer)
      reachable.insert(v.object);
  Operation *head = target->empty() ? nullptr : &target->front();
  for (const auto &[value, v] : state.env) {
    if (v.kind != AbsValue::Buffer || reachable.count(v.object))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value);
        arg && arg.getOwner() == target)
      continue;
    if (head && dominatesLoopHead(value, target))
      reachable.insert(v.object);
  }
  Operation *loop = target->getParentOp();
  bool structured =
      loop != function.getOperation() && target->getParent()->hasOneBlock();
  std::string end =
      structured ? "next iteration of " + loop->getName().getStringRef().str()
                 : "back edge to " + label(target);
  for (auto &[id, o] : state.objects) {
    if (o.kind == ObjectKind::Owned && !o.freed && o.capturedBy &&
        !o.leakReported && !reachable.count(id))
      noteCaptured(o);
    if (o.kind != ObjectKind::Owned || o.freed || o.escaped || o.leakReported ||
        reachable.count(id))
      continue;
    o.leakReported = true;
    leakFixer.leakedAtBackEdge(o.site);
    std::vector<RelatedLocation> related;
    if (terminator)
      related.push_back({range(terminator), "the loop continues here"});
    PathStep continues{PathStepKind::Exit,
                       terminator ? range(terminator) : range(o.site),
                       (structured ? std::string("the loop continues here")
                                   : "branches back to " + label(target)) +
                           " without freeing " + name(o.site)};
    report(FindingCode::BL101, range(o.site),
           name(o.site) + " leaks" + conditionsOf(state) + ": " +
               pathOf(state, end),
           std::move(related), id, std::move(continues), terminator);
  }
}
