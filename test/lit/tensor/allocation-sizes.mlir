// The size BL502 gives for an allocation: its static elements times the
// element's bytes (index counted as 64 bits, as the classic findings do),
// and no size where the count overflows 64 bits or the shape is dynamic.
// The allocations themselves are upstream's:
// RUN: mlir-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=UPSTREAM
// RUN: bufferlens lint --enable BL502 %s | FileCheck %s --check-prefix=LINT --implicit-check-not=BL502

// UPSTREAM-LABEL: func.func @sizes
// UPSTREAM: memref.alloc() {{.*}} : memref<4x8xf32>
// UPSTREAM: memref.alloc() {{.*}} : memref<3xindex>
// UPSTREAM: memref.alloc() {{.*}} : memref<5xcomplex<f32>>
// UPSTREAM: memref.alloc() {{.*}} : memref<2xvector<4xi1>>
// UPSTREAM: memref.alloc(%{{.*}}) {{.*}} : memref<?xf32>
// UPSTREAM: memref.alloc() {{.*}} : memref<9223372036854775807x16xf32>
// UPSTREAM: memref.alloc() {{.*}} : memref<4611686018427387904x4xi64>
func.func @sizes(%n: index) -> (tensor<4x8xf32>, tensor<3xindex>, tensor<5xcomplex<f32>>, tensor<2xvector<4xi1>>, tensor<?xf32>, tensor<9223372036854775807x16xf32>, tensor<4611686018427387904x4xi64>) {
  %a = tensor.empty() : tensor<4x8xf32>
  %b = tensor.empty() : tensor<3xindex>
  %c = tensor.empty() : tensor<5xcomplex<f32>>
  %d = tensor.empty() : tensor<2xvector<4xi1>>
  %e = tensor.empty(%n) : tensor<?xf32>
  // More elements than an int64_t counts.
  %f = tensor.empty() : tensor<9223372036854775807x16xf32>
  // 2^64 bytes: the elements fit, the bytes do not.
  %g = tensor.empty() : tensor<4611686018427387904x4xi64>
  return %a, %b, %c, %d, %e, %f, %g : tensor<4x8xf32>, tensor<3xindex>, tensor<5xcomplex<f32>>, tensor<2xvector<4xi1>>, tensor<?xf32>, tensor<9223372036854775807x16xf32>, tensor<4611686018427387904x4xi64>
}

// LINT: allocation-sizes.mlir:17:8: hint: One-Shot Bufferize allocates memref<4x8xf32>, 128 bytes here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: allocation-sizes.mlir:18:8: hint: One-Shot Bufferize allocates memref<3xindex>, 24 bytes here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: allocation-sizes.mlir:19:8: hint: One-Shot Bufferize allocates memref<5xcomplex<f32>>, 40 bytes here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: allocation-sizes.mlir:20:8: hint: One-Shot Bufferize allocates memref<2xvector<4xi1>>, 2 bytes here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: allocation-sizes.mlir:21:8: hint: One-Shot Bufferize allocates memref<?xf32> here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: allocation-sizes.mlir:23:8: hint: One-Shot Bufferize allocates memref<9223372036854775807x16xf32> here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: allocation-sizes.mlir:25:8: hint: One-Shot Bufferize allocates memref<4611686018427387904x4xi64> here (`tensor.empty` bufferizes to a new buffer) [BL502]

// Two allocations of 2^63 bytes: `lint --format json`'s per-function
// total stays at the largest 64-bit count instead of wrapping to 0.
// RUN: bufferlens lint --format json %s | FileCheck %s --check-prefix=JSON
func.func @sum_past_64_bits() -> (tensor<1152921504606846976xi64>, tensor<1152921504606846976xi64>) {
  %a = tensor.empty() : tensor<1152921504606846976xi64>
  %b = tensor.empty() : tensor<1152921504606846976xi64>
  return %a, %b : tensor<1152921504606846976xi64>, tensor<1152921504606846976xi64>
}

// LINT: allocation-sizes.mlir:41:8: hint: One-Shot Bufferize allocates memref<1152921504606846976xi64>, 9223372036854775808 bytes here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: allocation-sizes.mlir:42:8: hint: One-Shot Bufferize allocates memref<1152921504606846976xi64>, 9223372036854775808 bytes here (`tensor.empty` bufferizes to a new buffer) [BL502]

// JSON:      "function": "sizes",
// JSON-NEXT: "allocations": 7,
// JSON-NEXT: "copies": 0,
// JSON-NEXT: "allocatedBytes": 194,
// JSON:      "function": "sum_past_64_bits",
// JSON-NEXT: "allocations": 2,
// JSON-NEXT: "copies": 0,
// JSON-NEXT: "allocatedBytes": 18446744073709551615,
