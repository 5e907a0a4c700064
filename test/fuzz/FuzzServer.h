//===- FuzzServer.h - An LSPServer fed from memory, for the fuzzers -------===//
//
// The server reads through a Transport: this one hands it the frames of a
// buffer and keeps what it answers. Every answer must be one JSON object
// (the server never sends anything else); a violation aborts, so the
// fuzzer reports it.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_TEST_FUZZ_FUZZSERVER_H
#define BUFFERLENS_TEST_FUZZ_FUZZSERVER_H

#include "server/CrashIsolation.h"
#include "server/LSPServer.h"
#include "server/Logger.h"
#include "server/Transport.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

namespace bufferlens::fuzz {

class MemoryTransport : public Transport {
public:
  /// `chunks` are handed to the frame parser one read at a time.
  MemoryTransport(std::vector<std::string> chunks, size_t maxMessageBytes)
      : chunks(std::move(chunks)), parser(maxMessageBytes) {}

  void run(const Handler &handler) override {
    for (const std::string &chunk : chunks) {
      if (stopped)
        return;
      parser.feed(chunk);
      while (parser.hasEvent() && !stopped)
        handler(parser.nextEvent());
    }
  }
  void send(const std::string &body) override {
    nlohmann::json message =
        nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (!message.is_object()) {
      std::fprintf(stderr, "the server sent a non-object: %s\n", body.c_str());
      std::abort();
    }
    std::lock_guard<std::mutex> lock(mutex);
    ++sent;
  }
  void stop() override { stopped = true; }

private:
  std::vector<std::string> chunks;
  FrameParser parser;
  std::mutex mutex;
  size_t sent = 0;
  bool stopped = false;
};

/// What `bufferlens serve` does before its first thread: crash recovery
/// and large stacks for the analyses (server/CrashIsolation.h). Call from
/// LLVMFuzzerInitialize.
inline void setUpLikeServe() {
  enableCrashRecovery();
  useLargeThreadStacks();
}

/// Runs a server over `chunks` until they end; the server is destroyed
/// afterwards, which waits for its analyses.
inline void serve(std::vector<std::string> chunks) {
  static Logger *log = new Logger(std::fopen("/dev/null", "w"));
  MemoryTransport transport(std::move(chunks), 1 << 20);
  ServerConfig config;
  config.workers = 1;
  config.analysisThreads = 1;
  config.debounce.max = std::chrono::milliseconds(0);
  LSPServer server(transport, *log, config);
  server.run();
}

} // namespace bufferlens::fuzz

#endif // BUFFERLENS_TEST_FUZZ_FUZZSERVER_H
