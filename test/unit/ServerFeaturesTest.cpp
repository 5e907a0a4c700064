//===- ServerFeaturesTest.cpp - LSP views of hand-made results ------------===//
//
// Results built by hand, so the protocol shapes of fixes, related
// locations and positions are tested whatever the analyses produce today.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "analysis/model/FindingCodes.h"
#include "ide/CrashIsolation.h"
#include "ide/Features.h"
#include "server/ToProtocol.h"

#include <gtest/gtest.h>

#include <cctype>

using namespace bufferlens;
using bufferlens::test::Annotations;
using json = nlohmann::json;

static SnapshotRef snapshotOf(AnalysisResult result) {
  return std::make_shared<const Snapshot>(std::move(result), "file:///t.mlir",
                                          7);
}

TEST(ServerFeaturesTest, FixesBecomeWorkspaceEdits) {
  Annotations code("func.func @f() {\n"
                   "  $alloc[[%0 = memref.alloc() : memref<2xf32>]]\n"
                   "  $ret^return\n"
                   "}\n");
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>(code.code());
  Finding finding;
  finding.code = FindingCode::BL101;
  finding.range = code.range("alloc");
  finding.message = "leak";
  finding.related.push_back({code.range("alloc"), "allocated here"});
  finding.fixes.push_back({"insert the missing memref.dealloc",
                           {{{code.point("ret"), code.point("ret")},
                             "memref.dealloc %0 : memref<2xf32>\n  "}}});
  result.findings.push_back(finding);
  SnapshotRef snapshot = snapshotOf(std::move(result));

  std::vector<CodeActionInfo> actions =
      codeActions(*snapshot, {code.point("ret"), code.point("ret")});
  EXPECT_TRUE(actions.empty()); // The range does not touch the finding.
  actions = codeActions(*snapshot, code.range("alloc"));
  ASSERT_EQ(actions.size(), 1u);
  ProtocolContext context;
  context.codeDescriptionBase = "https://x/README.md";
  json action = toCodeAction(*snapshot, actions[0], context);
  json range = {{"start", {{"line", 2}, {"character", 2}}},
                {"end", {{"line", 2}, {"character", 2}}}};
  EXPECT_EQ(action["title"], "insert the missing memref.dealloc");
  EXPECT_EQ(action["kind"], "quickfix");
  EXPECT_EQ(action["isPreferred"], true);
  EXPECT_EQ(
      action["edit"],
      json({{"changes",
             {{"file:///t.mlir",
               {{{"range", range},
                 {"newText", "memref.dealloc %0 : memref<2xf32>\n  "}}}}}}}));
  json diagnostic = action["diagnostics"][0];
  EXPECT_EQ(diagnostic["code"], "BL101");
  EXPECT_EQ(diagnostic["codeDescription"]["href"], "https://x/README.md#bl101");
  EXPECT_EQ(diagnostic["relatedInformation"][0]["message"], "allocated here");
  EXPECT_EQ(diagnostic["relatedInformation"][0]["location"]["uri"],
            "file:///t.mlir");
}

TEST(ServerFeaturesTest, PublishCarriesVersionAndSeverities) {
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>("abc\n");
  for (Severity s :
       {Severity::Error, Severity::Warning, Severity::Info, Severity::Hint}) {
    Finding f;
    f.code = FindingCode::BL304;
    f.severity = s;
    f.range = {0, 3};
    result.findings.push_back(f);
  }
  json published = toPublishDiagnostics(*snapshotOf(std::move(result)), {});
  EXPECT_EQ(published["version"], 7);
  std::vector<int> severities;
  for (const json &d : published["diagnostics"]) {
    severities.push_back(d["severity"]);
    EXPECT_EQ(d["tags"], json::array({1}));      // Redundant code.
    EXPECT_FALSE(d.contains("codeDescription")); // No base configured.
  }
  EXPECT_EQ(severities, (std::vector<int>{1, 2, 3, 4}));
}

