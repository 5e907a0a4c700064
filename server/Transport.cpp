//===- Transport.cpp ------------------------------------------------------===//
//
// Reads are synchronous on the reading thread (the protocol is a strict
// sequence of frames, and handlers never block); writes are synchronous
// under a mutex from whichever thread answers.
//
//===----------------------------------------------------------------------===//

#include "server/Transport.h"
#include "server/Logger.h"

#include <boost/asio.hpp>

#include <array>
#include <atomic>
#include <cerrno>
#include <mutex>
#include <unistd.h>

using namespace bufferlens;
namespace asio = boost::asio;

namespace {
/// A file descriptor Asio's reactor refuses (a regular file, /dev/null):
/// blocking read(2)/write(2) with the SyncReadStream/SyncWriteStream shape.
class PlainDescriptor {
public:
  explicit PlainDescriptor(int fd) : fd(fd) {}
  template <typename Buffers>
  size_t read_some(const Buffers &buffers, boost::system::error_code &error) {
    asio::mutable_buffer buffer = *asio::buffer_sequence_begin(buffers);
    for (;;) {
      ssize_t n = ::read(fd, buffer.data(), buffer.size());
      if (n > 0)
        return n;
      if (n == 0) {
        error = asio::error::eof;
        return 0;
      }
      if (errno != EINTR) {
        error =
            boost::system::error_code(errno, boost::system::system_category());
        return 0;
      }
    }
  }
  template <typename Buffers>
  size_t write_some(const Buffers &buffers, boost::system::error_code &error) {
    asio::const_buffer buffer = *asio::buffer_sequence_begin(buffers);
    for (;;) {
      ssize_t n = ::write(fd, buffer.data(), buffer.size());
      if (n >= 0)
        return n;
      if (errno != EINTR) {
        error =
            boost::system::error_code(errno, boost::system::system_category());
        return 0;
      }
    }
  }

private:
  int fd;
};

/// Reads from `In`, writes to `Out` (possibly the same object).
template <typename In, typename Out> class StreamTransport : public Transport {
public:
  StreamTransport(In &in, Out &out, size_t maxMessageBytes, Logger &log)
      : in(in), out(out), parser(maxMessageBytes), log(log) {}

  void run(const Handler &handler) override {
    std::array<char, 65536> chunk;
    boost::system::error_code error;
    while (!stopped) {
      size_t n = in.read_some(asio::buffer(chunk), error);
      if (error) {
        if (error != asio::error::eof)
          log.log("read failed: " + error.message());
        return;
      }
      parser.feed(std::string_view(chunk.data(), n));
      while (parser.hasEvent() && !stopped)
        handler(parser.nextEvent());
    }
  }

  void send(const std::string &body) override {
    std::string header = frameHeader(body.size());
    const std::array<asio::const_buffer, 2> frame = {asio::buffer(header),
                                                     asio::buffer(body)};
    std::lock_guard<std::mutex> lock(writeMutex);
    boost::system::error_code error;
    asio::write(out, frame, error);
    if (error) {
      log.log("write failed: " + error.message());
      reportOutputLost();
    }
  }

  void stop() override { stopped = true; }

private:
  In &in;
  Out &out;
  FrameParser parser;
  Logger &log;
  std::mutex writeMutex;
  std::atomic<bool> stopped{false};
};

class StdioTransport : public Transport {
public:
  StdioTransport(size_t max, Logger &log)
      : in(io), out(io), plainIn(STDIN_FILENO), plainOut(STDOUT_FILENO) {
    boost::system::error_code inError, outError;
    in.assign(::dup(STDIN_FILENO), inError);
    out.assign(::dup(STDOUT_FILENO), outError);
    // Four combinations, so that any descriptor Asio cannot poll still
    // works through plain blocking calls.
    if (!inError && !outError)
      impl.reset(
          new StreamTransport<Descriptor, Descriptor>(in, out, max, log));
    else if (!inError)
      impl.reset(new StreamTransport<Descriptor, PlainDescriptor>(in, plainOut,
                                                                  max, log));
    else if (!outError)
      impl.reset(new StreamTransport<PlainDescriptor, Descriptor>(plainIn, out,
                                                                  max, log));
    else
      impl.reset(new StreamTransport<PlainDescriptor, PlainDescriptor>(
          plainIn, plainOut, max, log));
    impl->setOutputLostHandler([this] { reportOutputLost(); });
  }
  void run(const Handler &handler) override { impl->run(handler); }
  void send(const std::string &body) override { impl->send(body); }
  void stop() override { impl->stop(); }

private:
  using Descriptor = asio::posix::stream_descriptor;
  asio::io_context io;
  Descriptor in, out;
  PlainDescriptor plainIn, plainOut;
  std::unique_ptr<Transport> impl;
};

class TcpTransport : public Transport {
public:
  TcpTransport(std::unique_ptr<asio::io_context> io,
               std::unique_ptr<asio::ip::tcp::acceptor> acceptor, size_t max,
               Logger &log)
      : io(std::move(io)), acceptor(std::move(acceptor)), socket(*this->io),
        max(max), log(log) {}

