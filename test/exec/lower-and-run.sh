# Sourced by the execution checks that compare a program's output before
# and after `bufferlens lint --fix` (copies/, tensor-fixes/): one lowering
# to LLVM for both, so the two runs they compare differ only in the text.
# Sourcing it sets bin (LLVM's tools), lib (the runner utilities) and tmp
# (a scratch directory, removed at exit, holding main.c, which calls
# @entry).

bin=${BL_LLVM_BIN:-/usr/lib/llvm-22/bin}
lib=${BL_LLVM_LIB:-$(dirname "$bin")/lib}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'void entry(void);\nint main(void) { entry(); return 0; }\n' >"$tmp/main.c"

# lower_and_run NAME MLIR [PASS...]: runs PASS... (the caller's own first
# passes), lowers to LLVM, links and runs MLIR's @entry under valgrind
# (memcheck, leaks included); its output goes to $tmp/NAME.out, the reason
# for a failure to stdout.
lower_and_run() {
  local name=$1 input=$2
  shift 2
  "$bin/mlir-opt" "$input" "$@" --convert-linalg-to-loops \
    --expand-strided-metadata --lower-affine --convert-scf-to-cf \
    --finalize-memref-to-llvm --convert-math-to-llvm \
    --convert-vector-to-llvm --convert-arith-to-llvm --convert-index-to-llvm \
    --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts \
    -o "$tmp/$name.llvm.mlir" 2>"$tmp/$name.err" &&
    "$bin/mlir-translate" --mlir-to-llvmir "$tmp/$name.llvm.mlir" \
      -o "$tmp/$name.ll" 2>>"$tmp/$name.err" &&
    "$bin/llc" -O0 -filetype=obj -relocation-model=pic "$tmp/$name.ll" \
      -o "$tmp/$name.o" 2>>"$tmp/$name.err" &&
    ${CC:-cc} "$tmp/main.c" "$tmp/$name.o" -L"$lib" -Wl,-rpath,"$lib" \
      -lmlir_runner_utils -lmlir_c_runner_utils -lm -o "$tmp/$name.exe" \
      2>>"$tmp/$name.err" || {
    echo "lowering failed: $(head -3 "$tmp/$name.err")"
    return 1
  }
  valgrind -q --error-exitcode=9 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect,possible \
    "$tmp/$name.exe" >"$tmp/$name.raw" 2>"$tmp/$name.valgrind" || {
    echo "valgrind: $(head -5 "$tmp/$name.valgrind")"
    return 1
  }
  # printMemrefF32 prints the buffer's address, which the fix may change.
  sed 's/base@ = 0x[0-9a-f]* //' "$tmp/$name.raw" >"$tmp/$name.out"
}
