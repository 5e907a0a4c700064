//===- TopLevelSplitTest.cpp - Cutting a document at top-level ops --------===//

#include "analysis/parts/TopLevelSplit.h"
#include "Annotations.h"
#include "analysis/Analyzer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

using namespace bufferlens;
using bufferlens::test::Annotations;

static std::vector<SourceRange> ranges(std::string_view text) {
  std::vector<SourceRange> out;
  for (const TopLevelChunk &chunk : splitTopLevel(text))
    out.push_back(chunk.range);
  return out;
}

TEST(TopLevelSplitTest, FunctionsAtFileLevel) {
  Annotations code(R"(// a comment { with a brace
#map = affine_map<(d0) -> (d0)>
$a[[func.func @a(%x: i32,
             %y: i32) {
  %s = "test.op"() {text = "}"} : () -> i32
  return
}
]]$b[[func.func private @b()
]])");
  std::vector<TopLevelChunk> chunks = splitTopLevel(code.code());
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_TRUE(chunks[0].shared); // The alias.
  EXPECT_EQ(chunks[1].range, code.range("a"));
  EXPECT_FALSE(chunks[1].shared);
  EXPECT_EQ(chunks[2].range, code.range("b"));
}

TEST(TopLevelSplitTest, FunctionsInsideALoneModule) {
  Annotations code(R"(module attributes {x = 1} {
  $a[[func.func @a() {
    return
  }
  ]]$b[[memref.global "private" @g : memref<2xf32>
]]})");
  EXPECT_EQ(ranges(code.code()),
            (std::vector<SourceRange>{code.range("a"), code.range("b")}));
}

TEST(TopLevelSplitTest, UnbalancedTextIsNotCut) {
  EXPECT_TRUE(ranges("func.func @a() {\n  return\n").empty());
  EXPECT_TRUE(ranges("}\nfunc.func @a() {\n}\n").empty());
}

TEST(TopLevelSplitTest, BlankingKeepsOffsetsAndLines) {
  std::string text = "ab\ncd\nef";
  EXPECT_EQ(blankOperations(text, {{1, 7}}), "a \n  \n f");
}

TEST(TopLevelSplitTest, BlankingKeepsCommentsAndDirectives) {
  std::string text = "func.func @a() { // bufferlens: stage=bufferized\n"
                     "  // bufferlens: disable-next-line BL101\n"
                     "  %0 = memref.alloc() : memref<2xf32> // a note\n"
                     "}\n";
  EXPECT_EQ(blankOperations(text, {{0, uint32_t(text.size())}}),
            std::string(17, ' ') + "// bufferlens: stage=bufferized\n" +
                "  // bufferlens: disable-next-line BL101\n" +
                std::string(47, ' ') + "\n \n");
}

TEST(TopLevelSplitTest, CompactingRemovesCodeButKeepsLinesAndColumns) {
  // "ab", "cd" and "e" of "ef" are code of the range; "f" follows on its
  // line, so "e" is blanked, not removed.
  std::string text = "ab\ncd\nef";
  CompactedText compact = compactOperations(text, {{1, 7}});
  EXPECT_EQ(compact.text, "a\n\n f");
  EXPECT_EQ(compact.removedBefore(0), 0u);
  EXPECT_EQ(compact.removedBefore(2), 1u); // the line break after "a"
  EXPECT_EQ(compact.removedBefore(7), 3u); // "f": 7 in the text, 4 here
  EXPECT_EQ(compact.text[7 - compact.removedBefore(7)], 'f');
  // A CR stays before its line break; nothing is removed from a line of
  // comment, nor a directive after code.
  std::string crlf = "x\r\n  y\r\n// note\nz // bufferlens: ignore\nw";
  CompactedText kept =
      compactOperations(crlf, {{0, uint32_t(crlf.size() - 1)}});
  EXPECT_EQ(kept.text, "\r\n\r\n// note\n  // bufferlens: ignore\nw");
  EXPECT_EQ(kept.removedBefore(uint32_t(crlf.size() - 1)), 4u);
}

