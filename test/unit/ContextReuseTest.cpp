//===- ContextReuseTest.cpp - An analysis in a reused context -------------===//
//
// Each thread hands its MLIRContext from one analysis to the next
// (takeThreadContext): nothing the previous analysis left in it may change
// the next one's result.

#include "TestUtil.h"
#include "analysis/ir/Registry.h"

#include "mlir/IR/MLIRContext.h"

#include <filesystem>
#include <fstream>
#include <thread>

using namespace bufferlens;

TEST(ContextReuseTest, SameFindingsAsInAFreshContext) {
  std::vector<std::string> texts;
  for (const char *dir : {"examples", "test/lit/checker", "test/lit/classic",
                          "test/lit/ownership", "test/lsp/inputs"}) {
    std::vector<std::filesystem::path> files;
    for (const auto &entry : std::filesystem::directory_iterator(
             std::filesystem::path(BUFFERLENS_SOURCE_DIR) / dir))
      if (entry.path().extension() == ".mlir")
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const std::filesystem::path &path : files) {
      std::ifstream in(path);
      texts.emplace_back(std::istreambuf_iterator<char>(in),
                         std::istreambuf_iterator<char>());
    }
  }
  ASSERT_GT(texts.size(), 40u);
  // A new thread has no context to reuse: each analysis there is fresh.
  std::vector<std::string> fresh;
  for (const std::string &text : texts)
    std::thread([&] {
      fresh.push_back(test::describe(test::analyze(text).findings));
    }).join();
  // One thread analyses them all, twice over, in one context.
  std::thread([&] {
    mlir::MLIRContext *first = nullptr;
    for (int round = 0; round < 2; ++round)
      for (size_t i = 0; i < texts.size(); ++i) {
        EXPECT_EQ(test::describe(test::analyze(texts[i]).findings), fresh[i])
            << "input " << i << " in round " << round;
        std::unique_ptr<mlir::MLIRContext> context = takeThreadContext();
        if (!first)
          first = context.get();
        EXPECT_EQ(context.get(), first) << "the context was reused";
        giveBackThreadContext(std::move(context), 0);
      }
  }).join();
}
