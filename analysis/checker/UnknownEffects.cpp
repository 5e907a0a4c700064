//===- UnknownEffects.cpp - Leaks an op with unknown effects may hide -----===//
//
// An op that implements no MemoryEffectOpInterface, or a call of a function
// declared without a body, may keep or free what it is given, so an owned
// buffer passed to it is not reported as leaked (a false leak would be worse
// than the miss). The miss is not silent: the function gets the checker's
// reduced-precision note, naming the buffer and the op, once per buffer. Unlike
// the other reduced-precision notes, this one keeps BL101's fixes and a
// callee's summary: no path was lost. The same holds for a leak on a path that
// left a loop before its last iteration (CheckerState.h: State::truncated),
// also noted here.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Interfaces/CallInterfaces.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

/// An info note about one buffer of function `fn`, once per message
/// (Interpreter::note, by contrast, is one note per function).
static void addBufferNote(AnalysisResult &result, FunctionId fn,
                          const std::string &why) {
  const FunctionEntry &entry = result.functions[fn];
  std::string message =
      "deallocation checker: precision reduced in @" + entry.name + ": " + why;
  if (std::any_of(result.findings.begin(), result.findings.end(),
                  [&](const Finding &f) {
                    return f.severity == Severity::Info && f.message == message;
                  }))
    return;
  Finding finding;
  finding.severity = Severity::Info;
  finding.range = entry.nameRange;
  finding.message = std::move(message);
  result.findings.push_back(std::move(finding));
}

void Interpreter::noteCaptured(const Object &o) {
  if (quiet || !o.capturedBy)
    return;
  // A call of a function declared without a body names the function.
  std::string to = "`" + o.capturedBy->getName().getStringRef().str() +
                   "`, whose memory effects are unknown";
  if (auto call = dyn_cast<CallOpInterface>(o.capturedBy))
    if (auto symbol = dyn_cast_if_present<SymbolRefAttr>(
            call.getCallableForCallee().dyn_cast<SymbolRefAttr>()))
      to = "@" + symbol.getLeafReference().getValue().str() +
           ", which is declared without a body";
  addBufferNote(index.result(), fn,
                name(o.site) + " is passed to " + to +
                    "; no leak is reported for it");
}

void Interpreter::noteTruncated(const Object &o) {
  if (quiet)
    return;
  addBufferNote(index.result(), fn,
                name(o.site) +
                    " is not freed on a path that runs a loop longer than the "
                    "checker followed; no leak is reported for it");
}
