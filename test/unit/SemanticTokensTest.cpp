//===- SemanticTokensTest.cpp - textDocument/semanticTokens ---------------===//
//
// The token type and modifiers at marked ranges; tokens sorted, disjoint
// and within one line on every input of the repository; columns in UTF-16;
// the delta's one edit turns the old array into the new one; any text,
// however broken, gives well-formed tokens.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "TestUtil.h"
#include "ide/Features.h"
#include "ide/TokenScanner.h"
#include "server/SemanticTokensProtocol.h"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <random>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
std::string describe(const SemanticTokenInfo &token) {
  std::string out = semanticTokenTypeNames()[static_cast<size_t>(token.type)];
  for (size_t bit = 0; bit < semanticTokenModifierNames().size(); ++bit)
    if (token.modifiers & (1u << bit))
      out += " " + semanticTokenModifierNames()[bit];
  return out;
}

/// The token whose range is exactly `range`, described; or what covers it.
std::string tokenAt(const std::vector<SemanticTokenInfo> &tokens,
                    SourceRange range) {
  for (const SemanticTokenInfo &token : tokens)
    if (token.range == range)
      return describe(token);
  std::string overlapping = "no token; overlapping:";
  for (const SemanticTokenInfo &token : tokens)
    if (token.range.begin < range.end && range.begin < token.range.end)
      overlapping += " [" + std::to_string(token.range.begin) + "," +
                     std::to_string(token.range.end) + ") " + describe(token);
  return overlapping;
}

std::unique_ptr<Snapshot> snapshotOf(const std::string &text) {
  AnalysisResult result = test::analyze(text);
  return std::make_unique<Snapshot>(std::move(result), "file:///t.mlir", 1);
}

/// Every token of `tokens` is non-empty, on one line, after the previous.
void expectWellFormed(const std::string &text,
                      const std::vector<SemanticTokenInfo> &tokens,
                      const std::string &where) {
  uint32_t previousEnd = 0;
  for (const SemanticTokenInfo &token : tokens) {
    ASSERT_LT(token.range.begin, token.range.end) << where;
    ASSERT_LE(token.range.end, text.size()) << where;
    ASSERT_LE(previousEnd, token.range.begin)
        << where << ": overlapping or unsorted at " << token.range.begin;
    ASSERT_EQ(text.find('\n', token.range.begin) >= token.range.end, true)
        << where << ": token across a line end at " << token.range.begin;
    previousEnd = token.range.end;
  }
}
} // namespace

TEST(SemanticTokensTest, OwnershipModifiersOnMemrefValues) {
  Annotations code(
      "func.func $fn[[@f]]($arg[[%arg0]]: memref<2xf32>) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  $def[[%0]] = memref.alloc() : memref<2xf32>\n"
      "  memref.copy $argUse[[%arg0]], $use[[%0]] : memref<2xf32> $to[[to]] "
      "memref<2xf32>\n"
      "  memref.dealloc $freeOperand[[%0]] : memref<2xf32>\n"
      "  %v = memref.load $freed[[%0]][$index[[%c0]]] : memref<2xf32>\n"
      "  return\n"
      "}\n");
  auto snapshot = snapshotOf(code.code());
  ASSERT_EQ(test::mlirErrors(*snapshot->parts()[0].result),
            std::vector<std::string>());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  EXPECT_EQ(tokenAt(tokens, code.range("fn")),
            "function declaration definition");
  EXPECT_EQ(tokenAt(tokens, code.range("arg")), "variable definition borrowed");
  EXPECT_EQ(tokenAt(tokens, code.range("argUse")), "variable borrowed");
  EXPECT_EQ(tokenAt(tokens, code.range("def")), "variable definition owned");
  EXPECT_EQ(tokenAt(tokens, code.range("use")), "variable owned");
  // The free's own operand is not after the free.
  EXPECT_EQ(tokenAt(tokens, code.range("freeOperand")), "variable owned");
  EXPECT_EQ(tokenAt(tokens, code.range("freed")), "variable owned freed");
  // Not a memref: no ownership.
  EXPECT_EQ(tokenAt(tokens, code.range("index")), "variable");
  EXPECT_EQ(tokenAt(tokens, code.range("to")), "keyword");
  expectWellFormed(code.code(), tokens, "ownership");
}

