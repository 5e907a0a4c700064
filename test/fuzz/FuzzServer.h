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

#include "ide/CrashIsolation.h"
#include "server/LSPServer.h"
#include "server/Logger.h"
#include "server/Transport.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace bufferlens::fuzz {

/// One read, and what to wait for after it (empty: nothing): a substring
/// of a message the server sends, e.g. its first publishDiagnostics.
struct Chunk {
  std::string bytes;
  std::string awaitSent = {};
};

class MemoryTransport : public Transport {
public:
  /// Each chunk is handed to the frame parser as one read.
  MemoryTransport(std::vector<Chunk> chunks, size_t maxMessageBytes)
      : chunks(std::move(chunks)), parser(maxMessageBytes) {}

  void run(const Handler &handler) override {
    for (const Chunk &chunk : chunks) {
      if (stopped)
        return;
      parser.feed(chunk.bytes);
      while (parser.hasEvent() && !stopped)
        handler(parser.nextEvent());
      if (!chunk.awaitSent.empty())
        await(chunk.awaitSent);
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
    for (const Chunk &chunk : chunks)
      if (!chunk.awaitSent.empty() &&
          body.find(chunk.awaitSent) != std::string::npos)
        seen.insert(chunk.awaitSent);
    changed.notify_all();
  }
  void stop() override {
    std::lock_guard<std::mutex> lock(mutex);
    stopped = true;
    changed.notify_all();
  }

private:
  /// Until the server sent a message containing `text`, or stopped. The
  /// bound only keeps a server that never answers from hanging the run
  /// (libFuzzer's -timeout reports that); answers normally take
  /// milliseconds.
  void await(const std::string &text) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait_for(lock, std::chrono::seconds(20),
                     [&] { return stopped || seen.count(text) != 0; });
  }

  std::vector<Chunk> chunks;
  FrameParser parser;
  std::mutex mutex;
  std::condition_variable changed;
  std::set<std::string> seen;
  size_t sent = 0;
  std::atomic<bool> stopped{false};
};

/// What `bufferlens serve` does before its first thread: crash recovery
/// and large stacks for the analyses (ide/CrashIsolation.h). Call from
/// LLVMFuzzerInitialize.
inline void setUpLikeServe() {
  enableCrashRecovery();
  useLargeThreadStacks();
}

/// Runs a server over `chunks` until they end; the server is destroyed
/// afterwards, which waits for its analyses.
inline void serve(std::vector<Chunk> chunks) {
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