TEST(ServerFeaturesTest, AnEditsPositionConvertsAsTheIndexConverts) {
  // offsetOfPosition (an edit's position, without an index) agrees with
  // offsetOf over a LineIndex at every line and at columns on, around
  // and past each line's end, in both encodings; a line past the last is
  // no position.
  std::string longLine(3000, 'a');
  longLine.replace(1500, 4, "😀");
  for (std::string text :
       {std::string(), std::string("\n"), std::string("a😀é\r\nx\n\ny"),
        std::string("ab\r\n\r\ncd\n"), longLine + "\nz"}) {
    LineIndex lines(text);
    for (uint32_t line = 0; line < lines.lineCount(); ++line) {
      uint32_t width = lines.lineText(line).size();
      for (uint32_t character : {0u, 1u, 2u, 3u, width / 2, width, width + 5})
        for (PositionEncoding encoding :
             {PositionEncoding::Utf16, PositionEncoding::Utf8}) {
          lsp::Position position{line, character};
          EXPECT_EQ(offsetOfPosition(text, position, encoding),
                    offsetOf(lines, position, encoding))
              << "line " << line << " character " << character << " of "
              << text.size() << " bytes";
        }
    }
    EXPECT_EQ(
        offsetOfPosition(text, {lines.lineCount(), 0}, PositionEncoding::Utf16),
        std::nullopt);
  }
}

TEST(ServerFeaturesTest, PositionsRoundTripInBothEncodings) {
  std::string text = "a😀é\nx";
  LineIndex lines(text);
  // 'x' is at byte 9 (1 + 4 + 2 + newline + ...).
  uint32_t x = text.find('x');
  EXPECT_EQ(toPosition(lines, x, PositionEncoding::Utf16),
            json({{"line", 1}, {"character", 0}}));
  uint32_t e = text.find("é");
  EXPECT_EQ(toPosition(lines, e, PositionEncoding::Utf16),
            json({{"line", 0}, {"character", 3}}));
  EXPECT_EQ(toPosition(lines, e, PositionEncoding::Utf8),
            json({{"line", 0}, {"character", 5}}));
  EXPECT_EQ(offsetOf(lines, {0, 3}, PositionEncoding::Utf16), e);
  EXPECT_EQ(offsetOf(lines, {0, 5}, PositionEncoding::Utf8), e);
  // Past the end of a line clamps to it; malformed positions are refused
  // when read (server/Protocol.h).
  EXPECT_EQ(offsetOf(lines, {0, 99}, PositionEncoding::Utf16), x - 1);
  EXPECT_FALSE(lsp::parsePosition({{"line", -1}, {"character", 0}}));
  EXPECT_FALSE(lsp::parsePosition({{"line", 0}, {"character", 1.5}}));
  EXPECT_FALSE(lsp::parsePosition({{"line", 0}, {"character", 1ll << 32}}));
  EXPECT_FALSE(lsp::parsePosition(json::array()));
  ASSERT_TRUE(lsp::parsePosition({{"line", 2}, {"character", 7}}));
  EXPECT_EQ(lsp::parsePosition({{"line", 2}, {"character", 7}})->character, 7u);
}

TEST(ServerFeaturesTest, CrashMessageNamesTheSignal) {
  EXPECT_EQ(crashMessage(128 + 6),
            "the analysis crashed (aborted) in this operation; the rest of "
            "the file was analysed without it, and the next edit analyses "
            "it again");
}

namespace {
/// What a diagnostic must be, built as JSON objects by the rules README.md
/// states, independently of ToProtocol's one encoder (written directly).
json expectedDiagnostic(const Snapshot &snapshot, const Finding &finding,
                        const ProtocolContext &context) {
  const LineIndex &lines = snapshot.lines();
  static const int severities[] = {1, 2, 3, 4};
  json d = {{"range", toRange(lines, finding.range, context.encoding)},
            {"severity", severities[static_cast<int>(finding.severity)]}};
  if (!context.compact || finding.source != "bufferlens")
    d["source"] = finding.source;
  std::string message = finding.message;
  if (!context.relatedInformation)
    for (const RelatedLocation &r : finding.related)
      message += "\nline " +
                 std::to_string(lines.toByteColumn(r.range.begin).line + 1) +
                 ": " + r.message;
  d["message"] = message;
  if (finding.code != FindingCode::None) {
    std::string code(codeName(finding.code));
    d["code"] = code;
    if (context.codeDescription && !context.compact &&
        !context.codeDescriptionBase.empty()) {
      std::string lower = code;
      for (char &c : lower)
        c = std::tolower(static_cast<unsigned char>(c));
      d["codeDescription"] = {
          {"href", context.codeDescriptionBase + "#" + lower}};
    }
    if (finding.code == FindingCode::BL304)
      d["tags"] = json::array({1});
  }
  if (context.relatedInformation && !finding.related.empty()) {
    json related = json::array();
    for (const RelatedLocation &r : finding.related)
      related.push_back({{"location", toLocation(snapshot, r.range, context)},
                         {"message", r.message}});
    d["relatedInformation"] = related;
  }
  return d;
}

json expectedPublish(const Snapshot &snapshot, const ProtocolContext &context) {
  json diagnostics = json::array();
  for (const Finding &finding : snapshot.findings())
    diagnostics.push_back(expectedDiagnostic(snapshot, finding, context));
  return {{"jsonrpc", "2.0"},
          {"method", "textDocument/publishDiagnostics"},
          {"params",
           {{"uri", snapshot.uri()},
            {"version", snapshot.version()},
            {"diagnostics", diagnostics}}}};
}
} // namespace