TEST(TopLevelSplitTest, CompactingKeepsWhatBlankingKeeps) {
  std::string text = "func.func @a() { // bufferlens: stage=bufferized\n"
                     "  // bufferlens: disable-next-line BL101\n"
                     "  %0 = memref.alloc() : memref<2xf32> // a note\n"
                     "}\n"
                     "func.func @b() {\n"
                     "  return\n"
                     "}\n";
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  ASSERT_EQ(chunks.size(), 2u);
  CompactedText compact = compactOperations(text, {chunks[0].range});
  EXPECT_EQ(compact.text, std::string(17, ' ') +
                              "// bufferlens: stage=bufferized\n"
                              "  // bufferlens: disable-next-line BL101\n"
                              "\n\n"
                              "func.func @b() {\n  return\n}\n");
  uint32_t b = chunks[1].range.begin;
  EXPECT_EQ(compact.text.substr(b - compact.removedBefore(b)), text.substr(b));
}

// Analysing the document with one function blanked out gives that
// function's neighbours exactly the facts the whole-file analysis gives.
TEST(TopLevelSplitTest, BlankedFunctionLeavesTheOthersIntact) {
  std::string text = "func.func @a() {\n"
                     "  %m = memref.alloc() : memref<2xf32>\n"
                     "  memref.dealloc %m : memref<2xf32>\n"
                     "  memref.dealloc %m : memref<2xf32>\n"
                     "  return\n"
                     "}\n"
                     "func.func @b(%x: memref<2xf32>) {\n"
                     "  memref.dealloc %x : memref<2xf32>\n"
                     "  return\n"
                     "}\n";
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  ASSERT_EQ(chunks.size(), 2u);
  AnalysisResult whole = analyzeDocument(text, "t.mlir", {});
  AnalysisResult onlyB =
      analyzeDocument(blankOperations(text, {chunks[0].range}), "t.mlir", {});
  std::vector<Finding> wholeB;
  for (const Finding &f : whole.findings)
    if (chunks[1].range.contains(f.range.begin))
      wholeB.push_back(f);
  ASSERT_EQ(onlyB.findings.size(), wholeB.size());
  ASSERT_FALSE(wholeB.empty());
  for (size_t i = 0; i < wholeB.size(); ++i) {
    EXPECT_EQ(onlyB.findings[i].code, wholeB[i].code);
    EXPECT_EQ(onlyB.findings[i].range, wholeB[i].range);
    EXPECT_EQ(onlyB.findings[i].message, wholeB[i].message);
  }
}

TEST(TopLevelSplitTest, SymbolNamesAsMlirResolvesThem) {
  std::string text = "func.func @a() {\n"
                     "  call @\"b c\"() : () -> () // @in_comment\n"
                     "  call @\"q\"() {note = \"@in_string\"} : () -> ()\n"
                     "  call @m::@n() : () -> ()\n"
                     "}\n"
                     "\"func.func\"() <{sym_name = \"gen\", "
                     "function_type = () -> ()}> ({}) : () -> ()\n";
  EXPECT_EQ(symbolNames(text),
            (std::vector<std::string>{"a", "b c", "q", "m", "n", "gen"}));
}

TEST(TopLevelSplitTest, SymbolNamesDecodeEscapesAsMlirDoes) {
  // Token::getStringValue: \XX (two hex digits), \\, \", \n and \t. MLIR
  // rejects any other escape; it is kept as written.
  std::string text = "func.func @\"fo\\6F\"() {\n"
                     "  call @\"a\\20b\"() : () -> ()\n"
                     "  call @\"q\\\"t\"() : () -> ()\n"
                     "  call @\"b\\\\s\"() : () -> ()\n"
                     "  call @\"n\\nt\\t\"() : () -> ()\n"
                     "  call @\"\\e9\\4a\"() : () -> ()\n"
                     "  call @\"r\\q\"() : () -> ()\n"
                     "}\n"
                     "\"func.func\"() <{sym_name = \"g\\65n\", "
                     "function_type = () -> ()}> ({}) : () -> ()\n";
  EXPECT_EQ(symbolNames(text),
            (std::vector<std::string>{"foo", "a b", "q\"t", "b\\s", "n\nt\t",
                                      "\xe9J", "r\\q", "gen"}));
}

