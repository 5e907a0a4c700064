//===- Frees.cpp - memref.dealloc, bufferization.dealloc, dealloc_helper --===//
//
// BL102 (double free) and BL104 (free of a buffer the function does not
// own) are found where a free happens. bufferization.dealloc frees memref i
// iff its condition holds, no retained value is the same buffer and no
// earlier memref of the list is (the lowering frees each buffer once); its
// results are the retained values' new ownership: the OR of the conditions
// of the memrefs that are the same buffer. The library function the
// lowering generates (`dealloc_helper`) computes exactly those flags into
// its output arrays; calls to it are interpreted by that definition.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

#include <limits>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

static std::string whatIsNotOwned(ObjectKind kind) {
  switch (kind) {
  case ObjectKind::Argument:
    return "a function argument: the caller owns it";
  case ObjectKind::Stack:
    return "a stack allocation";
  case ObjectKind::Global:
    return "a global";
  default:
    return "";
  }
}

void Interpreter::free(Operation &op, State &state, Value operand) {
  AbsValue v = valueOf(state, operand);
  if (v.kind != AbsValue::Buffer)
    return;
  Object &o = state.objects[v.object];
  std::string alias;
  if (name(o.site) != name(operand) && o.kind != ObjectKind::Unknown)
    alias = "an alias of " + name(o.site);
  std::string freed = name(operand) + (alias.empty() ? "" : " (" + alias + ")");
  if (o.freed) {
    std::vector<RelatedLocation> related;
    if (o.freedBy)
      related.push_back({range(o.freedBy), "first freed here"});
    related.push_back(siteNote(o));
    std::string by = byTheCall(&op), first = byTheCall(o.freedBy);
    report(FindingCode::BL102, range(&op),
           "double free of " + freed + (by.empty() ? "" : " by " + by) +
               (first.empty() ? "" : " (freed by " + first + ")") +
               conditionsOf(state) + ": " + pathOf(state, ""),
           std::move(related), v.object,
           PathStep{PathStepKind::Free, range(&op),
                    name(operand) + " is freed again " +
                        (by.empty() ? "here" : "by " + by)},
           &op);
    return;
  }
  std::string notOwned = whatIsNotOwned(o.kind);
  // A summarised callee's frees of its arguments are what its callers need.
  if (!notOwned.empty() && !(quiet && o.kind == ObjectKind::Argument)) {
    std::string by = byTheCall(&op);
    report(FindingCode::BL104, range(&op),
           // One parenthetical: "(an alias of %a, a function argument...)".
           "free of " + name(operand) + " (" +
               (alias.empty() ? "" : alias + ", ") + notOwned + ")" +
               (by.empty() ? "" : " by " + by) + conditionsOf(state) + ": " +
               pathOf(state, ""),
           {siteNote(o)}, v.object,
           PathStep{PathStepKind::Free, range(&op),
                    name(operand) + " is freed " +
                        (by.empty() ? "here" : "by " + by) + ", but it is " +
                        notOwned},
           &op);
    // The function does not own it: report the free, and do not let it
    // cascade into use-after-free findings on the caller's buffer.
    return;
  }
  if (v.offsetView) {
    report(FindingCode::BL104, range(&op),
           "free of " + name(operand) + " (a view of " + name(o.site) +
               " made by " + v.offsetView->getName().getStringRef().str() +
               ", not the allocation itself)" + conditionsOf(state) + ": " +
               pathOf(state, ""),
           {{range(v.offsetView), "the view is made here"}, siteNote(o)},
           v.object,
           PathStep{PathStepKind::Free, range(&op),
                    name(operand) + " is freed here, but it is a view, not the "
                                    "allocation"},
           &op);
  }
  o.freed = true;
  o.freedBy = &op;
  recordFree(o, &op);
  PathEvent freedEvent;
  freedEvent.kind = PathEvent::Freed;
  freedEvent.object = v.object;
  freedEvent.op = &op;
  state.events.push_back(freedEvent);
}

