// Expected error/warning findings of test/corpus/upstream-dealloc/dealloc-callop-interface.dynamic.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@15 {{%0#0 leaks}}
// expected-note@55 {{the path leaves here}}

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@201 {{%1#0 leaks}}
// expected-note@234 {{the path leaves here}}
