//===- Render.h - DOT text to SVG or PNG through libgvc -------------------===//
//
// Lays out and renders in this process with Graphviz's libraries (no `dot`
// subprocess). Graphviz keeps global state, so renders are serialised.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_VIZ_RENDER_H
#define BUFFERLENS_VIZ_RENDER_H

#include <optional>
#include <string>
#include <string_view>

namespace bufferlens::viz {

enum class GraphFormat { Dot, Svg, Png };

std::optional<GraphFormat> parseGraphFormat(std::string_view name);
const char *toString(GraphFormat format);

/// Bytes of the rendered graph, or an error saying why there are none.
struct Rendered {
  std::string bytes;
  std::string error;
  bool ok() const { return error.empty(); }
};

/// `dot` laid out with the dot engine and rendered as SVG or PNG; DOT is
/// returned as it is.
Rendered renderDot(const std::string &dot, GraphFormat format);

} // namespace bufferlens::viz

#endif // BUFFERLENS_VIZ_RENDER_H
