//===- ServeCommand.cpp - `bufferlens serve` ------------------------------===//
//
// The language server: stdio by default, or one TCP client with
// `--listen HOST:PORT` (loopback only unless `--allow-remote`).
//
//===----------------------------------------------------------------------===//

#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "ide/CrashIsolation.h"
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

namespace cl = llvm::cl;

static cl::opt<std::string>
    listenAddress("listen",
                  cl::desc("serve one client over TCP instead of stdio"),
                  cl::value_desc("HOST:PORT"), cl::sub(serveCommand()),
                  cl::cat(optionCategory()));
static cl::opt<bool>
    allowRemote("allow-remote",
                cl::desc("allow a HOST that is not a loopback address"),
                cl::sub(serveCommand()), cl::cat(optionCategory()));
static cl::opt<uint64_t> maxMessageBytes(
    "max-message-bytes",
    cl::desc("drop larger messages with an error (default 64 MiB)"),
    cl::value_desc("N"), cl::init(64ull << 20), cl::sub(serveCommand()),
    cl::cat(optionCategory()));
static cl::opt<std::string>
    logFile("log", cl::desc("write the server log to FILE (default stderr)"),
            cl::value_desc("FILE"), cl::sub(serveCommand()),
            cl::cat(optionCategory()));
static cl::opt<unsigned> workerCount(
    "jobs",
    cl::desc("documents analysed at once (default 2); the parts of one "
             "large document run on threads of their own (setting "
             "`analysisThreads`)"),
    cl::value_desc("N"), cl::init(2), cl::sub(serveCommand()),
    cl::cat(optionCategory()));
static cl::opt<std::string> codeDescriptionBase(
    "code-description-base",
    cl::desc("where diagnostics' code links point (default: the README of "
             "this source tree)"),
    cl::value_desc("URL"), cl::init(BUFFERLENS_README_URL),
    cl::sub(serveCommand()), cl::cat(optionCategory()));

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

int bufferlens::runServe() {
  if (maxMessageBytes == 0)
    return usageError(serveCommand(), "--max-message-bytes needs a positive "
                                      "number");
  if (workerCount == 0 || workerCount > 256)
    return usageError(serveCommand(), "--jobs needs a number from 1 to 256");
  const std::string &listen = listenAddress;
  ServerConfig config;
  config.codeDescriptionBase = codeDescriptionBase;
  config.workers = workerCount;
  config.dialectPlugins = dialectPluginOption();

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
        llvm::StringRef(listen).substr(colon + 1).getAsInteger(10, port) ||
        port > 65535) {
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
