//===- BufferizedGenerator.h - Random functions in bufferized form --------===//
//
// Deterministic generator of functions in the shape bufferization leaves
// before deallocation: allocations, copies, reads and writes, selects,
// casts, scf.if and scf.for carrying buffers, calls, cf diamonds merging
// buffers at block arguments, and returns of buffers or scalars. No
// function frees anything, so the ownership pass takes every one. Used to
// check what we predict about the deallocation pipeline against the
// pipeline itself on inputs nobody wrote by hand.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_TEST_BUFFERIZEDGENERATOR_H
#define BUFFERLENS_TEST_BUFFERIZEDGENERATOR_H

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace bufferlens::test {

class BufferizedGenerator {
public:
  /// A module with `functions` functions for `seed` (the same text for the
  /// same arguments on every platform: only raw mt19937 draws are used).
  static std::string module(uint32_t seed, unsigned functions) {
    std::string out = "func.func private @ext(memref<4xf32>) -> "
                      "memref<4xf32>\n";
    for (unsigned i = 0; i < functions; ++i)
      out += BufferizedGenerator(seed * 1000 + i)
                 .function("g" + std::to_string(i));
    return out;
  }

private:
  explicit BufferizedGenerator(uint32_t seed) : rng(seed) {}

  static constexpr const char *kMemref = "memref<4xf32>";
  using Scope = std::vector<std::string>;

  unsigned pick(unsigned n) { return rng() % n; }
  bool chance(unsigned percent) { return pick(100) < percent; }
  std::string fresh(const char *prefix) {
    return "%" + std::string(prefix) + std::to_string(++counter);
  }
  std::string any(const Scope &scope) { return scope[pick(scope.size())]; }
  std::string condition() { return chance(50) ? "%c0" : "%c1"; }

  std::string function(const std::string &name) {
    out.clear();
    unsigned results = pick(3); // 0: an f32, 1 or 2: buffers
    std::string resultTypes = results == 0
                                  ? "f32"
                                  : (results == 1 ? std::string(kMemref)
                                                  : "(" + std::string(kMemref) +
                                                        ", " + kMemref + ")");
    out += "func.func @" + name + "(%c0: i1, %c1: i1, %a: " + kMemref +
           ", %b: " + kMemref + ") -> " + resultTypes + " {\n";
    line("%i0 = arith.constant 0 : index");
    line("%i1 = arith.constant 1 : index");
    line("%i4 = arith.constant 4 : index");
    Scope scope = {"%a", "%b"};
    statements(scope, 1, 2 + pick(3));
    if (chance(50)) {
      // A diamond merging one buffer from each side at a block argument.
      line("cf.cond_br " + condition() + ", ^bb1, ^bb2");
      std::string merged = fresh("m");
      for (int side = 1; side <= 2; ++side) {
        out += "^bb" + std::to_string(side) + ":\n";
        Scope local = scope;
        statements(local, 1, 1 + pick(3));
        line("cf.br ^bb3(" + any(local) + " : " + kMemref + ")");
      }
      out += "^bb3(" + merged + ": " + kMemref + "):\n";
      scope.push_back(merged);
      statements(scope, 1, 1 + pick(2));
    }
    if (results == 0) {
      std::string v = fresh("r");
      line(v + " = memref.load " + any(scope) + "[%i0] : " + kMemref);
      line("return " + v + " : f32");
    } else if (results == 1) {
      line("return " + any(scope) + " : " + kMemref);
    } else {
      line("return " + any(scope) + ", " + any(scope) + " : " + kMemref + ", " +
           kMemref);
    }
    out += "}\n";
    return out;
  }

  void line(const std::string &text) {
    out += std::string(indent * 2, ' ') + text + "\n";
  }

  void statements(Scope &scope, unsigned depth, unsigned count) {
    for (unsigned i = 0; i < count; ++i)
      statement(scope, depth);
  }

  void statement(Scope &scope, unsigned depth) {
    switch (pick(depth < 3 ? 10 : 7)) {
    case 0:
    case 1: {
      std::string buffer = fresh("alloc");
      line(buffer + " = memref.alloc() : " + kMemref);
      scope.push_back(buffer);
      return;
    }
    case 2:
      line("memref.copy " + any(scope) + ", " + any(scope) + " : " + kMemref +
           " to " + kMemref);
      return;
    case 3: {
      std::string v = fresh("v");
      line(v + " = memref.load " + any(scope) + "[%i0] : " + kMemref);
      line("memref.store " + v + ", " + any(scope) + "[%i1] : " + kMemref);
      return;
    }
    case 4: {
      std::string selected = fresh("sel");
      line(selected + " = arith.select " + condition() + ", " + any(scope) +
           ", " + any(scope) + " : " + kMemref);
      scope.push_back(selected);
      return;
    }
    case 5: {
      std::string dynamic = fresh("dyn"), back = fresh("cast");
      line(dynamic + " = memref.cast " + any(scope) + " : " + kMemref +
           " to memref<?xf32>");
      line(back + " = memref.cast " + dynamic + " : memref<?xf32> to " +
           kMemref);
      scope.push_back(back);
      return;
    }
    case 6: {
      std::string result = fresh("call");
      line(result + " = func.call @ext(" + any(scope) + ") : (" + kMemref +
           ") -> " + kMemref);
      scope.push_back(result);
      return;
    }
    case 7:
    case 8: {
      std::string result = fresh("if");
      line(result + " = scf.if " + condition() + " -> (" + kMemref + ") {");
      for (int branch = 0; branch < 2; ++branch) {
        ++indent;
        Scope local = scope;
        statements(local, depth + 1, pick(3));
        line("scf.yield " + any(local) + " : " + kMemref);
        --indent;
        line(branch == 0 ? "} else {" : "}");
      }
      scope.push_back(result);
      return;
    }
    default: {
      std::string result = fresh("for"), iter = fresh("it"), iv = fresh("iv");
      line(result + " = scf.for " + iv + " = %i0 to %i4 step %i1 iter_args(" +
           iter + " = " + any(scope) + ") -> (" + kMemref + ") {");
      ++indent;
      Scope local = scope;
      local.push_back(iter);
      statements(local, depth + 1, 1 + pick(3));
      line("scf.yield " + any(local) + " : " + kMemref);
      --indent;
      line("}");
      scope.push_back(result);
      return;
    }
    }
  }

  std::mt19937 rng;
  unsigned counter = 0;
  unsigned indent = 1;
  std::string out;
};

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_BUFFERIZEDGENERATOR_H
