//===- Allocator.h - How the process's allocator takes and keeps memory ---===//
//
// The `bufferlens` executable allocates with mimalloc (cli/CMakeLists.txt).
// One of its defaults cost us on a virtual machine, where a page fault
// costs tens of microseconds: it hands memory freed for 25 ms back to the
// system, and the next allocation of that size takes it back one page
// fault at a time. The server's edit of a 100k-line document (a 4 MB text
// copied, a 5.5 MB publish built) spent 20-100 ms of its ~250 ms faulting
// its buffers back in, and lint of 300k lines 10% of its time.
//
// Its 4 KiB pages are kept. The server used to ask for transparent huge
// pages (mi_option_large_os_pages, with each thread's first segment
// committed at once so that a huge page could back it): measured when
// added, the first open of 10k lines went 2.16-2.33x -> 1.35-1.54x
// `mlir-lsp-server`'s. Measured again on the same kind of machine after a
// day of uptime, it cost instead: a third of the samples of a perf profile
// of the server's open were the kernel zeroing 2 MiB pages for mimalloc's
// segments (do_huge_pmd_anonymous_page, clear_page_erms), of which a
// document's analysis touches far less. Two runs each of
// `bench/lsp_bench.py --sizes 10000` (bench/README.md, "The server without
// huge pages"): open of the corpus mixture 106-111 -> 60-66 ms, 180 -> 100
// ms of CPU, 106 -> 84 MiB; of the tensor mixture 168-213 -> 122-139 ms,
// 121 -> 97 MiB; committing eagerly made no difference without them. What
// huge pages cost depends on the state of the user's machine (how readily
// the kernel finds one), so none are asked for. The command-line tools had
// already stopped asking: over the lint bench's mixture, the tensor bench and
// the blowups rows, the CPU time without them was 0.88-1.25x (geometric
// mean 1.00) and the peak RSS 3-9% lower (bench/README.md, "Reliability round,
// fifth pass").
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_ALLOCATOR_H
#define BUFFERLENS_CLI_ALLOCATOR_H

#include <chrono>

namespace bufferlens {

/// Keeps memory freed for up to `holdFreed` before returning it to the
/// system (a no-op when the executable does not allocate with mimalloc).
void configureAllocator(std::chrono::milliseconds holdFreed);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_ALLOCATOR_H
