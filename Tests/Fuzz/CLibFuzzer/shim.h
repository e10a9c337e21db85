#ifndef HAPTICS_CLIBFUZZER_SHIM_H
#define HAPTICS_CLIBFUZZER_SHIM_H

// libFuzzer's driver, for a fuzzer whose `main` is its own. SwiftPM makes a Swift executable's
// entry point its `main` (`--defsym main=<module>_main`), in place of libFuzzer's: each
// fuzzer's top-level code hands its command line and its test function to the driver instead.
// `-sanitize=fuzzer` links the whole of libFuzzer from the toolchain's libclang_rt.fuzzer,
// its unused `main` too, which refers to `LLVMFuzzerTestOneInput`: each test function is
// exported under that name.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/// One run of the code under test on `size` bytes at `data`; returns 0.
typedef int (*cfuzzer_test)(const uint8_t *_Nonnull data, size_t size);

/// libFuzzer's driver: reads libFuzzer's flags and inputs from the command line and fuzzes
/// `test`, as libFuzzer's own `main` does. Returns the exit status when it does not exit itself.
int LLVMFuzzerRunDriver(int *_Nonnull argc, char *_Nullable *_Nonnull *_Nonnull argv, cfuzzer_test _Nonnull test);

/// Runs libFuzzer's driver on the command line `argc`, `argv` and `test`, and exits with its
/// status.
static inline _Noreturn void cfuzzer_main(int argc, char *_Nullable *_Nonnull argv, cfuzzer_test _Nonnull test) {
    exit(LLVMFuzzerRunDriver(&argc, &argv, test));
}

#endif
