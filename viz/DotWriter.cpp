//===- DotWriter.cpp ------------------------------------------------------===//

#include "viz/DotWriter.h"

#include <map>
#include <sstream>

using namespace bufferlens;
using namespace bufferlens::viz;

namespace {

// One palette for every graph and the legend.
struct MarkerStyle {
  const char *badge;
  const char *fill;
  const char *meaning;
};

MarkerStyle styleOf(Marker marker) {
  switch (marker) {
  case Marker::HeapAlloc:
    return {"alloc", "#ffd8a8", "heap allocation"};
  case Marker::StackAlloc:
    return {"alloca", "#d0ebff", "stack allocation (freed by its scope)"};
  case Marker::Clone:
    return {"clone", "#e5dbff", "clone (a new owned buffer)"};
  case Marker::Dealloc:
    return {"free", "#ffc9c9", "deallocation"};
  case Marker::ConditionalDealloc:
    return {"free?", "#fcc2d7",
            "conditional deallocation (on an ownership value)"};
  case Marker::Copy:
    return {"copy", "#eebefa",
            "copy of an out-of-place operand into a new buffer (BL501)"};
  case Marker::InPlace:
    return {"in place", "#d3f9d8", "in place: reuses an operand's buffer"};
  case Marker::Returned:
    return {"ret", "#c5f6fa", "returned: the caller owns it and frees it"};
  case Marker::Fails:
    return {"fails", "#ffa8a8", "One-Shot Bufferize fails here (BL503)"};
  case Marker::None:
    break;
  }
  return {"", "", ""};
}

/// What a shared marker means on a function still on tensors: the buffers
/// are those One-Shot Bufferize would make, freed by the ownership-based
/// deallocation run after it.
const char *tensorMeaning(Marker marker) {
  switch (marker) {
  case Marker::HeapAlloc:
    return "allocation (a memref.alloc of the bufferized function, BL502)";
  case Marker::Clone:
    return "clone of a returned buffer the function does not own";
  case Marker::Dealloc:
    return "freed here (ownership-based deallocation)";
  case Marker::ConditionalDealloc:
    return "freed here if still owned, or unless it is the buffer "
           "returned (decided at run time)";
  default:
    return styleOf(marker).meaning;
  }
}

constexpr const char *kCriticalFill = "#fff3bf";
/// A finding's path (PathHighlight.h): its blocks and edges, and the rest.
constexpr const char *kPathColor = "#e03131";
constexpr const char *kFaded = "#ced4da";

const char *severityColor(Severity s) {
  switch (s) {
  case Severity::Error:
    return "#c92a2a";
  case Severity::Warning:
    return "#e67700";
  case Severity::Info:
    return "#1971c2";
  case Severity::Hint:
    return "#2f9e44";
  }
  return "#000000";
}

struct EdgeStyle {
  const char *color;
  const char *style;
  const char *penwidth;
  const char *meaning;
};

EdgeStyle styleOf(const GraphEdge &edge) {
  switch (edge.kind) {
  case EdgeKind::Branch:
    return edge.backEdge
               ? EdgeStyle{"#c92a2a", "solid", "2", "back edge (closes a loop)"}
               : EdgeStyle{"#343a40", "solid", "1", "branch"};
  case EdgeKind::RegionEntry:
    return {"#1971c2", "dashed", "1", "region entry"};
  case EdgeKind::RegionNext:
    return {"#1971c2", "dotted", "1.5", "to another region"};
  case EdgeKind::RegionBack:
    return {"#c92a2a", "dashed", "2", "loop back edge (region)"};
  case EdgeKind::RegionYield:
    return {"#2f9e44", "dashed", "1", "yield to the parent op"};
  }
  return {"#000000", "solid", "1", ""};
}

/// Text inside an HTML-like label or attribute.
std::string html(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\n':
      out += "&#10;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// A quoted DOT string (no escString sequences like \N survive).
std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

class Writer {
public:
  explicit Writer(const FunctionGraph &graph)
      : graph(graph), asText(graph.edges.size(), false) {
    std::map<BlockId, size_t> position;
    for (const GraphBlock &b : graph.blocks) {
      position[b.block] = position.size();
      byId[b.block] = &b;
    }
    if (graph.blocks.size() <= kLargeGraphBlocks)
      return;
    for (size_t e = 0; e < graph.edges.size(); ++e) {
      const GraphEdge &edge = graph.edges[e];
      size_t from = position[edge.from], to = position[edge.to];
      if ((from > to ? from - to : to - from) <= kLongEdgeSpan)
        continue;
      asText[e] = true;
      ++textEdges;
      std::string &targets = rowTargets[{edge.from, edge.fromPort}];
      auto it = byId.find(edge.to);
      targets +=
          (targets.empty() ? "" : ", ") + std::string("\xE2\x86\x92 ") +
          (it != byId.end()
               ? it->second->header.substr(0, it->second->header.find('('))
               : "?") +
          (edge.label.empty() ? "" : " " + edge.label);
    }
  }
  std::string write();

private:
  void block(const GraphBlock &b, int depth);
  void node(const GraphBlock &b, const std::string &indent);
  std::string row(const GraphRow &r);
  BlockId currentBlock = kNone;
  std::string codesPrefix;
  void edges();
  void legend();

  const FunctionGraph &graph;
  std::map<BlockId, const GraphBlock *> byId;
  /// In large graphs, edges between blocks far apart in source order are
  /// written on their source row instead of drawn: each would add a virtual
  /// node per rank it spans, and the layout's cost grows with their square.
  std::vector<bool> asText;
  std::map<std::pair<BlockId, std::string>, std::string> rowTargets;
  size_t textEdges = 0;
  std::ostringstream os;
};

std::string Writer::row(const GraphRow &r) {
  std::ostringstream s;
  MarkerStyle marker = styleOf(r.marker);
  s << "<TR>";
  if (r.marker != Marker::None)
    s << "<TD BGCOLOR=\"" << marker.fill << "\"><FONT POINT-SIZE=\"8\">"
      << html(marker.badge) << "</FONT></TD>";
  else
    s << "<TD></TD>";
  s << "<TD ALIGN=\"LEFT\" PORT=\"" << r.port << "\"";
  if (r.op != kNone)
    s << " ID=\"bl-op-" << r.op << "\"";
  if (r.range)
    s << " HREF=\"" << r.range->href() << "\"";
  std::string tooltip = r.fullText;
  if (!r.findingMessages.empty())
    tooltip += "\n" + r.findingMessages;
  s << " TITLE=\"" << html(tooltip) << "\"";
  if (r.criticalAlias)
    s << " BGCOLOR=\"" << kCriticalFill << "\"";
  else if (r.marker != Marker::None)
    s << " BGCOLOR=\"" << marker.fill << "\"";
  s << ">";
  if (r.op == kNone)
    s << "<I>" << html(r.text) << "</I>";
  else
    s << html(r.text);
  s << "</TD>";
  auto target = rowTargets.find({currentBlock, r.port});
  if (target != rowTargets.end())
    codesPrefix = target->second;
  else
    codesPrefix.clear();
  if (!r.findingCodes.empty()) {
    std::string codes;
    for (const std::string &c : r.findingCodes)
      codes += (codes.empty() ? "" : " ") + c;
    s << "<TD ID=\"bl-block-" << currentBlock << "-" << r.port
      << "-findings\" TITLE=\"" << html(r.findingMessages) << "\""
      << (r.range ? " HREF=\"" + r.range->href() + "\"" : "")
      << "><FONT COLOR=\"" << severityColor(*r.worstSeverity) << "\"><B>"
      << html(codes) << "</B></FONT>"
      << (codesPrefix.empty()
              ? ""
              : " <FONT COLOR=\"#495057\">" + html(codesPrefix) + "</FONT>")
      << "</TD>";
  } else if (!codesPrefix.empty()) {
    s << "<TD ALIGN=\"LEFT\" TITLE=\""
      << html("edges not drawn: " + codesPrefix)
      << "\"><FONT COLOR=\"#495057\">" << html(codesPrefix) << "</FONT></TD>";
  } else {
    s << "<TD></TD>";
  }
  s << "</TR>";
  // The tensor view's decisions, one line each under the op, linked to it.
  for (size_t i = 0; i < r.effects.size(); ++i) {
    const RowEffect &effect = r.effects[i];
    MarkerStyle style = styleOf(effect.marker);
    s << "<TR><TD BGCOLOR=\"" << style.fill << "\"><FONT POINT-SIZE=\"8\">"
      << html(style.badge) << "</FONT></TD><TD ALIGN=\"LEFT\" ID=\"bl-op-"
      << r.op << "-effect-" << i << "\"";
    if (r.range)
      s << " HREF=\"" << r.range->href() << "\"";
    s << " TITLE=\"" << html(effect.text) << "\"><FONT POINT-SIZE=\"8\">"
      << html(effect.text) << "</FONT></TD><TD></TD></TR>";
  }
  return s.str();
}

void Writer::node(const GraphBlock &b, const std::string &indent) {
  currentBlock = b.block;
  os << indent << "b" << b.block << " [id=\"bl-block-" << b.block << "\"";
  // Off a drawn path, the block is faded: its text takes the node's colour.
  if (graph.showsPath && !b.onPath)
    os << " fontcolor=\"" << kFaded << "\"";
  if (b.range)
    os << " href=" << quoted(b.range->href());
  os << " tooltip=" << quoted(b.headerTooltip) << " label=<";
  bool thick = graph.showsPath && b.onPath;
  os << "<TABLE BORDER=\"" << (thick ? "3" : "1")
     << "\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\"";
  // The block's frame takes the colour of its worst finding.
  std::optional<Severity> worst = b.headerSeverity;
  for (const GraphRow &r : b.rows)
    if (r.worstSeverity && (!worst || *r.worstSeverity < *worst))
      worst = r.worstSeverity;
  if (graph.showsPath)
    os << " COLOR=\"" << (b.onPath ? kPathColor : kFaded) << "\"";
  else if (worst)
    os << " COLOR=\"" << severityColor(*worst) << "\"";
  os << ">";
  // Header: label and arguments.
  // Every cell with a link has its own id: Graphviz would otherwise number
  // the anchors with a counter that lives as long as the process. The header
  // stays in the text column, so a long header widens only that column and
  // the op texts stay next to their markers.
  const char *headerFill = b.criticalAlias ? kCriticalFill : "#f1f3f5";
  os << "<TR><TD BGCOLOR=\"" << headerFill
     << "\"></TD><TD ALIGN=\"LEFT\" PORT=\"h\" ID=\"bl-block-" << b.block
     << "-header\" BGCOLOR=\"" << headerFill << "\"";
  if (b.headerRange)
    os << " HREF=\"" << b.headerRange->href() << "\"";
  std::string tooltip = b.headerTooltip;
  if (!b.headerFindingMessages.empty())
    tooltip += "\n" + b.headerFindingMessages;
  os << " TITLE=\"" << html(tooltip) << "\"><B>" << html(b.header)
     << "</B></TD>";
  if (!b.headerFindingCodes.empty()) {
    std::string codes;
    for (const std::string &c : b.headerFindingCodes)
      codes += (codes.empty() ? "" : " ") + c;
    os << "<TD BGCOLOR=\"#f1f3f5\" TITLE=\"" << html(b.headerFindingMessages)
       << "\"><FONT COLOR=\"" << severityColor(*b.headerSeverity) << "\"><B>"
       << html(codes) << "</B></FONT></TD>";
  } else {
    os << "<TD BGCOLOR=\"#f1f3f5\"></TD>";
  }
  os << "</TR>";
  for (const GraphRow &r : b.rows)
    os << row(r);
  if (!b.ownershipAtEnd.empty()) {
    std::string all;
    for (const std::string &o : b.ownershipAtEnd)
      all += (all.empty() ? "" : ", ") + o;
    // One memref a line, in the text column: a long list must not widen
    // the marker column.
    os << "<TR><TD BGCOLOR=\"#e6fcf5\"><FONT POINT-SIZE=\"8\">owned</FONT>"
          "</TD><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" BGCOLOR=\"#e6fcf5\" "
          "TITLE=\""
       << html("ownership at the end of the block: " + all)
       << "\"><FONT POINT-SIZE=\"8\">owned at end:";
    for (const std::string &o : b.ownershipAtEnd)
      os << "<BR/>" << html(o);
    os << "</FONT></TD><TD BGCOLOR=\"#e6fcf5\"></TD></TR>";
  }
  os << "</TABLE>>];\n";
}

void Writer::block(const GraphBlock &b, int depth) {
  std::string indent(2 * depth, ' ');
  if (b.regionOps.empty()) {
    node(b, indent);
    return;
  }
  // A block holding region ops: its node and the regions' clusters share a
  // cluster, so the nested regions are drawn inside their parent block.
  os << indent << "subgraph cluster_b" << b.block << " {\n";
  os << indent << "  id=\"bl-cluster-block-" << b.block
     << "\"; label=\"\"; style=\"rounded,dashed\"; color=\"#adb5bd\";\n";
  node(b, indent + "  ");
  for (const RegionCluster &op : b.regionOps) {
    os << indent << "  subgraph cluster_op" << op.op << " {\n";
    os << indent << "    id=\"bl-cluster-op-" << op.op
       << "\"; label=" << quoted(op.title)
       << "; labeljust=l; style=rounded; color=\"#1971c2\"; "
          "fontcolor=\"#1971c2\";\n";
    for (size_t r = 0; r < op.regions.size(); ++r) {
      if (op.regions[r].empty())
        continue;
      os << indent << "    subgraph cluster_op" << op.op << "_r" << r << " {\n";
      os << indent << "      id=\"bl-cluster-op-" << op.op << "-region-" << r
         << "\"; label=" << quoted(op.regionNames[r])
         << "; labeljust=l; style=dotted; color=\"#74c0fc\";\n";
      for (BlockId nested : op.regions[r])
        if (auto it = byId.find(nested); it != byId.end())
          block(*it->second, depth + 3);
      os << indent << "    }\n";
    }
    os << indent << "  }\n";
  }
  os << indent << "}\n";
}

void Writer::edges() {
  size_t n = 0;
  for (size_t i = 0; i < graph.edges.size(); ++i) {
    const GraphEdge &e = graph.edges[i];
    if (asText[i]) {
      ++n;
      continue;
    }
    EdgeStyle style = styleOf(e);
    std::string pathLabel;
    if (graph.showsPath) {
      // The path's edges in its colour, numbered in the order it takes
      // them; the others faded.
      style.color = e.pathSteps.empty() ? kFaded : kPathColor;
      if (!e.pathSteps.empty())
        style.penwidth = "3";
      for (int step : e.pathSteps)
        pathLabel += (pathLabel.empty() ? "" : ", ") + std::to_string(step);
    }
    os << "  b" << e.from;
    if (!e.fromPort.empty())
      os << ":" << e.fromPort;
    os << " -> b" << e.to << ":" << (e.toPort.empty() ? "h" : e.toPort);
    std::string label = e.label;
    if (e.kind == EdgeKind::RegionEntry)
      label = "entry";
    else if (e.kind == EdgeKind::RegionYield)
      label = "yield" + (label.empty() ? "" : " " + label);
    else if (e.backEdge)
      label = "back edge" + (label.empty() ? "" : " " + label);
    if (!pathLabel.empty())
      label = pathLabel + (label.empty() ? "" : ": " + label);
    os << " [id=\"bl-edge-" << n++ << "\" class=\"bl-" << toString(e.kind)
       << (e.backEdge ? " bl-back-edge" : "") << "\" color=\"" << style.color
       << "\" fontcolor=\"" << style.color << "\" style=" << style.style
       << " penwidth=" << style.penwidth;
    if (e.kind == EdgeKind::RegionYield || e.backEdge)
      os << " constraint=false";
    // A label is a virtual node in dot's layout; an xlabel is placed after
    // it, which keeps large graphs tractable.
    if (!label.empty())
      os << (graph.blocks.size() > kLargeGraphBlocks ? " xlabel=" : " label=")
         << quoted(label);
    os << "];\n";
  }
}

void Writer::legend() {
  os << "  subgraph cluster_legend {\n"
        "    id=\"legend\"; label=\"legend\"; style=rounded; "
        "color=\"#adb5bd\"; fontcolor=\"#495057\";\n"
        "    legend [id=\"legend-table\" label=<<TABLE BORDER=\"0\" "
        "CELLSPACING=\"1\" CELLPADDING=\"2\">";
  std::vector<Marker> markers =
      graph.tensorView
          ? std::vector<Marker>{Marker::InPlace,  Marker::HeapAlloc,
                                Marker::Copy,     Marker::Clone,
                                Marker::Dealloc,  Marker::ConditionalDealloc,
                                Marker::Returned, Marker::Fails}
          : std::vector<Marker>{Marker::HeapAlloc, Marker::StackAlloc,
                                Marker::Clone, Marker::Dealloc,
                                Marker::ConditionalDealloc};
  for (Marker m : markers) {
    MarkerStyle s = styleOf(m);
    os << "<TR><TD BGCOLOR=\"" << s.fill << "\"><FONT POINT-SIZE=\"8\">"
       << html(s.badge) << "</FONT></TD><TD ALIGN=\"LEFT\">"
       << html(graph.tensorView ? tensorMeaning(m) : s.meaning) << "</TD></TR>";
  }
  if (!graph.tensorView)
    os << "<TR><TD BGCOLOR=\"" << kCriticalFill
       << "\"><FONT POINT-SIZE=\"8\">crit</FONT></TD><TD ALIGN=\"LEFT\">"
          "critical alias (BL201: needs a clone)</TD></TR>";
  for (Severity s :
       {Severity::Error, Severity::Warning, Severity::Info, Severity::Hint})
    os << "<TR><TD><FONT COLOR=\"" << severityColor(s)
       << "\"><B>BLnnn</B></FONT></TD><TD ALIGN=\"LEFT\">finding ("
       << toString(s) << ") reported at this op</TD></TR>";
  if (!graph.tensorView)
    os << "<TR><TD BGCOLOR=\"#e6fcf5\"><FONT POINT-SIZE=\"8\">owned</FONT>"
          "</TD><TD ALIGN=\"LEFT\">ownership of live memrefs at the block's "
          "end</TD></TR>";
  GraphEdge sample;
  std::vector<GraphEdge> samples;
  for (EdgeKind k :
       {EdgeKind::Branch, EdgeKind::Branch, EdgeKind::RegionEntry,
        EdgeKind::RegionNext, EdgeKind::RegionBack, EdgeKind::RegionYield}) {
    sample.kind = k;
    sample.backEdge = k == EdgeKind::Branch && !samples.empty();
    samples.push_back(sample);
  }
  for (const GraphEdge &e : samples) {
    EdgeStyle s = styleOf(e);
    const char *line = std::string(s.style) == "dashed" ? "- - - &gt;"
                       : std::string(s.style) == "dotted"
                           ? "&#183; &#183; &#183; &gt;"
                           : "&#8212;&#8212;&gt;";
    os << "<TR><TD><FONT COLOR=\"" << s.color << "\">" << line
       << "</FONT></TD><TD ALIGN=\"LEFT\">" << html(s.meaning) << "</TD></TR>";
  }
  os << "</TABLE>>];\n  }\n";
}

std::string Writer::write() {
  os << "digraph " << quoted(graph.name) << " {\n";
  os << "  graph [id=\"bl-graph\" fontname=\"Helvetica\" fontsize=12 "
        "labelloc=t labeljust=l newrank=true nodesep=0.3 ranksep=0.4";
  bool large = graph.blocks.size() > kLargeGraphBlocks;
  if (large)
    // Bound network simplex and crossing minimisation: the default effort
    // grows too fast for a function with hundreds of blocks.
    os << " nslimit=1 nslimit1=1 mclimit=0.1 searchsize=10 remincross=false";
  os << " label=<<B>" << html(graph.title) << "</B>";
  std::vector<std::string> notes = graph.notes;
  if (large)
    notes.push_back("large graph (" + std::to_string(graph.blocks.size()) +
                    " blocks): layout effort limited; " +
                    std::to_string(textEdges) + " edges spanning more than " +
                    std::to_string(kLongEdgeSpan) +
                    " blocks are written on their branch's row instead of "
                    "drawn");
  for (const std::string &note : notes)
    os << "<BR ALIGN=\"LEFT\"/>" << html(note);
  os << "<BR ALIGN=\"LEFT\"/>>];\n";
  os << "  node [shape=plain fontname=\"DejaVu Sans Mono\" fontsize=10];\n";
  os << "  edge [fontname=\"Helvetica\" fontsize=9 arrowsize=0.7];\n";
  for (BlockId b : graph.topLevel)
    if (auto it = byId.find(b); it != byId.end())
      block(*it->second, 1);
  edges();
  legend();
  os << "}\n";
  return os.str();
}

} // namespace

std::string viz::writeDot(const FunctionGraph &graph) {
  return Writer(graph).write();
}