TEST(SemanticTokensTest, AllocatedAndCopiedOnTensorValues) {
  // As the tensor inlay hints say (One-Shot Bufferize's plan): %w's buffer
  // is a copy of %t's (the extract still reads %t), %e's a new allocation;
  // %f is written in place into %e's, %t is the caller's. Every occurrence
  // carries the modifier; a function the pass fails on gets none.
  Annotations code(
      "func.func @raw($t[[%t]]: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, "
      "f32) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  $w[[%w]] = tensor.insert %v into $tUse[[%t]][%c0] : tensor<4xf32>\n"
      "  %r = tensor.extract %t[%c0] : tensor<4xf32>\n"
      "  return $wUse[[%w]], $r[[%r]] : tensor<4xf32>, f32\n"
      "}\n"
      "func.func @fill(%v: f32) -> tensor<16xf32> {\n"
      "  $e[[%e]] = tensor.empty() : tensor<16xf32>\n"
      "  $f[[%f]] = linalg.fill ins(%v : f32) outs($eUse[[%e]] : "
      "tensor<16xf32>) -> tensor<16xf32>\n"
      "  return %f : tensor<16xf32>\n"
      "}\n"
      "func.func @fails(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n"
      "  %f = arith.constant 1.0 : f32\n"
      "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> "
      "tensor<16xf32> {\n"
      "    $failedEmpty[[%e]] = tensor.empty() : tensor<16xf32>\n"
      "    %x = linalg.fill ins(%f : f32) outs(%e : tensor<16xf32>) -> "
      "tensor<16xf32>\n"
      "    scf.yield %x : tensor<16xf32>\n"
      "  }\n"
      "  return %r : tensor<16xf32>\n"
      "}\n");
  auto snapshot = snapshotOf(code.code());
  ASSERT_EQ(test::mlirErrors(*snapshot->parts()[0].result),
            std::vector<std::string>());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  EXPECT_EQ(tokenAt(tokens, code.range("t")), "variable definition");
  EXPECT_EQ(tokenAt(tokens, code.range("tUse")), "variable");
  EXPECT_EQ(tokenAt(tokens, code.range("w")), "variable definition copied");
  EXPECT_EQ(tokenAt(tokens, code.range("wUse")), "variable copied");
  EXPECT_EQ(tokenAt(tokens, code.range("r")), "variable");
  EXPECT_EQ(tokenAt(tokens, code.range("e")), "variable definition allocated");
  EXPECT_EQ(tokenAt(tokens, code.range("eUse")), "variable allocated");
  EXPECT_EQ(tokenAt(tokens, code.range("f")), "variable definition");
  EXPECT_EQ(tokenAt(tokens, code.range("failedEmpty")), "variable definition");
  expectWellFormed(code.code(), tokens, "tensor");
}

TEST(SemanticTokensTest, FreedOnlyWhereTheFreeDominates) {
  // The free in ^bb1 does not run on the path through ^bb2: the use in
  // ^bb3 is not after a free on every path; the use in ^bb1 is.
  Annotations code("func.func @g(%c: i1) {\n"
                   "  %c0 = arith.constant 0 : index\n"
                   "  %0 = memref.alloc() : memref<2xf32>\n"
                   "  cf.cond_br %c, ^bb1, ^bb2\n"
                   "^bb1:\n"
                   "  memref.dealloc %0 : memref<2xf32>\n"
                   "  %a = memref.load $after[[%0]][%c0] : memref<2xf32>\n"
                   "  cf.br ^bb3\n"
                   "^bb2:\n"
                   "  cf.br ^bb3\n"
                   "^bb3:\n"
                   "  %b = memref.load $merge[[%0]][%c0] : memref<2xf32>\n"
                   "  return\n"
                   "}\n");
  auto snapshot = snapshotOf(code.code());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  EXPECT_EQ(tokenAt(tokens, code.range("after")), "variable owned freed");
  EXPECT_EQ(tokenAt(tokens, code.range("merge")), "variable owned");
}

