#!/usr/bin/env python3
"""A tensor module of 72 functions, more than one batch of the tensor view
holds, with functions One-Shot Bufferize fails on spread among them, and
calls that tie a function to one far before it in the file (a component
of the call graph the batches must keep whole). Written to stdout."""

OK = '''func.func @fill_{k}(%n: index, %v: f32) -> tensor<?xf32> {{
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}}
'''
CALLER = '''func.func @caller_{k}(%n: index, %v: f32) -> f32 {{
  %c0 = arith.constant 0 : index
  %t = func.call @fill_{callee}(%n, %v) : (index, f32) -> tensor<?xf32>
  %w = tensor.insert %v into %t[%c0] : tensor<?xf32>
  %x = tensor.extract %w[%c0] : tensor<?xf32>
  %y = tensor.extract %t[%c0] : tensor<?xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}}
'''
BAD = '''func.func @fresh_each_iteration_{k}(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<16xf32> {{
    %e = tensor.empty() : tensor<16xf32>
    %filled = linalg.fill ins(%f : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %filled : tensor<16xf32>
  }}
  return %r : tensor<16xf32>
}}
'''

parts = []
for k in range(72):
    if k % 9 == 4:
        parts.append(BAD.format(k=k))
    elif k % 3 == 2 and k >= 20:
        parts.append(CALLER.format(k=k, callee=k - 20 if (k - 20) % 3 != 2
                                   and (k - 20) % 9 != 4 else 0))
    else:
        parts.append(OK.format(k=k))
print('\n'.join(parts), end='')
