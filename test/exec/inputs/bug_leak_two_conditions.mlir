// Pipeline-style conditional deallocation with a wrong condition: %1 is not
// freed when %a is true and %b is false. Checks that combinations of two i1
// arguments are enumerated (first argument most significant).
// EXEC: @leak_two_conditions
// EXPECT: combo arg0=0 arg1=0: ok
// EXPECT: combo arg0=0 arg1=1: ok
// EXPECT: combo arg0=1 arg1=0: leak 1
// EXPECT: combo arg0=1 arg1=1: ok
func.func @leak_two_conditions(%a: i1, %b: i1) {
  %true = arith.constant true
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloc() : memref<4xf32>
  %nb = arith.xori %b, %true : i1
  %skip = arith.andi %a, %nb : i1
  %free1 = arith.xori %skip, %true : i1
  scf.if %free1 {
    memref.dealloc %1 : memref<4xf32>
  }
  memref.dealloc %0 : memref<4xf32>
  return
}
