//===- Partition.h - Cut a document into parts analysed in parallel -------===//
//
// A document's top-level operations (TopLevelSplit.h) are cut into a few
// contiguous runs, one per worker. Each part is analysed in its own
// MLIRContext on the whole text with the operations it does not need
// blanked out, so offsets, lines and columns stay those of the document,
// and it answers only for the text it covers.
//
// What a part needs: its own operations, every operation that shares a
// symbol name with them (callers, callees, globals, redefinitions, found
// lexically and closed transitively), the shared ones (aliases), and every
// `// bufferlens:` directive. The analyses of a function look at nothing
// else, so the union of the parts' findings equals a whole-document
// analysis. That needs a document MLIR accepts: with a parse or verifier
// error the document is analysed whole (analyzeParts). When the symbols tie
// most of the document together, or the document is small, there is one
// part.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_PARTS_PARTITION_H
#define BUFFERLENS_ANALYSIS_PARTS_PARTITION_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"
#include "analysis/parts/TopLevelSplit.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace bufferlens {

/// Below this many bytes of operations per part (about 250 lines), another
/// MLIRContext and thread cost more than the work they take over. Measured:
/// a 1k-line didOpen analyses in 5 ms in two parts against 8-9 ms in one;
/// with 4 KiB parts a 1k-line lint took twice as long.
constexpr size_t kMinPartBytes = 8 * 1024;

struct PartPlan {
  /// The text this part answers for; the parts cover the document in
  /// order, the last one up to its end.
  SourceRange covers;
  /// Operations to blank before analysing this part (neither its own nor
  /// needed by them).
  std::vector<SourceRange> blanked;
};

/// At most `maxParts` parts of at least `minPartBytes` bytes of operations
/// each; a single part covering everything when no useful cut exists.
std::vector<PartPlan> planParts(std::string_view text, unsigned maxParts,
                                size_t minPartBytes = kMinPartBytes);
/// The same, given `chunks` = splitTopLevel(text), for callers that keep
/// the split (a snapshot does): the split is a pass over the whole text.
std::vector<PartPlan> planParts(std::string_view text,
                                const std::vector<TopLevelChunk> &chunks,
                                unsigned maxParts,
                                size_t minPartBytes = kMinPartBytes);

/// The operations among `ops` (non-shared top-level operations of `text`,
/// in order) tied to `ops[seed]` by symbol names, transitively, plus those
/// tied to any name in `alsoNaming` (e.g. names the seed had before an
/// edit); sorted indices, the seed included. Names defined by the `shared`
/// chunks (declarations, globals: every analysis keeps them) tie nothing.
std::vector<size_t> tiedOperations(std::string_view text,
                                   const std::vector<SourceRange> &ops,
                                   size_t seed,
                                   const std::vector<std::string> &alsoNaming,
                                   const std::vector<SourceRange> &shared = {});

/// `analyse` run on each part's text (the document with the part's
/// `blanked` operations blanked), the parts at once (support/PartThreads.h).
/// With a single part, on the document itself. When a part has MLIR errors (see
/// hasMlirErrors), the document is analysed whole instead and `plans`
/// becomes that one part.
std::vector<AnalysisResult>
analyzeParts(std::string_view text, std::vector<PartPlan> &plans,
             const std::function<AnalysisResult(std::string_view)> &analyse);

/// The part number `analyse` gets for the document analysed whole after a
/// part met MLIR errors.
constexpr size_t kWholeDocumentPart = static_cast<size_t>(-1);

/// The same, telling `analyse` which part it analyses (an index of
/// `plans`, or kWholeDocumentPart). `oneAtATime`: the parts run one after
/// another on the calling thread, so that one part's text copy and IR are
/// held at a time (a caller that keeps only each part's findings).
std::vector<AnalysisResult> analyzeParts(
    std::string_view text, std::vector<PartPlan> &plans,
    const std::function<AnalysisResult(std::string_view, size_t part)> &analyse,
    bool oneAtATime = false);

/// Whether these options allow parts at all: `privateFunctionDynamicOwnership`
/// lets the pipeline rewrite callers of private functions, beyond what
/// symbol names tie, so such documents are analysed in one piece.
bool canAnalyseInParts(const AnalysisOptions &options);

/// Whether MLIR rejected part of the text (a parse or verifier error).
/// Such a document is analysed whole: a parse error stops the analysis of
/// the whole document, and the module's symbol checks run only when every
/// operation verifies, so no part may answer for itself.
bool hasMlirErrors(const AnalysisResult &result);
/// Whether `findings` hold one of MLIR's errors.
bool hasMlirErrors(const std::vector<Finding> &findings);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_PARTS_PARTITION_H
