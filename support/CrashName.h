//===- CrashName.h - How a recovered crash reads ----------------*- C++ -*-===//
//
// The words for a crash that CrashRecoveryContext recovered, as the
// findings and errors of every layer say it: the analyses' own isolation
// (ide/CrashIsolation) and upstream passes run under recovery
// (analysis/tensor/PassLimits).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SUPPORT_CRASHNAME_H
#define BUFFERLENS_SUPPORT_CRASHNAME_H

#include <string>

namespace bufferlens {

/// "segmentation fault", "aborted", "exit code 1": CrashRecoveryContext's
/// return code (128 + the signal, or an exit code) in words.
std::string describeCrash(int retCode);

} // namespace bufferlens

#endif // BUFFERLENS_SUPPORT_CRASHNAME_H
