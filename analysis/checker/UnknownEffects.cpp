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

#include "analysis/SourceIndex.h"
#include "analysis/checker/Interpreter.h"

#include "mlir/Interfaces/CallInterfaces.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

void Interpreter::noteCaptured(const Object &o) {
  if (quiet || !o.capturedBy)
    return;
  const FunctionEntry &entry = index.result().functions[fn];
  // A call of a function declared without a body names the function.
  std::string to = "`" + o.capturedBy->getName().getStringRef().str() +
                   "`, whose memory effects are unknown";
  if (auto call = dyn_cast<CallOpInterface>(o.capturedBy))
    if (auto symbol = dyn_cast_if_present<SymbolRefAttr>(
            call.getCallableForCallee().dyn_cast<SymbolRefAttr>()))
      to = "@" + symbol.getLeafReference().getValue().str() +
           ", which is declared without a body";
  std::string message = "deallocation checker: precision reduced in @" +
                        entry.name + ": " + name(o.site) + " is passed to " +
                        to + "; no leak is reported for it";
  std::vector<Finding> &findings = index.result().findings;
  if (std::any_of(findings.begin(), findings.end(), [&](const Finding &f) {
        return f.severity == Severity::Info && f.message == message;
      }))
    return;
  Finding finding;
  finding.severity = Severity::Info;
  finding.range = entry.nameRange;
  finding.message = std::move(message);
  findings.push_back(std::move(finding));
}

void Interpreter::noteTruncated(const Object &o) {
  if (quiet)
    return;
  const FunctionEntry &entry = index.result().functions[fn];
  std::string message =
      "deallocation checker: precision reduced in @" + entry.name + ": " +
      name(o.site) +
      " is not freed on a path that runs a loop longer than the checker "
      "followed; no leak is reported for it";
  std::vector<Finding> &findings = index.result().findings;
  if (std::any_of(findings.begin(), findings.end(), [&](const Finding &f) {
        return f.severity == Severity::Info && f.message == message;
      }))
    return;
  Finding finding;
  finding.severity = Severity::Info;
  finding.range = entry.nameRange;
  finding.message = std::move(message);
  findings.push_back(std::move(finding));
}
