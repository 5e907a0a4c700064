//===- Checker.cpp --------------------------------------------------------===//

#include "analysis/checker/Checker.h"
#include "analysis/checker/Interpreter.h"
#include "analysis/ir/SourceIndex.h"

using namespace mlir;

using namespace bufferlens;

void bufferlens::runDeallocationChecker(SourceIndex &index, FunctionId fn,
                                        const CheckerLimits &limits,
                                        checker::SummaryCache *summaries,
                                        CheckerStats *stats) {
  // The library function bufferization-lower-deallocations generates is
  // trusted: calls to it are interpreted by its definition (Frees.cpp).
  if (StringRef(index.result().functions[fn].name)
          .starts_with("dealloc_helper") &&
      index.function(fn).getNumArguments() == 5)
    return;
  checker::Interpreter interpreter(index, fn, limits);
  interpreter.useSummaries(summaries);
  interpreter.run();
  if (stats)
    *stats = interpreter.statistics();
}
