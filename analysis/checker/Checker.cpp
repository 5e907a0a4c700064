//===- Checker.cpp --------------------------------------------------------===//

#include "analysis/checker/Checker.h"
#include "analysis/checker/Interpreter.h"

using namespace bufferlens;

void bufferlens::runDeallocationChecker(SourceIndex &index, FunctionId fn,
                                        const CheckerLimits &limits) {
  checker::Interpreter(index, fn, limits).run();
}
