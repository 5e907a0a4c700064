












module {
  func.func private @memref_user(memref<4xf32>)
  func.func @emptyUsesValue(%arg0: memref<4xf32>) {
    %alloc = memref.alloc() : memref<4xf32>
    call @memref_user(%alloc) : (memref<4xf32>) -> ()
    memref.dealloc %alloc : memref<4xf32>
    return
  }
}



























