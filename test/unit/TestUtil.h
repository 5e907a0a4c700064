//===- TestUtil.h - Looking things up in an AnalysisResult by name --------===//

#ifndef BUFFERLENS_TEST_TESTUTIL_H
#define BUFFERLENS_TEST_TESTUTIL_H

#include "analysis/Analyzer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace bufferlens::test {

inline AnalysisResult analyze(const std::string &text,
                              const AnalysisOptions &options = {}) {
  return analyzeDocument(text, "test.mlir", options);
}

/// MLIR's own parse and verifier errors (the analyses' findings aside):
/// tests of the document model expect none.
inline std::vector<std::string> mlirErrors(const AnalysisResult &result) {
  std::vector<std::string> out;
  for (const Finding &finding : result.findings)
    if (finding.source == "mlir")
      out.push_back(finding.message);
  return out;
}

/// The findings with one code, in order.
inline std::vector<const Finding *> withCode(const AnalysisResult &r,
                                             const std::string &code) {
  std::vector<const Finding *> out;
  for (const Finding &f : r.findings)
    if (f.code == code)
      out.push_back(&f);
  return out;
}

/// The value named `name` in function `function`.
inline ValueId valueNamed(const AnalysisResult &result,
                          const std::string &function,
                          const std::string &name) {
  for (size_t f = 0; f < result.functions.size(); ++f) {
    if (result.functions[f].name != function)
      continue;
    for (ValueId v = result.functions[f].valueBegin;
         v < result.functions[f].valueEnd; ++v)
      if (result.values[v].name == name)
        return v;
  }
  ADD_FAILURE() << "no value " << name << " in @" << function;
  return kNone;
}

inline std::vector<std::string> names(const AnalysisResult &result,
                                      const std::vector<ValueId> &ids) {
  std::vector<std::string> out;
  for (ValueId id : ids)
    out.push_back(result.values[id].name);
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> aliasesOf(const AnalysisResult &result,
                                          const std::string &function,
                                          const std::string &name) {
  const BufferFact *fact =
      result.bufferFact(valueNamed(result, function, name));
  if (!fact) {
    ADD_FAILURE() << name << " has no buffer fact";
    return {};
  }
  return names(result, fact->aliases);
}

using Names = std::vector<std::string>;

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_TESTUTIL_H
