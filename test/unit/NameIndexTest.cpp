//===- NameIndexTest.cpp - The one "what is under the cursor" lookup ------===//

#include "analysis/model/NameIndex.h"
#include "Annotations.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
/// What nameAt finds at `offset`, as "kind range", or "none".
std::string at(const AnalysisResult &result, uint32_t offset) {
  std::optional<NameOccurrence> name = nameAt(sortedNames(result), offset);
  if (!name)
    return "none";
  static const char *kinds[] = {"value-def", "value-use", "block-label",
                                "block-use", "op-name"};
  return std::string(kinds[name->kind]) + " " +
         std::to_string(name->range.begin) + "-" +
         std::to_string(name->range.end);
}
std::string expect(const char *kind, SourceRange range) {
  return std::string(kind) + " " + std::to_string(range.begin) + "-" +
         std::to_string(range.end);
}
} // namespace

TEST(NameIndexTest, EachKindOfNameAndTheCursorJustAfterIt) {
  Annotations code("func.func @f(%c: i1) {\n"
                   "  $def[[%0]] = $op[[memref.alloc]]() : memref<2xf32>\n"
                   "  cf.cond_br %c, $buse[[^bb1]], ^bb1\n"
                   "$label[[^bb1]]:\n"
                   "  memref.dealloc $use[[%0]]$after^ : memref<2xf32>\n"
                   "  $space^ return\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  EXPECT_EQ(at(result, code.range("def").begin),
            expect("value-def", code.range("def")));
  EXPECT_EQ(at(result, code.range("op").begin + 3),
            expect("op-name", code.range("op")));
  EXPECT_EQ(at(result, code.range("buse").begin),
            expect("block-use", code.range("buse")));
  EXPECT_EQ(at(result, code.range("label").begin + 1),
            expect("block-label", code.range("label")));
  EXPECT_EQ(at(result, code.range("use").begin),
            expect("value-use", code.range("use")));
  // `%0|`: the cursor right after a name still means it.
  EXPECT_EQ(at(result, code.point("after")),
            expect("value-use", code.range("use")));
  // Between names: nothing.
  EXPECT_EQ(at(result, code.point("space")), "none");
  EXPECT_EQ(at(result, 0), "none");
}

TEST(NameIndexTest, NamesAreSortedAndEmptyRangesLeftOut) {
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>("%a %b");
  ValueEntry b;
  b.definition = {3, 5};
  ValueEntry a;
  a.definition = {0, 2};
  a.uses.push_back({4, 4}); // Empty: no name to find.
  result.values = {b, a};
  std::vector<NameOccurrence> names = sortedNames(result);
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0].id, 1);
  EXPECT_EQ(names[1].id, 0);
  EXPECT_EQ(at(result, 2), "value-def 0-2");
  EXPECT_EQ(at(result, 3), "value-def 3-5");
}

// `%r:2 = ...` defines two values on one name: sorted by id, so the cursor
// on it means the first (an unstable sort used to pick either, and a part
// analysed after an edit could answer with the other).
TEST(NameIndexTest, ResultsSharingANameGiveTheFirst) {
  Annotations code("func.func @f(%c: i1, %m: memref<2xf32>) {\n"
                   "  $def[[%r]]:2 = scf.if %c -> (memref<2xf32>, i1) {\n"
                   "    scf.yield %m, %c : memref<2xf32>, i1\n"
                   "  } else {\n"
                   "    scf.yield %m, %c : memref<2xf32>, i1\n"
                   "  }\n"
                   "  return\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  std::vector<NameOccurrence> names = sortedNames(result);
  std::vector<int32_t> shared;
  for (const NameOccurrence &name : names)
    if (name.range == code.range("def"))
      shared.push_back(name.id);
  ASSERT_EQ(shared.size(), 2u);
  EXPECT_LT(shared[0], shared[1]);
  for (uint32_t offset :
       {code.range("def").begin, code.range("def").begin + 1}) {
    std::optional<NameOccurrence> name = nameAt(names, offset);
    ASSERT_TRUE(name);
    EXPECT_EQ(name->id, shared[0]);
    EXPECT_EQ(result.values[name->id].type, "memref<2xf32>");
  }
}
