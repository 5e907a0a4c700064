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
#include <cstdint>

// What instrumented code calls to clear a frame's shadow (the runtime's
// asan_poisoning.cpp). __asan_unpoison_memory_region would be the public
// way, but it does nothing under allow_user_poisoning=0, which the
// sanitizer runs need (scripts/sanitize.sh says why).
extern "C" void __asan_set_shadow_00(uintptr_t shadow, uintptr_t size);

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
  if (here <= bottom || here > bottom + size)
    return;
  size_t scale = 0, offset = 0;
  __asan_get_shadow_mapping(&scale, &offset);
  uintptr_t from = (reinterpret_cast<uintptr_t>(bottom) >> scale) + offset;
  uintptr_t to = (reinterpret_cast<uintptr_t>(here) >> scale) + offset;
  __asan_set_shadow_00(from, to - from);
}
#else
void bufferlens::forgetAbandonedFrames() {}
#endif