TEST(SemanticTokensTest, FreeingACastFreesItsAllocation) {
  Annotations code("func.func @c() {\n"
                   "  %c0 = arith.constant 0 : index\n"
                   "  %0 = memref.alloc() : memref<4xf32>\n"
                   "  %1 = memref.cast %0 : memref<4xf32> to memref<?xf32>\n"
                   "  memref.dealloc %1 : memref<?xf32>\n"
                   "  %v = memref.load $root[[%0]][%c0] : memref<4xf32>\n"
                   "  return\n"
                   "}\n");
  auto snapshot = snapshotOf(code.code());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  EXPECT_EQ(tokenAt(tokens, code.range("root")), "variable owned freed");
}

TEST(SemanticTokensTest, FreedNeitherByACallNorForARealloc) {
  // The callee frees only when %c is true; the realloc's result is a new
  // buffer (its source is freed).
  Annotations code("func.func @maybe_free(%m: memref<4xf32>, %c: i1) {\n"
                   "  scf.if %c {\n"
                   "    memref.dealloc %m : memref<4xf32>\n"
                   "  }\n"
                   "  return\n"
                   "}\n"
                   "func.func @k(%c: i1, %n: index) {\n"
                   "  %c0 = arith.constant 0 : index\n"
                   "  %0 = memref.alloc() : memref<4xf32>\n"
                   "  call @maybe_free(%0, %c) : (memref<4xf32>, i1) -> ()\n"
                   "  %a = memref.load $afterCall[[%0]][%c0] : memref<4xf32>\n"
                   "  %1 = memref.alloc() : memref<4xf32>\n"
                   "  %2 = memref.realloc $source[[%1]](%n) : memref<4xf32> to "
                   "memref<?xf32>\n"
                   "  %b = memref.load $result[[%2]][%c0] : memref<?xf32>\n"
                   "  %d = memref.load $old[[%1]][%c0] : memref<4xf32>\n"
                   "  memref.dealloc %1 : memref<4xf32>\n"
                   "  memref.dealloc $new[[%2]] : memref<?xf32>\n"
                   "  return\n"
                   "}\n");
  auto snapshot = snapshotOf(code.code());
  ASSERT_EQ(test::mlirErrors(*snapshot->parts()[0].result),
            std::vector<std::string>());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  EXPECT_EQ(tokenAt(tokens, code.range("afterCall")), "variable owned");
  EXPECT_EQ(tokenAt(tokens, code.range("source")), "variable owned");
  EXPECT_EQ(tokenAt(tokens, code.range("result")), "variable owned");
  EXPECT_EQ(tokenAt(tokens, code.range("old")), "variable owned freed");
  // Freeing %1 again (a double free) does not free the realloc's result.
  EXPECT_EQ(tokenAt(tokens, code.range("new")), "variable owned");
}

TEST(SemanticTokensTest, CriticalAliasLabelsAndComments) {
  // examples/branch.mlir: %2 is a critical alias (BL201).
  Annotations code(
      "func.func @branch(%arg0: i1) {\n"
      "  %c0 = arith.constant $zero[[0]] : $index[[index]]\n"
      "  %0 = memref.alloc() : memref<2xf32>  $comment[[// aliases: %2]]\n"
      "  cf.cond_br %arg0, $use1[[^bb1]], ^bb2\n"
      "$label1[[^bb1]]:\n"
      "  %1 = memref.alloc() : memref<2xf32>\n"
      "  cf.br ^bb3(%1 : memref<2xf32>)\n"
      "^bb2:\n"
      "  cf.br ^bb3(%0 : memref<2xf32>)\n"
      "^bb3($crit[[%2]]: memref<2xf32>):\n"
      "  %u2 = $op[[memref.load]] $critUse[[%2]][%c0] : memref<2xf32>\n"
      "  return\n"
      "}\n");
  auto snapshot = snapshotOf(code.code());
  ASSERT_EQ(test::mlirErrors(*snapshot->parts()[0].result),
            std::vector<std::string>());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  // The ownership-based pass gives a block argument a fresh indicator,
  // unique(%...): neither owned nor borrowed.
  EXPECT_EQ(tokenAt(tokens, code.range("crit")),
            "variable definition criticalAlias");
  EXPECT_EQ(tokenAt(tokens, code.range("critUse")), "variable criticalAlias");
  EXPECT_EQ(tokenAt(tokens, code.range("comment")), "comment");
  EXPECT_EQ(tokenAt(tokens, code.range("label1")), "label definition");
  EXPECT_EQ(tokenAt(tokens, code.range("use1")), "label");
  EXPECT_EQ(tokenAt(tokens, code.range("op")), "macro");
  EXPECT_EQ(tokenAt(tokens, code.range("zero")), "number");
  EXPECT_EQ(tokenAt(tokens, code.range("index")), "type");
  expectWellFormed(code.code(), tokens, "branch");
}

