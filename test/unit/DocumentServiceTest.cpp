//===- DocumentServiceTest.cpp - The middle layer, without JSON-RPC -------===//
//
// Documents, edits and features through DocumentService's plain calls, with
// the callbacks the protocol layer would implement recorded.
//
//===----------------------------------------------------------------------===//

#include "server/DocumentService.h"
#include "Annotations.h"
#include "server/Logger.h"
#include "server/Protocol.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <future>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
struct Recorder : DocumentCallbacks {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<SnapshotRef> published;
  std::vector<std::string> closed, problems;

  void onDiagnostics(const SnapshotRef &snapshot) override {
    std::lock_guard<std::mutex> lock(mutex);
    published.push_back(snapshot);
    changed.notify_all();
  }
  void onDocumentClosed(const std::string &uri) override {
    closed.push_back(uri);
  }
  void onAnalysisActivity(const std::string &, bool, size_t) override {}
  void onSettingsProblems(const std::string &origin,
                          const std::string &text) override {
    problems.push_back(origin + ": " + text);
  }
  SnapshotRef waitForVersion(int64_t version) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] {
      return !published.empty() && published.back()->version() == version;
    });
    return published.back();
  }
  /// The first publish after the `count` seen so far.
  SnapshotRef waitForPublishAfter(size_t count) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return published.size() > count; });
    return published[count];
  }
  size_t publishes() {
    std::lock_guard<std::mutex> lock(mutex);
    return published.size();
  }
};

template <typename T> struct Wait {
  std::promise<Answer<T>> promise;
  Callback<T> callback() {
    return [this](Answer<T> answer) { promise.set_value(std::move(answer)); };
  }
  Answer<T> get() { return promise.get_future().get(); }
};

TextPosition positionOf(const std::string &text, uint32_t offset) {
  return bufferlens::positionOf(LineIndex(text), offset,
                                PositionEncoding::Utf16);
}

TextRef textOf(const std::string &text) {
  return std::make_shared<const std::string>(text);
}

struct DocumentServiceTest : ::testing::Test {
  Logger log{std::fopen("/dev/null", "w")};
  Recorder recorder;
  ServerConfig config;
  std::unique_ptr<DocumentService> service;
  void SetUp() override {
    config.workers = 1;
    service = std::make_unique<DocumentService>(config, recorder, log);
  }
  void TearDown() override { service.reset(); }
};

// %0 leaks on the way through ^bb2 (BL101, with a fix); @plain frees
// nothing, so the deallocation pipeline is offered as a refactoring.
const char *kLeak = "func.func @leaky(%c: i1) {\n"
                    "  $def[[%0]] = memref.alloc() : memref<2xf32>\n"
                    "  cf.cond_br %c, ^bb1, ^bb2\n"
                    "^bb1:\n"
                    "  memref.dealloc %0 : memref<2xf32>\n"
                    "  return\n"
                    "^bb2:\n"
                    "  return\n"
                    "}\n"
                    "func.func @plain() {\n"
                    "  $plain[[%0]] = memref.alloc() : memref<2xf32>\n"
                    "  return\n"
                    "}\n";
} // namespace

TEST(PathOfUriTest, EscapesAreDecodedAndANulByteNamesNoFile) {
  EXPECT_EQ(pathOfUri("file:///a%20b/caf%C3%A9.mlir"), "/a b/caf\xC3\xA9.mlir");
  EXPECT_EQ(pathOfUri("file:///a/%zz%4"), "/a/%zz%4");
  EXPECT_EQ(pathOfUri("file:///a/%\xC3\xA9"), "/a/%\xC3\xA9");
  EXPECT_EQ(pathOfUri("untitled:Untitled-1"), "");
  EXPECT_EQ(pathOfUri("file:///p/.bufferlens.json%00/x.mlir"), "");
}

