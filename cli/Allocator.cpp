//===- Allocator.cpp ------------------------------------------------------===//

#include "cli/Allocator.h"

#include <cstdlib>

#ifdef BUFFERLENS_MIMALLOC
#include <mimalloc.h>
#endif

void bufferlens::configureAllocator(std::chrono::milliseconds holdFreed) {
#ifdef BUFFERLENS_MIMALLOC
  // Pages freed inside a segment, and whole segments (a buffer of several
  // MB has one of its own).
  mi_option_set(mi_option_decommit_delay, static_cast<long>(holdFreed.count()));
  mi_option_set(mi_option_segment_decommit_delay,
                static_cast<long>(holdFreed.count()));
  // No huge pages asked for (Allocator.h); MIMALLOC_LARGE_OS_PAGES=1 in the
  // environment still asks, as mimalloc reads it itself.
#else
  (void)holdFreed;
#endif
}
