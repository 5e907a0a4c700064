// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: not python3 %S/../../exec/run-mlir-exec.py %s @caller | FileCheck %s --check-prefix=EXEC --match-full-lines

// A callee whose two paths meet at a join and differ only in whether they
// read their argument: its summary must keep both outcomes (reads %m when
// %c is true, not otherwise). Paths equal in memory at a join are one
// path in a function checked for findings, but a summary's outcomes are
// the decisions of the paths it keeps, and whether a path touched an
// argument is part of its memory (Interpreter.cpp, canonicalKey).

func.func private @maybe_read(%m: memref<4xf32>, %c: i1) {
  %i = arith.constant 0 : index
  cf.cond_br %c, ^read, ^skip
^read:
  %v = memref.load %m[%i] : memref<4xf32>
  cf.br ^end
^skip:
  cf.br ^end
^end:
  return
}

func.func @caller(%c: i1) {
  %a = memref.alloc() : memref<4xf32> // expected-note {{%a is allocated here}}
  memref.dealloc %a : memref<4xf32> // expected-note {{freed here}}
  // expected-error@+1 {{use of %a after it was freed when %c is true: ^bb0 [BL103]}}
  call @maybe_read(%a, %c) : (memref<4xf32>, i1) -> ()
  return
}

// EXEC:      combo arg0=0: ok
// EXEC-NEXT: combo arg0=1: use-after-free
