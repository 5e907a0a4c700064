//===- generate-bufferized.cpp - Write generated bufferized functions -----===//
//
// The generator the unit tests use (test/unit/BufferizedGenerator.h), for
// lit tests that need the functions as files:
//
//   generate-bufferized [--valid-abi] FIRST_SEED COUNT DIR
//
// writes DIR/gen-<seed>.mlir, one function each.
//
//===----------------------------------------------------------------------===//

#include "BufferizedGenerator.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
  bool validAbi = argc > 1 && std::string(argv[1]) == "--valid-abi";
  int first = validAbi ? 2 : 1;
  if (argc - first != 3) {
    std::cerr << "usage: generate-bufferized [--valid-abi] FIRST_SEED COUNT "
                 "DIR\n";
    return 2;
  }
  unsigned seed = std::strtoul(argv[first], nullptr, 10);
  unsigned count = std::strtoul(argv[first + 1], nullptr, 10);
  std::string dir = argv[first + 2];
  for (unsigned i = 0; i < count; ++i, ++seed) {
    std::string path = dir + "/gen-" + std::to_string(seed) + ".mlir";
    std::ofstream out(path);
    out << bufferlens::test::BufferizedGenerator::module(seed, 1, validAbi);
    if (!out) {
      std::cerr << "generate-bufferized: cannot write " << path << "\n";
      return 1;
    }
  }
  return 0;
}
