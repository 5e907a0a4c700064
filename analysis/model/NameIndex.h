//===- NameIndex.h - What name is under the cursor ------------------------===//
//
// The one answer to "what is under the cursor" that `bufferlens explain`
// and the language server's position requests share: the names of an
// AnalysisResult (value definitions and uses, block labels and uses, op
// names) sorted by range, and the one that holds an offset. A cursor just
// after a name (`%alloc|`) still means that name, as editors place it
// after a double click or a typed name.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_NAMEINDEX_H
#define BUFFERLENS_ANALYSIS_MODEL_NAMEINDEX_H

#include "analysis/model/ModelTypes.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace bufferlens {

struct AnalysisResult;

/// One name in the text; `id` indexes the result's values, blocks or ops.
struct NameOccurrence {
  enum Kind { ValueDef, ValueUse, BlockLabel, BlockUse, OpName };
  SourceRange range;
  Kind kind;
  int32_t id;
};

/// Every non-empty name range of `result`, sorted by range (then kind and
/// id). Name ranges never overlap, except that the results of `%r:2 = ...`
/// share theirs.
std::vector<NameOccurrence> sortedNames(const AnalysisResult &result);

/// The name of `sorted` (as sortedNames returns) whose range holds
/// `offset`, or that ends at `offset`, if any.
std::optional<NameOccurrence> nameAt(const std::vector<NameOccurrence> &sorted,
                                     uint32_t offset);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_NAMEINDEX_H
