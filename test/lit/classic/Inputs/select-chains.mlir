// A chain of selects over allocations, the last one returned: every
// allocation escapes through it.
func.func @returned(%c: i1) -> memref<8xf32> {
  %s0 = memref.alloc() : memref<8xf32>
  %a1 = memref.alloc() : memref<8xf32>
  %s1 = arith.select %c, %s0, %a1 : memref<8xf32>
  %a2 = memref.alloc() : memref<8xf32>
  %s2 = arith.select %c, %s1, %a2 : memref<8xf32>
  return %s2 : memref<8xf32>
}

// A chain read at the end, and one allocation written in a branch only
// (BL401 through its aliases), another freed through a select.
func.func @partial(%c: i1, %i: index, %f: f32) -> f32 {
  %s0 = memref.alloc() : memref<8xf32>
  %a1 = memref.alloc() : memref<8xf32>
  %s1 = arith.select %c, %s0, %a1 : memref<8xf32>
  scf.if %c {
    memref.store %f, %s1[%i] : memref<8xf32>
  }
  %a2 = memref.alloc() : memref<8xf32>
  %s2 = arith.select %c, %s1, %a2 : memref<8xf32>
  %v = memref.load %s2[%i] : memref<8xf32>
  %w = memref.load %s1[%i] : memref<8xf32>
  %r = arith.addf %v, %w : f32
  return %r : f32
}

// A tree of selects in a loop body: the allocations stay in the loop
// (their aliases do), and each is freed after the last read.
func.func @tree(%c: i1, %d: i1, %lb: index, %ub: index, %s: index, %f: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %f) -> (f32) {
    %a0 = memref.alloc() : memref<8xf32>
    %a1 = memref.alloc() : memref<8xf32>
    %a2 = memref.alloc() : memref<8xf32>
    %a3 = memref.alloc() : memref<8xf32>
    memref.store %f, %a0[%i] : memref<8xf32>
    memref.store %f, %a1[%i] : memref<8xf32>
    memref.store %f, %a2[%i] : memref<8xf32>
    memref.store %f, %a3[%i] : memref<8xf32>
    %t0 = arith.select %c, %a0, %a1 : memref<8xf32>
    %t1 = arith.select %d, %a2, %a3 : memref<8xf32>
    %t2 = arith.select %c, %t0, %t1 : memref<8xf32>
    %v = memref.load %t2[%i] : memref<8xf32>
    %x = arith.addf %acc, %v : f32
    scf.yield %x : f32
  }
  return %r : f32
}

// Selects through a loop of blocks: the block argument and the select
// feeding it back alias each other (one cycle of the alias graph).
func.func @cycle(%c: i1, %i: index, %n: index) -> f32 {
  %a0 = memref.alloc() : memref<8xf32>
  cf.br ^loop(%a0, %i : memref<8xf32>, index)
^loop(%m: memref<8xf32>, %k: index):
  %a1 = memref.alloc() : memref<8xf32>
  %s = arith.select %c, %m, %a1 : memref<8xf32>
  %done = arith.cmpi eq, %k, %n : index
  %k1 = arith.addi %k, %i : index
  cf.cond_br %done, ^exit, ^loop(%s, %k1 : memref<8xf32>, index)
^exit:
  %v = memref.load %s[%i] : memref<8xf32>
  return %v : f32
}

// A select that an allocation reaches on two paths (through %t and %u).
func.func @diamond(%c: i1, %d: i1, %i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %t = arith.select %c, %a, %b : memref<8xf32>
  %u = arith.select %d, %a, %b : memref<8xf32>
  %j = arith.select %c, %t, %u : memref<8xf32>
  memref.store %f, %j[%i] : memref<8xf32>
  %v = memref.load %j[%i] : memref<8xf32>
  return %v : f32
}

// A select in a structured loop, over the iteration's buffer and a new
// allocation: the iteration argument and the select alias each other (a
// cycle of the alias graph).
func.func @loop(%c: i1, %lb: index, %ub: index, %s: index, %i: index) -> f32 {
  %a0 = memref.alloc() : memref<8xf32>
  %r = scf.for %k = %lb to %ub step %s iter_args(%m = %a0) -> (memref<8xf32>) {
    %a1 = memref.alloc() : memref<8xf32>
    %t = arith.select %c, %m, %a1 : memref<8xf32>
    scf.yield %t : memref<8xf32>
  }
  %v = memref.load %r[%i] : memref<8xf32>
  return %v : f32
}
