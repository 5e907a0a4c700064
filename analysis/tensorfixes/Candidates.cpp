//===- Candidates.cpp - What the candidate edits share --------------------===//

#include "analysis/tensorfixes/Candidates.h"

#include "mlir/IR/Operation.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::tensorfixes;
using namespace mlir;

bool tensorfixes::availableBefore(Value value, Operation *point,
                                  llvm::ArrayRef<Operation *> movedBefore) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->findAncestorOpInBlock(*point) != nullptr;
  Operation *def = value.getDefiningOp();
  if (llvm::is_contained(movedBefore, def))
    return true;
  Operation *holder = def->getBlock()->findAncestorOpInBlock(*point);
  return holder && holder != def && def->isBeforeInBlock(holder);
}

std::string tensorfixes::applyEdits(std::string_view text,
                                    const std::vector<TextEdit> &edits) {
  std::vector<const TextEdit *> order;
  for (const TextEdit &edit : edits)
    order.push_back(&edit);
  // Back to front, so the offsets of the edits still to apply hold.
  std::stable_sort(order.begin(), order.end(),
                   [](const TextEdit *a, const TextEdit *b) {
                     return a->range.begin > b->range.begin;
                   });
  std::string out(text);
  for (const TextEdit *edit : order)
    out.replace(edit->range.begin, edit->range.end - edit->range.begin,
                edit->newText);
  return out;
}
