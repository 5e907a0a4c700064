//===- AbandonedFrames.cpp ------------------------------------------------===//

#include "support/AbandonedFrames.h"

#if defined(__SANITIZE_ADDRESS__)
#define BUFFERLENS_ASAN_FRAMES 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUFFERLENS_ASAN_FRAMES 1
#endif
#endif

#ifdef BUFFERLENS_ASAN_FRAMES
#include <pthread.h>
#include <sanitizer/asan_interface.h>

#include <cstddef>

// Not inlined: its own frame is the boundary, below the caller's.
__attribute__((noinline)) void bufferlens::forgetAbandonedFrames() {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0)
    return;
  void *lowest = nullptr;
  size_t size = 0;
  int got = pthread_attr_getstack(&attributes, &lowest, &size);
  pthread_attr_destroy(&attributes);
  if (got != 0)
    return;
  // The stack grows down: the abandoned frames were below this one.
  char *bottom = static_cast<char *>(lowest);
  char *here = static_cast<char *>(__builtin_frame_address(0));
  if (here > bottom && here <= bottom + size)
    __asan_unpoison_memory_region(bottom, here - bottom);
}
#else
void bufferlens::forgetAbandonedFrames() {}
#endif
