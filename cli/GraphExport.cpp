//===- GraphExport.cpp - Writing graph files for `graph` and `lint --graphs`
//===//

#include "cli/GraphExport.h"
#include "viz/Graph.h"

#include <cerrno>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace bufferlens;
namespace fs = std::filesystem;

/// `s` with the characters that are not safe in a file name replaced by `_`.
static std::string safeInFileName(std::string s) {
  for (char &c : s)
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' &&
        c != '.')
      c = '_';
  return s;
}

std::string bufferlens::graphFileName(const std::string &sourceStem,
                                      const std::string &function,
                                      const std::string &stage,
                                      viz::GraphFormat format) {
  return safeInFileName(sourceStem) + "." + safeInFileName(function) + "." +
         stage + "." + viz::toString(format);
}

static std::string systemError(int error) {
  return std::error_code(error, std::generic_category()).message();
}

/// Opens `path` for writing without waiting for a FIFO's reader.
static int openForWriting(const std::string &path, std::string &error) {
  int fd = ::open(
      path.c_str(),
      O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
  if (fd < 0) {
    int failed = errno;
    struct stat status;
    // A FIFO without a reader would have blocked a plain open forever.
    error = failed == ENXIO && ::stat(path.c_str(), &status) == 0 &&
                    S_ISFIFO(status.st_mode)
                ? "a FIFO with no reader"
                : systemError(failed);
    return -1;
  }
  // A FIFO with a reader is written at the reader's pace, as a shell would.
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
    error = systemError(errno);
    ::close(fd);
    return -1;
  }
  return fd;
}

std::string bufferlens::writeGraphFile(const std::string &path,
                                       const std::string &bytes) {
  std::string error;
  int fd = openForWriting(path, error);
  if (fd < 0)
    return error;
  for (size_t done = 0; done < bytes.size() && error.empty();) {
    ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (wrote > 0)
      done += size_t(wrote);
    else if (wrote == 0 || errno != EINTR)
      error = systemError(wrote == 0 ? EIO : errno);
  }
  if (::close(fd) != 0 && error.empty())
    error = systemError(errno);
  return error;
}

std::vector<std::string>
bufferlens::uniqueGraphStems(const std::vector<std::string> &files) {
  std::map<std::string, size_t> stemCount;
  for (const std::string &file : files)
    ++stemCount[fs::path(file).stem().string()];
  std::vector<std::string> stems;
  std::set<std::string> taken;
  for (const std::string &file : files) {
    std::string stem = fs::path(file).stem().string();
    if (stemCount[stem] > 1)
      stem = fs::path(file).lexically_normal().replace_extension().string();
    // Different paths can still read the same once made safe for a file
    // name ("a/b_x" and "a_b/x"): compare them as graphFileName writes them.
    std::string base = stem;
    for (int n = 2; !taken.insert(safeInFileName(stem)).second; ++n)
      stem = base + "-" + std::to_string(n);
    stems.push_back(stem);
  }
  return stems;
}

std::vector<std::string> bufferlens::exportInputGraphs(
    const AnalysisResult &result, const std::string &sourcePath,
    const std::string &stem, const std::string &dir, viz::GraphFormat format) {
  std::vector<std::string> problems;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    return {dir + ": cannot create the directory: " + ec.message()};
  viz::GraphOptions options;
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
    viz::Rendered out = viz::renderGraph(result, fn, format, options);
    fs::path path =
        fs::path(dir) /
        graphFileName(stem, result.functions[fn].name, "input", format);
    if (!out.ok())
      problems.push_back(sourcePath + ": @" + result.functions[fn].name + ": " +
                         out.error);
    else if (std::string error = writeGraphFile(path.string(), out.bytes);
             !error.empty())
      problems.push_back(path.string() + ": cannot write the file: " + error);
  }
  return problems;
}
