//===- ScratchDirectory.h - A fuzz run's own directory, removed at exit ---===//
//
// The fuzz targets that write settings files write them into a directory of
// their process's own. A bounded run ends by exit(), so the directory is
// removed then; left behind, every ctest run added one to /tmp.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_TEST_FUZZ_SCRATCHDIRECTORY_H
#define BUFFERLENS_TEST_FUZZ_SCRATCHDIRECTORY_H

#include <cstdlib>
#include <filesystem>
#include <string>

#include <unistd.h>

namespace bufferlens::fuzz {

/// `/tmp/<prefix>XXXXXX`, made on the first call and removed when the
/// process exits; `/tmp` itself if it cannot be made.
inline const std::string &scratchDirectory(const char *prefix) {
  static std::string dir;
  static bool made = [prefix] {
    std::string name = std::string("/tmp/") + prefix + "XXXXXX";
    if (!mkdtemp(name.data())) {
      dir = "/tmp";
      return false;
    }
    dir = name;
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    });
    return true;
  }();
  (void)made;
  return dir;
}

} // namespace bufferlens::fuzz

#endif // BUFFERLENS_TEST_FUZZ_SCRATCHDIRECTORY_H