TEST(TopLevelSplitTest, BodylessSymbolsAreShared) {
  EXPECT_TRUE(isBodylessSymbol("func.func private @f(memref<2xf32>) -> i1"));
  EXPECT_TRUE(isBodylessSymbol(
      "func.func private @f() attributes {llvm.emit_c_interface}\n"));
  EXPECT_TRUE(isBodylessSymbol(
      "memref.global \"private\" constant @g : memref<2xf32> = "
      "dense<[1.0, 2.0]> {alignment = 64 : i64}"));
  EXPECT_FALSE(isBodylessSymbol("func.func @f() { return }"));
  EXPECT_FALSE(
      isBodylessSymbol("func.func @f() -> !x.my_attributes {\n  return\n}\n"));
  EXPECT_FALSE(isBodylessSymbol(
      "func.func @f() attributes {a = \"{\"} {\n  return\n}\n"));
  // The generic form and other ops are left alone.
  EXPECT_FALSE(isBodylessSymbol(
      "\"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> "
      "({}) : () -> ()"));
  EXPECT_FALSE(isBodylessSymbol("gpu.module @m {\n}\n"));

  std::vector<TopLevelChunk> chunks =
      splitTopLevel("#map = affine_map<(d0) -> (d0)>\n"
                    "func.func private @ext()\n"
                    "func.func @f() {\n  return\n}\n");
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_TRUE(chunks[0].shared);
  EXPECT_TRUE(chunks[1].shared);
  EXPECT_FALSE(chunks[2].shared);
}

static bool sameChunks(const std::vector<TopLevelChunk> &a,
                       const std::vector<TopLevelChunk> &b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const TopLevelChunk &x, const TopLevelChunk &y) {
                      return x.range == y.range && x.shared == y.shared;
                    });
}

TEST(TopLevelSplitTest, SplitAfterEditEqualsAFreshSplit) {
  // Chains of random edits over every example and lit input: each step
  // splits from the previous step's chunks and must agree with a split
  // from scratch. The snippets open and close brackets, strings, comments,
  // operations and modules, to hit every way out of the fast path.
  std::vector<std::string> texts = {
      "#map = affine_map<(d0) -> (d0)>\nfunc.func @a() {\n  return\n}\n"
      "func.func @b() {\n  %0 = \"t.op\"() {s = \"}\"} : () -> i32\n"
      "  return\n}\nfunc.func private @c()\nfunc.func @d() {\n  return\n}\n",
      "module {\n  func.func @a() {\n    return\n  }\n  func.func @b() {\n"
      "    return\n  }\n  func.func @c() {\n    return\n  }\n}\n"};
  for (const char *dir : {"examples", "test/lit/checker", "test/lit/ownership",
                          "test/lit/classic"}) {
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator(
             std::filesystem::path(BUFFERLENS_SOURCE_DIR) / dir, error))
      if (entry.path().extension() == ".mlir") {
        std::ifstream in(entry.path());
        texts.emplace_back(std::istreambuf_iterator<char>(in),
                           std::istreambuf_iterator<char>());
      }
  }
  ASSERT_GT(texts.size(), 20u);
  const std::vector<std::string> snippets = {
      "\"",
      "{",
      "}",
      "(",
      ")",
      "//",
      "1",
      "/",
      "\r\n",
      "e",
      "module {\n}\n",
      "// c\n",
      "\n",
      "x",
      "  ",
      "\nfunc.func @z() {\n  return\n}\n",
      "module {\n",
      "  %e = arith.constant 1 : index\n",
      "#m = affine_map<(d0) -> (d0)>\n",
      "memref.global \"private\" @g : memref<2xf32>\n",
      "\"}\"",
      "func.func private @q()\n"};
  std::mt19937 random(7);
  size_t edits = 0, keptOperations = 0, fastPaths = 0;
  for (const std::string &original : texts) {
    std::string text = original;
    std::vector<TopLevelChunk> chunks = splitTopLevel(text);
    for (int step = 0; step < 300; ++step) {
      std::string edited = text;
      // Half the edits land within a few bytes of where an operation
      // starts: the cut is most fragile there.
      size_t at = random() % (edited.size() + 1);
      if (random() % 2 == 0 && !chunks.empty()) {
        size_t begin = chunks[random() % chunks.size()].range.begin;
        at = std::min(edited.size(),
                      begin - std::min<size_t>(begin, 6) + random() % 13);
      }
      if (random() % 3 == 0 && at < edited.size())
        edited.erase(at, 1 + random() % 12);
      else
        edited.insert(at, snippets[random() % snippets.size()]);
      std::vector<TopLevelChunk> fast =
          splitTopLevelAfterEdit(text, chunks, edited);
      std::vector<TopLevelChunk> fresh = splitTopLevel(edited);
      fastPaths +=
          splitAfterEditInOneOperation(text, chunks, edited).has_value();
      ASSERT_TRUE(sameChunks(fast, fresh))
          << "after an edit at " << at << " of:\n"
          << text << "\nedited:\n"
          << edited;
      ++edits;
      keptOperations += fresh.size() == chunks.size() && !fresh.empty();
      if (fresh.empty()) {
        // Text that cannot be cut stays so: start the chain again.
        text = original;
        chunks = splitTopLevel(text);
        continue;
      }
      text = std::move(edited);
      chunks = std::move(fast);
    }
  }
  // Many edits keep the operations, and most of those take the fast path
  // (the rest land at an operation's first bytes or in the last one).
  EXPECT_GT(keptOperations, edits / 4);
  EXPECT_GT(fastPaths, keptOperations / 4);
}

