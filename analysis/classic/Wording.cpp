//===- Wording.cpp - The classic findings' words, in the user's names -----===//

#include "analysis/classic/Internal.h"

using namespace bufferlens;
using namespace bufferlens::classic;

std::string classic::joinWords(const std::vector<std::string> &words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i)
      out += i + 1 == words.size() ? " and " : ", ";
    out += words[i];
  }
  return out;
}

std::string classic::quoted(const std::string &name) {
  return "`" + name + "`";
}

Finding classic::makeFinding(FindingCode code, SourceRange range,
                             std::string message) {
  Finding finding;
  finding.code = code;
  finding.range = range;
  finding.message = std::move(message);
  return finding;
}

SourceRange classic::useRangeIn(const AnalysisResult &result, ValueId value,
                                OpId op) {
  const OpEntry &entry = result.ops[op];
  for (const SourceRange &use : result.values[value].uses)
    if (entry.fullRange.begin <= use.begin && use.end <= entry.fullRange.end)
      return use;
  return entry.nameRange;
}