TEST(SemanticTokensTest, LiteralsTypesAndGenericOps) {
  Annotations code(
      "$line[[// %x is not a value here, nor @f]]\n"
      "func.func @h(%a: $nested[[memref<4xf32, strided<[1], offset: ?>>]], "
      "%b: $multi1[[memref<4xf32,]]\n"
      "    $multi2[[strided<[1], offset: ?>>]]) {\n"
      "  %0 = memref.alloc() {note = $str[[\"a // b %x\"]]} : memref<4xf32>\n"
      "  %f = arith.constant $float[[-1.5e3]] : $f32[[f32]]\n"
      "  $generic[[\"memref.copy\"]](%0, %b) : (memref<4xf32>, "
      "memref<4xf32, strided<[1], offset: ?>>) -> ()\n"
      "  memref.dealloc %0 : memref<4xf32>\n"
      "  return\n"
      "}\n");
  auto snapshot = snapshotOf(code.code());
  ASSERT_EQ(test::mlirErrors(*snapshot->parts()[0].result),
            std::vector<std::string>());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  EXPECT_EQ(tokenAt(tokens, code.range("line")), "comment");
  EXPECT_EQ(tokenAt(tokens, code.range("nested")), "type");
  // A type over two lines: one token per line.
  EXPECT_EQ(tokenAt(tokens, code.range("multi1")), "type");
  EXPECT_EQ(tokenAt(tokens, code.range("multi2")), "type");
  EXPECT_EQ(tokenAt(tokens, code.range("str")), "string");
  EXPECT_EQ(tokenAt(tokens, code.range("float")), "number");
  EXPECT_EQ(tokenAt(tokens, code.range("f32")), "type");
  // The generic form's quoted name is the op's name (AsmParserState's
  // location of the op), not a string.
  EXPECT_EQ(tokenAt(tokens, code.range("generic")), "macro");
  expectWellFormed(code.code(), tokens, "literals");
}

TEST(SemanticTokensTest, TextThatDoesNotParseIsStillScanned) {
  Annotations code("$module[[module]] {\n"
                   "func.func $sym[[@broken]]() {\n"
                   "  $value[[%0]] = $op[[memref.alloc]]( : $type[[f32]]\n"
                   "  $ret[[return]] {$key[[note]] = $map[[#map]]}\n");
  auto snapshot = snapshotOf(code.code());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  EXPECT_EQ(tokenAt(tokens, code.range("sym")), "function");
  EXPECT_EQ(tokenAt(tokens, code.range("value")), "variable");
  EXPECT_EQ(tokenAt(tokens, code.range("op")), "macro");
  EXPECT_EQ(tokenAt(tokens, code.range("type")), "type");
  EXPECT_EQ(tokenAt(tokens, code.range("module")), "macro");
  EXPECT_EQ(tokenAt(tokens, code.range("ret")), "macro");
  EXPECT_EQ(tokenAt(tokens, code.range("key")), "keyword");
  EXPECT_EQ(tokenAt(tokens, code.range("map")), "decorator");
}

