//===- Allocator.cpp ------------------------------------------------------===//

#include "cli/Allocator.h"

#include <cstdlib>

#ifdef BUFFERLENS_MIMALLOC
#include <mimalloc.h>
#endif

void bufferlens::configureAllocator(std::chrono::milliseconds holdFreed,
                                    bool hugePages) {
#ifdef BUFFERLENS_MIMALLOC
  // Pages freed inside a segment, and whole segments (a buffer of several
  // MB has one of its own).
  mi_option_set(mi_option_decommit_delay, static_cast<long>(holdFreed.count()));
  mi_option_set(mi_option_segment_decommit_delay,
                static_cast<long>(holdFreed.count()));
  if (!hugePages)
    return;
  // mimalloc then madvises its segments MADV_HUGEPAGE, which is what
  // transparent_hugepage=madvise (Debian's default) waits for. The user's
  // MIMALLOC_LARGE_OS_PAGES, if set, decides instead.
  if (!std::getenv("MIMALLOC_LARGE_OS_PAGES"))
    mi_option_enable(mi_option_large_os_pages);
  // Whole segments committed at once, the first of each thread too, so
  // that huge pages can back them (Allocator.h).
  if (!std::getenv("MIMALLOC_EAGER_COMMIT_DELAY"))
    mi_option_set(mi_option_eager_commit_delay, 0);
#else
  (void)holdFreed;
  (void)hugePages;
#endif
}
