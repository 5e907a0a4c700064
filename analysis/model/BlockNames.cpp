//===- BlockNames.cpp - Blocks as users name them -------------------------===//

#include "analysis/model/BlockNames.h"

using namespace bufferlens;

std::string bufferlens::describeBlock(const AnalysisResult &result,
                                      BlockId id) {
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
