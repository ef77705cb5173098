// libFuzzer's driver, from the toolchain's runtime that -sanitize=fuzzer links in
// (clang/lib/linux/libclang_rt.fuzzer-*.a); nothing to link here.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
