//===- Origins.h - The roots a buffer may point into ----------------------===//
//
// BufferFact::origins lists the allocation roots a value may point into.
// On a chain of N `arith.select`, each over the previous one and a new
// allocation, the lists hold N^2/2 ids in all (bench/blowups.py's
// `select`: 8.9 GB at N = 66,666). A value with more than
// kMaxStoredOrigins roots therefore defers its list: its `origins` is
// kDeferredOrigins followed by its direct sources in the flow, a root as
// its id and a value whose roots are its own as encodeSource(id).
// originsOf expands them; it costs what it returns plus the sources it
// walks, so every reader asks it, never the field, unless it only asks
// whether the list is one root (a deferred list is never one entry).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_ORIGINS_H
#define BUFFERLENS_ANALYSIS_MODEL_ORIGINS_H

#include "analysis/model/Model.h"

#include <cstddef>
#include <vector>

namespace bufferlens {

constexpr size_t kMaxStoredOrigins = 64;
constexpr ValueId kDeferredOrigins = -2;
/// A source whose roots are its own, as stored after kDeferredOrigins (ids
/// are >= 0, so the encoding is below kDeferredOrigins).
constexpr ValueId encodeSource(ValueId id) { return -3 - id; }
constexpr ValueId decodeSource(ValueId stored) { return -3 - stored; }

inline bool originsDeferred(const BufferFact &fact) {
  return !fact.origins.empty() && fact.origins.front() == kDeferredOrigins;
}

/// The roots `value` may point into, sorted: BufferFact::origins, expanded
/// when deferred. Empty for a value without a buffer fact.
std::vector<ValueId> originsOf(const AnalysisResult &result, ValueId value);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_ORIGINS_H
