// BL302 names the operations an allocation can be hoisted out of, but past
// three it counts them: the message stays short however deep the nest (at
// 10,000 levels the list was 80 KB).
// RUN: bufferlens lint --verify %s
// RUN: python3 -c "n = 1000; print('func.func @deep(%%c: i1) {\n' + 'scf.if %%c {\n' * n + '%%a = memref.alloc() : memref<2xf32>\n' + '}\n' * n + 'return\n}')" > %t.deep.mlir
// RUN: bufferlens lint %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: hint: %a can be hoisted out of 1,000 enclosing scf.if into the entry block: it dominates all of its aliases' uses from there [BL302]

func.func @three(%c: i1) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    scf.if %c {
      scf.if %c {
        %a = memref.alloc() : memref<2xf32>
        // expected-remark@-1 {{%a can be hoisted out of scf.if, scf.if and scf.if into the entry block: it dominates all of its aliases' uses from there [BL302]}}
        // expected-remark@-2 {{%a can be promoted to the stack: 8 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
        %v = memref.load %a[%c0] : memref<2xf32>
      }
    }
  }
  return
}

func.func @four(%c: i1) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    scf.if %c {
      scf.if %c {
        scf.if %c {
          %a = memref.alloc() : memref<2xf32>
          // expected-remark@-1 {{%a can be hoisted out of 4 enclosing scf.if into the entry block: it dominates all of its aliases' uses from there [BL302]}}
          // expected-remark@-2 {{%a can be promoted to the stack: 8 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
          %v = memref.load %a[%c0] : memref<2xf32>
        }
      }
    }
  }
  return
}

func.func @mixed(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    scf.for %i = %c0 to %n step %c1 {
      scf.if %c {
        scf.execute_region {
          scf.if %c {
            scf.parallel (%j) = (%c0) to (%n) step (%c1) {
              %a = memref.alloc() : memref<2xf32>
              // expected-remark@-1 {{%a can be hoisted out of 6 enclosing operations (1 scf.parallel, 3 scf.if, 1 scf.execute_region and 1 other) into the entry block: it dominates all of its aliases' uses from there [BL302]}}
              // expected-remark@-2 {{%a can be promoted to the stack: 8 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
              %v = memref.load %a[%c0] : memref<2xf32>
              scf.reduce
            }
          }
          scf.yield
        }
      }
    }
  }
  return
}