TEST(SemanticTokensTest, RangeGivesTheTokensThatIntersectIt) {
  Annotations code("func.func @f() {\n"
                   "$begin^  %0 = memref.alloc() : memref<2xf32>\n"
                   "  memref.dealloc %0 : memref<2xf32>\n"
                   "$end^  return\n"
                   "}\n");
  auto snapshot = snapshotOf(code.code());
  std::vector<SemanticTokenInfo> all = semanticTokens(*snapshot);
  std::vector<SemanticTokenInfo> some = semanticTokens(
      *snapshot, SourceRange{code.point("begin"), code.point("end")});
  std::vector<std::string> expected, got;
  for (const SemanticTokenInfo &token : all)
    if (token.range.begin >= code.point("begin") &&
        token.range.end <= code.point("end"))
      expected.push_back(describe(token) + "@" +
                         std::to_string(token.range.begin));
  for (const SemanticTokenInfo &token : some)
    got.push_back(describe(token) + "@" + std::to_string(token.range.begin));
  EXPECT_EQ(got, expected);
  EXPECT_EQ(got.size(), 6u); // %0 = memref.alloc type; dealloc %0 type.
}

TEST(SemanticTokensTest, SortedAndDisjointOnEveryInput) {
  size_t files = 0;
  for (const char *dir : {"examples", "test/lit"}) {
    std::filesystem::path root =
        std::filesystem::path(BUFFERLENS_SOURCE_DIR) / dir;
    for (const auto &entry :
         std::filesystem::recursive_directory_iterator(root)) {
      if (entry.path().extension() != ".mlir")
        continue;
      std::ifstream in(entry.path());
      std::string text((std::istreambuf_iterator<char>(in)), {});
      auto snapshot = snapshotOf(text);
      std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
      expectWellFormed(text, tokens, entry.path().string());
      EXPECT_FALSE(tokens.empty()) << entry.path();
      // A range (the middle third) gives the full answer's tokens that
      // intersect it, modifiers included.
      SourceRange middle{static_cast<uint32_t>(text.size() / 3),
                         static_cast<uint32_t>(text.size() * 2 / 3)};
      std::vector<std::string> expected, got;
      for (const SemanticTokenInfo &token : tokens)
        if (token.range.begin < middle.end && middle.begin < token.range.end)
          expected.push_back(describe(token) + "@" +
                             std::to_string(token.range.begin));
      for (const SemanticTokenInfo &token : semanticTokens(*snapshot, middle))
        got.push_back(describe(token) + "@" +
                      std::to_string(token.range.begin));
      EXPECT_EQ(got, expected) << entry.path();
      ++files;
    }
  }
  EXPECT_GT(files, 50u);
}

TEST(SemanticTokensTest, ColumnsAreUtf16CodeUnits) {
  // é is 2 bytes and 1 UTF-16 unit; 𝄞 is 4 bytes and 2 units.
  Annotations code("func.func @f() {\n"
                   "  %0 = memref.alloc() {note = \"é𝄞\"} : "
                   "$type[[memref<2xf32>]]  $comment[[// é𝄞]]\n"
                   "  memref.dealloc %0 : memref<2xf32>\n"
                   "  return\n"
                   "}\n");
  auto snapshot = snapshotOf(code.code());
  std::vector<SemanticTokenInfo> tokens = semanticTokens(*snapshot);
  ASSERT_EQ(tokenAt(tokens, code.range("type")), "type");
  std::vector<uint32_t> data =
      encodeSemanticTokens(snapshot->lines(), tokens, PositionEncoding::Utf16);
  std::vector<uint32_t> bytes =
      encodeSemanticTokens(snapshot->lines(), tokens, PositionEncoding::Utf8);
  // Absolute line and column of each token, from the relative encoding.
  auto absolute = [](const std::vector<uint32_t> &d, size_t index) {
    uint32_t line = 0, column = 0;
    for (size_t i = 0; i <= index; ++i) {
      if (d[i * 5] != 0)
        column = 0;
      line += d[i * 5];
      column += d[i * 5 + 1];
    }
    return std::array<uint32_t, 3>{line, column, d[index * 5 + 2]};
  };
  auto indexOf = [&](SourceRange range) {
    for (size_t i = 0; i < tokens.size(); ++i)
      if (tokens[i].range == range)
        return i;
    return tokens.size();
  };
  size_t type = indexOf(code.range("type"));
  size_t comment = indexOf(code.range("comment"));
  // `  %0 = memref.alloc() {note = "é𝄞"} : ` is 39 UTF-16 units, 42 bytes.
  EXPECT_EQ(absolute(data, type), (std::array<uint32_t, 3>{1, 39, 13}));
  EXPECT_EQ(absolute(bytes, type), (std::array<uint32_t, 3>{1, 42, 13}));
  EXPECT_EQ(absolute(data, comment), (std::array<uint32_t, 3>{1, 54, 6}));
  EXPECT_EQ(absolute(bytes, comment), (std::array<uint32_t, 3>{1, 57, 9}));
}

