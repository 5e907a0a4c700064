//===- RegularFileTest.cpp - Reading a regular file, bounded, never blocking =//

#include "support/RegularFile.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>

using namespace bufferlens;
namespace fs = std::filesystem;

namespace {
/// A directory of its own under the temporary directory, removed after.
class RegularFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    root = fs::temp_directory_path() /
           ("bufferlens-regular-file-test-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
  }
  void TearDown() override { fs::remove_all(root); }
  std::string write(const std::string &name, const std::string &bytes) {
    std::ofstream(root / name, std::ios::binary) << bytes;
    return (root / name).string();
  }
  fs::path root;
};
} // namespace

TEST_F(RegularFileTest, ReadsTheFileAndItsStamp) {
  std::string path = write("a.mlir", "func.func @f() {\n  return\n}\n");
  std::string text;
  FileStamp stamp;
  EXPECT_EQ(readRegularFile(path, 1024, text, &stamp), "");
  EXPECT_EQ(text, "func.func @f() {\n  return\n}\n");
  struct stat status;
  ASSERT_EQ(::stat(path.c_str(), &status), 0);
  EXPECT_EQ(stamp.inode, uint64_t(status.st_ino));
  EXPECT_EQ(stamp.size, text.size());
  EXPECT_EQ(stamp.links, 1u);
  std::error_code error;
  std::optional<FileStamp> now = stampFile(path, error);
  ASSERT_TRUE(now);
  EXPECT_TRUE(now->sameContentsAs(stamp));
}

TEST_F(RegularFileTest, ReadsUpToTheLimitAndNoFurther) {
  std::string path = write("four.json", "1234");
  std::string text;
  EXPECT_EQ(readRegularFile(path, 4, text), "");
  EXPECT_EQ(text, "1234");
  EXPECT_EQ(readRegularFile(path, 3, text), "larger than the 3 bytes limit");
  EXPECT_EQ(text, "");
  EXPECT_EQ(describeByteCount(size_t(1) << 30), "1 GiB");
  EXPECT_EQ(describeByteCount(size_t(4) << 20), "4 MiB");
  EXPECT_EQ(describeByteCount(1024), "1 KiB");
  EXPECT_EQ(describeByteCount(1536), "1536 bytes");
  EXPECT_EQ(describeByteCount(128), "128 bytes");
}

// The call that sees the end of the file does not grow the text: a string
// doubles its capacity, and a large file was held at twice its size.
TEST_F(RegularFileTest, HoldsALargeFileAtItsSize) {
  std::string contents(3 << 20, 'x');
  contents[12345] = '\n';
  std::string path = write("large.mlir", contents);
  std::string text;
  EXPECT_EQ(readRegularFile(path, 8 << 20, text), "");
  EXPECT_EQ(text, contents);
  EXPECT_LT(text.capacity(), contents.size() + contents.size() / 8);
}

TEST_F(RegularFileTest, ReadsAFileThatReportsNoSize) {
  // /proc files say size 0 and still have contents.
  std::string text;
  EXPECT_EQ(readRegularFile("/proc/self/status", 1 << 20, text), "");
  EXPECT_NE(text.find("Name:"), std::string::npos);
}

TEST_F(RegularFileTest, RefusesAFifoWithoutWaitingForAWriter) {
  std::string path = (root / "fifo.mlir").string();
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  std::string text;
  EXPECT_EQ(readRegularFile(path, 1024, text), "not a regular file (a FIFO)");
  EXPECT_EQ(whyNotRegularFile(path), "not a regular file (a FIFO)");
}

TEST_F(RegularFileTest, RefusesDirectoriesAndDevices) {
  std::string text;
  EXPECT_EQ(readRegularFile(root.string(), 1024, text),
            "not a regular file (a directory)");
  EXPECT_EQ(readRegularFile("/dev/zero", 1024, text),
            "not a regular file (a character device)");
  fs::create_symlink("/dev/zero", root / "zero.mlir");
  EXPECT_EQ(readRegularFile((root / "zero.mlir").string(), 1024, text),
            "not a regular file (a character device)");
  EXPECT_EQ(readRegularFile((root / "missing").string(), 1024, text),
            "No such file or directory");
}

TEST_F(RegularFileTest, ReportsAReadErrorInWords) {
  // A regular file whose read fails (EIO at offset 0): once an abort in
  // the settings' stream.
  fs::create_symlink("/proc/self/mem", root / ".bufferlens.json");
  std::string text;
  EXPECT_EQ(readRegularFile((root / ".bufferlens.json").string(), 1024, text),
            "Input/output error");
  EXPECT_EQ(text, "");
}
