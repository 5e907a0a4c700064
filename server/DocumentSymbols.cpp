//===- DocumentSymbols.cpp - Functions and their labelled blocks ----------===//

#include "server/Features.h"

using namespace bufferlens;

std::vector<SymbolInfo> bufferlens::documentSymbols(const Snapshot &snapshot) {
  const AnalysisResult &result = snapshot.result();
  std::vector<SymbolInfo> out;
  for (const FunctionEntry &fn : result.functions) {
    SymbolInfo symbol;
    symbol.name = "@" + fn.name;
    symbol.detail = fn.analysed ? toString(fn.stage) : "does not verify";
    symbol.kind = SymbolInfo::Function;
    symbol.range = fn.fullRange;
    symbol.selectionRange = fn.nameRange.empty() ? fn.fullRange : fn.nameRange;
    // Every labelled block of the function (nested regions included), in
    // source order.
    for (size_t b = 0; b < result.blocks.size(); ++b) {
      const BlockEntry &block = result.blocks[b];
      if (block.function != static_cast<FunctionId>(&fn - &result.functions[0]) ||
          block.labelRange.empty())
        continue;
      SymbolInfo child;
      child.name = block.label;
      child.kind = SymbolInfo::Block;
      child.selectionRange = block.labelRange;
      // From the label to the end of the block's last op.
      child.range = block.labelRange;
      if (!block.ops.empty())
        child.range.end = std::max(child.range.end,
                                   result.ops[block.ops.back()].fullRange.end);
      child.detail = std::to_string(block.arguments.size()) + " argument" +
                     (block.arguments.size() == 1 ? "" : "s");
      symbol.children.push_back(std::move(child));
    }
    out.push_back(std::move(symbol));
  }
  return out;
}
