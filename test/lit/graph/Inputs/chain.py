"""Prints a function of N blocks (argv[1]): each allocates, frees, and
branches to the next block or back to the first."""
import sys

n = int(sys.argv[1])
print("func.func @big(%c: i1) {\n  cf.br ^bb1")
for i in range(1, n):
    print(f"^bb{i}:\n  %v{i} = memref.alloc() : memref<4xf32>\n"
          f"  memref.dealloc %v{i} : memref<4xf32>\n"
          f"  cf.cond_br %c, ^bb{i + 1}, ^bb1")
print(f"^bb{n}:\n  return\n}}")
