// `--verify` semantics, checked against mlir-opt -verify-diagnostics's.

#include "cli/Verify.h"

#include <gtest/gtest.h>

using namespace bufferlens;

static FileReport report(std::string text, std::vector<Finding> findings) {
  FileReport r;
  r.path = "t.mlir";
  r.text = std::move(text);
  r.lines = std::make_unique<LineIndex>(r.text);
  r.findings = std::move(findings);
  return r;
}

static Finding finding(uint32_t offset, Severity severity, FindingCode code,
                       std::string message) {
  Finding f;
  f.range = {offset, offset + 1};
  f.severity = severity;
  f.code = code;
  f.message = std::move(message);
  return f;
}

TEST(VerifyTest, OffsetsAndKinds) {
  std::string text = "// expected-error@+1 {{leaks}}\n"   // line 0
                     "x\n"                                // line 1
                     "y // expected-remark {{[BL301]}}\n" // line 2
                     "z\n"                                // line 3
                     "// expected-warning@above {{w}}\n"  // line 4
                     "// expected-note@below {{here}}\n"  // line 5
                     "n\n";                               // line 6
  Finding leak = finding(31, Severity::Error, FindingCode::BL101, "%0 leaks");
  leak.related.push_back({{66, 67}, "allocated here"});
  auto r = report(
      text, {leak, finding(33, Severity::Hint, FindingCode::BL301, "promote"),
             finding(64, Severity::Warning, FindingCode::BL304, "w")});
  // Relocate the note to line 6 and the warning to line 3.
  r.findings[0].related[0].range = {r.lines->lineStart(6),
                                    r.lines->lineStart(6) + 1};
  r.findings[2].range = {r.lines->lineStart(3), r.lines->lineStart(3) + 1};
  EXPECT_EQ(verifyReport(r), std::vector<std::string>{});
}

TEST(VerifyTest, MissingAndUnexpected) {
  std::string text = "a // expected-error {{double free}}\n"
                     "b\n";
  auto r =
      report(text, {finding(36, Severity::Error, FindingCode::BL101, "leak")});
  EXPECT_EQ(verifyReport(r),
            (std::vector<std::string>{
                "t.mlir:2:1: error: unexpected error: leak [BL101]",
                "t.mlir:1:6: error: expected error \"double free\" was not "
                "produced"}));
}

TEST(VerifyTest, KindMustMatch) {
  std::string text = "a // expected-warning {{leak}}\n";
  auto r =
      report(text, {finding(0, Severity::Error, FindingCode::BL101, "leak")});
  EXPECT_EQ(verifyReport(r).size(), 2u);
}
