//===- ServeCommand.cpp - `bufferlens serve` ------------------------------===//
//
// The language server: stdio by default, or one TCP client with
// `--listen HOST:PORT` (loopback only unless `--allow-remote`).
//
//===----------------------------------------------------------------------===//

#include "cli/Commands.h"
#include "server/CrashIsolation.h"
#include "server/LSPServer.h"
#include "server/Logger.h"
#include "server/Transport.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <thread>

using namespace bufferlens;

static const char *kServeUsage =
    R"(usage: bufferlens serve [--listen HOST:PORT] [--allow-remote]
                        [--max-message-bytes N] [--log FILE] [--jobs N]

Runs the BufferLens language server (LSP 3.17) on stdin/stdout, or for one
client on a TCP port. HOST defaults to 127.0.0.1; PORT 0 picks a free port
and prints it on stderr ("listening on HOST:PORT").

  --listen HOST:PORT       serve over TCP instead of stdio
  --allow-remote           allow a HOST that is not a loopback address
  --max-message-bytes N    drop larger messages with an error (default 64 MiB)
  --log FILE               write the server log to FILE (default stderr)
  --jobs N                 documents analysed at once (default 2); the
                           parts of one large document run on threads
                           of their own (setting `analysisThreads`)
  --code-description-base URL
                           where diagnostics' code links point (default: the
                           README of this source tree)
)";

static bool isLoopback(const std::string &host) {
  boost::system::error_code error;
  auto address = boost::asio::ip::make_address(host, error);
  if (!error)
    return address.is_loopback();
  if (host == "localhost")
    return true;
  // Any other name: every address it resolves to must be loopback.
  boost::asio::io_context io;
  boost::asio::ip::tcp::resolver resolver(io);
  auto results = resolver.resolve(host, "0", error);
  if (error || results.empty())
    return false;
  for (const auto &entry : results)
    if (!entry.endpoint().address().is_loopback())
      return false;
  return true;
}

static bool parseUnsigned(const std::string &text, uint64_t &out) {
  if (text.empty() || text.size() > 18 ||
      text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  out = std::stoull(text);
  return true;
}

int bufferlens::runServe(const std::vector<std::string> &args) {
  std::string listen, logFile;
  bool allowRemote = false;
  uint64_t maxMessageBytes = 64ull << 20, jobs = 2;
  ServerConfig config;
  config.codeDescriptionBase = BUFFERLENS_README_URL;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    auto value = [&](std::string &out) {
      if (i + 1 >= args.size())
        return false;
      out = args[++i];
      return true;
    };
    std::string text;
    if (arg == "--help" || arg == "-h") {
      std::cout << kServeUsage;
      return 0;
    } else if (arg == "--listen" && value(listen)) {
    } else if (arg == "--allow-remote") {
      allowRemote = true;
    } else if (arg == "--max-message-bytes" && value(text) &&
               parseUnsigned(text, maxMessageBytes) && maxMessageBytes > 0) {
    } else if (arg == "--jobs" && value(text) && parseUnsigned(text, jobs) &&
               jobs > 0 && jobs <= 256) {
    } else if (arg == "--log" && value(logFile)) {
    } else if (arg == "--code-description-base" &&
               value(config.codeDescriptionBase)) {
    } else {
      std::cerr << "bufferlens serve: invalid argument '" << arg << "'\n"
                << kServeUsage;
      return 2;
    }
  }
  config.workers = static_cast<unsigned>(jobs);

  std::FILE *logStream = nullptr;
  if (!logFile.empty() && !(logStream = std::fopen(logFile.c_str(), "a"))) {
    std::cerr << "bufferlens serve: cannot open the log file '" << logFile
              << "'\n";
    return 2;
  }
  Logger log(logStream);
  // A client that goes away must not kill us mid-write.
  std::signal(SIGPIPE, SIG_IGN);
  enableCrashRecovery();
  // Before the first thread: the workers analyse deep nesting too.
  useLargeThreadStacks();

  std::unique_ptr<Transport> transport;
  if (listen.empty()) {
    transport = createStdioTransport(maxMessageBytes, log);
  } else {
    size_t colon = listen.rfind(':');
    uint64_t port = 0;
    if (colon == std::string::npos ||
        !parseUnsigned(listen.substr(colon + 1), port) || port > 65535) {
      std::cerr << "bufferlens serve: --listen expects HOST:PORT\n";
      return 2;
    }
    std::string host = listen.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
      host = host.substr(1, host.size() - 2);
    if (host.empty())
      host = "127.0.0.1";
    if (!allowRemote && !isLoopback(host)) {
      std::cerr << "bufferlens serve: refusing to listen on '" << host
                << "', which is not a loopback address (the server reads "
                   "and analyses what any client sends); pass "
                   "--allow-remote to do it anyway\n";
      return 2;
    }
    std::string error;
    unsigned short bound = 0;
    transport = createTcpTransport(host, static_cast<unsigned short>(port),
                                   maxMessageBytes, log, error, &bound);
    if (!transport) {
      std::cerr << "bufferlens serve: " << error << "\n";
      return 2;
    }
    // Tests and scripts read the port from here when they asked for 0.
    std::cerr << "listening on " << host << ":" << bound << std::endl;
  }
  // Nothing can reach a client that closed our output, however long it
  // keeps our input open: end now, as if the input had ended (exit code 1).
  transport->setOutputLostHandler([&log] {
    log.log("the client closed the server's output: exiting");
    std::fflush(nullptr);
    std::_Exit(1);
  });
  // The server object is not destroyed: that would wait for analyses
  // still running on the workers, and `exit` must end the process now.
  auto *server = new LSPServer(*transport, log, config);
  int code = server->run();
  std::fflush(nullptr);
  std::_Exit(code);
}
