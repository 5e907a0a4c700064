//===- FuzzUri.cpp - libFuzzer: document URIs and the settings file lookup ===//
//
// Every document a client opens names a URI; the server turns it into a
// path (pathOfUri) and walks that path's directories for the nearest
// `.bufferlens.json` (ConfigCache), on the document's worker. An input is
// a URI: first as given, then as the rest of a `file://` URI under a
// directory holding a settings file. Nothing may crash or hang, the walk
// must stay linear in the path, and:
//  - a path is never longer than its URI (each escape is three bytes
//    decoded into one);
//  - under the directory, without a `.` or `..` component, a NUL byte or
//    a path too long to open, the lookup finds that directory's file;
//  - a file found is one that can be named: no NUL byte in it.
//
//===----------------------------------------------------------------------===//

#include "config/ConfigCache.h"
#include "server/DocumentService.h"

#include "ScratchDirectory.h"

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

using namespace bufferlens;

/// A directory of this process's own holding a `.bufferlens.json`, made
/// once.
static const std::string &scratch() {
  const std::string &dir = fuzz::scratchDirectory("bufferlens-fuzz-uri-");
  static const bool written =
      static_cast<bool>(std::ofstream(dir + "/.bufferlens.json") << "{}");
  (void)written;
  return dir;
}

/// Whether `path` names a place under `scratch()` that the lookup must
/// find its file from.
static bool plainlyUnder(const std::string &path) {
  const std::string &dir = scratch();
  if (path.compare(0, dir.size() + 1, dir + "/") != 0)
    return false;
  if (path.find('\0') != std::string::npos ||
      path.size() + sizeof("/.bufferlens.json") >= PATH_MAX)
    return false;
  // A `..` or `.` component may leave the directory or name it oddly;
  // an empty one ("//") is fine.
  size_t begin = dir.size() + 1;
  while (begin <= path.size()) {
    size_t end = path.find('/', begin);
    if (end == std::string::npos)
      end = path.size();
    std::string component = path.substr(begin, end - begin);
    if (component == ".." || component == ".")
      return false;
    begin = end + 1;
  }
  return true;
}

static void check(const std::string &uri) {
  std::string path = pathOfUri(uri);
  if (path.size() > uri.size())
    __builtin_trap();
  std::string found = ConfigCache::findFor(path);
  if (found.find('\0') != std::string::npos)
    __builtin_trap();
  // ("dir//x" finds "dir//.bufferlens.json": the same file, named so.)
  if (plainlyUnder(path) && found.empty())
    __builtin_trap();
  ConfigCache cache;
  ConfigCache::Lookup lookup = cache.forFile(path);
  if (lookup.file != found)
    __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string input(reinterpret_cast<const char *>(data), size);
  check(input);
  check("file://" + scratch() + "/" + input);
  return 0;
}
