//===- FuzzFraming.cpp - libFuzzer: bytes on the wire to the dispatcher ---===//
//
// The input is what a client writes: headers, bodies, garbage. The first
// byte picks how it is cut into reads (1 to 256 bytes each, as a pipe may
// deliver it), so frames split anywhere are reassembled. Every frame goes
// through the JSON-RPC dispatcher of an uninitialized server, or of one
// the input initializes itself.
//
//===----------------------------------------------------------------------===//

#include "FuzzServer.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  bufferlens::fuzz::setUpLikeServe();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  size_t chunk = size_t(data[0]) + 1;
  std::string_view rest(reinterpret_cast<const char *>(data) + 1, size - 1);
  std::vector<bufferlens::fuzz::Chunk> chunks;
  while (!rest.empty()) {
    chunks.push_back({std::string(rest.substr(0, chunk))});
    rest.remove_prefix(std::min(chunk, rest.size()));
  }
  bufferlens::fuzz::serve(std::move(chunks));
  return 0;
}
