//===- Explain.cpp --------------------------------------------------------===//

#include "analysis/Explain.h"

#include <sstream>

using namespace bufferlens;

static std::string joinNames(const AnalysisResult &result,
                             const std::vector<ValueId> &ids) {
  std::string out;
  for (ValueId id : ids) {
    if (!out.empty())
      out += ", ";
    out += "`" + result.values[id].name + "`";
  }
  return out;
}

static std::string describeKind(const AnalysisResult &result,
                                const ValueEntry &value,
                                const BufferFact &fact) {
  std::string op = value.definingOp != kNone && !value.isBlockArgument
                       ? result.ops[value.definingOp].name
                       : "";
  switch (fact.kind) {
  case BufferKind::HeapAlloc:
    return "heap allocation (`" + op + "`): owned by this function";
  case BufferKind::StackAlloc:
    return "stack allocation (`" + op +
           "`): freed automatically when its scope ends, never deallocated";
  case BufferKind::Global:
    return "global (`" + op + "`): never deallocated";
  case BufferKind::CallResult:
    return "call result (`" + op +
           "`): the caller owns it (function-boundary ABI)";
  case BufferKind::FunctionArgument:
    return "function argument: never owned by this function (function-"
           "boundary ABI)";
  case BufferKind::View:
    return "view (`" + op + "`) of another buffer";
  case BufferKind::Merge:
    return value.isBlockArgument
               ? "block argument: joins the buffers its predecessors pass"
               : "merge (`" + op + "`) of several buffers";
  case BufferKind::Unknown:
    return "produced by `" + op + "`, whose memory effects are unknown";
  }
  return "";
}

std::string bufferlens::explainValue(const AnalysisResult &result,
                                     ValueId id) {
  const ValueEntry &value = result.values[id];
  std::ostringstream os;
  os << "**" << value.name << "** : `" << value.type << "`";
  if (value.function != kNone) {
    const FunctionEntry &fn = result.functions[value.function];
    os << " in `@" << fn.name << "` (" << toString(fn.stage) << ")";
  }
  os << "\n";
  const BufferFact *fact = result.bufferFact(id);
  if (!fact) {
    if (value.isMemRef && value.function != kNone &&
        !result.functions[value.function].analysed)
      os << "\nNot analysed: the function does not verify.\n";
    return os.str();
  }
  os << "\n" << describeKind(result, value, *fact);
  if (fact->staticSizeBytes)
    os << ", " << *fact->staticSizeBytes << " bytes";
  else if (fact->kind == BufferKind::HeapAlloc ||
           fact->kind == BufferKind::StackAlloc)
    os << ", dynamic size";
  os << "\n";
  if (!fact->aliases.empty())
    os << "\naliases: " << joinNames(result, fact->aliases) << "\n";
  bool selfOrigin =
      fact->origins.size() == 1 && fact->origins.front() == id;
  if (!fact->origins.empty() && !selfOrigin)
    os << "\nmay point into: " << joinNames(result, fact->origins) << "\n";
  return os.str();
}

std::string bufferlens::explainBlock(const AnalysisResult &result,
                                     BlockId id) {
  const BlockEntry &block = result.blocks[id];
  std::ostringstream os;
  os << "**" << block.label << "**";
  if (block.function != kNone)
    os << " in `@" << result.functions[block.function].name << "`";
  os << "\n";
  if (!block.arguments.empty())
    os << "\narguments: " << joinNames(result, block.arguments) << "\n";
  std::vector<std::string> preds;
  for (size_t b = 0; b < result.blocks.size(); ++b)
    for (BlockId succ : result.blocks[b].successors)
      if (succ == id) {
        preds.push_back(result.blocks[b].label);
        break;
      }
  if (!preds.empty()) {
    os << "\npredecessors:";
    for (size_t i = 0; i < preds.size(); ++i)
      os << (i ? ", " : " ") << preds[i];
    os << "\n";
  }
  return os.str();
}
