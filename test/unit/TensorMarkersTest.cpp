// AttributesBefore (analysis/tensor/AnalysisMarkers.cpp): the tensor
// analysis bufferizes the copy the analysis-only run of One-Shot Bufferize
// annotated, once the markers are taken off. That is only sound if taking
// them off gives back the IR a fresh copy is: on every tensor input of the
// tests, the copy printed before the analysis-only run (generic form,
// properties and locations included) equals the copy printed after it and
// the restore, and the run did write markers in between.

#include "TestUtil.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"
#include "analysis/tensor/TensorAnalysis.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using namespace bufferlens::tensor;
using bufferlens::test::forEachMlirFileBelow;
using bufferlens::test::splitInputFile;

namespace {

std::string printed(mlir::ModuleOp module) {
  return bufferlens::test::printGenericForm(module);
}

/// How many copies the analysis-only run annotated and then were restored.
struct Counts {
  size_t restored = 0;
  size_t annotated = 0;
};

void checkRestores(const std::string &text, const std::string &where,
                   Counts &counts) {
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>(text);
  std::unique_ptr<mlir::MLIRContext> context = takeThreadContext();
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text(), "in.mlir", *context, result.findings);
  if (!parsed || !result.findings.empty())
    return;
  SourceIndex index(*parsed, result);
  std::vector<FunctionId> onTensors;
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn)
    if (result.functions[fn].analysed && worksOnTensors(index.function(fn)))
      onTensors.push_back(fn);
  if (onTensors.empty())
    return;
  TaggedClone clone(index, onTensors, TaggedClone::symbolsOf(parsed->module()));
  std::string before = printed(clone.module());
  AttributesBefore attributes(clone.module());
  std::vector<PassError> errors;
  if (!runOneShotBufferize(index, clone, PassMode::AnalysisOnly,
                           "bufferize-function-boundaries", errors))
    return;
  if (printed(clone.module()) != before)
    ++counts.annotated;
  attributes.restore();
  EXPECT_EQ(printed(clone.module()), before) << where;
  ++counts.restored;
}

TEST(TensorMarkersTest, RestoringGivesBackTheCopyBeforeTheAnalysis) {
  Counts counts;
  size_t files = forEachMlirFileBelow(
      {"test/lit/tensor", "test/corpus/programs", "test/corpus/upstream",
       "examples"},
      [&](const std::filesystem::path &path, const std::string &text) {
        std::vector<std::string> chunks = splitInputFile(text);
        for (size_t i = 0; i < chunks.size(); ++i)
          checkRestores(chunks[i],
                        path.string() + " chunk " + std::to_string(i), counts);
      });
  EXPECT_GT(files, 10u);
  // The inputs hold many functions One-Shot Bufferize accepts, and the
  // markers are written on each: the comparison is not vacuous.
  EXPECT_GT(counts.restored, 50u);
  EXPECT_EQ(counts.annotated, counts.restored);
}

} // namespace

namespace {

// The hover of a copied tensor and BL501's path name the same read: the
// one LaterRead.h picks, stable across runs, not the one upstream's
// markers happened to name.
TEST(TensorMarkersTest, HoverAndPathNameTheSameRead) {
  size_t compared = 0;
  forEachMlirFileBelow(
      {"test/lit/tensor", "test/corpus/programs", "examples"},
      [&](const std::filesystem::path &path, const std::string &text) {
        for (const std::string &chunk : splitInputFile(text)) {
          AnalysisResult result = bufferlens::test::analyze(chunk);
          for (const Finding &finding : result.findings) {
            if (finding.code != FindingCode::BL501 || finding.path.empty() ||
                finding.path.back().kind != PathStepKind::Read)
              continue;
            const std::string &step = finding.path.back().message;
            std::string read = step.substr(0, step.find("` reads") + 1);
            // The buffers the op defines that are copies.
            for (const TensorPlan &plan : result.tensor)
              for (const TensorBuffer &buffer : plan.buffers) {
                if (buffer.kind != TensorBuffer::Kind::Copy ||
                    buffer.value == kNone ||
                    result.values[buffer.value].definingOp == kNone ||
                    result.ops[result.values[buffer.value].definingOp]
                            .nameRange != finding.range)
                  continue;
                EXPECT_NE(buffer.why.find("because " + read + " still reads"),
                          std::string::npos)
                    << path << ": " << buffer.why << " vs " << step;
                ++compared;
              }
          }
        }
      });
  EXPECT_GT(compared, 3u); // Not vacuous.
}

} // namespace
