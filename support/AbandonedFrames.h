//===- AbandonedFrames.h - The stack after a crash was recovered ----------===//
//
// A crash recovered by llvm::CrashRecoveryContext leaves its frames by
// longjmp. AddressSanitizer unpoisons the stack such a jump leaves
// (__asan_handle_no_return), but not on a stack larger than it expects:
// it prints "ASan is ignoring requested __asan_handle_no_return" for the
// analysis threads' 512 MiB (ide/CrashIsolation.h) and leaves the redzones
// of the abandoned frames poisoned. The next frames to reuse that memory
// then read as overflows of their own locals (a false report: the access
// is inside the variable). forgetAbandonedFrames, called after a recovered
// crash, does what __asan_handle_no_return would have done. Without
// AddressSanitizer it does nothing.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SUPPORT_ABANDONEDFRAMES_H
#define BUFFERLENS_SUPPORT_ABANDONEDFRAMES_H

namespace bufferlens {

/// Unpoisons this thread's stack below the caller's frame.
void forgetAbandonedFrames();

} // namespace bufferlens

#endif // BUFFERLENS_SUPPORT_ABANDONEDFRAMES_H
