//===- SemanticTokensProtocol.h - Semantic tokens as LSP encodes them -----===//
//
// ide/SemanticTokens.cpp says what each token is; this is how LSP 3.17
// sends them: the legend, the relative integer array, and the edit between
// two arrays for `semanticTokens/full/delta` (clangd keeps the same in
// clang-tools-extra/clangd/SemanticHighlighting.cpp, rust-analyzer in
// semantic_tokens.rs).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_SEMANTICTOKENSPROTOCOL_H
#define BUFFERLENS_SERVER_SEMANTICTOKENSPROTOCOL_H

#include "ide/Features.h"
#include "ide/SourceCode.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bufferlens {

/// semanticTokensProvider.legend: the token types and modifiers, in the
/// order of SemanticTokenType and SemanticTokenModifier.
nlohmann::json semanticTokensLegend();
/// LSP's integer array: per token its line and start column relative to
/// the previous token's, its length (columns and lengths in `encoding`),
/// type and modifier bits.
std::vector<uint32_t>
encodeSemanticTokens(const LineIndex &lines,
                     const std::vector<SemanticTokenInfo> &tokens,
                     PositionEncoding encoding);
/// `{"resultId": ..., "data": [...]}` as JSON text.
std::string semanticTokensText(const std::string &resultId,
                               const std::vector<uint32_t> &data);
/// The one edit that turns `before` into `after`: their common prefix and
/// suffix of whole tokens kept, the middle replaced (as clangd's
/// diffTokens, llvm-project clang-tools-extra/clangd/SemanticHighlighting.cpp).
/// None when they are equal.
struct SemanticTokensEdit {
  uint32_t start = 0;
  uint32_t deleteCount = 0;
  std::vector<uint32_t> data;
};
std::vector<SemanticTokensEdit>
diffSemanticTokens(const std::vector<uint32_t> &before,
                   const std::vector<uint32_t> &after);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_SEMANTICTOKENSPROTOCOL_H