  void run(const Handler &handler) override {
    boost::system::error_code error;
    acceptor->accept(socket, error);
    if (error) {
      log.log("accept failed: " + error.message());
      return;
    }
    log.log("client connected from " +
            socket.remote_endpoint(error).address().to_string());
    acceptor->close(error);
    {
      std::lock_guard<std::mutex> lock(implMutex);
      impl.reset(
          new StreamTransport<asio::ip::tcp::socket, asio::ip::tcp::socket>(
              socket, socket, max, log));
      impl->setOutputLostHandler([this] { reportOutputLost(); });
    }
    impl->run(handler);
  }
  void send(const std::string &body) override {
    std::lock_guard<std::mutex> lock(implMutex);
    if (impl)
      impl->send(body);
  }
  void stop() override {
    std::lock_guard<std::mutex> lock(implMutex);
    if (impl)
      impl->stop();
  }

private:
  std::unique_ptr<asio::io_context> io;
  std::unique_ptr<asio::ip::tcp::acceptor> acceptor;
  asio::ip::tcp::socket socket;
  size_t max;
  Logger &log;
  std::mutex implMutex;
  std::unique_ptr<Transport> impl;
};
} // namespace

std::unique_ptr<Transport>
bufferlens::createStdioTransport(size_t maxMessageBytes, Logger &log) {
  return std::make_unique<StdioTransport>(maxMessageBytes, log);
}

std::unique_ptr<Transport>
bufferlens::createTcpTransport(const std::string &host, unsigned short port,
                               size_t maxMessageBytes, Logger &log,
                               std::string &error, unsigned short *boundPort) {
  auto io = std::make_unique<asio::io_context>();
  boost::system::error_code ec;
  asio::ip::address address = asio::ip::make_address(host, ec);
  if (ec) {
    // A host name: resolve it.
    asio::ip::tcp::resolver resolver(*io);
    auto results = resolver.resolve(host, std::to_string(port), ec);
    if (ec || results.empty()) {
      error = "cannot resolve '" + host + "': " + ec.message();
      return nullptr;
    }
    address = results.begin()->endpoint().address();
  }
  auto acceptor = std::make_unique<asio::ip::tcp::acceptor>(*io);
  asio::ip::tcp::endpoint endpoint(address, port);
  acceptor->open(endpoint.protocol(), ec);
  if (!ec)
    acceptor->set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec)
    acceptor->bind(endpoint, ec);
  if (!ec)
    acceptor->listen(1, ec);
  if (ec) {
    error = "cannot listen on " + host + ":" + std::to_string(port) + ": " +
            ec.message();
    return nullptr;
  }
  if (boundPort)
    *boundPort = acceptor->local_endpoint(ec).port();
  return std::make_unique<TcpTransport>(std::move(io), std::move(acceptor),
                                        maxMessageBytes, log);
}
