//===- RenameUses.cpp - A fix's renames of a value's written uses ---------===//
//
// The fixes that delete an op and let another value stand for its result
// (BL304's clone, BL305's copy) rename each use in the text. A use MLIR
// knows but the text does not spell as the value's name (a use inside an
// op printed differently) cannot be renamed, and the fix is not offered.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"

using namespace bufferlens;
using namespace mlir;

bool classic::renameWrittenUses(
    std::string_view text, Value value, const ValueEntry &entry,
    const std::string &newName, llvm::ArrayRef<SourceRange> deletedLines,
    llvm::function_ref<bool(Operation *)> deletedOwner,
    std::vector<TextEdit> &edits) {
  size_t uses = 0;
  for (OpOperand &use : value.getUses())
    uses += !deletedOwner(use.getOwner());
  size_t written = 0;
  for (const SourceRange &use : entry.uses) {
    if (llvm::any_of(deletedLines, [&](const SourceRange &lines) {
          return lines.begin <= use.begin && use.end <= lines.end;
        }))
      continue;
    if (text.substr(use.begin, use.end - use.begin) != entry.name)
      return false;
    edits.push_back({use, newName});
    ++written;
  }
  return written == uses;
}
