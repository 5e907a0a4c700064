//===- Origins.cpp --------------------------------------------------------===//

#include "viz/Origins.h"
#include "analysis/model/LineIndex.h"

#include <map>

using namespace bufferlens;
using namespace bufferlens::viz;

static std::string_view lastComponent(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool viz::sameBuffer(std::string_view locationFile,
                     std::string_view bufferName) {
  if (locationFile == bufferName)
    return true;
  return !locationFile.empty() &&
         lastComponent(locationFile) == lastComponent(bufferName);
}

OriginMap::OriginMap(const AnalysisResult &user,
                     std::string_view userBufferName,
                     const AnalysisResult &rewritten)
    : userResult(user), ranges(rewritten.ops.size()),
      userOps(rewritten.ops.size(), kNone) {
  // An op's location is where its text starts: its first result, or its
  // name when it has none.
  std::map<uint32_t, OpId> opAt;
  for (OpId op = 0; op < (OpId)user.ops.size(); ++op) {
    const OpEntry &entry = user.ops[op];
    if (!entry.fullRange.empty())
      opAt.emplace(entry.fullRange.begin, op);
    if (!entry.nameRange.empty())
      opAt.emplace(entry.nameRange.begin, op);
  }
  LineIndex lines(user.text());
  for (OpId op = 0; op < (OpId)rewritten.ops.size(); ++op) {
    const OpEntry &entry = rewritten.ops[op];
    if (entry.originLine == 0 || entry.originLine > lines.lineCount() ||
        !sameBuffer(entry.originFile, userBufferName))
      continue;
    uint32_t offset =
        lines.fromByteColumn({entry.originLine - 1,
                              entry.originColumn ? entry.originColumn - 1 : 0});
    auto it = opAt.find(offset);
    if (it != opAt.end()) {
      userOps[op] = it->second;
      ranges[op] = user.ops[it->second].fullRange.empty()
                       ? user.ops[it->second].nameRange
                       : user.ops[it->second].fullRange;
    } else if (offset < user.text().size()) {
      ranges[op] = SourceRange{offset, offset + 1};
    }
  }
}
