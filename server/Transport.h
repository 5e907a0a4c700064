//===- Transport.h - Framed JSON-RPC over stdio or TCP (Boost.Asio) -------===//
//
// Reads frames on the thread that calls run() and hands each body to the
// handler; send() may be called from any thread (workers answer requests
// directly) and writes whole frames under a lock so they never interleave.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_TRANSPORT_H
#define BUFFERLENS_SERVER_TRANSPORT_H

#include "server/Framing.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace bufferlens {

class Logger;

class Transport {
public:
  virtual ~Transport() = default;
  /// Called on the reading thread for every frame event.
  using Handler = std::function<void(FrameEvent)>;
  /// Reads until end of input, a read error, or stop(). Returns normally.
  virtual void run(const Handler &handler) = 0;
  /// Thread-safe; a failed write is logged and otherwise ignored.
  virtual void send(const std::string &body) = 0;
  /// Makes run() return soon; thread-safe.
  virtual void stop() = 0;

  /// Called once, on the thread whose write failed: the client closed its
  /// end (a broken pipe), and nothing sent from then on can reach it. Set
  /// before run().
  void setOutputLostHandler(std::function<void()> handler) {
    outputLost = std::move(handler);
  }

protected:
  void reportOutputLost() {
    if (outputLost && !outputLostReported.exchange(true))
      outputLost();
  }

private:
  std::function<void()> outputLost;
  std::atomic<bool> outputLostReported{false};
};

/// stdin/stdout. Falls back to blocking reads when stdin cannot be polled
/// (a regular file).
std::unique_ptr<Transport> createStdioTransport(size_t maxMessageBytes,
                                                Logger &log);

/// Listens on host:port, serves the first client that connects. `error`
/// is set and null returned when the address cannot be used.
std::unique_ptr<Transport> createTcpTransport(const std::string &host,
                                              unsigned short port,
                                              size_t maxMessageBytes,
                                              Logger &log, std::string &error,
                                              unsigned short *boundPort);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_TRANSPORT_H