TEST_F(DocumentServiceTest, CodeActionsOfTheKindsAskedFor) {
  Annotations code(kLeak);
  service->openDocument("file:///t.mlir", textOf(code.code()), 1);
  recorder.waitForVersion(1);
  auto kindsFor = [&](const char *at,
                      std::optional<std::vector<std::string>> only) {
    TextPositionRange range{positionOf(code.code(), code.range(at).begin),
                            positionOf(code.code(), code.range(at).end)};
    Wait<std::vector<CodeActionInfo>> wait;
    service->codeActions("file:///t.mlir", range, only, nullptr,
                         wait.callback());
    Answer<std::vector<CodeActionInfo>> answer = wait.get();
    EXPECT_FALSE(answer.error);
    EXPECT_EQ(answer.snapshot->version(), 1);
    std::vector<std::string> kinds;
    for (const CodeActionInfo &action : answer.value)
      kinds.push_back(action.kind);
    return kinds;
  };
  using Kinds = std::vector<std::string>;
  // The leak's fix, and "Show path", which only shows something.
  EXPECT_EQ(kindsFor("def", std::nullopt), (Kinds{"quickfix", "info"}));
  EXPECT_EQ(kindsFor("def", Kinds{"quickfix"}), Kinds{"quickfix"});
  EXPECT_EQ(kindsFor("def", Kinds{"info"}), Kinds{"info"});
  EXPECT_EQ(kindsFor("def", Kinds{"refactor"}), Kinds{});
  EXPECT_EQ(kindsFor("plain", std::nullopt), Kinds{"refactor.rewrite"});
  // A kind asks for its sub-kinds, not for its prefixes.
  EXPECT_EQ(kindsFor("plain", Kinds{"refactor"}), Kinds{"refactor.rewrite"});
  EXPECT_EQ(kindsFor("plain", Kinds{"refactor.rewrite"}),
            Kinds{"refactor.rewrite"});
  EXPECT_EQ(kindsFor("plain", Kinds{"refactor.re"}), Kinds{});
  EXPECT_EQ(kindsFor("plain", Kinds{"quickfix", "source"}), Kinds{});
}

TEST_F(DocumentServiceTest, ErrorsSayWhatIsWrong) {
  Annotations code(kLeak);
  Wait<std::optional<HoverInfo>> notOpen;
  service->hover("file:///t.mlir", {0, 0}, nullptr, notOpen.callback());
  Answer<std::optional<HoverInfo>> answer = notOpen.get();
  ASSERT_TRUE(answer.error);
  EXPECT_EQ(answer.error->code, ErrorCode::InvalidParams);
  EXPECT_EQ(answer.error->message, "the document is not open: file:///t.mlir");

  service->openDocument("file:///t.mlir", textOf(code.code()), 1);
  Wait<std::vector<InlayHintInfo>> backwards;
  service->inlayHints("file:///t.mlir", {{2, 0}, {1, 0}}, nullptr,
                      backwards.callback());
  Answer<std::vector<InlayHintInfo>> hints = backwards.get();
  ASSERT_TRUE(hints.error);
  EXPECT_EQ(hints.error->code, ErrorCode::InvalidParams);
  EXPECT_EQ(hints.error->message, "'range' must be a Range");

  Wait<std::vector<TextEdit>> stale;
  service->resolveRefactoring("file:///t.mlir", "leaky", std::nullopt, 0,
                              nullptr, stale.callback());
  Answer<std::vector<TextEdit>> edits = stale.get();
  ASSERT_TRUE(edits.error);
  EXPECT_EQ(edits.error->code, ErrorCode::ContentModified);
}

TEST_F(DocumentServiceTest, WholeTextsReplaceTheDocument) {
  Annotations code(kLeak);
  service->openDocument("file:///t.mlir", textOf(code.code()), 1);
  recorder.waitForVersion(1);
  std::string plain = "func.func @f() {\n  return\n}\n";
  service->updateDocument("file:///t.mlir", textOf(plain), 2);
  service->saveDocument("file:///t.mlir");
  SnapshotRef snapshot = recorder.waitForVersion(2);
  EXPECT_EQ(snapshot->text(), plain);
  EXPECT_TRUE(snapshot->findings().empty());
  service->removeDocument("file:///t.mlir");
  EXPECT_EQ(recorder.closed, std::vector<std::string>{"file:///t.mlir"});
  // A lost text is removed without closing: the caller tells the client.
  service->openDocument("file:///u.mlir", textOf(plain), 1);
  service->removeDocument("file:///u.mlir", /*closed=*/false);
  EXPECT_EQ(recorder.closed, std::vector<std::string>{"file:///t.mlir"});
}

TEST_F(DocumentServiceTest, QueriesRunUnderTheirSnapshotsOptions) {
  Annotations code(kLeak);
  ClientSettings off;
  off.analysis.checks.push_back({FindingCode::BL101, false, std::nullopt});
  service->applySettings(off);
  service->openDocument("file:///t.mlir", textOf(code.code()), 1);
  SnapshotRef snapshot = recorder.waitForVersion(1);
  EXPECT_FALSE(snapshot->options().isEnabled(FindingCode::BL101));
  for (const Finding &finding : snapshot->findings())
    EXPECT_NE(finding.code, FindingCode::BL101) << finding.message;
  // Later settings make a new snapshot; the old one keeps its options.
  size_t seen = recorder.publishes();
  service->applySettings(ClientSettings());
  SnapshotRef again = recorder.waitForPublishAfter(seen);
  EXPECT_FALSE(snapshot->options().isEnabled(FindingCode::BL101));
  EXPECT_TRUE(again->options().isEnabled(FindingCode::BL101));
}
