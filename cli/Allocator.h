//===- Allocator.h - How the process's allocator takes and keeps memory ---===//
//
// The `bufferlens` executable allocates with mimalloc (cli/CMakeLists.txt).
// Two of its defaults cost us on a virtual machine, where a page fault
// costs tens of microseconds and a TLB miss is dear:
//
// - It hands memory freed for 25 ms back to the system, and the next
//   allocation of that size takes it back one page fault at a time. The
//   server's edit of a 100k-line document (a 4 MB text copied, a 5.5 MB
//   publish built) spent 20-100 ms of its ~250 ms faulting its buffers
//   back in, and lint of 300k lines 10% of its time.
// - It maps memory in 4 KiB pages. The analyses walk IR spread over
//   hundreds of MB; asking for transparent huge pages (2 MiB) made
//   `lint --jobs 1` of 100k lines of the bench mixture 14% faster (median
//   of 6 alternating runs, 1.90 -> 1.63 s, user time 1.53 -> 1.24 s) for
//   9% more peak RSS (236 -> 258 MB). Where the system gives no huge pages
//   (transparent_hugepage=never) this changes nothing.
// - It commits the first segment (32 MiB) of each thread piece by piece,
//   and the kernel only backs a 2 MiB range with a huge page when one
//   mapping covers it: the language server's threads, which allocate
//   less than that per document, got no huge page at all. Its first open
//   of 10k lines of the bench mixture took 9,000 page faults, each dear on
//   a paravirtualised machine; committed at once, 2,500, and that open
//   went 2.16-2.33x -> 1.35-1.54x `mlir-lsp-server`'s (bench/README.md)
//   for 15 MB more RSS.
//
// The last two are the server's only. Measured again on `lint --jobs 1`
// (bench/README.md, "Reliability round, fifth pass"), medians of 5
// alternating runs on a loaded machine: over the lint bench's mixture,
// the tensor bench and the blowups rows, the CPU time without them was
// 0.88-1.25x (geometric mean 1.00; the 1.25x is 0.18 -> 0.22 s) and the
// peak RSS 3-9% lower (select at 66,666: 435 -> 403 MiB, which its memory
// target needs). The command-line tools now keep mimalloc's own page size
// and commit.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_ALLOCATOR_H
#define BUFFERLENS_CLI_ALLOCATOR_H

#include <chrono>

namespace bufferlens {

/// Keeps memory freed for up to `holdFreed` before returning it to the
/// system and, with `hugePages` (the server), commits each thread's memory
/// at once and asks for huge pages (a no-op when the executable does not
/// allocate with mimalloc).
void configureAllocator(std::chrono::milliseconds holdFreed, bool hugePages);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_ALLOCATOR_H
