//===- PartThreads.h - Long-lived threads for the parts of a document -----===//
//
// Long-lived worker threads shared by every caller: analyzeParts
// (analysis/parts/Partition.h) analyses a large document's parts on them, and
// the server converts large answers to JSON on them. Threads that outlive one
// analysis keep their MLIRContext, with its dialects loaded, for the next
// (analysis/ir/Registry.h, takeThreadContext), so parts run here rather than
// on fresh threads.
//
// Not llvm::StdThreadPool: it aborts the process when it cannot create a
// thread, and a language server must not die for want of threads. Here
// the calling thread takes part too, so every task runs even when no
// thread can be created at all.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SUPPORT_PARTTHREADS_H
#define BUFFERLENS_SUPPORT_PARTTHREADS_H

#include <cstddef>
#include <functional>

namespace bufferlens {

/// Runs task(0) ... task(count - 1), each once, on up to `count` threads
/// including the caller's; returns when all have run. `task` must not
/// throw. Safe to call from several threads at once.
void runOnPartThreads(size_t count, const std::function<void(size_t)> &task);

} // namespace bufferlens

#endif // BUFFERLENS_SUPPORT_PARTTHREADS_H
