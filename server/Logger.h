//===- Logger.h - The server's log (stderr or --log FILE) -----------------===//

#ifndef BUFFERLENS_SERVER_LOGGER_H
#define BUFFERLENS_SERVER_LOGGER_H

#include <cstdio>
#include <mutex>
#include <string>

namespace bufferlens {

class Logger {
public:
  /// Logs to `file` (owned, closed on destruction) or to stderr.
  explicit Logger(std::FILE *file = nullptr)
      : out(file ? file : stderr), owned(file != nullptr) {}
  ~Logger() {
    if (owned)
      std::fclose(out);
  }
  void log(const std::string &line) {
    std::lock_guard<std::mutex> lock(mutex);
    std::fprintf(out, "%s\n", line.c_str());
    std::fflush(out);
  }

private:
  std::mutex mutex;
  std::FILE *out;
  bool owned;
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_LOGGER_H
