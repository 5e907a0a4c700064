//===- InPlaceDecisions.cpp - Step 1: what the analysis decided -----------===//
//
// Reads the markers `--one-shot-bufferize="test-analysis-only
// print-conflicts"` writes (upstream OneShotAnalysis.cpp): on every op with
// tensor operands `__inplace_operands_attr__`, one "true", "false" or "none"
// per operand; for every read-after-write conflict the analysis found, one
// unit attribute on each of three ops, "C_<n>[DEF: result <k>]" (or
// "[DEF: bbArg <k>]" on the op owning the block), "C_<n>[CONFL-WRITE:
// <operand>]" and "C_<n>[READ: <operand>]". Reading upstream's own annotations,
// rather than asking the analysis state again, makes what we report exactly
// what that command prints (test/lit/tensor/ checks both side by side).
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

namespace {
struct Conflict {
  ValueId definition = kNone;
  OpId write = kNone;
  int32_t writeOperand = -1;
  OpId read = kNone;
  int32_t readOperand = -1;
  int marks = 0; ///< Markers seen: a well-formed conflict has three.
};
} // namespace

/// The user's op a copied op stands for; null for the function itself.
static Operation *originalOf(const SourceIndex &index, const TaggedClone &clone,
                             Operation *copy) {
  OpId id = clone.originOpOf(copy->getLoc());
  if (id == kNone)
    return nullptr;
  Operation *original = index.op(id);
  return original->getName() == copy->getName() ? original : nullptr;
}

/// The value "DEF: bbArg <k>" names: argument k of the first block of the
/// op's regions that has that many (a function's or a loop's body).
static Value blockArgumentOf(Operation *owner, unsigned k) {
  for (Region &region : owner->getRegions())
    if (!region.empty() && region.front().getNumArguments() > k)
      return region.front().getArgument(k);
  return {};
}

/// Parses one "C_<n>[KIND: rest]" marker into `conflicts`.
static void readMarker(const SourceIndex &index, Operation *original,
                       StringRef name, std::map<std::string, Conflict> &out) {
  if (!name.starts_with("C_"))
    return;
  size_t open = name.find('[');
  if (open == StringRef::npos || !name.ends_with("]"))
    return;
  std::string id = name.take_front(open).str();
  StringRef body = name.drop_front(open + 1).drop_back();
  auto [kind, rest] = body.split(": ");
  Conflict &conflict = out[id];
  unsigned number = 0;
  if (kind == "DEF") {
    auto [what, k] = rest.split(' ');
    if (k.getAsInteger(10, number))
      return;
    Value def;
    if (what == "result" && number < original->getNumResults())
      def = original->getResult(number);
    else if (what == "bbArg")
      def = blockArgumentOf(original, number);
    if (def)
      conflict.definition = index.idOf(def);
  } else if (kind == "CONFL-WRITE" || kind == "READ") {
    if (rest.getAsInteger(10, number))
      return;
    if (kind == "READ") {
      conflict.read = index.idOf(original);
      conflict.readOperand = number;
    } else {
      conflict.write = index.idOf(original);
      conflict.writeOperand = number;
    }
  } else {
    return;
  }
  ++conflict.marks;
}

void tensor::readInPlaceDecisions(const SourceIndex &index,
                                  const TaggedClone &clone,
                                  llvm::ArrayRef<FunctionId> functions,
                                  std::map<FunctionId, TensorPlan> &plans) {
  for (FunctionId fn : functions) {
    Operation *function = index.function(fn);
    Operation *copy = clone.lookup(function);
    if (!copy)
      continue;
    TensorPlan &plan = plans[fn];
    std::map<std::string, Conflict> conflicts;
    copy->walk([&](Operation *op) {
      Operation *original =
          op == copy ? function : originalOf(index, clone, op);
      if (!original)
        return;
      // The markers are discardable attributes: getAttrs() would build a
      // dictionary of the inherent ones too for every op with properties.
      for (NamedAttribute attr : op->getDiscardableAttrs())
        readMarker(index, original, attr.getName().strref(), conflicts);
      auto decisions = dyn_cast_or_null<ArrayAttr>(
          op->getDiscardableAttr("__inplace_operands_attr__"));
      if (!decisions || original == function)
        return;
      for (auto [i, decision] : llvm::enumerate(decisions)) {
        auto text = dyn_cast<StringAttr>(decision);
        if (!text || text.getValue() != "false" ||
            i >= original->getNumOperands())
          continue;
        OutOfPlaceOperand operand;
        operand.op = index.idOf(original);
        operand.operand = static_cast<int32_t>(i);
        operand.value = index.idOf(original->getOperand(i));
        plan.outOfPlace.push_back(operand);
      }
    });
    // Each conflict made the operand being tested out of place; the
    // conflicting write is usually that operand. The markers do not say
    // which operand was tested when the write is another op's: then the
    // out-of-place operand whose value, or whose op's result (the tested
    // op's result would alias the operand), the conflict's definition is.
    std::vector<const Conflict *> unmatched;
    for (auto &[id, conflict] : conflicts) {
      // Upstream numbers conflicts with a process-wide counter; a marker
      // missing or doubled (parallel documents) is left out, not guessed.
      if (conflict.marks != 3)
        continue;
      auto it = llvm::find_if(plan.outOfPlace, [&](const OutOfPlaceOperand &o) {
        return o.op == conflict.write && o.operand == conflict.writeOperand &&
               o.conflictingWrite == kNone;
      });
      if (it == plan.outOfPlace.end()) {
        unmatched.push_back(&conflict);
        continue;
      }
      it->definition = conflict.definition;
      it->conflictingWrite = conflict.write;
      it->conflictingWriteOperand = conflict.writeOperand;
      it->read = conflict.read;
      it->readOperand = conflict.readOperand;
    }
    for (const Conflict *conflict : unmatched)
      for (OutOfPlaceOperand &o : plan.outOfPlace)
        if (o.conflictingWrite == kNone && conflict->definition != kNone &&
            (o.value == conflict->definition ||
             index.result().values[conflict->definition].definingOp == o.op)) {
          o.definition = conflict->definition;
          o.conflictingWrite = conflict->write;
          o.conflictingWriteOperand = conflict->writeOperand;
          o.read = conflict->read;
          o.readOperand = conflict->readOperand;
          break;
        }
  }
}
