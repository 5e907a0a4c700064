//===- DialectPlugins.h - Loading the project's dialect plugins -----------===//
//
// What both front ends call before analysing with a set of plugins: each
// plugin is loaded once per process (analysis/ir/DialectPlugins.h), and the
// ones that do not load are said, one sentence each, for the front end to
// show once; the analyses go on without them.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_DIALECTPLUGINS_H
#define BUFFERLENS_IDE_DIALECTPLUGINS_H

#include <string>
#include <vector>

namespace bufferlens {

/// Loads each of `paths`; why each that did not load did not, in order.
std::vector<std::string>
loadDialectPlugins(const std::vector<std::string> &paths);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_DIALECTPLUGINS_H
