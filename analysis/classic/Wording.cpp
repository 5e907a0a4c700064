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

std::string classic::describeBlock(const AnalysisResult &result, BlockId id) {
  const BlockEntry &block = result.blocks[id];
  if (!block.labelRange.empty())
    return block.label;
  if (block.parentOp == kNone)
    return "the entry block";
  const std::string &op = result.ops[block.parentOp].name;
  if (op == "scf.if")
    return std::string(block.region == 0 ? "the then" : "the else") +
           " region of scf.if";
  if (op == "scf.for" || op == "scf.forall" || op == "scf.parallel")
    return "the body of " + op;
  if (op == "scf.while")
    return std::string(block.region == 0 ? "the before" : "the after") +
           " region of scf.while";
  return "region #" + std::to_string(block.region) + " of " + op;
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
