//===- ExplainPath.cpp - A finding's path in the hover and `explain` ------===//
//
// The same numbered steps the text output and the LSP related information
// show (analysis/model/PathNotes.h), each with the line it happens on.
//
//===----------------------------------------------------------------------===//

#include "analysis/explain/Explain.h"
#include "analysis/model/FindingCodes.h"

#include <sstream>

using namespace bufferlens;

std::string bufferlens::explainPath(const Finding &finding,
                                    const LineOfOffset &lineOf) {
  std::ostringstream os;
  os << "**" << codeName(finding.code) << "** " << finding.message << "\n\n";
  for (size_t i = 0; i < finding.path.size(); ++i)
    os << (i + 1) << ". line " << lineOf(finding.path[i].range.begin) << ": "
       << finding.path[i].message << "\n";
  return os.str();
}
