// The checker's work on deep nests of loops (LoopReplay.cpp,
// LiveValues.cpp): counted in loop runs and interpreted ops, which depend
// on the algorithm only, and the findings, which must be those of running
// every loop again.

#include "TestUtil.h"

#include "analysis/checker/Checker.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace bufferlens;
using namespace bufferlens::test;

namespace {

struct Checked {
  std::vector<Finding> findings;
  std::vector<CheckerStats> stats; // One per function.
};

Checked check(const std::string &text, const CheckerLimits &limits = {}) {
  Checked out;
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>(text);
  std::unique_ptr<mlir::MLIRContext> context = takeThreadContext();
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text(), "in.mlir", *context, result.findings);
  if (!parsed || !result.findings.empty())
    return out;
  {
    SourceIndex index(*parsed, result);
    for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
      CheckerStats stats;
      runDeallocationChecker(index, fn, limits, nullptr, &stats);
      out.stats.push_back(stats);
    }
  }
  out.findings = std::move(result.findings);
  return out;
}

// bench/blowups.py's `nestedfreed`: `depth` nested scf.for with unknown
// bounds, the innermost reading and writing a buffer freed after the nest.
std::string nestedFreed(int depth, bool freed = true) {
  std::string text = "func.func @f(%lb: index, %ub: index, %s: index) -> f32 "
                     "{\n  %m = memref.alloc() : memref<8xf32>\n";
  for (int k = 0; k < depth; ++k)
    text += "  scf.for %i" + std::to_string(k) + " = %lb to %ub step %s {\n";
  text += "  %x = memref.load %m[%i" + std::to_string(depth - 1) +
          "] : memref<8xf32>\n  memref.store %x, %m[%lb] : memref<8xf32>\n";
  for (int k = 0; k < depth; ++k)
    text += "  }\n";
  text += "  %v = memref.load %m[%lb] : memref<8xf32>\n";
  if (freed)
    text += "  memref.dealloc %m : memref<8xf32>\n";
  return text + "  return %v : f32\n}\n";
}

} // namespace

// Each level of the nest runs from two states (its buffer not yet touched,
// and touched), and every other arrival is one of those: the runs grow with
// the depth, not with the number of paths through the nest. Before replay,
// depth 40 ran out of the checker's 200,000 steps and merged paths.
TEST(CheckerReplayTest, NestedLoopsRunTwicePerLevel) {
  for (int depth : {10, 40, 160}) {
    Checked c = check(nestedFreed(depth));
    ASSERT_EQ(c.stats.size(), 1u);
    EXPECT_EQ(describe(c.findings), "") << "depth " << depth;
    EXPECT_EQ(c.stats[0].loopRuns, 2u * depth - 1) << "depth " << depth;
    // Each loop decides once whether it runs at all (%ub > %lb), so the
    // inner levels are not reached again on a path that skipped them.
    EXPECT_EQ(c.stats[0].loopReplays, 2u * depth - 4) << "depth " << depth;
    EXPECT_LE(c.stats[0].steps, 10u * depth) << "depth " << depth;
  }
}

// A leak is still found through replayed loops, once, with its path.
TEST(CheckerReplayTest, LeakAfterNestIsReported) {
  Checked c = check(nestedFreed(30, /*freed=*/false));
  ASSERT_EQ(c.findings.size(), 1u) << describe(c.findings);
  EXPECT_EQ(c.findings[0].code, FindingCode::BL101);
  EXPECT_EQ(c.findings[0].message, "%m leaks: ^bb0 -> return");
  EXPECT_GT(c.stats[0].loopReplays, 0u);
}

// Replaying changes no finding: the checker's own tests and upstream's
// deallocation tests give the same findings, in the same order, with every
// loop run again.
TEST(CheckerReplayTest, SameFindingsAsRunningEveryLoop) {
  namespace fs = std::filesystem;
  std::string root = BUFFERLENS_SOURCE_DIR;
  std::vector<fs::path> files;
  for (const char *dir :
       {"/test/lit/checker", "/test/corpus/upstream-dealloc", "/examples"})
    for (const auto &entry : fs::directory_iterator(root + dir))
      if (entry.path().extension() == ".mlir")
        files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  // The inputs above seldom reach a loop twice in one state; the nests of
  // NestedLoopsRunTwicePerLevel do at every level.
  std::vector<std::string> nests = {nestedFreed(12), nestedFreed(12, false)};
  CheckerLimits rerun;
  rerun.replayLoops = false;
  size_t chunks = 0, replays = 0;
  for (const fs::path &file : files) {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
    // Upstream's tests are split into modules by `// -----` lines.
    size_t begin = 0;
    while (begin <= text.size()) {
      size_t split = text.find("\n// -----", begin);
      std::string chunk =
          text.substr(begin, split == std::string::npos ? std::string::npos
                                                        : split + 1 - begin);
      begin = split == std::string::npos ? text.size() + 1
                                         : text.find('\n', split + 1) + 1;
      Checked replayed = check(chunk);
      if (replayed.stats.empty())
        continue; // Not a valid module on its own.
      ++chunks;
      for (const CheckerStats &stats : replayed.stats)
        replays += stats.loopReplays;
      EXPECT_EQ(describe(replayed.findings),
                describe(check(chunk, rerun).findings))
          << file.string() << " at byte " << begin;
    }
  }
  for (const std::string &nest : nests) {
    Checked replayed = check(nest);
    ASSERT_EQ(replayed.stats.size(), 1u);
    replays += replayed.stats[0].loopReplays;
    EXPECT_EQ(describe(replayed.findings),
              describe(check(nest, rerun).findings));
  }
  EXPECT_GT(chunks, 100u);
  EXPECT_GT(replays, 0u) << "no input replayed a loop: the test shows nothing";
}
