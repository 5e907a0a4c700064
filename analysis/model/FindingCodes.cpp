//===- FindingCodes.cpp ---------------------------------------------------===//

#include "analysis/model/FindingCodes.h"

#include <cassert>

using namespace bufferlens;

const std::vector<FindingCodeInfo> &bufferlens::allFindingCodes() {
  static const std::vector<FindingCodeInfo> codes = {
      {FindingCode::BL101, "BL101", Severity::Error, "leak",
       "An owned buffer is not freed on some path and does not escape."},
      {FindingCode::BL102, "BL102", Severity::Error, "double free",
       "A buffer (or an alias of it) is freed twice on some path."},
      {FindingCode::BL103, "BL103", Severity::Error, "use after free",
       "A buffer is read, written, viewed or passed after it was freed."},
      {FindingCode::BL104, "BL104", Severity::Error,
       "free of a non-owned buffer",
       "The function frees a buffer it does not own: an argument, an alloca, "
       "a global or a view."},
      {FindingCode::BL105, "BL105", Severity::Error, "function-boundary ABI",
       "A returned buffer may alias a function argument; the caller would "
       "own memory it does not."},
      {FindingCode::BL201, "BL201", Severity::Info, "critical alias",
       "An alias not dominated by its allocation: deallocation needs a clone "
       "in each predecessor."},
      {FindingCode::BL202, "BL202", Severity::Info, "loop-carried buffer",
       "A buffer flows around a loop back edge and is freed per iteration."},
      {FindingCode::BL203, "BL203", Severity::Warning, "runtime alias check",
       "Ownership is unknown at a block end: the deallocation keeps a "
       "runtime aliasing check."},
      {FindingCode::BL204, "BL204", Severity::Error,
       "deallocation pass precondition",
       "The ownership-based deallocation pass will reject this input."},
      {FindingCode::BL301, "BL301", Severity::Hint, "promote to stack",
       "A small static buffer that does not leave its block can live on the "
       "stack."},
      {FindingCode::BL302, "BL302", Severity::Hint, "hoistable allocation",
       "The allocation can move to a dominator or out of a loop."},
      {FindingCode::BL303, "BL303", Severity::Hint, "multi-buffering candidate",
       "A loop-local buffer fully overwritten each iteration before use."},
      {FindingCode::BL304, "BL304", Severity::Warning, "redundant clone",
       "A clone and a dealloc in one block that canonicalization folds."},
      {FindingCode::BL305, "BL305", Severity::Warning, "redundant copy",
       "A copy that, with the allocation and the free that exist only for "
       "it, can go by reusing its source or its target."},
      {FindingCode::BL401, "BL401", Severity::Warning,
       "write does not dominate read",
       "A write to the buffer does not dominate all of its reads (the "
       "bufferization invariant)."},
      {FindingCode::BL501, "BL501", Severity::Info, "copy",
       "One-Shot Bufferize copies an out-of-place tensor operand into a new "
       "buffer (a warning inside a loop: a copy every iteration)."},
      {FindingCode::BL502, "BL502", Severity::Hint, "allocation",
       "The bufferized function allocates a buffer here."},
      {FindingCode::BL503, "BL503", Severity::Error,
       "One-Shot Bufferize failure",
       "One-Shot Bufferize (bufferize-function-boundaries) will fail on this "
       "op."},
  };
  return codes;
}

const FindingCodeInfo &bufferlens::findingCodeInfo(FindingCode code) {
  assert(code != FindingCode::None && "MLIR's diagnostics have no row");
  // The table is in enum order: the row of code N is row N - 1.
  return allFindingCodes()[static_cast<size_t>(code) - 1];
}

std::string_view bufferlens::codeName(FindingCode code) {
  return code == FindingCode::None ? std::string_view()
                                   : findingCodeInfo(code).name;
}

std::optional<FindingCode> bufferlens::parseFindingCode(std::string_view name) {
  for (const FindingCodeInfo &info : allFindingCodes())
    if (info.name == name)
      return info.code;
  return std::nullopt;
}
