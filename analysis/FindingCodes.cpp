//===- FindingCodes.cpp ---------------------------------------------------===//

#include "analysis/FindingCodes.h"

using namespace bufferlens;

const std::vector<FindingCodeInfo> &bufferlens::allFindingCodes() {
  static const std::vector<FindingCodeInfo> codes = {
      {"BL101", Severity::Error, "leak",
       "An owned buffer is not freed on some path and does not escape."},
      {"BL102", Severity::Error, "double free",
       "A buffer (or an alias of it) is freed twice on some path."},
      {"BL103", Severity::Error, "use after free",
       "A buffer is read, written, viewed or passed after it was freed."},
      {"BL104", Severity::Error, "free of a non-owned buffer",
       "The function frees a buffer it does not own: an argument, an alloca, "
       "a global or a view."},
      {"BL105", Severity::Error, "function-boundary ABI",
       "A returned buffer may alias a function argument; the caller would "
       "own memory it does not."},
      {"BL201", Severity::Info, "critical alias",
       "An alias not dominated by its allocation: deallocation needs a clone "
       "in each predecessor."},
      {"BL202", Severity::Info, "loop-carried buffer",
       "A buffer flows around a loop back edge and is freed per iteration."},
      {"BL203", Severity::Warning, "runtime alias check",
       "Ownership is unknown at a block end: the deallocation keeps a "
       "runtime aliasing check."},
      {"BL204", Severity::Error, "deallocation pass precondition",
       "The ownership-based deallocation pass will reject this input."},
      {"BL301", Severity::Hint, "promote to stack",
       "A small static buffer that does not leave its block can live on the "
       "stack."},
      {"BL302", Severity::Hint, "hoistable allocation",
       "The allocation can move to a dominator or out of a loop."},
      {"BL303", Severity::Hint, "multi-buffering candidate",
       "A loop-local buffer fully overwritten each iteration before use."},
      {"BL304", Severity::Warning, "redundant clone",
       "A clone and a dealloc in one block that canonicalization folds."},
      {"BL401", Severity::Warning, "write does not dominate read",
       "A write to the buffer does not dominate all of its reads (the "
       "bufferization invariant)."},
  };
  return codes;
}

const FindingCodeInfo *bufferlens::findingCodeInfo(std::string_view code) {
  for (const FindingCodeInfo &info : allFindingCodes())
    if (info.code == code)
      return &info;
  return nullptr;
}