TEST(ServerFeaturesTest, DirectPublishEqualsTheJsonObjects) {
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>(
      "a \"quoted\"\tline\nsecond 😀 line\n");
  Finding f;
  f.code = FindingCode::BL101;
  f.range = {2, 10};
  f.message = "a \"message\" with \\ and \n and \x01 and é";
  f.related.push_back({{17, 23}, "related 😀"});
  result.findings.push_back(f);
  Finding g;
  g.source = "mlir";
  g.severity = Severity::Warning;
  g.range = {25, 30};
  g.message = "no code";
  result.findings.push_back(g);
  Finding h = f;
  h.code = FindingCode::BL304;
  h.range = {30, 31};
  result.findings.push_back(h);
  SnapshotRef snapshot = snapshotOf(std::move(result));
  for (PositionEncoding encoding :
       {PositionEncoding::Utf16, PositionEncoding::Utf8})
    for (std::string base : {"", "file:///README.md"})
      for (bool clientShowsThem : {true, false})
        for (bool compact : {false, true}) {
          ProtocolContext context;
          context.encoding = encoding;
          context.codeDescriptionBase = base;
          context.relatedInformation = clientShowsThem;
          context.codeDescription = clientShowsThem;
          context.compact = compact;
          json expected = expectedPublish(*snapshot, context);
          EXPECT_EQ(json::parse(publishDiagnosticsMessage(*snapshot, context)),
                    expected);
          // The JSON views are the same encoder's.
          EXPECT_EQ(toPublishDiagnostics(*snapshot, context),
                    expected["params"]);
          EXPECT_EQ(toDiagnostic(*snapshot, snapshot->findings()[0], context),
                    expected["params"]["diagnostics"][0]);
        }
  // A client that shows neither related information nor links: the
  // related location becomes a line of the message (line 2 of the text).
  ProtocolContext bare;
  bare.codeDescriptionBase = "file:///README.md";
  bare.relatedInformation = false;
  bare.codeDescription = false;
  json first = toPublishDiagnostics(*snapshot, bare)["diagnostics"][0];
  EXPECT_EQ(first["message"], f.message + "\nline 2: related 😀");
  EXPECT_FALSE(first.contains("relatedInformation"));
  EXPECT_FALSE(first.contains("codeDescription"));
}

// compactDiagnostics: the client fills in our `source` and the code links,
// so neither is sent; MLIR's own errors keep their source "mlir", and
// everything else is as before.
TEST(ServerFeaturesTest, CompactDiagnosticsLeaveSourceAndLinkToTheClient) {
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>("ab\ncd\n");
  Finding own;
  own.code = FindingCode::BL304;
  own.range = {0, 2};
  own.message = "redundant";
  own.related.push_back({{3, 5}, "here"});
  result.findings.push_back(own);
  Finding mlir;
  mlir.source = "mlir";
  mlir.range = {3, 4};
  mlir.message = "expected operation name";
  result.findings.push_back(mlir);
  SnapshotRef snapshot = snapshotOf(std::move(result));
  ProtocolContext context;
  context.codeDescriptionBase = "https://x/README.md";
  context.compact = true;
  json range0 = {{"start", {{"line", 0}, {"character", 0}}},
                 {"end", {{"line", 0}, {"character", 2}}}};
  json range1 = {{"start", {{"line", 1}, {"character", 0}}},
                 {"end", {{"line", 1}, {"character", 2}}}};
  json range2 = {{"start", {{"line", 1}, {"character", 0}}},
                 {"end", {{"line", 1}, {"character", 1}}}};
  json expected = json::array(
      {{{"range", range0},
        {"severity", 1},
        {"message", "redundant"},
        {"code", "BL304"},
        {"tags", {1}},
        {"relatedInformation",
         {{{"location", {{"uri", snapshot->uri()}, {"range", range1}}},
           {"message", "here"}}}}},
       {{"range", range2},
        {"severity", 1},
        {"source", "mlir"},
        {"message", "expected operation name"}}});
  EXPECT_EQ(json::parse(publishDiagnosticsMessage(
                *snapshot, context))["params"]["diagnostics"],
            expected);
  EXPECT_EQ(toPublishDiagnostics(*snapshot, context)["diagnostics"], expected);
  context.compact = false;
  json full = toPublishDiagnostics(*snapshot, context)["diagnostics"];
  EXPECT_EQ(full[0]["source"], "bufferlens");
  EXPECT_EQ(full[0]["codeDescription"],
            json({{"href", "https://x/README.md#bl304"}}));
}

