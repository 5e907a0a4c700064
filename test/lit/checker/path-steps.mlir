// RUN: not bufferlens lint --stage deallocated %s 2>/dev/null | grep -E "(error|note):" | FileCheck %s
// Path reports (the numbered notes) through calls, region results, selects
// and loops. The expectations are at the end, so that lines stay put.

// First: an edit above it would move the line its messages name.
func.func @freed_by_call(%c: i1) {
  %a = call @make() : () -> memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @consume(%a) : (memref<4xf32>) -> ()
  cf.br ^bb2
^bb2:
  %i = arith.constant 0 : index
  %v = memref.load %a[%i] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @yielded(%c: i1) {
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    memref.dealloc %b : memref<4xf32>
    %g = memref.alloc() : memref<4xf32>
    scf.yield %g : memref<4xf32>
  }
  return
}

func.func @selected(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// The callees after their callers: an edit of a callee then moves no
// caller line that a message names.
func.func private @consume(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

func.func private @make() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

// CHECK: path-steps.mlir:14:8: error: use of %a after it was freed by the call to @consume when %c is true: ^bb0 -> ^bb1 -> ^bb2 [BL103]
// CHECK-NEXT: path-steps.mlir:7:3: note: 1. %a is returned owned by the call to @make
// CHECK-NEXT: path-steps.mlir:8:3: note: 2. branching to ^bb1 (%c is true)
// CHECK-NEXT: path-steps.mlir:10:3: note: 3. %a is freed by the call to @consume
// CHECK-NEXT: path-steps.mlir:14:8: note: 4. use of %a here, after the free
// CHECK: path-steps.mlir:15:3: error: double free of %a (freed by the call to @consume) when %c is true: ^bb0 -> ^bb1 -> ^bb2 [BL102]
// CHECK-NEXT: path-steps.mlir:7:3: note: 1. %a is returned owned by the call to @make
// CHECK-NEXT: path-steps.mlir:8:3: note: 2. branching to ^bb1 (%c is true)
// CHECK-NEXT: path-steps.mlir:10:3: note: 3. %a is freed by the call to @consume
// CHECK-NEXT: path-steps.mlir:15:3: note: 4. %a is freed again here
// CHECK: path-steps.mlir:21:5: error: %a leaks when %c is true: ^bb0 -> return [BL101]
// CHECK-NEXT: path-steps.mlir:20:8: note: 1. taking the then branch (%c is true)
// CHECK-NEXT: path-steps.mlir:21:5: note: 2. %a is allocated here
// CHECK-NEXT: path-steps.mlir:22:5: note: 3. %a is yielded out of scf.if as %r
// CHECK-NEXT: path-steps.mlir:29:3: note: 4. leaves the function here without freeing %a
// CHECK: path-steps.mlir:26:5: error: %g leaks when %c is false: ^bb0 -> return [BL101]
// CHECK-NEXT: path-steps.mlir:20:8: note: 1. taking the else branch (%c is false)
// CHECK-NEXT: path-steps.mlir:26:5: note: 2. %g is allocated here
// CHECK-NEXT: path-steps.mlir:27:5: note: 3. %g is yielded out of scf.if as %r
// CHECK-NEXT: path-steps.mlir:29:3: note: 4. leaves the function here without freeing %g
// CHECK: path-steps.mlir:33:3: error: %a leaks when %c is false: ^bb0 -> return [BL101]
// CHECK-NEXT: path-steps.mlir:33:3: note: 1. %a is allocated here
// CHECK-NEXT: path-steps.mlir:35:8: note: 2. %s takes %b (%c is false)
// CHECK-NEXT: path-steps.mlir:38:3: note: 3. leaves the function here without freeing %a
// CHECK: path-steps.mlir:37:3: error: double free of %b when %c is false: ^bb0 [BL102]
// CHECK-NEXT: path-steps.mlir:34:3: note: 1. %b is allocated here
// CHECK-NEXT: path-steps.mlir:35:8: note: 2. %s takes %b (%c is false)
// CHECK-NEXT: path-steps.mlir:36:3: note: 3. %b is freed here
// CHECK-NEXT: path-steps.mlir:37:3: note: 4. %b is freed again here
// CHECK: path-steps.mlir:44:3: error: %a leaks when %n <= 0: ^bb0 -> return [BL101]
// CHECK-NEXT: path-steps.mlir:44:3: note: 1. %a is allocated here
// CHECK-NEXT: path-steps.mlir:45:3: note: 2. the loop ends (%n <= 0)
// CHECK-NEXT: path-steps.mlir:48:3: note: 3. leaves the function here without freeing %a
// CHECK: path-steps.mlir:46:5: error: double free of %a when %n > 1: ^bb0 [BL102]
// CHECK-NEXT: path-steps.mlir:44:3: note: 1. %a is allocated here
// CHECK-NEXT: path-steps.mlir:45:3: note: 2. enters iteration 1 of scf.for
// CHECK-NEXT: path-steps.mlir:46:5: note: 3. %a is freed here
// CHECK-NEXT: path-steps.mlir:45:3: note: 4. enters iteration 2 of scf.for (%n > 1)
// CHECK-NEXT: path-steps.mlir:46:5: note: 5. %a is freed again here
// CHECK: path-steps.mlir:54:3: error: free of %m (a function argument: the caller owns it): ^bb0 [BL104]
// CHECK-NEXT: path-steps.mlir:53:28: note: 1. %m is an argument of the function
// CHECK-NEXT: path-steps.mlir:54:3: note: 2. %m is freed here, but it is a function argument: the caller owns it
