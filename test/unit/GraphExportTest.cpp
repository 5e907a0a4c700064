//===- GraphExportTest.cpp - Graph file names of `lint --graphs` ----------===//

#include "cli/GraphExport.h"

#include <gtest/gtest.h>

using namespace bufferlens;

namespace {

TEST(GraphExportTest, StemsAreTheFileStemsWhenTheyDiffer) {
  EXPECT_EQ(uniqueGraphStems({"a/x.mlir", "b/y.mlir", "z.mlir"}),
            (std::vector<std::string>{"x", "y", "z"}));
}

TEST(GraphExportTest, FilesOfOneNameKeepTheirFolders) {
  EXPECT_EQ(uniqueGraphStems({"a/x.mlir", "b/x.mlir", "b/./y.mlir"}),
            (std::vector<std::string>{"a/x", "b/x", "y"}));
  EXPECT_EQ(graphFileName("a/x", "f", "input", viz::GraphFormat::Svg),
            "a_x.f.input.svg");
}

TEST(GraphExportTest, PathsThatReadTheSameOnceSafeGetASuffix) {
  // "a/b_x" and "a_b/x" both become "a_b_x" in a file name.
  EXPECT_EQ(
      uniqueGraphStems({"a/b_x.mlir", "a_b/x.mlir", "c/x.mlir", "c/b_x.mlir"}),
      (std::vector<std::string>{"a/b_x", "a_b/x-2", "c/x", "c/b_x"}));
}

} // namespace
