//===- Origins.cpp - The roots a buffer may point into --------------------===//

#include "analysis/model/Origins.h"

#include <algorithm>
#include <unordered_set>

using namespace bufferlens;

std::vector<ValueId> bufferlens::originsOf(const AnalysisResult &result,
                                           ValueId value) {
  const BufferFact *fact = result.bufferFact(value);
  if (!fact)
    return {};
  if (!originsDeferred(*fact))
    return fact->origins;
  std::vector<ValueId> roots;
  std::unordered_set<ValueId> seen{value};
  std::vector<const BufferFact *> work{fact};
  while (!work.empty()) {
    const BufferFact *deferred = work.back();
    work.pop_back();
    for (size_t i = 1; i < deferred->origins.size(); ++i) {
      ValueId stored = deferred->origins[i];
      if (stored >= 0) {
        roots.push_back(stored);
        continue;
      }
      ValueId source = decodeSource(stored);
      if (!seen.insert(source).second)
        continue;
      const BufferFact *next = result.bufferFact(source);
      if (!next)
        continue;
      if (originsDeferred(*next))
        work.push_back(next);
      else
        roots.insert(roots.end(), next->origins.begin(), next->origins.end());
    }
  }
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  return roots;
}
