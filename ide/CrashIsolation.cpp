//===- CrashIsolation.cpp -------------------------------------------------===//

#include "ide/CrashIsolation.h"
#include "analysis/Analyzer.h"
#include "analysis/model/LineIndex.h"
#include "analysis/parts/TopLevelSplit.h"
#include "support/AbandonedFrames.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <pthread.h>
#include <signal.h>
#include <thread>

using namespace bufferlens;

#if defined(__SANITIZE_THREAD__)
#define BUFFERLENS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BUFFERLENS_TSAN 1
#endif
#endif
#ifdef BUFFERLENS_TSAN
#include <setjmp.h>
// Debian builds LLVM with _FORTIFY_SOURCE, so CrashRecoveryContext leaves
// a crash's signal handler through glibc's __longjmp_chk, which
// ThreadSanitizer does not intercept (it intercepts longjmp and siglongjmp,
// llvm-project compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp). TSan
// then keeps believing the thread is inside the handler, with a stale
// shadow stack, and reports every later allocation on it as a
// signal-unsafe call. In TSan builds only, this definition (linked before
// LLVM's archives, in an object that is always pulled in) sends the jump
// through the intercepted longjmp. Only __longjmp_chk's check that the
// jump goes up the stack is lost.
extern "C" [[noreturn]] void __longjmp_chk(struct __jmp_buf_tag env[1],
                                           int value) {
  longjmp(env, value);
}
#endif

void bufferlens::enableCrashRecovery() {
  llvm::CrashRecoveryContext::Enable();
  // The recovery handlers must run on the alternate stack, or a stack
  // overflow kills the process before they can unwind.
  for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) {
    struct sigaction action;
    if (sigaction(signal, nullptr, &action) != 0)
      continue;
    action.sa_flags |= SA_ONSTACK;
    sigaction(signal, &action, nullptr);
  }
}

static constexpr size_t kAltStackBytes = 256 * 1024;

AlternateSignalStack::AlternateSignalStack()
    : memory(new char[kAltStackBytes]) {
  stack_t stack;
  std::memset(&stack, 0, sizeof(stack));
  stack.ss_sp = memory.get();
  stack.ss_size = kAltStackBytes;
  sigaltstack(&stack, nullptr);
}

AlternateSignalStack::~AlternateSignalStack() {
  stack_t stack;
  std::memset(&stack, 0, sizeof(stack));
  stack.ss_flags = SS_DISABLE;
  sigaltstack(&stack, nullptr);
}

std::string bufferlens::crashMessage(int retCode) {
  return "the analysis crashed (" + describeCrash(retCode) +
         ") in this operation; the rest of the file was analysed without "
         "it, and the next edit analyses it again";
}

namespace {
struct Attempt {
  bool crashed = false;
  int retCode = 0;
  std::unique_ptr<AnalysisResult> result;
};
} // namespace

static Attempt attempt(TextRef text, std::string_view bufferName,
                       const AnalysisOptions &options,
                       const EarlyFindingsHook &early = nullptr) {
  Attempt out;
  // Heap-allocated and released on a crash: the half-built result may be
  // inconsistent, and destroying it could crash again.
  auto *result = new AnalysisResult();
  llvm::CrashRecoveryContext context;
  bool ok = context.RunSafely(
      [&] { *result = analyzeDocument(text, bufferName, options, early); });
  if (ok) {
    out.result.reset(result);
  } else {
    forgetAbandonedFrames();
    out.crashed = true;
    out.retCode = context.RetCode;
  }
  return out;
}

bool bufferlens::rewriteSafely(std::string_view text,
                               std::string_view bufferName,
                               const RewriteRequest &request,
                               const AnalysisOptions &options,
                               RewriteOutput &out, int &retCode) {
  return runIsolated(
      [&] { out = rewriteDocument(text, bufferName, request, options); },
      retCode);
}

