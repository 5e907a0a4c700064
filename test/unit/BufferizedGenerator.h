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
#include <set>
#include <string>
#include <vector>

namespace bufferlens::test {

class BufferizedGenerator {
public:
  /// A module with `functions` functions for `seed` (the same text for the
  /// same arguments on every platform: only raw mt19937 draws are used).
  /// With `validAbi`, a function never returns a buffer that may alias an
  /// argument, nor one buffer twice (the function-boundary ABI the
  /// deallocation pass assumes); otherwise anything in scope is returned.
  static std::string module(uint32_t seed, unsigned functions,
                            bool validAbi = false) {
    std::string out = "func.func private @ext(memref<4xf32>) -> "
                      "memref<4xf32>\n";
    for (unsigned i = 0; i < functions; ++i) {
      BufferizedGenerator generator(seed * 1000 + i);
      generator.validAbi = validAbi;
      out += generator.function("g" + std::to_string(i));
    }
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

  /// Records that `value` may alias an argument when any of `sources` may.
  void derive(const std::string &value,
              std::initializer_list<std::string> sources) {
    for (const std::string &source : sources)
      if (argumentAliases.count(source))
        argumentAliases.insert(value);
  }

  /// A buffer to return under the ABI: one of `scope` that cannot alias an
  /// argument and is not returned yet, else a fresh copy.
  std::string returnable(const Scope &scope, std::set<std::string> &returned) {
    Scope candidates;
    for (const std::string &value : scope)
      if (!argumentAliases.count(value) && !returned.count(value))
        candidates.push_back(value);
    std::string value;
    if (candidates.empty()) {
      value = fresh("ret");
      line(value + " = memref.alloc() : " + kMemref);
      line("memref.copy " + any(scope) + ", " + value + " : " + kMemref +
           " to " + kMemref);
    } else {
      value = any(candidates);
    }
    returned.insert(value);
    return value;
  }
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
    argumentAliases = {"%a", "%b"};
    statements(scope, 1, 2 + pick(3));
    if (chance(50)) {
      // A diamond merging one buffer from each side at a block argument.
      line("cf.cond_br " + condition() + ", ^bb1, ^bb2");
      std::string merged = fresh("m");
      for (int side = 1; side <= 2; ++side) {
        out += "^bb" + std::to_string(side) + ":\n";
        Scope local = scope;
        statements(local, 1, 1 + pick(3));
        std::string passed = any(local);
        derive(merged, {passed});
        line("cf.br ^bb3(" + passed + " : " + kMemref + ")");
      }
      out += "^bb3(" + merged + ": " + kMemref + "):\n";
      scope.push_back(merged);
      statements(scope, 1, 1 + pick(2));
    }
    if (results == 0) {
      std::string v = fresh("r");
      line(v + " = memref.load " + any(scope) + "[%i0] : " + kMemref);
      line("return " + v + " : f32");
    } else if (validAbi) {
      std::set<std::string> returned;
      std::string first = returnable(scope, returned);
      if (results == 1) {
        line("return " + first + " : " + kMemref);
      } else {
        std::string second = returnable(scope, returned);
        line("return " + first + ", " + second + " : " + kMemref + ", " +
             kMemref);
      }
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
      std::string lhs = any(scope), rhs = any(scope);
      line(selected + " = arith.select " + condition() + ", " + lhs + ", " +
           rhs + " : " + kMemref);
      derive(selected, {lhs, rhs});
      scope.push_back(selected);
      return;
    }
    case 5: {
      std::string dynamic = fresh("dyn"), back = fresh("cast");
      std::string source = any(scope);
      line(dynamic + " = memref.cast " + source + " : " + kMemref +
           " to memref<?xf32>");
      derive(back, {source});
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
        std::string yielded = any(local);
        derive(result, {yielded});
        line("scf.yield " + yielded + " : " + kMemref);
        --indent;
        line(branch == 0 ? "} else {" : "}");
      }
      scope.push_back(result);
      return;
    }
    default: {
      std::string result = fresh("for"), iter = fresh("it"), iv = fresh("iv");
      std::string init = any(scope);
      line(result + " = scf.for " + iv + " = %i0 to %i4 step %i1 iter_args(" +
           iter + " = " + init + ") -> (" + kMemref + ") {");
      derive(iter, {init});
      ++indent;
      Scope local = scope;
      local.push_back(iter);
      statements(local, depth + 1, 1 + pick(3));
      std::string yielded = any(local);
      derive(result, {init, yielded});
      line("scf.yield " + yielded + " : " + kMemref);
      --indent;
      line("}");
      scope.push_back(result);
      return;
    }
    }
  }

  std::mt19937 rng;
  bool validAbi = false;
  std::set<std::string> argumentAliases;
  unsigned counter = 0;
  unsigned indent = 1;
  std::string out;
};

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_BUFFERIZEDGENERATOR_H
