//===- Render.cpp ---------------------------------------------------------===//

#include "viz/Render.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <cstring>
#include <map>
#include <mutex>
#include <string>

using namespace bufferlens::viz;

std::optional<GraphFormat>
bufferlens::viz::parseGraphFormat(std::string_view name) {
  if (name == "dot")
    return GraphFormat::Dot;
  if (name == "svg")
    return GraphFormat::Svg;
  if (name == "png")
    return GraphFormat::Png;
  return std::nullopt;
}

const char *bufferlens::viz::toString(GraphFormat format) {
  switch (format) {
  case GraphFormat::Dot:
    return "dot";
  case GraphFormat::Svg:
    return "svg";
  case GraphFormat::Png:
    return "png";
  }
  return "dot";
}

namespace {
std::mutex graphvizMutex;
std::string *errorSink = nullptr;

// Graphviz reports through a global callback; collect instead of printing.
int collectError(char *message) {
  if (errorSink && message)
    *errorSink += message;
  return 0;
}

// cgraph's default ids for named objects are the addresses of their
// interned names, and it orders subgraphs (clusters) by id: the output would
// depend on the heap. These ids count up in the order names first appear,
// so the same DOT text gives the same bytes in any process.
struct NameIds {
  std::map<std::string, IDTYPE> byName;
  std::map<IDTYPE, std::string> names;
  IDTYPE nextNamed = 2;     // Even: named objects.
  IDTYPE nextAnonymous = 1; // Odd: anonymous ones, as cgraph does.
};
NameIds *nameIds = nullptr;

void *idOpen(Agraph_t *, Agdisc_t *) { return nameIds; }
long idMap(void *state, int, char *str, IDTYPE *id, int createflag) {
  auto *ids = static_cast<NameIds *>(state);
  if (!str) {
    *id = ids->nextAnonymous;
    ids->nextAnonymous += 2;
    return 1;
  }
  auto it = ids->byName.find(str);
  if (it != ids->byName.end()) {
    *id = it->second;
    return 1;
  }
  if (!createflag)
    return 0;
  *id = ids->nextNamed;
  ids->nextNamed += 2;
  ids->byName.emplace(str, *id);
  ids->names.emplace(*id, str);
  return 1;
}
long idAlloc(void *, int, IDTYPE) { return 0; }
void idFree(void *, int, IDTYPE) {}
char *idPrint(void *state, int, IDTYPE id) {
  auto *ids = static_cast<NameIds *>(state);
  auto it = ids->names.find(id);
  return it == ids->names.end() ? nullptr
                                : const_cast<char *>(it->second.c_str());
}
void idClose(void *) {}
void idRegister(void *, int, void *) {}
Agiddisc_t sequentialIds = {idOpen,  idMap,   idAlloc,   idFree,
                            idPrint, idClose, idRegister};

struct MemoryChannel {
  const std::string *text;
  size_t offset = 0;
};
int readMemory(void *chan, char *buf, int size) {
  auto *in = static_cast<MemoryChannel *>(chan);
  // cgraph's scanner reads line by line, like fgets.
  if (size <= 1 || in->offset >= in->text->size())
    return 0;
  size_t n = 0;
  while (n + 1 < (size_t)size && in->offset < in->text->size()) {
    char c = (*in->text)[in->offset++];
    buf[n++] = c;
    if (c == '\n')
      break;
  }
  buf[n] = '\0';
  return n;
}

/// Reads DOT text with the deterministic ids above.
Agraph_t *readGraph(const std::string &dot) {
  static Agiodisc_t io = {readMemory, AgIoDisc.putstr, AgIoDisc.flush};
  static Agdisc_t disc = {&AgMemDisc, &sequentialIds, &io};
  MemoryChannel channel{&dot};
  return agread(&channel, &disc);
}

GVC_t *context() {
  static GVC_t *gvc = [] {
    agseterr(AGERR);
    agseterrf(collectError);
    return gvContext();
  }();
  return gvc;
}
} // namespace

Rendered bufferlens::viz::renderDot(const std::string &dot,
                                    GraphFormat format) {
  Rendered out;
  if (format == GraphFormat::Dot) {
    out.bytes = dot;
    return out;
  }
  std::lock_guard<std::mutex> lock(graphvizMutex);
  std::string errors;
  errorSink = &errors;
  GVC_t *gvc = context();
  agreseterrors();
  NameIds ids;
  nameIds = &ids;
  Agraph_t *graph = readGraph(dot);
  if (!graph) {
    errorSink = nullptr;
    nameIds = nullptr;
    out.error = "Graphviz could not read the graph: " +
                (errors.empty() ? std::string("syntax error") : errors);
    return out;
  }
  if (gvLayout(gvc, graph, "dot") != 0) {
    agclose(graph);
    errorSink = nullptr;
    nameIds = nullptr;
    out.error = "Graphviz could not lay out the graph: " + errors;
    return out;
  }
  char *data = nullptr;
  unsigned int length = 0;
  // PNG through cairo: antialiased text, and the same bytes every run.
  const char *renderer = format == GraphFormat::Svg ? "svg" : "png:cairo";
  int status = gvRenderData(gvc, graph, renderer, &data, &length);
  if (status == 0 && data)
    out.bytes.assign(data, length);
  else
    out.error = "Graphviz could not render " + std::string(toString(format)) +
                ": " + (errors.empty() ? std::string("no renderer") : errors);
  if (data)
    gvFreeRenderData(data);
  gvFreeLayout(gvc, graph);
  agclose(graph);
  errorSink = nullptr;
  nameIds = nullptr;
  return out;
}
