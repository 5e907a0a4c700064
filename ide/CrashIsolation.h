//===- CrashIsolation.h - One document's crash does not end the server ----===//
//
// Analyses run in-process under llvm::CrashRecoveryContext: a segfault,
// abort() or report_fatal_error inside MLIR unwinds (by longjmp) to the
// analysis entry instead of killing the server. Worker threads get an
// alternate signal stack, so a stack overflow (deep nesting in the parser)
// is caught too. Memory the crashed analysis held is leaked on purpose:
// its MLIRContext is private to that analysis and cannot be trusted.
//
// After a crash the document is cut at its top-level operations
// (analysis/parts/TopLevelSplit.h); each is analysed alone to find the ones
// that crash, and the document is analysed once more without them. The crash is
// reported as an error on each culprit; everything else keeps its findings.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_CRASHISOLATION_H
#define BUFFERLENS_IDE_CRASHISOLATION_H

#include "analysis/Analyzer.h"
#include "analysis/model/Model.h"
#include "analysis/model/Options.h"
#include "analysis/rewrite/Rewrite.h"
#include "support/CrashName.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace bufferlens {

/// Installs the crash handlers; call once before any analysis thread runs.
void enableCrashRecovery();

/// Gives the calling thread an alternate signal stack for as long as the
/// object lives.
class AlternateSignalStack {
public:
  AlternateSignalStack();
  ~AlternateSignalStack();

private:
  std::unique_ptr<char[]> memory;
};

/// analyzeDocument, isolated: never crashes the process. `early` is called
/// at most once (not if the analysis crashes before it).
AnalysisResult analyzeIsolated(TextRef text, std::string_view bufferName,
                               const AnalysisOptions &options,
                               const EarlyFindingsHook &early = nullptr);
AnalysisResult analyzeIsolated(std::string_view text,
                               std::string_view bufferName,
                               const AnalysisOptions &options);

/// analyzeDocument under crash recovery, without looking for the culprit:
/// false (and the signal in `retCode`) when it crashed. For `lint`, which
/// reports such a file as an error of its own. The text is shared: the
/// analysis reads it where it is instead of a copy of its own (a copy of a
/// large file's text is part of `lint`'s peak memory).
bool analyzeSafely(TextRef text, std::string_view bufferName,
                   const AnalysisOptions &options, AnalysisResult &result,
                   int &retCode);

/// rewriteDocument under crash recovery: false (and the signal in
/// `retCode`) when it crashed. For the features that show a rewrite.
bool rewriteSafely(std::string_view text, std::string_view bufferName,
                   const RewriteRequest &request,
                   const AnalysisOptions &options, RewriteOutput &out,
                   int &retCode);

/// Every thread created after this call gets kAnalysisStackBytes of stack
/// instead of the system's default (8 MiB). MLIR's parser and verifier
/// recurse once per nested region and attribute: with the default, upstream
/// `mlir-opt` overflows at about 5,000 nested `scf.if`; 10,000 need about
/// 32 MiB (measured with `ulimit -s`), and 128 MiB leave room for the
/// analyses' own walks and for sanitizer builds. clangd runs its
/// work on threads with a stack size of its own for the same reason
/// (clang-tools-extra/clangd/support/Threading.cpp, llvm::thread with
/// clang::DesiredStackSize). Here it is the process default
/// (pthread_setattr_default_np), so that the threads of every library
/// (the server's workers, the analyses' part threads) get it too. Call it
/// before starting any thread; the main thread keeps its own stack, so
/// analyses must not run on it.
void useLargeThreadStacks();
#if defined(__SANITIZE_ADDRESS__)
#define BUFFERLENS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUFFERLENS_ASAN 1
#endif
#endif
#ifdef BUFFERLENS_ASAN
// AddressSanitizer pads every frame with redzones and keeps locals of
// escaping addresses on the heap-like fake stack: the parser's frames are
// about three times larger, and 5,200 nested `scf.if` overflowed 128 MiB.
constexpr size_t kAnalysisStackBytes = size_t(512) << 20;
#else
constexpr size_t kAnalysisStackBytes = size_t(128) << 20;
#endif

/// Runs `work` on a thread of its own, as analyses must run (a large
/// stack, an alternate signal stack, crash recovery enabled), and waits
/// for it. For the commands that analyse one document on the main
/// thread's behalf (`explain`, `graph`).
void runOnAnalysisThread(const std::function<void()> &work);

/// Runs `work` under crash recovery; false (and the signal in `retCode`)
/// when it crashed. For work other than analyses (rewrites).
bool runIsolated(const std::function<void()> &work, int &retCode);

/// The message of the finding a crash leaves (the signal's name is filled
/// in); exposed for tests.
std::string crashMessage(int retCode);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_CRASHISOLATION_H
