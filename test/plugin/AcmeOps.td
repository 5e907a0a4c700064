//===- AcmeOps.td - A dialect of a project, for the plugin tests ----------===//
//
// The shape of an out-of-tree dialect (llvm-project's
// mlir/examples/standalone): an allocation, a free and a view that say
// what they do through MLIR's interfaces, a region op with
// RegionBranchOpInterface, and a tensor op whose BufferizableOpInterface
// model (AcmePlugin.cpp) bufferizes it to a memref op, so BufferLens and
// upstream's passes can analyse IR that uses them once the plugin is
// loaded.
//
//===----------------------------------------------------------------------===//

#ifndef ACME_OPS
#define ACME_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def Acme_Dialect : Dialect {
  let name = "acme";
  let cppNamespace = "::acme";
}

class Acme_Op<string mnemonic, list<Trait> traits = []>
    : Op<Acme_Dialect, mnemonic, traits>;

def Acme_AllocOp : Acme_Op<"alloc"> {
  let summary = "allocates a buffer on the heap";
  let results = (outs Res<AnyMemRef, "", [MemAlloc<DefaultResource>]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Acme_FreeOp : Acme_Op<"free"> {
  let summary = "frees a buffer acme.alloc allocated";
  let arguments = (ins Arg<AnyMemRef, "", [MemFree<DefaultResource>]>:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` type($buffer)";
}

def Acme_ViewOp : Acme_Op<"view", [Pure, ViewLikeOpInterface]> {
  let summary = "a view of a buffer";
  let arguments = (ins AnyMemRef:$source);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat =
      "$source attr-dict `:` type($source) `to` type($result)";
  let extraClassDeclaration = [{
    ::mlir::Value getViewSource() { return getSource(); }
  }];
}

def Acme_KernelOp : Acme_Op<"kernel"> {
  let summary = "reads its input and writes its output";
  let arguments = (ins Arg<AnyMemRef, "", [MemRead]>:$input,
                       Arg<AnyMemRef, "", [MemWrite]>:$output);
  let assemblyFormat =
      "$input `,` $output attr-dict `:` type($input) `,` type($output)";
}

def Acme_ExecuteOp : Acme_Op<"execute", [
    DeclareOpInterfaceMethods<RegionBranchOpInterface>,
    RecursiveMemoryEffects]> {
  let summary = "runs its region once, yielding its results";
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`->` type($results)^)? $body attr-dict";
}

def Acme_YieldOp : Acme_Op<"yield", [
    Pure, ReturnLike, Terminator, HasParent<"ExecuteOp">]> {
  let summary = "the results of acme.execute";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

// The tensor op: its result is its input scaled. It has no
// BufferizableOpInterface in ODS: the plugin attaches an external model,
// as upstream does for the tensor and linalg dialects, and One-Shot
// Bufferize writes it in its input's buffer (in place) unless a later read
// of the input needs the old contents (then a copy).
def Acme_ScaleOp : Acme_Op<"scale", [
    Pure, AllTypesMatch<["input", "result"]>,
    TypesMatchWith<"the factor is of the element type", "input", "factor",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "scales a tensor";
  let arguments = (ins AnyRankedTensor:$input, AnyFloat:$factor);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input `by` $factor attr-dict `:` type($input)";
}

// acme.scale again, with a BufferizableOpInterface model whose bufferize()
// aborts, as a plugin with a bug would: the tensor view isolates the crash
// to the function holding it.
def Acme_BrokenScaleOp : Acme_Op<"broken_scale", [
    Pure, AllTypesMatch<["input", "result"]>,
    TypesMatchWith<"the factor is of the element type", "input", "factor",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "scales a tensor; its bufferization crashes";
  let arguments = (ins AnyRankedTensor:$input, AnyFloat:$factor);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input `by` $factor attr-dict `:` type($input)";
}

// What acme.scale bufferizes to: reads its input buffer, writes its output
// buffer (the same buffer when the scale is in place).
def Acme_ScaleIntoOp : Acme_Op<"scale_into", [
    TypesMatchWith<"the factor is of the element type", "input", "factor",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "writes its input scaled into its output";
  let arguments = (ins Arg<AnyMemRef, "", [MemRead]>:$input, AnyFloat:$factor,
                       Arg<AnyMemRef, "", [MemWrite]>:$output);
  let assemblyFormat = "$input `by` $factor `into` $output attr-dict `:` "
                       "type($input) `,` type($output)";
}

#endif // ACME_OPS
