//===- ConfigCacheTest.cpp - `.bufferlens.json` read once per change ------===//

#include "config/ConfigCache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace bufferlens;
namespace fs = std::filesystem;

namespace {
struct ConfigCacheTest : ::testing::Test {
  // One directory per process: ctest runs each test in its own process,
  // two at a time, and a shared one was removed under a running test.
  fs::path root = fs::temp_directory_path() / ("bufferlens-config-cache-test-" +
                                               std::to_string(::getpid()));
  void SetUp() override {
    fs::remove_all(root);
    fs::create_directories(root / "a" / "b");
  }
  void TearDown() override { fs::remove_all(root); }
  void write(const fs::path &file, const std::string &text) {
    std::ofstream(file, std::ios::trunc) << text;
  }
};
} // namespace

TEST_F(ConfigCacheTest, FindsTheNearestFileAndParsesIt) {
  write(root / ".bufferlens.json", "{\"stage\": \"deallocated\"}");
  write(root / "a" / ".bufferlens.json",
        "{\"stage\": \"bufferized\", \"checks\": {\"BL301\": \"off\"}}");
  ConfigCache cache;
  ConfigCache::Lookup inner = cache.forFile((root / "a" / "b" / "x.mlir"));
  EXPECT_EQ(inner.file, (root / "a" / ".bufferlens.json").string());
  EXPECT_EQ(inner.error, "");
  ASSERT_TRUE(inner.settings);
  AnalysisOptions options;
  inner.settings->applyTo(options);
  EXPECT_EQ(options.stage, StageOverride::Bufferized);
  EXPECT_FALSE(options.isEnabled(FindingCode::BL301));
  EXPECT_EQ(cache.forFile((root / "x.mlir")).file,
            (root / ".bufferlens.json").string());
  EXPECT_EQ(ConfigCache::findFor("/"), "");
}

TEST_F(ConfigCacheTest, ReadsAFileAgainOnlyWhenItChanged) {
  fs::path file = root / ".bufferlens.json";
  write(file, "{\"promoteToStackLimit\": 7}");
  ConfigCache cache;
  auto first = cache.forFile((root / "x.mlir"));
  auto second = cache.forFile((root / "x.mlir"));
  // The same parse, not a new one.
  EXPECT_EQ(first.settings, second.settings);
  write(file, "{\"promoteToStackLimit\": 99, \"bogus\": 1}");
  // Another size: read again; the valid settings still apply.
  auto third = cache.forFile((root / "x.mlir"));
  EXPECT_NE(third.settings, first.settings);
  EXPECT_EQ(third.settings->promoteToStackLimit, 99u);
  EXPECT_EQ(third.error, file.string() + ": unknown setting 'bogus'");
  write(file, "{not json");
  EXPECT_EQ(cache.forFile((root / "x.mlir")).error,
            file.string() + ": not valid JSON");
}

TEST_F(ConfigCacheTest, AHugeFileIsAnErrorNotAParse) {
  fs::path file = root / ".bufferlens.json";
  {
    std::ofstream out(file);
    out << "{\"checks\": {";
    out << std::string(kMaxConfigFileBytes, ' ');
    out << "}}";
  }
  ConfigCache cache;
  auto lookup = cache.forFile((root / "x.mlir"));
  ASSERT_NE(lookup.settings, nullptr);
  EXPECT_TRUE(lookup.settings->checks.empty());
  EXPECT_EQ(lookup.error, file.string() +
                              ": cannot read the configuration file: larger "
                              "than the 4 MiB limit");
}

TEST_F(ConfigCacheTest, ADirectoryOrFifoNamedLikeTheFileIsNotIt) {
  fs::create_directories(root / "a" / ".bufferlens.json");
  ::mkfifo((root / "a" / "b" / ".bufferlens.json").c_str(), 0600);
  write(root / ".bufferlens.json", "{}");
  ConfigCache cache;
  EXPECT_EQ(cache.forFile((root / "a" / "b" / "x.mlir")).file,
            (root / ".bufferlens.json").string());
}

// A NUL byte (a URI's %00) ends the path the system sees: the file of
// ".../.bufferlens.json\0/x" would be found under a name that is not
// its own.
TEST_F(ConfigCacheTest, APathWithANulByteFindsNothing) {
  write(root / ".bufferlens.json", "{}");
  std::string path = (root / ".bufferlens.json").string();
  path += std::string(1, '\0') + "/x/y.mlir";
  EXPECT_EQ(ConfigCache::findFor(path), "");
  EXPECT_EQ(ConfigCache().forFile(path).file, "");
}

TEST_F(ConfigCacheTest, APathOfManyComponentsIsWalkedOnce) {
  // 40,000 components: far past PATH_MAX, so no ancestor but the short
  // ones can be stat'ed; the walk must still end, and quickly.
  std::string path = root.string();
  for (int i = 0; i < 40000; ++i)
    path += "/d";
  path += "/x.mlir";
  write(root / ".bufferlens.json", "{}");
  EXPECT_EQ(ConfigCache::findFor(path), (root / ".bufferlens.json").string());
}
