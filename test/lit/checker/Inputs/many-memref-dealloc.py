"""Prints a function whose one bufferization.dealloc frees N buffers under
one condition and retains an argument: lowered, a call of dealloc_helper
with arrays of N entries.  Usage: many-memref-dealloc.py N"""
import sys

n = int(sys.argv[1])
names = ", ".join(f"%a{i}" for i in range(n))
types = ", ".join("memref<2xf32>" for _ in range(n))
conditions = ", ".join("%cond" for _ in range(n))
print("func.func @many(%cond: i1, %keep: memref<2xf32>) {")
for i in range(n):
    print(f"  %a{i} = memref.alloc() : memref<2xf32>")
print(f"  %r = bufferization.dealloc ({names} : {types}) if ({conditions})"
      " retain (%keep : memref<2xf32>)")
print("  return")
print("}")
