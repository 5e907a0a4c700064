//===- FindingCode.h - The stable finding codes as a type -----------------===//
//
// Every finding an analysis raises names one of these codes. They are an
// enum so that a misspelt code does not compile; the text form
// (FindingCode::BL101) exists only where a finding leaves the program (CLI
// output, LSP, SARIF, configuration keys) and is produced by codeName.
//
// The enumerators are declared in the order of their names, so sorting by
// the enum sorts as the names would (None, the code of MLIR's own parse
// and verifier errors, first, as the empty name did).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_FINDINGCODE_H
#define BUFFERLENS_ANALYSIS_MODEL_FINDINGCODE_H

#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

namespace bufferlens {

enum class FindingCode : uint8_t {
  None, ///< MLIR's own diagnostics: no BufferLens code.
  BL101,
  BL102,
  BL103,
  BL104,
  BL105,
  BL201,
  BL202,
  BL203,
  BL204,
  BL301,
  BL302,
  BL303,
  BL304,
  BL305,
  BL401,
  BL501,
  BL502,
  BL503,
};

/// FindingCode::BL101 etc.; "" for FindingCode::None.
std::string_view codeName(FindingCode code);
/// The code named `name`, or nullopt (also for "").
std::optional<FindingCode> parseFindingCode(std::string_view name);

inline std::ostream &operator<<(std::ostream &os, FindingCode code) {
  return os << (code == FindingCode::None ? std::string_view("<none>")
                                          : codeName(code));
}

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_FINDINGCODE_H
