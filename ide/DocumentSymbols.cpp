//===- DocumentSymbols.cpp - Functions and their labelled blocks ----------===//

#include "ide/Features.h"

#include <algorithm>

using namespace bufferlens;

std::vector<SymbolInfo> bufferlens::documentSymbols(const Snapshot &snapshot) {
  std::vector<SymbolInfo> out;
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &part = snapshot.parts()[p];
    const AnalysisResult &result = *part.result;
    for (size_t f = 0; f < result.functions.size(); ++f) {
      const FunctionEntry &fn = result.functions[f];
      if (!part.owns(fn.fullRange, snapshot.isLastPart(p)))
        continue;
      SymbolInfo symbol;
      symbol.name = "@" + fn.name;
      symbol.detail = fn.analysed              ? toString(fn.stage)
                      : fn.notAnalysed.empty() ? "does not verify"
                                               : "not analysed (budget)";
      symbol.kind = SymbolInfo::Function;
      symbol.range = part.toCurrent(fn.fullRange);
      symbol.selectionRange =
          part.toCurrent(fn.nameRange.empty() ? fn.fullRange : fn.nameRange);
      // Every labelled block of the function (nested regions included), in
      // source order.
      for (const BlockEntry &block : result.blocks) {
        if (block.function != static_cast<FunctionId>(f) ||
            block.labelRange.empty())
          continue;
        SymbolInfo child;
        child.name = block.label;
        child.kind = SymbolInfo::Block;
        child.selectionRange = part.toCurrent(block.labelRange);
        // From the label to the end of the block's last op.
        SourceRange range = block.labelRange;
        if (!block.ops.empty())
          range.end =
              std::max(range.end, result.ops[block.ops.back()].fullRange.end);
        child.range = part.toCurrent(range);
        child.detail = std::to_string(block.arguments.size()) + " argument" +
                       (block.arguments.size() == 1 ? "" : "s");
        symbol.children.push_back(std::move(child));
      }
      out.push_back(std::move(symbol));
    }
  }
  return out;
}
