// Expected error/warning findings of test/corpus/programs/dealloc-dynamic/calls.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@22 {{%0#0 leaks}}
// expected-note@64 {{the path leaves here}}

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@23 {{%1#0 leaks}}
// expected-note@64 {{the path leaves here}}

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@71 {{%0#0 leaks}}
// expected-note@82 {{the path leaves here}}

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@88 {{%4#0 leaks}}
// expected-note@107 {{the path leaves here}}

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@120 {{%4#0 leaks}}
// expected-note@132 {{the loop continues here}}

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@154 {{%0#0 leaks}}
// expected-note@191 {{the path leaves here}}

// FALSE ALARM (pending): BL101 under private-function-dynamic-ownership (a call's result returned with a false ownership flag is not the caller's to free; the pipeline frees it under that flag).
// expected-error@155 {{%1#0 leaks}}
// expected-note@191 {{the path leaves here}}
