//===- WriteFixedFileTest.cpp - `lint --fix` writing a file's fixed text --===//
//
// Each test reads a file as `lint --fix` does (readSourceFile, with its
// stamp), changes the file where the test says, then writes the fixed text:
// the file changed while it was being fixed, deterministically.
//
//===----------------------------------------------------------------------===//

#include "cli/WriteFixedFile.h"
#include "cli/SourceFile.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace bufferlens;
namespace fs = std::filesystem;

namespace {
constexpr const char kOriginal[] = "%0 = memref.alloc() : memref<4xf32>\n";
constexpr const char kFixed[] = "%0 = memref.alloca() : memref<4xf32>\n";
constexpr const char kChanged[] =
    "changed while it was being fixed; not rewritten, so the change is kept "
    "(run --fix again)";

class WriteFixedFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    root = fs::temp_directory_path() /
           ("bufferlens-write-fixed-test-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
    path = (root / "a.mlir").string();
    overwrite(path, kOriginal);
  }
  void TearDown() override { fs::remove_all(root); }

  static void overwrite(const std::string &file, const std::string &bytes) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
  }
  static std::string contents(const std::string &file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream out;
    out << in.rdbuf();
    return out.str();
  }
  /// Reads `file` as lint does; the stamp goes to `stamp`.
  static std::string read(const std::string &file, FileStamp &stamp) {
    std::string text, error;
    EXPECT_TRUE(readSourceFile(file, text, error, &stamp)) << error;
    return text;
  }
  /// The names in `root`, to see that no temporary file is left.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto &entry : fs::directory_iterator(root))
      out.push_back(entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }

  fs::path root;
  std::string path;
};
} // namespace

TEST_F(WriteFixedFileTest, WritesAnUnchangedFileAndKeepsItsMode) {
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  FileStamp stamp;
  std::string original = read(path, stamp);
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed), "");
  EXPECT_EQ(contents(path), kFixed);
  struct stat status;
  ASSERT_EQ(::stat(path.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0640u);
  EXPECT_EQ(names(), std::vector<std::string>{"a.mlir"});
}

TEST_F(WriteFixedFileTest, KeepsAnEditMadeWhileFixing) {
  FileStamp stamp;
  std::string original = read(path, stamp);
  overwrite(path, "// the user's edit\n");
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed), kChanged);
  EXPECT_EQ(contents(path), "// the user's edit\n");
  EXPECT_EQ(names(), std::vector<std::string>{"a.mlir"});
}

TEST_F(WriteFixedFileTest, KeepsAnEditOfTheSameSizeAndTime) {
  // The edit keeps the size and the modification time (a tool that
  // restores it, or a clock too coarse to tell): the bytes still differ.
  FileStamp stamp;
  std::string original = read(path, stamp);
  struct stat before;
  ASSERT_EQ(::stat(path.c_str(), &before), 0);
  std::string edit = original;
  edit[0] = '#';
  overwrite(path, edit);
  struct timespec times[2] = {before.st_atim, before.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed), kChanged);
  EXPECT_EQ(contents(path), edit);
}

TEST_F(WriteFixedFileTest, KeepsAFileSavedByRenaming) {
  // Editors save by renaming a new file over the old: same bytes, another
  // inode; that is a save the fix never saw.
  FileStamp stamp;
  std::string original = read(path, stamp);
  overwrite((root / "new").string(), original);
  fs::rename(root / "new", path);
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed), kChanged);
  EXPECT_EQ(contents(path), original);
}

TEST_F(WriteFixedFileTest, DoesNotRecreateARemovedFile) {
  FileStamp stamp;
  std::string original = read(path, stamp);
  fs::remove(path);
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed),
            "was removed while it was being fixed; not rewritten");
  EXPECT_TRUE(names().empty());
}

TEST_F(WriteFixedFileTest, DoesNotBlockOnAFifoPutInItsPlace) {
  FileStamp stamp;
  std::string original = read(path, stamp);
  fs::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed), kChanged);
  EXPECT_TRUE(fs::is_fifo(path));
}

TEST_F(WriteFixedFileTest, WritesThroughASymlinkToItsTarget) {
  fs::create_directories(root / "links");
  std::string link = (root / "links" / "link.mlir").string();
  fs::create_symlink("../a.mlir", link);
  FileStamp stamp;
  std::string original = read(link, stamp);
  EXPECT_EQ(writeFixedFile(link, original, stamp, kFixed), "");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(fs::read_symlink(link), "../a.mlir");
  EXPECT_EQ(contents(path), kFixed);
  EXPECT_EQ(names(), (std::vector<std::string>{"a.mlir", "links"}));
}

TEST_F(WriteFixedFileTest, KeepsHardLinks) {
  std::string other = (root / "b.mlir").string();
  fs::create_hard_link(path, other);
  FileStamp stamp;
  std::string original = read(path, stamp);
  EXPECT_EQ(stamp.links, 2u);
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed), "");
  EXPECT_EQ(contents(path), kFixed);
  EXPECT_EQ(contents(other), kFixed);
  EXPECT_EQ(fs::hard_link_count(path), 2u);
  EXPECT_TRUE(fs::equivalent(path, other));
}

TEST_F(WriteFixedFileTest, KeepsAnEditToAHardLinkedFile) {
  std::string other = (root / "b.mlir").string();
  fs::create_hard_link(path, other);
  FileStamp stamp;
  std::string original = read(path, stamp);
  overwrite(other, "// edited through the other name\n");
  EXPECT_EQ(writeFixedFile(path, original, stamp, kFixed), kChanged);
  EXPECT_EQ(contents(path), "// edited through the other name\n");
}

TEST_F(WriteFixedFileTest, AShorterFixInPlaceLeavesNoTail) {
  std::string other = (root / "b.mlir").string();
  fs::create_hard_link(path, other);
  FileStamp stamp;
  std::string original = read(path, stamp);
  EXPECT_EQ(writeFixedFile(path, original, stamp, "x\n"), "");
  EXPECT_EQ(contents(other), "x\n");
}