void Interpreter::bufferizationDealloc(Operation &op, State state,
                                       std::vector<State> &out) {
  auto dealloc = cast<bufferization::DeallocOp>(op);
  auto memrefs = dealloc.getMemrefs();
  auto conditions = dealloc.getConditions();
  auto retained = dealloc.getRetained();
  for (Value r : retained)
    checkUse(op, state, r, "retaining of");

  // Ownership results, from the conditions as they are before any free.
  std::vector<Bool> ownership(retained.size(), boolConst(false));
  std::vector<Bool> frees;
  std::vector<AbsValue> bases;
  for (auto [m, c] : llvm::zip(memrefs, conditions)) {
    AbsValue base = valueOf(state, m);
    Bool cond = flagOf(state, c);
    Bool freeIt = cond;
    if (base.kind == AbsValue::Buffer) {
      for (auto [j, r] : llvm::enumerate(retained)) {
        AbsValue kept = valueOf(state, r);
        if (kept.kind != AbsValue::Buffer)
          continue;
        Bool same = pointersEqual(state, base, kept);
        ownership[j] = boolOr(ownership[j], boolAnd(cond, same));
        freeIt = boolAnd(freeIt, boolNot(same));
      }
      for (const AbsValue &earlier : bases)
        if (earlier.kind == AbsValue::Buffer)
          freeIt =
              boolAnd(freeIt, boolNot(pointersEqual(state, base, earlier)));
    }
    bases.push_back(base);
    frees.push_back(freeIt);
  }
  for (auto [result, flag] :
       llvm::zip(dealloc.getUpdatedConditions(), ownership)) {
    AbsValue v;
    v.kind = AbsValue::Flag;
    v.flag = flag;
    state.env[result] = v;
  }

  std::vector<State> current;
  current.push_back(std::move(state));
  for (auto [i, m] : llvm::enumerate(memrefs)) {
    std::vector<State> next;
    for (State &s : current)
      for (auto &[branch, taken] : split(std::move(s), frees[i], &op)) {
        if (taken)
          free(op, branch, m);
        next.push_back(std::move(branch));
      }
    limit(next);
    current = std::move(next);
  }
  for (State &s : current)
    out.push_back(std::move(s));
}

void Interpreter::deallocHelper(Operation &op, State &state) {
  std::vector<Object *> arrays;
  for (Value operand : op.getOperands()) {
    AbsValue v = valueOf(state, operand);
    arrays.push_back(v.kind == AbsValue::Buffer ? &state.objects[v.object]
                                                : nullptr);
  }
  Object *toFree = arrays[0], *toRetain = arrays[1], *conds = arrays[2],
         *freeOut = arrays[3], *ownOut = arrays[4];
  if (!toFree || !toRetain || !conds || !freeOut || !ownOut)
    return;
  int64_t n = toFree->numElements, m = toRetain->numElements;
  freeOut->contents.clear();
  ownOut->contents.clear();
  // Loads from the outputs yield unknown flags when this returns early:
  // for arrays of unknown size, and for arrays with an entry not stored
  // (the lowering stores every entry before the call: this is some other
  // function of that name).
  if (n < 0 || m < 0)
    return;
  // The flags take n * m + n * (n - 1) / 2 comparisons: arrays as large
  // as a file can spell out would take time quadratic in it. They are
  // counted against the function's steps, kComparisonsPerStep to a step
  // (a comparison of two entries costs a fraction of an interpreted op:
  // the lowering of a dealloc of 2,000 memrefs, 2 million comparisons,
  // took 2 s in all), so that the lowering of a dealloc of 700 memrefs is
  // still interpreted exactly.
  constexpr uint64_t kComparisonsPerStep = 16;
  uint64_t comparisons =
      n > int64_t(limits.maxSteps) || m > int64_t(limits.maxSteps)
          ? std::numeric_limits<uint64_t>::max()
          : uint64_t(n) * uint64_t(m) + uint64_t(n) * (n - 1) / 2;
  if (spendSteps(comparisons / kComparisonsPerStep))
    return;
  auto entry = [](Object *array, int64_t i) -> const AbsValue * {
    auto it = array->contents.find(std::to_string(i) + ",");
    return it == array->contents.end() ? nullptr : &it->second;
  };
  std::vector<AbsValue> pointers, kept;
  std::vector<Bool> flags;
  Value flagValue = op.getOperand(2);
  for (int64_t i = 0; i < n; ++i) {
    const AbsValue *p = entry(toFree, i), *c = entry(conds, i);
    if (!p || !c)
      return;
    pointers.push_back(*p);
    flags.push_back(c->kind == AbsValue::Flag ? c->flag
                                              : boolAtom(freshAtom(flagValue)));
  }
  for (int64_t j = 0; j < m; ++j) {
    const AbsValue *k = entry(toRetain, j);
    if (!k)
      return;
    kept.push_back(*k);
  }
  auto same = [&](const AbsValue &a, const AbsValue &b) {
    return compareInts(state, "eq", a, b, Value());
  };
  std::vector<Bool> ownership(m, boolConst(false));
  for (int64_t i = 0; i < n; ++i) {
    Bool freeIt = flags[i];
    for (int64_t j = 0; j < m; ++j) {
      Bool alias = same(pointers[i], kept[j]);
      ownership[j] = boolOr(ownership[j], boolAnd(flags[i], alias));
      freeIt = boolAnd(freeIt, boolNot(alias));
    }
    for (int64_t k = 0; k < i; ++k)
      freeIt = boolAnd(freeIt, boolNot(same(pointers[i], pointers[k])));
    AbsValue v;
    v.kind = AbsValue::Flag;
    v.flag = freeIt;
    freeOut->contents[std::to_string(i) + ","] = v;
  }
  for (int64_t j = 0; j < m; ++j) {
    AbsValue v;
    v.kind = AbsValue::Flag;
    v.flag = ownership[j];
    ownOut->contents[std::to_string(j) + ","] = v;
  }
}