bool bufferlens::analyzeSafely(TextRef text, std::string_view bufferName,
                               const AnalysisOptions &options,
                               AnalysisResult &result, int &retCode) {
  Attempt out = attempt(std::move(text), bufferName, options);
  if (out.crashed) {
    retCode = out.retCode;
    return false;
  }
  result = std::move(*out.result);
  return true;
}

void bufferlens::useLargeThreadStacks() {
  pthread_attr_t attributes;
  if (pthread_getattr_default_np(&attributes) != 0)
    return;
  size_t current = 0;
  // Memory is only reserved: pages are committed as the stack grows.
  if (pthread_attr_getstacksize(&attributes, &current) == 0 &&
      current < kAnalysisStackBytes &&
      pthread_attr_setstacksize(&attributes, kAnalysisStackBytes) == 0)
    pthread_setattr_default_np(&attributes);
  pthread_attr_destroy(&attributes);
}

void bufferlens::runOnAnalysisThread(const std::function<void()> &work) {
  enableCrashRecovery();
  useLargeThreadStacks();
  std::thread thread([&] {
    AlternateSignalStack stack;
    work();
  });
  thread.join();
}

bool bufferlens::runIsolated(const std::function<void()> &work, int &retCode) {
  llvm::CrashRecoveryContext context;
  if (context.RunSafely([&] { work(); }))
    return true;
  forgetAbandonedFrames();
  retCode = context.RetCode;
  return false;
}

static SourceRange firstLine(std::string_view text, SourceRange range) {
  uint32_t end = range.begin;
  while (end < range.end && end < text.size() && text[end] != '\n')
    ++end;
  if (end > range.begin && text[end - 1] == '\r')
    --end;
  return {range.begin, end};
}

AnalysisResult bufferlens::analyzeIsolated(std::string_view text,
                                           std::string_view bufferName,
                                           const AnalysisOptions &options) {
  return analyzeIsolated(std::make_shared<const std::string>(text), bufferName,
                         options);
}

AnalysisResult bufferlens::analyzeIsolated(TextRef shared,
                                           std::string_view bufferName,
                                           const AnalysisOptions &options,
                                           const EarlyFindingsHook &early) {
  Attempt whole = attempt(shared, bufferName, options, early);
  if (!whole.crashed)
    return std::move(*whole.result);
  const std::string &text = *shared;

  // Which top-level operations crash when analysed alone?
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  std::vector<SourceRange> crashing;
  std::vector<int> codes;
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (chunks[i].shared)
      continue;
    std::vector<SourceRange> others;
    for (size_t j = 0; j < chunks.size(); ++j)
      if (j != i && !chunks[j].shared)
        others.push_back(chunks[j].range);
    Attempt alone = attempt(
        std::make_shared<const std::string>(blankOperations(text, others)),
        bufferName, options);
    if (alone.crashed) {
      crashing.push_back(chunks[i].range);
      codes.push_back(alone.retCode);
    }
  }

  AnalysisResult result;
  bool restAnalysed = false;
  if (!crashing.empty()) {
    Attempt rest = attempt(
        std::make_shared<const std::string>(blankOperations(text, crashing)),
        bufferName, options);
    if (!rest.crashed) {
      result = std::move(*rest.result);
      restAnalysed = true;
    }
  }
  if (!restAnalysed) {
    // Not localised: the whole document is the culprit.
    result = AnalysisResult();
    result.parseFailed = true;
    crashing = {{0, static_cast<uint32_t>(text.size())}};
    codes = {whole.retCode};
  }
  result.sharedText = std::move(shared);
  for (size_t i = 0; i < crashing.size(); ++i) {
    Finding finding;
    finding.severity = Severity::Error;
    finding.range = firstLine(text, crashing[i]);
    finding.message = crashMessage(codes[i]);
    result.findings.push_back(std::move(finding));
  }
  std::stable_sort(result.findings.begin(), result.findings.end(),
                   [](const Finding &a, const Finding &b) {
                     return a.range.begin < b.range.begin;
                   });
  return result;
}
