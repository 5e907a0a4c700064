//===- Allocator.cpp ------------------------------------------------------===//

#include "cli/Allocator.h"

#ifdef BUFFERLENS_MIMALLOC
#include <mimalloc.h>
#endif

void bufferlens::holdFreedMemory(std::chrono::milliseconds delay) {
#ifdef BUFFERLENS_MIMALLOC
  // Pages freed inside a segment, and whole segments (a buffer of several
  // MB has one of its own).
  mi_option_set(mi_option_decommit_delay, static_cast<long>(delay.count()));
  mi_option_set(mi_option_segment_decommit_delay,
                static_cast<long>(delay.count()));
#else
  (void)delay;
#endif
}
