//===- Allocator.h - What the process's allocator keeps
//--------------------===//
//
// The `bufferlens` executable allocates with mimalloc (cli/CMakeLists.txt).
// By default mimalloc hands memory freed for 25 ms back to the system, and
// the next allocation of that size takes it back one page fault at a time.
// On a virtual machine a fault costs tens of microseconds: the server's
// edit of a 100k-line document (a 4 MB text copied, a 5.5 MB publish
// built) spent 20-100 ms of its ~250 ms faulting its buffers back in, and
// lint of 300k lines 10% of its time.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_ALLOCATOR_H
#define BUFFERLENS_CLI_ALLOCATOR_H

#include <chrono>

namespace bufferlens {

/// Keeps memory freed for up to `delay` before returning it to the system
/// (a no-op when the executable does not allocate with mimalloc).
void holdFreedMemory(std::chrono::milliseconds delay);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_ALLOCATOR_H