TEST(SemanticTokensTest, DeltaOfAOneLineEditRebuildsTheNewArray) {
  std::string before = "func.func @f(%arg0: memref<2xf32>) {\n"
                       "  %c0 = arith.constant 0 : index\n"
                       "  %0 = memref.alloc() : memref<2xf32>\n"
                       "  memref.copy %arg0, %0 : memref<2xf32> to "
                       "memref<2xf32>\n"
                       "  memref.dealloc %0 : memref<2xf32>\n"
                       "  return\n"
                       "}\n";
  std::string after = before;
  // One line changes: the load now reads the freed buffer.
  after.replace(after.find("  return"), 0,
                "  %v = memref.load %0[%c0] : memref<2xf32>\n");
  auto old = snapshotOf(before), now = snapshotOf(after);
  std::vector<uint32_t> a = encodeSemanticTokens(
      old->lines(), semanticTokens(*old), PositionEncoding::Utf16);
  std::vector<uint32_t> b = encodeSemanticTokens(
      now->lines(), semanticTokens(*now), PositionEncoding::Utf16);
  std::vector<SemanticTokensEdit> edits = diffSemanticTokens(a, b);
  ASSERT_EQ(edits.size(), 1u);
  std::vector<uint32_t> applied = a;
  applied.erase(applied.begin() + edits[0].start,
                applied.begin() + edits[0].start + edits[0].deleteCount);
  applied.insert(applied.begin() + edits[0].start, edits[0].data.begin(),
                 edits[0].data.end());
  EXPECT_EQ(applied, b);
  // The edit is the new line's tokens and the one after (its relative
  // line changed), not the whole array.
  EXPECT_LT(edits[0].data.size(), b.size() / 2);
  EXPECT_TRUE(diffSemanticTokens(b, b).empty());
}

TEST(SemanticTokensTest, FullResultTextIsTheJsonOfItsFields) {
  EXPECT_EQ(nlohmann::json::parse(semanticTokensText("3.1", {0, 4, 2, 1, 7})),
            (nlohmann::json{{"resultId", "3.1"}, {"data", {0, 4, 2, 1, 7}}}));
  EXPECT_EQ(
      nlohmann::json::parse(semanticTokensText("1.2", {})),
      (nlohmann::json{{"resultId", "1.2"}, {"data", nlohmann::json::array()}}));
}

TEST(SemanticTokensTest, AnyTextGivesWellFormedTokens) {
  // Fragments of MLIR's syntax cut anywhere: unterminated strings and
  // types, stray sigils, CRLF line ends, bytes that are not UTF-8.
  const std::string alphabet = "%^@#!\"\\<>-x0123456789.eE+/ \n\r\tabfimu{}()[]"
                               ":,=\xc3\xa9\xf0\x9d\x84\x9e\xff";
  std::mt19937 random(42);
  for (int round = 0; round < 300; ++round) {
    std::string text;
    size_t length = random() % 200;
    for (size_t i = 0; i < length; ++i)
      text += alphabet[random() % alphabet.size()];
    auto snapshot = snapshotOf(text);
    expectWellFormed(text, semanticTokens(*snapshot), "random text");
    std::vector<ScannedToken> scanned = scanTokens(text);
    for (size_t i = 1; i < scanned.size(); ++i)
      ASSERT_LE(scanned[i - 1].range.end, scanned[i].range.begin);
  }
}
