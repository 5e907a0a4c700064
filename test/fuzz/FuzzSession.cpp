//===- FuzzSession.cpp - libFuzzer: LSP messages in a live session --------===//
//
// The server is initialized and has a document open (one with a leak and a
// double free, so every feature has something to say); each line of the
// input is then sent as one message: requests on the document, edits,
// cancellations, settings, shutdown. The input starts once the document's
// first diagnostics are out, and the server is torn down only after a last
// hover was answered, which waits for the analysis of the last text: the
// features run on analysed documents, not only on the way to one. The
// dictionary (session.dict) and the seed corpus (corpus/session) hold the
// methods and shapes LSP uses.
//
//===----------------------------------------------------------------------===//

#include "FuzzServer.h"

#include "server/Framing.h"

#include <cstddef>
#include <cstdint>

static const char *kDocument = R"(func.func @leaky(%cond: i1) {
  %buf = memref.alloc() : memref<4xf32>
  cf.cond_br %cond, ^free, ^keep
^free:
  memref.dealloc %buf : memref<4xf32>
  cf.br ^exit
^keep:
  cf.br ^exit
^exit:
  return
}
func.func @twice() {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<8xf32>
  memref.dealloc %1 : memref<8xf32>
  memref.dealloc %0 : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}
)";

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  bufferlens::fuzz::setUpLikeServe();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using bufferlens::frameMessage;
  using nlohmann::json;
  std::vector<bufferlens::fuzz::Chunk> chunks;
  chunks.push_back(
      {frameMessage(json{{"jsonrpc", "2.0"},
                         {"id", 0},
                         {"method", "initialize"},
                         {"params", {{"capabilities", json::object()}}}}
                        .dump())});
  chunks.push_back({frameMessage(
      R"({"jsonrpc":"2.0","method":"initialized","params":{}})")});
  // The input's requests meet an analysed document: its first diagnostics
  // are out before the first line is read.
  chunks.push_back({frameMessage(json{{"jsonrpc", "2.0"},
                                      {"method", "textDocument/didOpen"},
                                      {"params",
                                       {{"textDocument",
                                         {{"uri", "file:///fuzz/a.mlir"},
                                          {"languageId", "mlir"},
                                          {"version", 1},
                                          {"text", kDocument}}}}}}
                                     .dump()),
                    "textDocument/publishDiagnostics"});
  std::string_view input(reinterpret_cast<const char *>(data), size);
  while (!input.empty()) {
    size_t end = input.find('\n');
    std::string_view line = input.substr(0, end);
    chunks.push_back({frameMessage(line)});
    input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
  }
  // A hover after the input waits for the analysis of the text the input
  // left (Scheduler::withCurrent), so the features the input asked for on
  // edited texts run before the server is torn down.
  chunks.push_back(
      {frameMessage(json{{"jsonrpc", "2.0"},
                         {"id", "fuzz-final"},
                         {"method", "textDocument/hover"},
                         {"params",
                          {{"textDocument", {{"uri", "file:///fuzz/a.mlir"}}},
                           {"position", {{"line", 1}, {"character", 3}}}}}}
                        .dump()),
       "\"id\":\"fuzz-final\""});
  bufferlens::fuzz::serve(std::move(chunks));
  return 0;
}