TEST(TopLevelSplitTest, EditInsideOneOperationRescansOnlyIt) {
  // Functions at file level end with a line break and the next one starts
  // at column 0; in a module they end at the next one's indentation. Both
  // are one operation, and an edit inside either rescans only it.
  const std::string fileLevel = "func.func @a() {\n  return\n}\n"
                                "func.func @b() {\n  return\n}\n"
                                "func.func @c() {\n  return\n}\n";
  const std::string inModule = "module {\n  func.func @a() {\n    return\n  }\n"
                               "  func.func @b() {\n    return\n  }\n"
                               "  func.func @c() {\n    return\n  }\n}\n";
  for (const std::string &text : {fileLevel, inModule}) {
    std::string edited = text;
    size_t at = text.find("return", text.find("@b"));
    edited.insert(at, "%e = arith.constant 1 : index\n    ");
    std::optional<std::vector<TopLevelChunk>> fast =
        splitAfterEditInOneOperation(text, splitTopLevel(text), edited);
    ASSERT_TRUE(fast.has_value()) << text;
    EXPECT_TRUE(sameChunks(*fast, splitTopLevel(edited))) << text;
  }
  // An edit that joins @b's last line to @c's: more than @b changes.
  std::string joined = fileLevel;
  joined.erase(joined.find("func.func @c") - 1, 1);
  EXPECT_FALSE(
      splitAfterEditInOneOperation(fileLevel, splitTopLevel(fileLevel), joined)
          .has_value());
}

TEST(TopLevelSplitTest, EditMakingTheFirstOperationAModule) {
  // The first operation decides whether the others live in a module: an
  // edit of it alone is no edit of one operation.
  std::string text = "memref.global \"private\" @g : memref<2xf32>\n"
                     "func.func @a() {\n  return\n}\n"
                     "func.func @b() {\n  return\n}\n";
  std::string edited = text;
  edited.replace(1, text.find('\n') - 1, "odule {}");
  EXPECT_TRUE(
      sameChunks(splitTopLevelAfterEdit(text, splitTopLevel(text), edited),
                 splitTopLevel(edited)));
}

TEST(TopLevelSplitTest, EditThatUnstartsTheNextOperation) {
  // A comment or a digit typed before the next operation's indentation,
  // or its line joined to this one: the next operation no longer starts a
  // line, so the cut changes beyond the edited operation.
  std::string text = "module {\n  func.func @a() {\n    return\n  }\n"
                     "  func.func @b() {\n    return\n  }\n"
                     "  func.func @c() {\n    return\n  }\n}\n";
  size_t c = text.find("  func.func @c");
  for (std::string edited : {text.substr(0, c) + "//" + text.substr(c),
                             text.substr(0, c) + "1" + text.substr(c),
                             text.substr(0, c - 1) + " " + text.substr(c)})
    EXPECT_TRUE(
        sameChunks(splitTopLevelAfterEdit(text, splitTopLevel(text), edited),
                   splitTopLevel(edited)))
        << edited;
}

TEST(TopLevelSplitTest, EditMakingTheFirstOperationAfterAliasesAModule) {
  std::string text = "#map = affine_map<(d0) -> (d0)>\nmodulx {\n}\n"
                     "func.func @f() {\n  return\n}\n"
                     "func.func @g() {\n  return\n}\n";
  std::string edited = text;
  edited.replace(text.find("modulx"), 6, "module");
  EXPECT_TRUE(
      sameChunks(splitTopLevelAfterEdit(text, splitTopLevel(text), edited),
                 splitTopLevel(edited)));
}