// Bytes that look like UTF-8 but are not well formed (an overlong '/', a
// surrogate, a code point past U+10FFFF) go through nlohmann's
// replacement too: sent as they are, the client's JSON parser would
// reject the whole message.
TEST(ServerFeaturesTest, DirectPublishReplacesIllFormedUtf8) {
  for (std::string bytes :
       {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE0\x80\xAF"}) {
    AnalysisResult result;
    result.sharedText = std::make_shared<const std::string>("line\n");
    Finding f;
    f.code = FindingCode::BL101;
    f.range = {0, 4};
    f.message = "name " + bytes + " here";
    result.findings.push_back(f);
    SnapshotRef snapshot = snapshotOf(std::move(result));
    ProtocolContext context;
    // Each ill-formed sequence as nlohmann's replacement writes it.
    json sent = json::parse(publishDiagnosticsMessage(*snapshot, context));
    std::string replaced =
        json(f.message).dump(-1, ' ', false, json::error_handler_t::replace);
    EXPECT_EQ(sent["params"]["diagnostics"][0]["message"],
              json::parse(replaced))
        << replaced;
    EXPECT_EQ(sent, json::parse(expectedPublish(*snapshot, context)
                                    .dump(-1, ' ', false,
                                          json::error_handler_t::replace)));
  }
}

// Many findings are written in slices on the part threads; the message is
// the same as one thread's, and one invalid byte in any slice still sends
// every finding with the byte replaced.
TEST(ServerFeaturesTest, DirectPublishOfManyFindingsInSlices) {
  for (bool invalidInLastSlice : {false, true}) {
    AnalysisResult result;
    std::string text;
    for (int line = 0; line < 5000; ++line)
      text += "line " + std::to_string(line) + " é\n";
    result.sharedText = std::make_shared<const std::string>(std::move(text));
    LineIndex lines(result.text());
    for (uint32_t line = 0; line < 5000; ++line) {
      Finding f;
      f.code = line % 2 ? FindingCode::BL101 : FindingCode::BL304;
      uint32_t begin = lines.lineStart(line);
      uint32_t end = begin + lines.lineText(line).size();
      f.range = {begin, begin + 4};
      f.message = "finding " + std::to_string(line);
      if (line % 3 == 0)
        f.related.push_back({{begin + 5, end}, "related"});
      result.findings.push_back(std::move(f));
    }
    if (invalidInLastSlice)
      result.findings.back().message += "\xff";
    SnapshotRef snapshot = snapshotOf(std::move(result));
    ProtocolContext context;
    context.codeDescriptionBase = "file:///README.md";
    context.threads = 2; // Two slices on any machine.
    json expected =
        json::parse(expectedPublish(*snapshot, context)
                        .dump(-1, ' ', false, json::error_handler_t::replace));
    std::string message = publishDiagnosticsMessage(*snapshot, context);
    json sent = json::parse(message);
    ASSERT_EQ(sent["params"]["diagnostics"].size(), 5000u);
    EXPECT_EQ(sent, expected);
    if (invalidInLastSlice) {
      EXPECT_EQ(sent["params"]["diagnostics"][4999]["message"],
                "finding 4999\xef\xbf\xbd");
    }
  }
}
