// BL302's fixes (hoist-fix.test).
func.func @loop(%lb: index, %ub: index, %step: index, %out: memref<512xf32>,
                %v: f32) {
  scf.for %i = %lb to %ub step %step {
    %a = memref.alloc() : memref<512xf32> // scratch
    memref.store %v, %a[%i] : memref<512xf32>
    memref.copy %a, %out : memref<512xf32> to memref<512xf32>
  }
  return
}

func.func @operands(%lb: index, %ub: index, %step: index, %n: index,
                    %out: memref<?xf32>) {
  scf.for %i = %lb to %ub step %step {
    %c4 = arith.constant 4 : index
    %m = arith.muli %n, %c4 : index
    %a = memref.alloc(%m) : memref<?xf32>
    memref.copy %out, %a : memref<?xf32> to memref<?xf32>
  }
  return
}

func.func @branch(%c: i1, %out: memref<512xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%out : memref<512xf32>)
^bb2:
  %a = memref.alloc() : memref<512xf32>
  memref.copy %out, %a : memref<512xf32> to memref<512xf32>
  cf.br ^bb3(%a : memref<512xf32>)
^bb3(%x: memref<512xf32>):
  memref.copy %x, %out : memref<512xf32> to memref<512xf32>
  return
}

func.func @nest(%lb: index, %ub: index, %step: index, %n: index, %c: i1,
                %out: memref<?xf32>) {
  scf.for %i = %lb to %ub step %step {
    scf.for %j = %lb to %ub step %step {
      %m = arith.addi %n, %n : index
      %a = memref.alloc(%m) : memref<?xf32>
      memref.copy %out, %a : memref<?xf32> to memref<?xf32>
    }
  }
  return
}
